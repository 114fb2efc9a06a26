"""The league night's screens (`/leagues/<id>/nights/<day>/live`): one room per night, told to
fetch the screen again whenever one of the night's draw tables changes (an action, an undo, a
round of telesina started) or the night records something of its own (a mark, its result).

The message says only which night changed, `league_night` `{"league_id", "day"}`, and each
screen fetches its page again: the screen is drawn per reader (the DdT's buttons and forms, the
reader's language), the schedule is read off every table's log, and a night has a handful of
screens, so one page per screen on a change costs less than a view built and pushed for all.
"""

from __future__ import annotations

from typing import Any

from flask_socketio import join_room

from tdapp.realtime.server import listened, socketio
from tdapp.services import bus, draw_tables, league_nights, tenancy


def night_room(league_id: int, day: int) -> str:
    return f"league-night-{league_id}-{day}"


@socketio.on("join_league_night")
def join_league_night(payload: Any) -> dict[str, bool]:
    """A night's screen joins its room; public like the screen. The answer says whether it did
    (false for a night never opened)."""
    league_id = payload.get("league_id") if isinstance(payload, dict) else None
    day = payload.get("day") if isinstance(payload, dict) else None
    if not (isinstance(league_id, int) and isinstance(day, int)):
        return {"joined": False}
    with tenancy.in_club(tenancy.club_of_league(league_id)):
        if day not in league_nights.open_days(league_id):
            return {"joined": False}
    join_room(night_room(league_id, day))
    return {"joined": True}


def push_league_night(change: bus.DrawTableChange | bus.LeagueNightChange) -> None:
    """The bus subscriber: a committed change of one of a night's tables, or of the night's own
    record, tells the night's screens to fetch it again."""
    if isinstance(change, bus.LeagueNightChange):
        night: tuple[int, int] | None = (change.league_id, change.day)
    elif change.event == draw_tables.ACCESS_RENEWED:
        return  # the console's access is no part of the night
    else:
        night = league_nights.night_of_table(change.table_id)  # by a unique column
    if night is None:
        return
    room = night_room(*night)
    if listened(room):
        socketio.emit("league_night", {"league_id": night[0], "day": night[1]}, to=room)

