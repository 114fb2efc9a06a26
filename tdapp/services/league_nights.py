"""A league night as it is played: its draw tables opened in one step from the day's plan, the
schedule of LG-07 with TS-08's telesina rounds, and at the end the result read off the tables
for the secretary to confirm into the league, with nothing typed twice.

The night's own record holds only what no console records: when it opened, its tables, and the
marks its screen adds (telesina rounds played, a full vestito tapped without its cards). All the
rest is read from the draw tables' logs whenever it is asked for.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any

from sqlmodel import col, select

from tdapp.draw_table.events import from_record
from tdapp.kernel.refusals import register_messages
from tdapp.league.calendar import League, NextNight, kind_for_day, upcoming
from tdapp.league.errors import LeagueError
from tdapp.league.results import Night, NightKind
from tdapp.league.schedule import (
    Mark,
    NightSchedule,
    Phase,
    Recorded,
    night_times,
    schedule,
)
from tdapp.league.table_hands import TableEnd, table_end
from tdapp.services import bus, draw_tables
from tdapp.services import league as leagues
from tdapp.services.draw_tables import Player
from tdapp.storage.database import is_id, session_scope
from tdapp.storage.draw_tables import DrawTableEventRecord, DrawTableRecord
from tdapp.storage.leagues import LiveNightRecord, LiveNightTableRecord
from tdapp.wallclock import utcnow

FIRST_DEALER = 1  # the first seat of the plan deals the first hand [U]
INVITO_MAX = 5  # IT-04: 1 to 5 euro before the giri (the draw table allows 10 in the giri)

register_messages({
    "NIGHT_ALREADY_OPEN": "Day %(day)s of this league is already open",
    "UNKNOWN_LIVE_NIGHT": "Day %(day)s of this league has not been opened on the tables",
    "NIGHT_UNKNOWN_TABLE": "The night has no table %(table)s",
    "NIGHT_UNKNOWN_MARK": "%(mark)s is not something the night records",
    "NIGHT_NOT_OVER": "Table %(table)s has not finished its giri: the result goes in at the "
                      "end of the night, or by hand on the secretary's page",
    "NIGHT_HAND_IN_PLAY": "Table %(table)s still has hand %(number)s in play: finish it first",
    "NIGHT_CHIPS_IN_MIDDLE": "Table %(table)s still has %(chips)s in the middle: play it out, "
                             "or enter the night on the secretary's page and say who takes it",
})


@dataclass(frozen=True)
class NightTable:
    """One table of the night: its name in the plan, its draw table and how it ends so far."""

    name: str
    draw_table_id: int
    token: str
    end: TableEnd


@dataclass(frozen=True)
class LiveNight:
    """A night being played, read at `now`."""

    league_id: int
    day: int
    kind: NightKind
    opened_at: datetime
    tables: tuple[NightTable, ...]
    recorded: tuple[Recorded, ...]
    schedule: NightSchedule
    confirmed: bool  # the league has this day's result

    @property
    def problems(self) -> list[LeagueError]:
        """Why the tables' result cannot go into the league as it stands."""
        found = []
        for table, on in zip(self.tables, self.schedule.tables, strict=True):
            if on.phase is not Phase.OVER:
                found.append(LeagueError("NIGHT_NOT_OVER", table=table.name))
            elif table.end.in_play:
                found.append(LeagueError("NIGHT_HAND_IN_PLAY", table=table.name,
                                         number=len(table.end.hands.hands)))
            elif table.end.in_middle:
                found.append(LeagueError("NIGHT_CHIPS_IN_MIDDLE", table=table.name,
                                         chips=table.end.in_middle))
        return found

    def proposal(self) -> list[dict[str, Any]]:
        """The night's result as the league takes it: each table's chips and poste."""
        return [{"name": t.name, "chips": dict(t.end.chips), "poste": dict(t.end.poste),
                 "cappotto": []} for t in self.tables]


def open_night(league_id: int, unavailable: Collection[str], actor: str) -> int:
    """Open the next day's tables, as `upcoming` plans them, in one step: each a draw table of
    the league with its players in the plan's order, a posta each and passate of a posta."""
    current = leagues.league(league_id)
    nxt = upcoming(current, unavailable)
    with session_scope() as session:
        if _live(session, league_id, nxt.day) is not None:
            raise LeagueError("NIGHT_ALREADY_OPEN", day=nxt.day)
    posta = nxt.kind.posta
    opened = [(plan.name, draw_tables.create_table(
        _table_name(current, nxt, plan.name), [Player(p, posta) for p in plan.players],
        FIRST_DEALER, actor, invito_max=INVITO_MAX, passata=posta, league_id=league_id))
        for plan in nxt.plan.tables]
    with session_scope() as session:
        night = LiveNightRecord(league_id=league_id, day=nxt.day, opened_by=actor, marks=[])
        session.add(night)
        session.flush()
        for name, table in opened:
            session.add(LiveNightTableRecord(live_night_id=night.id, name=name,
                                             draw_table_id=table.id))
    return nxt.day


