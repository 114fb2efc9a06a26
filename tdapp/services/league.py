"""The Monday league's use cases: create a season, enter a night's result, undo it, and read the
standings, a night and the next night's tables. One action = one transaction; everything shown
is derived from the entered nights by the pure rules in `tdapp.league` (the calendar, `League`
and `upcoming`, in `tdapp.league.calendar`; they are importable from here too, as the pages
use them).

The nights are the league's log in the one event-log store (tdapp/storage/event_log.py), as a
tournament's events are: the league's row is claimed for each entry and undo, its nights stay
folded in memory, and undo marks the owner's newest night undone, keeping it with who undid it.
Every night is the secretary's, from the league's pages and API or confirmed from a night's
tables: the owner "ddt", as for the DdT's pages elsewhere."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import col, select

from tdapp.kernel.names import fits, same_name_key, tidied
from tdapp.kernel.refusals import register_messages
from tdapp.league.calendar import LAST_DAY as LAST_DAY
from tdapp.league.calendar import League
from tdapp.league.calendar import NextNight as NextNight
from tdapp.league.calendar import upcoming as upcoming
from tdapp.league.errors import LeagueError
from tdapp.league.log import Nights, apply, enter, from_record, to_record
from tdapp.league.readings import Readings, readings_from
from tdapp.league.results import Night
from tdapp.storage.database import is_id, session_scope
from tdapp.storage.event_log import Aggregate, EventLog
from tdapp.storage.leagues import LeagueEventRecord, LeagueRecord, LeagueSnapshotRecord
from tdapp.wallclock import utcnow

MAX_NAME = 120
DDT = "ddt"
"""The owner of every night: the secretary's, at the DdT's login."""

register_messages({
    "UNKNOWN_LEAGUE": "There is no league %(league_id)s",
    "BAD_LEAGUE": "A league needs a name and 8 to 16 different members",
    "LEAGUE_NOTHING_TO_UNDO": "No night has been entered yet",
    "DUPLICATE_MEMBER": (
        "%(name)s and %(other)s are one name: is it one person, or two who need names apart?"
    ),
})


def _unknown(league_id: Any) -> LeagueError:
    return LeagueError("UNKNOWN_LEAGUE", league_id=league_id)


def _no_nights() -> Nights:
    return ()


# A season is 27 nights at most, a few more with the undone: a snapshot every ten keeps a
# reload (another process entered a night) to a handful of replays.
LOG: EventLog[Nights] = EventLog(
    Aggregate(
        root=LeagueRecord,
        events=LeagueEventRecord,
        snapshots=LeagueSnapshotRecord,
        key="league_id",
        initial=_no_nights,
        apply=apply,
        to_record=to_record,
        from_record=from_record,
        unknown=_unknown,
        state_packages=("tdapp.league",),
    ),
    snapshot_every=10,
    undo_depth=4,
)


def create_league(name: str, members: Sequence[str]) -> int:
    name = tidied(name)
    cleaned = [tidied(m) for m in members if isinstance(m, str)]
    _check_names_apart(cleaned)
    if not fits(name, MAX_NAME) or not 8 <= len(set(cleaned)) == len(cleaned) <= 16 \
            or not all(fits(m, MAX_NAME) for m in cleaned):
        raise LeagueError("BAD_LEAGUE")
    with session_scope() as db:
        row = LeagueRecord(name=name, members=cleaned, seed=secrets.randbits(31))
        db.add(row)
        db.flush()
        return row.id


def _check_names_apart(members: Sequence[str]) -> None:
    """Members are told apart as a tournament's players are (case, accents and spaces ignored):
    "Alberto" and "alberto" would be one person's two lines in the standings."""
    seen: dict[str, str] = {}
    for member in members:
        other = seen.setdefault(same_name_key(member), member)
        if other != member:
            raise LeagueError("DUPLICATE_MEMBER", name=member, other=other)


def leagues() -> list[tuple[int, str]]:
    with session_scope() as db:
        rows = db.exec(select(LeagueRecord).order_by(col(LeagueRecord.id))).all()
        return [(row.id, row.name) for row in rows]


def league(league_id: int) -> League:
    with session_scope() as db:
        row = db.get(LeagueRecord, league_id) if is_id(league_id) else None
        if row is None:
            raise _unknown(league_id)
    return _league(row, LOG.current(league_id, row.version).state)


def _league(row: LeagueRecord, nights: Nights) -> League:
    return League(row.id, row.name, tuple(row.members), row.seed, nights,
                  readings_from(row.readings))


def choose_readings(league_id: int, choices: Mapping[str, str]) -> Readings:
    """The league's choices among the seed's open readings; the keys not named keep theirs.
    Standings and tables are derived, so they follow at once."""
    with session_scope() as db:
        row = db.get(LeagueRecord, league_id) if is_id(league_id) else None
        if row is None:
            raise _unknown(league_id)
        readings = readings_from({**readings_from(row.readings).stored(), **choices})
        row.readings = readings.stored()
        db.add(row)
        return readings


def enter_night(league_id: int, day: int, tables: Sequence[Mapping[str, Any]],
                actor: str) -> Night:
    """Check and log a night: days in order, members only, every table balanced (LG-02)."""
    with LOG.write(league_id, utcnow()) as writing:
        row = writing.session.get(LeagueRecord, league_id)
        event = enter(_league(row, writing.state), day, tables)
        writing.append(event, actor, DDT)
    return event.night


def undo_night(league_id: int, actor: str) -> int:
    """Take back the newest night entered (it stays in the log, marked undone by `actor`).
    Returns its day."""
    with LOG.write(league_id, utcnow()) as writing:
        newest = writing.newest_active(DDT)
        if newest is None:
            raise LeagueError("LEAGUE_NOTHING_TO_UNDO")
        writing.deactivate(newest.seq, actor)
    return LOG.event_of(newest).night.day
