"""The finish: the bust that leaves one player in play ends the tournament (TO-14, HE-02).

The finish is part of that bust's outcome (`PlayersBusted.finish`, and the same field on the hand
events whose showdown busts the last opponent): the winner, and the clock as it stood stopped at
that instant. Applying it stores both, so the clock stops and nothing scheduled runs on; the
rebuy, add-on, re-entry and late-registration windows, derived from the clock, never reopen by
themselves. Undoing that bust replays the log without it: the clock runs again from where it
was, as if it had never stopped, and every window it had open is open again.

Commands that only make sense while the tournament is played (the clock's moves, purchases,
registrations, a new hand) are refused with TOURNAMENT_FINISHED once it is over
(`decides(..., in_play_only=True)`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from tdapp.kernel.refusals import register_messages
from tdapp.tournament.clock.timing import Clock, settle, unix_ms

if TYPE_CHECKING:
    from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class TournamentFinish:
    """The winner, and the clock stopped at the finish (its absolute state, as the clock's own
    events record it)."""

    winner: int
    clock: Clock


register_messages(
    {"TOURNAMENT_FINISHED": "The tournament is over: undo the last bust to go back to play"}
)


def finish_after_bust(state: Tournament, out: set[int], now: datetime) -> TournamentFinish | None:
    """The finish that busting the players `out` makes, or None while two or more stay in."""
    if state.players_left - len(out) != 1:
        return None
    staying = [p.id for p in state.players if p.in_play and p.id not in out]
    structure = state.settings.structure
    clock = state.clock
    if clock.started:
        clock = replace(settle(structure, clock, unix_ms(now)), running=False)
    return TournamentFinish(staying[0], clock)


def finished(state: Tournament, finish: TournamentFinish | None) -> Tournament:
    """The state once `finish` (if any) is recorded: the winner, and the clock stopped."""
    if finish is None:
        return state
    return replace(state, finish=finish, clock=finish.clock)
