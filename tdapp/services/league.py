"""The Monday league's use cases: create a season, enter a night's result, undo it, and read the
standings, a night and the next night's tables. One action = one transaction; everything shown
is derived from the entered nights by the pure rules in `tdapp.league`."""

from __future__ import annotations

import random
import secrets
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import col, select

from tdapp.league import postseason
from tdapp.league.errors import LeagueError
from tdapp.league.results import Night, NightKind, table_result
from tdapp.league.rotation import NightPlan, first_night, next_night, plan_table
from tdapp.league.standings import Line, standings
from tdapp.storage.database import session_scope
from tdapp.storage.leagues import LeagueNightRecord, LeagueRecord
from tdapp.tournament.errors import register_messages
from tdapp.wallclock import utcnow

MAX_NAME = 120
LAST_DAY = 27  # 1-20 regular, 21-25 post-season, 26 the Final, 27 the Finalina

register_messages({
    "UNKNOWN_LEAGUE": "There is no league %(league_id)s",
    "UNKNOWN_NIGHT": "Day %(day)s of this league has no result",
    "BAD_LEAGUE": "A league needs a name and 8 to 16 different members",
    "NOT_A_MEMBER": "%(player)s is not a member of this league",
    "DAY_OUT_OF_ORDER": "Day %(day)s cannot be entered now: the next day is %(expected)s",
    "LEAGUE_NOTHING_TO_UNDO": "No night has been entered yet",
    "SEASON_OVER": "The season is over: the Final and the Finalina have been played",
})


def kind_for_day(day: int) -> NightKind:
    if day <= 20:
        return NightKind.REGULAR
    if day <= 25:
        return NightKind.POST_SEASON
    return NightKind.FINAL if day == 26 else NightKind.FINALINA


@dataclass(frozen=True)
class League:
    id: int
    name: str
    members: tuple[str, ...]
    seed: int
    nights: tuple[Night, ...]  # active nights, by day

    def night(self, day: int) -> Night:
        for night in self.nights:
            if night.day == day:
                return night
        raise LeagueError("UNKNOWN_NIGHT", day=day)

    def rng(self, purpose: str) -> random.Random:
        """A draw by lot that gives the same result every time it is asked for."""
        return random.Random(f"{self.seed}:{purpose}")

    def standings(self, upto: int | None = None) -> list[Line]:
        nights = [n for n in self.nights if upto is None or n.day <= upto]
        return standings(self.members, nights, self.rng("standings"))

    def honours(self) -> postseason.RollOfHonour | None:
        """The roll of honour once the Final (day 26) and the Finalina (day 27) are in."""
        days = {n.day: n for n in self.nights}
        if 26 not in days or 27 not in days:
            return None
        return postseason.roll_of_honour(self.standings(), days[26], days[27],
                                         self.standings(upto=25))

    @property
    def next_day(self) -> int:
        return self.nights[-1].day + 1 if self.nights else 1


def create_league(name: str, members: Sequence[str]) -> int:
    name = " ".join(name.split()) if isinstance(name, str) else ""
    cleaned = [" ".join(m.split()) for m in members if isinstance(m, str)]
    if not name or len(name) > MAX_NAME or not 8 <= len(set(cleaned)) == len(cleaned) <= 16 \
            or any(not m or len(m) > MAX_NAME for m in cleaned):
        raise LeagueError("BAD_LEAGUE")
    with session_scope() as db:
        row = LeagueRecord(name=name, members=cleaned, seed=secrets.randbits(31))
        db.add(row)
        db.flush()
        return row.id


def leagues() -> list[tuple[int, str]]:
    with session_scope() as db:
        rows = db.exec(select(LeagueRecord).order_by(col(LeagueRecord.id))).all()
        return [(row.id, row.name) for row in rows]


def league(league_id: int) -> League:
    with session_scope() as db:
        row = db.get(LeagueRecord, league_id)
        if row is None:
            raise LeagueError("UNKNOWN_LEAGUE", league_id=league_id)
        records = db.exec(select(LeagueNightRecord)
                          .where(LeagueNightRecord.league_id == league_id)
                          .where(col(LeagueNightRecord.undone).is_(False))
                          .order_by(col(LeagueNightRecord.seq))).all()
        nights = tuple(_night(r.day, r.tables) for r in records)
        return League(row.id, row.name, tuple(row.members), row.seed, nights)


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
    if current.next_day > LAST_DAY:
        raise LeagueError("SEASON_OVER")
    if day != current.next_day:
        raise LeagueError("DAY_OUT_OF_ORDER", day=day, expected=current.next_day)
    night = _night(day, tables)
    strangers = [p for p in night.players if p not in current.members]
    if strangers:
        raise LeagueError("NOT_A_MEMBER", player=", ".join(strangers))
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


@dataclass(frozen=True)
class NextNight:
    day: int
    kind: NightKind
    plan: NightPlan


def upcoming(current: League, unavailable: Collection[str] = ()) -> NextNight:
    """The next night's tables: night 1's draw, the rotation (LG-05), the post-season tables,
    or the two finals (LG-06)."""
    strangers = [p for p in unavailable if p not in current.members]
    if strangers:
        raise LeagueError("NOT_A_MEMBER", player=", ".join(strangers))
    day = current.next_day
    rng = current.rng(f"day {day}")
    members = current.members
    if day > LAST_DAY:
        raise LeagueError("SEASON_OVER")
    if day == 1:
        plan = first_night(members, set(unavailable), rng)
    elif day <= 20:
        plan = next_night(members, current.night(day - 1), set(unavailable), rng)
    elif day <= 25:
        plan = _post_season(current, day, unavailable)
    else:
        finals = postseason.finals(current.standings(upto=25))
        players = finals.final if day == 26 else finals.finalina
        plan = NightPlan((plan_table("A", players, None),), tuple(m for m in members if m not in players))
    return NextNight(day, kind_for_day(day), plan)


def _post_season(current: League, day: int, unavailable: Collection[str]) -> NightPlan:
    cut = postseason.split(current.standings(upto=20))
    lines = current.standings(upto=day - 1)
    if day == 21:
        main = postseason.day_21(cut, current.night(20), lines)
    else:
        main = postseason.next_post_season(cut, current.night(day - 1).tables[0], lines)
    tables = [main]
    if day == 25:
        tables.append(postseason.playoff(cut, set(unavailable), main.players))
    playing = {p for t in tables for p in t.players}
    return NightPlan(tuple(tables), tuple(m for m in current.members if m not in playing))
