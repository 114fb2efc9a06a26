"""What each sign-up's player must be told after a change: a place (promoted), an approval, a
refusal, a place taken back, a removal or a release by the DdT, a table and seat. Read by the
sign-up's live page and by the e-mails alike, from the states before and after a change
(bus.Change.before / .after), so both tell the same moments.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tdapp.tournament.state import Tournament

Kind = Literal["promoted", "approved", "declined", "waitlisted", "removed", "released", "seated"]


@dataclass(frozen=True)
class Moment:
    """`table` and `seat` are given with "seated" (None otherwise)."""

    signup_id: int
    kind: Kind
    table: int | None = None
    seat: int | None = None


def moments(before: Tournament, after: Tournament) -> tuple[Moment, ...]:
    """Each sign-up's news between two states, by sign-up id: promoted (confirmed from any
    other status: a place came free, or an undo gave it back), approved (pending to
    waitlisted: approved, with a place in line), declined, waitlisted (a confirmed place taken
    back: the DdT moved it down, or undid the promotion), removed (by the DdT), released (a
    no-show's place, at registration's close), and seated (a checked-in player got a table and
    seat or changed them, the seat draw among others). A new sign-up or a cancellation tells
    nothing: the player made it."""
    told: list[Moment] = []
    for signup in after.signups:
        was = before.signups.get(signup.id)
        if was is None:
            continue
        if was.status != signup.status:
            kind = _status_news(was.status, signup.status)
            if kind is not None:
                told.append(Moment(signup.id, kind))
        if signup.player_id is not None:
            player = after.players.get(signup.player_id)
            earlier = before.players.get(signup.player_id)
            place = (player.table, player.seat) if player is not None else (None, None)
            then = (earlier.table, earlier.seat) if earlier is not None else (None, None)
            if place[0] is not None and place != then:
                told.append(Moment(signup.id, "seated", *place))
    return tuple(told)


def _status_news(was: str, now: str) -> Kind | None:
    if now == "confirmed":
        return "promoted"
    if now == "waitlisted":
        # Back on the waitlist from a declined, removed or released sign-up (an undo) is news
        # of a place in line, as an approval is.
        return "waitlisted" if was == "confirmed" else "approved"
    if now in ("declined", "removed", "released"):
        return now
    return None
