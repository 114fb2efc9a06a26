"""Bringing back a busted player (TO-14 context): the DdT's correction when a bust was a mistake
that can no longer simply be reverted, because later events (other busts, a hand, a move) came
after it.

The player comes back with the chips the DdT gives, at a seat chosen as for a late registration
(a random open seat at one of the tables with the fewest players), and gives up their place.
Places stay distinct: players out after them finish one place lower, as if the reinstated player
had never left; those out before keep theirs; a tie partner shares one place fewer.

Chips: the bust's chips went to whoever won the hand, so the stack given back is new chips in
play. The ledger counts them as `correction_chips`, part of `chips_issued` but with no money in,
so the average stack and the chip check stay true and the money report shows no phantom buy-in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import event
from tdapp.tournament.registration import late_seat, make_room_in_places, seat_if_given
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class ReinstatePlayer:
    """Bring `player_id` back into play with `stack` chips."""

    player_id: int
    stack: int


@event("PlayerReinstated")
@dataclass(frozen=True)
class PlayerReinstated:
    player_id: int
    stack: int
    place: int  # the place given up, kept for the log
    table: int | None = None
    seat: int | None = None


register_messages(
    {
        "NOT_OUT": "%(name)s is still in play: only a player who is out can be brought back",
        "BAD_REINSTATE_STACK": "Give the chips %(name)s comes back with: a whole number above zero",
    }
)


@decides(ReinstatePlayer)
def _reinstate(state: Tournament, command: ReinstatePlayer, ctx: Ctx) -> PlayerReinstated:
    player = state.player(command.player_id)
    if not player.busted:
        raise DomainError("NOT_OUT", name=player.name)
    stack = command.stack
    if isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0:
        raise DomainError("BAD_REINSTATE_STACK", name=player.name)
    table, seat = late_seat(state, player.id, ctx.rng())
    return PlayerReinstated(player.id, stack, place=player.place, table=table, seat=seat)


@applies(PlayerReinstated)
def _reinstated(state: Tournament, event: PlayerReinstated) -> Tournament:
    state = make_room_in_places(state, event.place)
    player = state.player(event.player_id)
    back = replace(player, stack=event.stack, absent=False, place=None, tied=1)
    # A player back in play reopens a finished tournament; its clock stays stopped until the
    # DdT resumes it.
    state = replace(
        state,
        players=state.players.put(back),
        ledger=state.ledger.plus(correction_chips=event.stack),
        finish=None,
    )
    return seat_if_given(state, event.player_id, event.table, event.seat)
