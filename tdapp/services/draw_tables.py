"""The club's draw tables as use cases: open a table, run its hands, undo the last action.

Each change is one transaction through the event-log store (tdapp/storage/event_log.py): the
table's row claimed, the state brought up to the stored version, `decide`, the event applied
once and appended, then the new state kept in memory. Events are never deleted: undo marks the
newest active one undone. Each event's `owner` is the place that acted, for undo by owner: the
table's own console ("table:<id>") for what is done at the table, "ddt" for its opening. The
console link (token) and the PIN work like the Hold'em table console's.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from tdapp.draw_table.commands import Command
from tdapp.draw_table.events import from_record, to_record
from tdapp.draw_table.rules import apply, apply_new, decide, open_table
from tdapp.draw_table.state import Table
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.services import bus, console_pins
from tdapp.storage import database as db
from tdapp.storage.database import session_scope
from tdapp.storage.draw_tables import (
    DrawTableEventRecord,
    DrawTableRecord,
    DrawTableSnapshotRecord,
)
from tdapp.storage.event_log import Aggregate, EventLog, Folded
from tdapp.storage.leagues import LeagueRecord
from tdapp.wallclock import utcnow

register_messages({
    "UNKNOWN_DRAW_TABLE": "There is no draw table %(table_id)s",
    "UNKNOWN_DRAW_CONSOLE": "This draw table link is not valid any more: ask the DdT",
    "WRONG_DRAW_PIN": "Wrong PIN for this draw table",
    "DRAW_NOTHING_TO_UNDO": "Nothing to undo at this table",
    "UNKNOWN_LEAGUE": "There is no league %(league_id)s",
})


def _unknown(table_id: Any) -> DomainError:
    return DomainError("UNKNOWN_DRAW_TABLE", table_id=table_id)


def _no_table() -> Any:
    """The state before the opening: the opening alone seats the table."""
    return None


# A night at a table is some 700 events: a snapshot every 500 keeps a reload short.
LOG: EventLog[Table] = EventLog(
    Aggregate(
        root=DrawTableRecord,
        events=DrawTableEventRecord,
        snapshots=DrawTableSnapshotRecord,
        key="draw_table_id",
        initial=_no_table,
        apply=apply,
        to_record=to_record,
        from_record=from_record,
        unknown=_unknown,
        state_packages=("tdapp.draw_table",),
    ),
    snapshot_every=500,
    undo_depth=16,
)
# The change the bus carries when the console's access is renewed (not an event of the log).
ACCESS_RENEWED = "DrawTableAccessRenewed"
DDT = "ddt"  # the owner of the opening, which the DdT makes


def table_owner(table_id: int) -> str:
    """The owner of what is done at the table's own console."""
    return f"table:{table_id}"


@dataclass(frozen=True)
class Player:
    name: str
    resto: int


@dataclass(frozen=True)
class LoadedDrawTable:
    """A draw table as its console and the DdT's page need it: the row (name, console access,
    league) with the folded `state` at `version`."""

    id: int
    name: str
    token: str
    pin: str
    league_id: int | None
    version: int
    state: Table


@dataclass(frozen=True)
class LoggedDrawEvent:
    """One line of a table's log as the DdT reads it: undone events stay, marked."""

    seq: int
    kind: str
    payload: dict[str, Any]
    actor: str
    owner: str
    at: datetime
    undone: bool
    undone_by: str | None


def create_table(name: str, players: Sequence[Player], dealer: int, actor: str, *,
                 invito_max: int = 5, passata: int = 0, league_id: int | None = None,
                 game: str = "draw", variant: str = "") -> LoadedDrawTable:
    """Seat `players` clockwise in seats 1..n, each with their resto; `dealer` is a seat. A
    `passata` is what a resto grows by (IT-24); 0 takes the largest resto at the table. The
    table plays draw, or the telesina `variant` when `game` is "telesina"."""
    event = open_table(name, [(p.name, p.resto) for p in players], dealer,
                       invito_max=invito_max, passata=passata, game=game, variant=variant)
    now = utcnow()
    with session_scope() as session:
        if league_id is not None and (not db.is_id(league_id)
                                      or session.get(LeagueRecord, league_id) is None):
            raise DomainError("UNKNOWN_LEAGUE", league_id=league_id)
        record = DrawTableRecord(name=name.strip(), token=secrets.token_urlsafe(12),
                                 pin=_new_pin(), league_id=league_id, version=1,
                                 created_by=actor, created_at=now)
        session.add(record)
        session.flush()
        folded = LOG.start(session, record.id, event, actor, DDT, now)
    LOG.keep(record.id, folded)
    return _loaded(record, folded)