def _table_name(current: League, nxt: NextNight, table: str) -> str:
    return f"{current.name} · {nxt.day} · {table}"


def live_night(league_id: int, day: int, zone: tzinfo, now: datetime | None = None) -> LiveNight:
    """The night as its screen shows it at `now`: times, rounds, the tables' count."""
    current = leagues.league(league_id)
    kind = kind_for_day(day)
    with session_scope() as session:
        night = _live(session, league_id, day)
        if night is None:
            raise LeagueError("UNKNOWN_LIVE_NIGHT", day=day)
        rows = session.exec(select(LiveNightTableRecord, DrawTableRecord)
                            .join(DrawTableRecord)
                            .where(LiveNightTableRecord.live_night_id == night.id)
                            .order_by(col(LiveNightTableRecord.name))).all()
        tables = tuple(NightTable(t.name, d.id, d.token,
                                  table_end(t.name, _events(session, d.id), kind.posta))
                       for t, d in rows)
        recorded = tuple(Recorded(m["table"], Mark(m["mark"]), datetime.fromisoformat(m["at"]))
                         for m in night.marks)
        opened_at = night.opened_at
    times = night_times(opened_at, kind, zone)
    plan = schedule(times, kind, [t.end.hands for t in tables], recorded, now or utcnow())
    confirmed = any(n.day == day for n in current.nights)
    return LiveNight(league_id, day, kind, opened_at, tables, recorded, plan, confirmed)


def record(league_id: int, day: int, table: str, mark: str, actor: str,
           now: datetime | None = None) -> None:
    """A mark of the night's screen at one table: a telesina round played (before or as the
    first round of the giri), or a full vestito shown at a hand tapped without its cards."""
    if mark not in {m.value for m in Mark}:
        raise LeagueError("NIGHT_UNKNOWN_MARK", mark=mark)
    with session_scope() as session:
        night = _live(session, league_id, day)
        if night is None:
            raise LeagueError("UNKNOWN_LIVE_NIGHT", day=day)
        names = session.exec(select(LiveNightTableRecord.name).where(
            LiveNightTableRecord.live_night_id == night.id)).all()
        if table not in names:
            raise LeagueError("NIGHT_UNKNOWN_TABLE", table=table)
        at = (now or utcnow()).isoformat()
        night.marks = [*night.marks, {"table": table, "mark": mark, "at": at, "by": actor}]
        session.add(night)
    bus.publish(bus.LeagueNightChange(league_id, day, mark))


def confirm(league_id: int, day: int, zone: tzinfo, actor: str) -> Night:
    """Enter the tables' result into the league, as read off the tables: refused until every
    table has played its giri, while chips wait in the middle, and as the league refuses any
    result."""
    night = live_night(league_id, day, zone)
    problems = night.problems
    if problems:
        raise problems[0]
    entered = leagues.enter_night(league_id, day, night.proposal(), actor)
    bus.publish(bus.LeagueNightChange(league_id, day, "confirmed"))
    return entered


def night_of_table(draw_table_id: int) -> tuple[int, int] | None:
    """The league and day whose night a draw table belongs to, if any."""
    if not is_id(draw_table_id):
        return None
    with session_scope() as session:
        found = session.exec(select(LiveNightRecord.league_id, LiveNightRecord.day)
                             .join(LiveNightTableRecord)
                             .where(LiveNightTableRecord.draw_table_id == draw_table_id)).first()
    return None if found is None else (found[0], found[1])


def open_days(league_id: int) -> list[int]:
    """The days of the league whose nights were opened, newest first."""
    if not is_id(league_id):
        return []
    with session_scope() as session:
        return list(session.exec(select(LiveNightRecord.day)
                                 .where(LiveNightRecord.league_id == league_id)
                                 .order_by(col(LiveNightRecord.day).desc())).all())


def _live(session: Any, league_id: int, day: int) -> LiveNightRecord | None:
    if not (is_id(league_id) and is_id(day)):  # a number the database cannot hold opens nothing
        return None
    return session.exec(select(LiveNightRecord).where(LiveNightRecord.league_id == league_id,
                                                      LiveNightRecord.day == day)).first()


def _events(session: Any, table_id: int) -> Sequence[tuple[datetime, Any]]:
    """The table's active events with their times, in order."""
    rows = session.exec(draw_tables.LOG.events_of(table_id, undone=False)
                        .order_by(col(DrawTableEventRecord.seq))).all()
    return [(row.created_at, from_record({"name": row.name, "version": row.schema_version,
                                          "payload": row.payload})) for row in rows]
