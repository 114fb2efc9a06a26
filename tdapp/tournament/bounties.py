"""Bounties: money on each entry's head, won by whoever knocks the player out.

The rules, as pure functions:
- A bust names its eliminators: the players who won the pot (or pots) the busted player lost in.
  Several eliminators share the head evenly; a cent that does not split goes, one each, to the
  eliminators in seat order clockwise from the button, as the odd chip of a pot does (HE-35).
- Fixed bounty: each eliminator's share is paid in cash.
- Progressive knockout (PKO): each share is halved, one half paid in cash, the other added to
  the eliminator's own head. The odd cent of a halving is paid in cash: the money leaves the
  bounty pot as early as it can, and a head of one cent is still won outright.
- The winner collects the bounty on their own head (`standing`).
- A re-entry pays a new bounty, added to what is on the player's head: after a bust that head is
  empty (the eliminator took it); when a player still holding chips re-enters, the old entry's
  bounty stays on the head with them, so no bounty money is ever lost.
- A bust with no eliminator named (the DdT did not say) leaves its head unclaimed: the ledger
  shows it, and the DdT may revert the bust and name the eliminator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tdapp.engine.holdem import HoldemHand
from tdapp.engine.pots import odd_chip_order
from tdapp.tournament.payouts import place_of
from tdapp.tournament.players import Player
from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class Knockout:
    """What one eliminator took from a busted player's head: `cash_cents` paid to them,
    `head_cents` added to the bounty on their own head (PKO; 0 for a fixed bounty)."""

    eliminator: int
    cash_cents: int
    head_cents: int = 0


def shares(head_cents: int, eliminators: Sequence[int]) -> tuple[int, ...]:
    """The head split evenly among the eliminators, given in odd-cent order (HE-35): the first
    ones take a cent more each until the remainder is used up.

    >>> shares(1001, (7, 3))
    (501, 500)
    """
    base, extra = divmod(head_cents, len(eliminators))
    return tuple(base + (1 if index < extra else 0) for index in range(len(eliminators)))


def knockouts(
    head_cents: int, eliminators: Sequence[int], progressive: bool
) -> tuple[Knockout, ...]:
    """What each eliminator takes from a head of `head_cents`; eliminators in odd-cent order.

    >>> knockouts(1001, (7,), progressive=True)
    (Knockout(eliminator=7, cash_cents=501, head_cents=500),)
    """
    if not eliminators or head_cents <= 0:
        return ()
    taken = []
    for eliminator, share in zip(eliminators, shares(head_cents, eliminators), strict=True):
        onto_head = share // 2 if progressive else 0
        taken.append(Knockout(eliminator, share - onto_head, onto_head))
    return tuple(taken)


def in_odd_cent_order(seats: Mapping[int, int], button: int) -> tuple[int, ...]:
    """Players (seat -> player id) in seat order clockwise from the left of the button."""
    return tuple(seats[seat] for seat in odd_chip_order(list(seats), button))


def pot_winners(engine: HoldemHand, seats: Mapping[int, int], loser: int) -> tuple[int, ...]:
    """The players who won the pots `loser` lost in, in odd-cent order: the eliminators of a
    player the hand left with no chips. Empty when the hand is not over or `loser` was not in
    it or won something back."""
    seat_of = {player: seat for seat, player in seats.items()}
    seat = seat_of.get(loser)
    if seat is None or not engine.complete or engine.winnings.get(seat, 0) > 0:
        return ()
    lost_in = [pot for pot in engine.paid if seat in pot.eligible and seat not in pot.winners]
    winners = {w for pot in lost_in for w in pot.winners}
    return in_odd_cent_order({s: seats[s] for s in winners if s in seats}, engine.button)


def standing(state: Tournament, player: Player) -> tuple[int, int]:
    """(cents on the player's head, cents of bounties won): the winner has collected their own
    head."""
    if player.in_play and place_of(state, player) == (1, 1):
        return 0, player.bounties_won_cents + player.bounty_cents
    return player.bounty_cents, player.bounties_won_cents
