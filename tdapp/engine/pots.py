"""Pots: main and side pots built from what each seat put in, and how they are paid.

The same two functions serve Hold'em, the Italian draw game and telesina, and the TD's
side-pot calculator: they know chips and seats, never cards or streets.

Three all-ins: seat 1 is all-in for 100, seat 2 for 300, seat 3 for 500, and seat 4 calls the 500.
Each all-in closes a layer, so there is a main pot and two side pots:

>>> from tdapp.engine.pots import award, odd_chip_order, split_pots
>>> pots = split_pots({1: 100, 2: 300, 3: 500, 4: 500})
>>> [(pot.amount, sorted(pot.eligible)) for pot in pots]
[(400, [1, 2, 3, 4]), (600, [2, 3, 4]), (400, [3, 4])]

Seat 1 shows the best hand and wins the main pot only; seats 3 and 4 tie for second best and
split both side pots (hands are anything comparable: here a number, higher is better):

>>> award(pots, {1: 9, 2: 5, 3: 7, 4: 7}, odd_chip_order([1, 2, 3, 4], button=4))
{1: 400, 3: 500, 4: 500}

A folded seat's chips stay in the pot, but it cannot win them. A bet nobody called comes back:

>>> pots = split_pots({1: 200, 2: 800, 3: 200}, folded=[3])
>>> [(pot.amount, sorted(pot.eligible), pot.returned) for pot in pots]
[(600, [1, 2], False), (600, [2], True)]

A split with an odd chip: 75 chips between two winners gives 38 and 37, the extra chip to the
first winner clockwise from the button (RULES.md HE-35). With the button on seat 3, seat 1 is
first; with the button on seat 1, seat 2 is.

>>> pots = split_pots({1: 25, 2: 25, 3: 25})
>>> award(pots, {1: 3, 2: 3, 3: 1}, odd_chip_order([1, 2, 3], button=3))
{1: 38, 2: 37}
>>> award(pots, {1: 3, 2: 3, 3: 1}, odd_chip_order([1, 2, 3], button=1))
{2: 38, 1: 37}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tdapp.engine.errors import Refusal

Seat = int


@dataclass(frozen=True)
class Pot:
    """Chips that the seats in `eligible` can win.

    A pot with `returned=True` is the uncalled excess of the largest bet (RULES.md HE-34,
    IT-23): nobody else matched it, so it goes back to its only eligible seat whatever the
    hands. Keeping it in the list means the pots always add up to every chip put in.
    """

    amount: int
    eligible: frozenset[Seat]
    returned: bool = False


def split_pots(
    committed: Mapping[Seat, int], folded: Collection[Seat] = (), dead: int = 0
) -> list[Pot]:
    """Layer the chips into a main pot and side pots by all-in level (RULES.md HE-33).

    `committed` is every chip each seat put in during the hand, folded seats included: their
    chips stay in the layers they reached. `dead` is money that belongs to no seat's layer
    (a big-blind ante, RULES.md HE-10): it goes to the main pot. Main pot first; an uncalled
    excess comes last as a `returned` pot.
    """
    for seat, amount in committed.items():
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise ValueError(f"seat {seat}: chips put in must be a whole number ≥ 0")
    if dead < 0:
        raise ValueError("dead money cannot be negative")
    unknown = set(folded) - set(committed)
    if unknown:
        raise ValueError(f"folded seats {sorted(unknown)} put no chips in")
    live = [seat for seat in committed if seat not in folded]
    if not live:
        if sum(committed.values()) + dead:
            raise ValueError("every seat folded: nobody can win the pot")
        return []

    chips = dict(committed)
    returned = _uncalled_excess(chips, live)
    if returned:
        seat, excess = returned
        chips[seat] -= excess

    levels = sorted({chips[seat] for seat in live if chips[seat] > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in chips.values())
        eligible = frozenset(seat for seat in live if chips[seat] >= level)
        pots.append(Pot(amount, eligible))
        previous = level
    # Chips of folded seats above the highest live level were called by nobody still in:
    # they are dead money of the top pot.
    above = sum(max(c - previous, 0) for c in chips.values())
    if not pots:
        pots.append(Pot(0, frozenset(live)))
    if above:
        pots[-1] = Pot(pots[-1].amount + above, pots[-1].eligible)
    if dead:
        pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
    pots = [pot for pot in pots if pot.amount]
    if returned:
        pots.append(Pot(returned[1], frozenset({returned[0]}), returned=True))
    return pots


def _uncalled_excess(
    committed: Mapping[Seat, int], live: Collection[Seat]
) -> tuple[Seat, int] | None:
    """The part of the largest commitment that no other seat reached, if a live seat made it."""
    ranked = sorted(committed.items(), key=lambda item: item[1], reverse=True)
    top_seat, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    if top_seat in live and top > second:
        return top_seat, top - second
    return None


def award(
    pots: Sequence[Pot],
    hands: Mapping[Seat, Any],
    odd_chip_order: Sequence[Seat],
    unit: int = 1,
) -> dict[Seat, int]:
    """Pay each pot to the best of its eligible hands, side pots as independently as the main.

    `hands` maps the seats that showed to comparable hands (higher wins, equal splits); a
    seat without a hand has mucked and cannot win. A pot whose only eligible seat is alone
    goes to it unshown. Splits follow `odd_chip_order` (RULES.md HE-35).
    """
    winners: list[Collection[Seat]] = []
    for number, pot in enumerate(pots, start=1):
        if pot.returned:
            continue
        shown = [seat for seat in pot.eligible if seat in hands]
        if not shown:
            if len(pot.eligible) == 1:
                winners.append(pot.eligible)
                continue
            raise Refusal("POT_NOBODY_SHOWED", pot=number)
        best = max(hands[seat] for seat in shown)
        winners.append([seat for seat in shown if hands[seat] == best])
    return award_to_winners(pots, winners, odd_chip_order, unit)


def award_to_winners(
    pots: Sequence[Pot],
    winners: Sequence[Collection[Seat]],
    odd_chip_order: Sequence[Seat],
    unit: int = 1,
) -> dict[Seat, int]:
    """Pay each contested pot to the seats named for it (one list per pot that is not returned).

    A split is broken down to `unit` (the smallest chip in play); the odd units go one per
    winner in `odd_chip_order`, the first winner clockwise from the button first (RULES.md
    HE-35). A remainder smaller than the unit goes to that first winner too.
    """
    if unit < 1:
        raise ValueError("the smallest chip must be worth at least 1")
    contested = [pot for pot in pots if not pot.returned]
    if len(winners) != len(contested):
        raise Refusal("POTS_NEED_WINNERS", pots=len(contested), lists=len(winners))
    position = {seat: index for index, seat in enumerate(odd_chip_order)}
    paid: dict[Seat, int] = {}
    for pot in pots:
        if pot.returned:
            (seat,) = pot.eligible
            paid[seat] = paid.get(seat, 0) + pot.amount
    for number, (pot, named) in enumerate(zip(contested, winners, strict=True), start=1):
        chosen = set(named)
        if not chosen:
            raise Refusal("POT_NAME_WINNER", pot=number)
        outsiders = chosen - pot.eligible
        if outsiders:
            raise Refusal("POT_NOT_ELIGIBLE", pot=number, seats=sorted(outsiders))
        missing = chosen - position.keys()
        if missing:
            raise Refusal("POT_NOT_IN_ORDER", pot=number, seats=sorted(missing))
        for seat, share in _split(pot.amount, sorted(chosen, key=position.__getitem__), unit):
            paid[seat] = paid.get(seat, 0) + share
    return paid


def _split(amount: int, ordered: Sequence[Seat], unit: int) -> list[tuple[Seat, int]]:
    units, fraction = divmod(amount, unit)
    each, odd = divmod(units, len(ordered))
    shares = [(each + (1 if index < odd else 0)) * unit for index in range(len(ordered))]
    shares[0] += fraction
    return list(zip(ordered, shares, strict=True))


def odd_chip_order(seats: Sequence[Seat], button: Seat) -> list[Seat]:
    """Seats clockwise starting left of the button, the button last (RULES.md HE-35).

    Seats are numbered clockwise; the button may be an empty seat (dead button, HE-05).
    """
    ordered = sorted(seats)
    after = [seat for seat in ordered if seat > button]
    return after + [seat for seat in ordered if seat <= button]
