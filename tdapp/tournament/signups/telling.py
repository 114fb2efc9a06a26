"""What each sign-up's player must be told after a change: a place (promoted), an approval, a
refusal, a table and seat. Read by the sign-up's live page and by the e-mails alike, from the
states before and after a change (bus.Change.before / .after), so both tell the same moments.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tdapp.tournament.state import Tournament

Kind = Literal["promoted", "approved", "declined", "seated"]


@dataclass(frozen=True)
class Moment:
    """`table` and `seat` are given with "seated" (None otherwise)."""

    signup_id: int
    kind: Kind
    table: int | None = None
    seat: int | None = None


def moments(before: Tournament, after: Tournament) -> tuple[Moment, ...]:
    """Each sign-up's news between two states, by sign-up id: promoted (waitlisted or pending
    to confirmed), approved (pending to waitlisted: approved, with a place in line), declined,
    and seated (a checked-in player got a table and seat or changed them, the seat draw among
    others). A new sign-up, a cancellation or a removal tells nothing: the one who made it
    knows."""
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
    if now == "confirmed" and was in ("waitlisted", "pending"):
        return "promoted"
    if now == "waitlisted" and was == "pending":
        return "approved"
    if now == "declined":
        return "declined"
    return None
