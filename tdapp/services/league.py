"""The Monday league's use cases: create a season, enter a night's result, undo it, and read the
standings, a night and the next night's tables. One action = one transaction; everything shown
is derived from the entered nights by the pure rules in `tdapp.league` (the calendar, `League`
and `upcoming`, in `tdapp.league.calendar`; they are importable from here too, as the pages
use them)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import col, select

from tdapp.kernel.names import fits, same_name_key, tidied
from tdapp.kernel.refusals import register_messages
from tdapp.league.calendar import LAST_DAY as LAST_DAY
from tdapp.league.calendar import League, check_day, kind_for_day, members_only
from tdapp.league.calendar import NextNight as NextNight
from tdapp.league.calendar import upcoming as upcoming
from tdapp.league.errors import LeagueError
from tdapp.league.readings import Readings, readings_from
from tdapp.league.results import Night, table_result
from tdapp.storage.database import is_id, session_scope
from tdapp.storage.leagues import LeagueNightRecord, LeagueRecord
from tdapp.wallclock import utcnow

MAX_NAME = 120

register_messages({
    "UNKNOWN_LEAGUE": "There is no league %(league_id)s",
    "BAD_LEAGUE": "A league needs a name and 8 to 16 different members",
    "LEAGUE_NOTHING_TO_UNDO": "No night has been entered yet",
    "DUPLICATE_MEMBER": (
        "%(name)s and %(other)s are one name: is it one person, or two who need names apart?"
    ),
})


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
            raise LeagueError("UNKNOWN_LEAGUE", league_id=league_id)
        records = db.exec(select(LeagueNightRecord)
                          .where(LeagueNightRecord.league_id == league_id)
                          .where(col(LeagueNightRecord.undone).is_(False))
                          .order_by(col(LeagueNightRecord.seq))).all()
        nights = tuple(_night(r.day, r.tables) for r in records)
        return League(row.id, row.name, tuple(row.members), row.seed, nights,
                      readings_from(row.readings))


def choose_readings(league_id: int, choices: Mapping[str, str]) -> Readings:
    """The league's choices among the seed's open readings; the keys not named keep theirs.
    Standings and tables are derived, so they follow at once."""
    with session_scope() as db:
        row = db.get(LeagueRecord, league_id) if is_id(league_id) else None
        if row is None:
            raise LeagueError("UNKNOWN_LEAGUE", league_id=league_id)
        readings = readings_from({**readings_from(row.readings).stored(), **choices})
        row.readings = readings.stored()
        db.add(row)
        return readings


def _night(day: int, tables: Sequence[Mapping[str, Any]]) -> Night:
    kind = kind_for_day(day)
    return Night(day, tuple(
        table_result(t["name"], t["chips"], t.get("poste") or {}, posta=kind.posta,
                     cappotto=frozenset(t.get("cappotto") or ()))
        for t in tables), kind)


def enter_night(league_id: int, day: int, tables: Sequence[Mapping[str, Any]],
                actor: str) -> Night:
    """Check and store a night: days in order, members only, every table balanced (LG-02)."""
    current = league(league_id)
    check_day(current, day)
    night = _night(day, tables)
    members_only(current, night.players)
    stored = [{"name": t.name, "chips": {s.player: s.chips for s in t.seats},
               "poste": {s.player: s.poste for s in t.seats},
               "cappotto": [s.player for s in t.seats if s.cappotto]} for t in night.tables]
    with session_scope() as db:
        last = db.exec(select(LeagueNightRecord.seq)
                       .where(LeagueNightRecord.league_id == league_id)
                       .order_by(col(LeagueNightRecord.seq).desc())).first()
        db.add(LeagueNightRecord(league_id=league_id, seq=(last or 0) + 1, day=day,
                                 tables=stored, entered_by=actor))
    return night


def undo_night(league_id: int, actor: str) -> int:
    """Take back the last night entered (it stays on record, marked undone). Returns its day."""
    league(league_id)
    with session_scope() as db:
        row = db.exec(select(LeagueNightRecord)
                      .where(LeagueNightRecord.league_id == league_id)
                      .where(col(LeagueNightRecord.undone).is_(False))
                      .order_by(col(LeagueNightRecord.seq).desc())).first()
        if row is None:
            raise LeagueError("LEAGUE_NOTHING_TO_UNDO")
        row.undone, row.undone_by, row.undone_at = True, actor, utcnow()
        db.add(row)
        return row.day
