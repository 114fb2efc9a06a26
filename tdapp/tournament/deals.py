"""Deals at the final table: what each player left takes home if they stop playing now.

Two ways the room shares the prizes still to pay:
- ICM (Malmuth-Harville): a player's chance of finishing first is their share of the chips; once
  some players are placed, the next place goes to one of the others in proportion to their chips.
  A player's amount is their expected prize. Exact over every finishing order, up to
  `ICM_MAX_PLAYERS` players (a memo over the sets of players not yet placed: 2^n sets).
- Chip-chop: every player first takes the smallest prize still to pay; what is left is shared in
  proportion to the chips.

Both round the exact shares (fractions of a cent) to whole cents by the largest remainder: each
player gets the whole cents of their share, and the cents still missing go one each to the
largest fractional parts; equal fractional parts go to the player listed first. So the amounts
always add up exactly to the prizes. (ICM works in floating point for speed and falls back to
exact fractions when that could round differently: `icm_cents`.)

An amount `keep_for_winner` may be left on the table to play for: it comes off the first prize
before sharing, and whoever wins it adds it to their share.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tdapp.kernel.refusals import DomainError, Plural, register_messages

ICM_MAX_PLAYERS = 10

register_messages(
    {
        "DEAL_NEEDS_PLAYERS": "A deal needs at least one player with chips",
        "DEAL_BAD_STACK": "Each stack must be a whole number of chips, at least 1",
        "DEAL_BAD_PRIZE": "Each prize must be a whole number of cents, zero or more",
        "DEAL_NO_PRIZES": "There are no prizes to share",
        "DEAL_PRIZES_NOT_IN_ORDER": (
            "The prizes must go from first place down: place %(place)s pays more than the place"
            " above it"
        ),
        "DEAL_MORE_PRIZES_THAN_PLAYERS": Plural(
            "%(prizes)s prizes for %(players)s player: the prizes below the last player left"
            " belong to players already out",
            "%(prizes)s prizes for %(players)s players: the prizes below the last player left"
            " belong to players already out",
            "players"),
        "DEAL_ICM_TOO_MANY_PLAYERS": (
            "ICM is computed exactly for at most %(max)s players and %(players)s are left:"
            " use the chip-chop"
        ),
        "DEAL_KEEP_TOO_LARGE": (
            "What is left to play for can be at most the gap between the first and the second"
            " prize"
        ),
        "DEAL_UNKNOWN_METHOD": "Unknown deal method %(method)s: use icm or chip_chop",
    }
)


def _is_count(value: object, minimum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


def check_deal(stacks: Sequence[int], prizes: Sequence[int]) -> None:
    """Refuses stacks and prizes a deal cannot be made of."""
    if not stacks:
        raise DomainError("DEAL_NEEDS_PLAYERS")
    if not all(_is_count(s, 1) for s in stacks):
        raise DomainError("DEAL_BAD_STACK")
    if not all(_is_count(p, 0) for p in prizes):
        raise DomainError("DEAL_BAD_PRIZE")
    if not prizes or not sum(prizes):
        raise DomainError("DEAL_NO_PRIZES")
    if len(prizes) > len(stacks):
        raise DomainError("DEAL_MORE_PRIZES_THAN_PLAYERS", prizes=len(prizes), players=len(stacks))
    for place in range(1, len(prizes)):
        if prizes[place] > prizes[place - 1]:
            raise DomainError("DEAL_PRIZES_NOT_IN_ORDER", place=place + 1)


def icm_shares(stacks: Sequence[int], prizes: Sequence[int]) -> list[Fraction]:
    """Each player's exact expected prize (cents, as a fraction) under Malmuth-Harville: the
    reference for the rounding, a tenth of a second for ten players with awkward stacks.

    >>> [round(float(s), 4) for s in icm_shares([50, 30, 20], [70, 30])]
    [45.1786, 32.25, 22.5714]
    """
    check_icm(stacks, prizes)
    return _harville(stacks, prizes, Fraction(1))


def icm_estimates(stacks: Sequence[int], prizes: Sequence[int]) -> list[float]:
    """The same expected prizes in floating point: ten players in a few milliseconds."""
    check_icm(stacks, prizes)
    return _harville(stacks, prizes, 1.0)


def check_icm(stacks: Sequence[int], prizes: Sequence[int]) -> None:
    check_deal(stacks, prizes)
    if len(stacks) > ICM_MAX_PLAYERS:
        raise DomainError("DEAL_ICM_TOO_MANY_PLAYERS", max=ICM_MAX_PLAYERS, players=len(stacks))


def _harville(stacks: Sequence[int], prizes: Sequence[int], one: Any) -> list[Any]:
    """`reach[left]` is the chance that exactly the players in the bit set `left` are still to
    be placed; the next place goes to player i in `left` with chance stack_i / chips(left).
    Places past the last prize pay nothing, so the sets stop there. `one` is 1 in the number
    type to compute in."""
    players = len(stacks)
    everyone = (1 << players) - 1
    chips = [0] * (everyone + 1)
    for left in range(1, everyone + 1):
        lowest = (left & -left).bit_length() - 1
        chips[left] = chips[left & (left - 1)] + stacks[lowest]
    reach = {everyone: one}
    # weight[i] collects, over the sets containing i, reach / chips(set) * prize of the next place;
    # player i's expected prize is stack_i times it.
    weight = [one * 0] * players
    # A set is visited before its subsets (removing a player makes the number smaller), so its
    # chance is complete when it is used.
    for left in range(everyone, 0, -1):
        chance = reach.pop(left, None)
        if chance is None:
            continue
        step = chance / chips[left]
        place = players - left.bit_count()
        paid = step * prizes[place]
        last_paid = place + 1 == len(prizes)
        for i in range(players):
            if left >> i & 1:
                weight[i] += paid
                if not last_paid:
                    rest = left & ~(1 << i)
                    reach[rest] = reach.get(rest, 0) + step * stacks[i]
    return [weight[i] * stacks[i] for i in range(players)]


def chip_chop_shares(stacks: Sequence[int], prizes: Sequence[int]) -> list[Fraction]:
    """Each player's exact chip-chop amount: the smallest prize still to pay (zero when fewer
    prizes than players), plus the rest in proportion to chips."""
    check_deal(stacks, prizes)
    floor = prizes[-1] if len(prizes) == len(stacks) else 0
    rest = sum(prizes) - floor * len(stacks)
    total = sum(stacks)
    return [floor + Fraction(rest * s, total) for s in stacks]


def largest_remainder(shares: Sequence[Fraction]) -> list[int]:
    """Whole cents that add up to the (whole) sum of the shares: each gets its whole part, then
    the missing cents go one each to the largest fractional parts, ties to the earlier share."""
    whole = [int(s) for s in shares]  # shares are never negative: int() is the floor
    missing = int(sum(shares)) - sum(whole)
    by_remainder = sorted(range(len(shares)), key=lambda i: (-(shares[i] - whole[i]), i))
    for i in by_remainder[:missing]:
        whole[i] += 1
    return whole


def with_kept(prizes: Sequence[int], keep_for_winner: int) -> list[int]:
    """The prizes shared by the deal once `keep_for_winner` comes off the first prize."""
    if not _is_count(keep_for_winner, 0):
        raise DomainError("DEAL_BAD_PRIZE")
    most = prizes[0] - (prizes[1] if len(prizes) > 1 else 0) if prizes else 0
    if keep_for_winner > most:
        raise DomainError("DEAL_KEEP_TOO_LARGE", max=most)
    return [prizes[0] - keep_for_winner, *prizes[1:]] if prizes else []


# How far a floating-point share may be from the exact one, per cent of prizes: over three
# thousand times the worst seen with ten players (3.3e-16 of the prizes, random stacks).
ESTIMATE_TOLERANCE = 1e-12


def icm_cents(stacks: Sequence[int], prizes: Sequence[int]) -> list[int]:
    """ICM amounts in whole cents, rounded by the largest remainder of the exact shares.

    The shares are computed in floating point; only when that cannot tell the rounding apart (two
    fractional parts a hair apart at the cut) are they computed again in exact fractions. A share
    a hair below a whole cent is floored one cent short but then has the largest remainder and
    gets that cent back, so it needs no fallback. Players with equal stacks have equal shares by
    symmetry, and get exactly equal estimates so that their tie goes to the one listed first."""
    estimates = icm_estimates(stacks, prizes)
    by_stack: dict[int, list[int]] = {}
    for i, stack in enumerate(stacks):
        by_stack.setdefault(stack, []).append(i)
    for group in by_stack.values():
        mean = sum(estimates[i] for i in group) / len(group)
        for i in group:
            estimates[i] = mean
    rounded = _round_estimates(estimates, stacks, sum(prizes))
    return rounded if rounded is not None else largest_remainder(icm_shares(stacks, prizes))


def _round_estimates(
    estimates: Sequence[float], stacks: Sequence[int], total: int
) -> list[int] | None:
    """The largest-remainder rounding of the estimates, or None when they are too close to call."""
    tolerance = ESTIMATE_TOLERANCE * total + 1e-9
    whole = [math.floor(e) for e in estimates]
    remainders = [e - w for e, w in zip(estimates, whole, strict=True)]
    missing = total - sum(whole)
    if not 0 <= missing <= len(whole):
        return None
    order = sorted(range(len(whole)), key=lambda i: (-remainders[i], i))
    if 0 < missing < len(order):
        last_in, first_out = order[missing - 1], order[missing]
        close = remainders[last_in] - remainders[first_out] <= tolerance
        if close and stacks[last_in] != stacks[first_out]:
            return None
    for i in order[:missing]:
        whole[i] += 1
    return whole


def deal_amounts(
    method: str, stacks: Sequence[int], prizes: Sequence[int], keep_for_winner: int = 0
) -> list[int]:
    """Each player's amount in whole cents by `method` ("icm" or "chip_chop"), adding up to the
    prizes less what is kept for the winner."""
    if method not in ("icm", "chip_chop"):
        raise DomainError("DEAL_UNKNOWN_METHOD", method=method)
    check_deal(stacks, prizes)
    shared = with_kept(prizes, keep_for_winner)
    if method == "icm":
        return icm_cents(stacks, shared)
    return largest_remainder(chip_chop_shares(stacks, shared))
