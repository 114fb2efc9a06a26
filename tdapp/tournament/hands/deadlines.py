"""The decision limit (HE-23, HE-24) runs only while the room plays.

A hand keeps the deadline it was given when the decision became pending; what counts is that
deadline as of `now`. While the clock is paused or a break is on, no limit runs: the deadline is
suspended and can never expire. When play takes up again (the DdT resumes the clock, the break
ends) the decision gets its full time again from that instant, not the seconds it had left: the
player in turn left the table for the break or the ruling, and a dealer restarts the count when
everyone is seated, as for a new decision. A time bank taken before the stop still counts.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from tdapp.tournament.clock.timing import play_resumed_at, play_stopped, unix_ms

if TYPE_CHECKING:
    from tdapp.tournament.hands.table import TableHand
    from tdapp.tournament.state import Tournament


def decision_deadline(state: Tournament, hand: TableHand, now: datetime) -> datetime | None:
    """When the player in turn runs out of time, as of `now`; None when no limit runs."""
    if hand.deadline is None or not hand.in_play or state.finished:
        return None
    structure, clock = state.settings.structure, state.clock
    now_ms = unix_ms(now)
    if play_stopped(structure, clock, now_ms):
        return None
    resumed_ms = play_resumed_at(structure, clock, now_ms)
    if not resumed_ms:
        return hand.deadline
    full_time = timedelta(seconds=state.settings.decision_seconds)
    return max(hand.deadline, datetime.fromtimestamp(resumed_ms / 1000, UTC) + full_time)


def deadline_ms(state: Tournament, hand: TableHand, now: datetime) -> int | None:
    found = decision_deadline(state, hand, now)
    return unix_ms(found) if found is not None else None