def dispatch(table_id: int, command: Command, actor: str,
             owner: str | None = None) -> LoadedDrawTable:
    """One action at the table: decided, applied once and appended in one transaction. The
    owner is the table's console unless named."""
    with LOG.write(table_id, utcnow()) as writing:
        event = decide(writing.state, command)
        event, after = apply_new(writing.state, event)
        writing.append(event, actor, owner or table_owner(table_id), after=after)
        record = _record(writing.session, table_id)
    bus.publish(bus.DrawTableChange(table_id, writing.version, type(event).__name__))
    return _loaded(record, writing.folded)


def undo(table_id: int, actor: str) -> LoadedDrawTable:
    """Take back the newest active action (it stays in the log, marked undone by `actor`);
    opening the table stays."""
    with LOG.write(table_id, utcnow()) as writing:
        seq = writing.folded.newest_active
        if seq <= 1:
            raise DomainError("DRAW_NOTHING_TO_UNDO")
        kind = writing.deactivate(seq, actor)
        record = _record(writing.session, table_id)
    bus.publish(bus.DrawTableChange(table_id, writing.version, kind, "undone"))
    return _loaded(record, writing.folded)


def current(table_id: int) -> LoadedDrawTable:
    with session_scope() as session:
        record = _record(session, table_id)
    return _loaded(record, LOG.current(table_id, record.version))


def tables() -> list[DrawTableRecord]:
    with session_scope() as session:
        return list(session.exec(select(DrawTableRecord).order_by(
            col(DrawTableRecord.id).desc())).all())


def history(table_id: int) -> list[LoggedDrawEvent]:
    """The table's log: every event with its actor, owner and time, undone ones marked."""
    with session_scope() as session:
        _record(session, table_id)
        return [LoggedDrawEvent(row.seq, row.name, row.payload, row.actor, row.owner,
                                row.created_at, row.undone, row.undone_by)
                for row in LOG.rows(session, table_id)]


# --- the console's access ----------------------------------------------------------------


def console_for(token: str) -> int:
    """The table a console link opens, or a refusal when it was renewed."""
    if not isinstance(token, str) or not 8 <= len(token) <= 64:
        raise DomainError("UNKNOWN_DRAW_CONSOLE")
    with session_scope() as session:
        record = session.exec(select(DrawTableRecord).where(
            DrawTableRecord.token == token)).first()
    if record is None:
        raise DomainError("UNKNOWN_DRAW_CONSOLE")
    return record.id


def check_pin(table_id: int, pin: str) -> None:
    """The PIN the dealer typed, under the console's brake (tdapp/services/console_pins.py):
    keyed by the table alone, so no number of addresses guesses faster."""
    with session_scope() as session:
        record = _record(session, table_id)
    console_pins.check(console_pins.draw_key(table_id), record.pin, pin,
                       DomainError("WRONG_DRAW_PIN"))


def access_generation(table_id: int) -> str | None:
    """The generation of the table's console access now (None: no such table)."""
    with session_scope() as session:
        record = session.get(DrawTableRecord, table_id) if db.is_id(table_id) else None
    return None if record is None else console_pins.generation(record.token)


def locked_consoles() -> list[console_pins.LockedConsole]:
    """The draw consoles locked after wrong PINs now, for the DdT's warning."""
    return console_pins.locked(("draw-console",))


def renew_access(table_id: int) -> LoadedDrawTable:
    """A new link and PIN; the old ones stop working, and so does every console session and
    socket opened with them (the bus tells the realtime adapter, which closes the table's room).
    Not an event of the game: the log and its version stay as they are."""
    with session_scope() as session:
        record = _record(session, table_id)
        record.token = secrets.token_urlsafe(12)
        record.pin = _new_pin()
        session.add(record)
    bus.publish(bus.DrawTableChange(table_id, record.version, ACCESS_RENEWED))
    return _loaded(record, LOG.current(table_id, record.version))


# --- inside ------------------------------------------------------------------------------


def _new_pin() -> str:
    """Six digits: four fell to a brute force in under a minute. Tables opened before keep
    their four-digit PIN until the DdT renews it."""
    return f"{secrets.randbelow(1_000_000):06d}"


def _record(session: Session, table_id: Any) -> DrawTableRecord:
    record = session.get(DrawTableRecord, table_id) if db.is_id(table_id) else None
    if record is None:
        raise _unknown(table_id)
    return record


def _loaded(record: DrawTableRecord, folded: Folded[Table]) -> LoadedDrawTable:
    return LoadedDrawTable(record.id, record.name, record.token, record.pin, record.league_id,
                           folded.version, folded.state)
