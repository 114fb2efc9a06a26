"""The club's draw tables as use cases: open a table, run its hands, undo the last action.

Each change is one transaction: lock the table's row, bring the state up to the stored version,
`decide`, append the event, bump the version, then keep the new state in memory. The console
link (token) and the PIN work like the Hold'em table console's.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session, col, select

from tdapp.draw_table.commands import Command
from tdapp.draw_table.events import TableOpened, from_record, to_record
from tdapp.draw_table.rules import DrawTableState, apply, decide, opened
from tdapp.engine.errors import IllegalAction
from tdapp.services import accounts, bus
from tdapp.storage import database as db
from tdapp.storage.database import session_scope
from tdapp.storage.draw_tables import DrawTableEventRecord, DrawTableRecord
from tdapp.storage.leagues import LeagueRecord
from tdapp.tournament.errors import DomainError, register_messages
from tdapp.wallclock import utcnow

MAX_NAME = 120

register_messages({
    "UNKNOWN_DRAW_TABLE": "There is no draw table %(table_id)s",
    "UNKNOWN_DRAW_CONSOLE": "This draw table link is not valid any more: ask the DdT",
    "WRONG_DRAW_PIN": "Wrong PIN for this draw table",
    "DRAW_PIN_WAIT": "Too many wrong PINs: try again in %(seconds)s seconds",
    "BAD_DRAW_TABLE": "%(reason)s",
    "DRAW_TABLE_NAME": "A draw table needs a name",
    "DRAW_INVITO_LIMIT": "The highest invito is 1 to 10 euro",
    "DRAW_PLAYER_NAMES": "Every player needs a name, and a different one",
    "DRAW_PASSATA_NEGATIVE": "A passata cannot be negative",
    "DRAW_NOTHING_TO_UNDO": "Nothing to undo at this table",
    "UNKNOWN_LEAGUE": "There is no league %(league_id)s",
})


@dataclass(frozen=True)
class Player:
    name: str
    resto: int


@dataclass(frozen=True)
class Opened:
    """A draw table as its console and the DdT's page need it."""

    id: int
    name: str
    token: str
    pin: str
    league_id: int | None
    version: int
    state: DrawTableState


_states: dict[tuple[int, int], tuple[int, DrawTableState]] = {}
_locks: dict[int, threading.Lock] = {}
_locks_guard = threading.Lock()


def _lock(table_id: int) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(table_id, threading.Lock())


def create_table(name: str, players: Sequence[Player], dealer: int, actor: str, *,
                 invito_max: int = 5, passata: int = 0,
                 league_id: int | None = None) -> Opened:
    """Seat `players` clockwise in seats 1..n, each with their resto; `dealer` is a seat. A
    `passata` is what a resto grows by (IT-24); 0 takes the largest resto at the table."""
    name = name.strip() if isinstance(name, str) else ""
    if not name or len(name) > MAX_NAME:
        raise DomainError("DRAW_TABLE_NAME")
    if not 1 <= invito_max <= 10:
        raise DomainError("DRAW_INVITO_LIMIT")
    if passata < 0:
        raise DomainError("DRAW_PASSATA_NEGATIVE")
    names = [p.name.strip() for p in players]
    if any(not n or len(n) > MAX_NAME for n in names) or len(set(names)) != len(names):
        raise DomainError("DRAW_PLAYER_NAMES")
    event = TableOpened(
        names=tuple(enumerate(names, start=1)),
        stacks=tuple((seat, p.resto) for seat, p in enumerate(players, start=1)),
        dealer=dealer, invito_max=invito_max, passata=passata)
    try:
        state = opened(event)
        state.table.deal(1)  # the table must be playable: 2 to 6 players, each with a resto
    except IllegalAction as refused:
        raise DomainError("BAD_DRAW_TABLE", reason=str(refused)) from None
    with session_scope() as session:
        if league_id is not None and (not db.is_id(league_id)
                                      or session.get(LeagueRecord, league_id) is None):
            raise DomainError("UNKNOWN_LEAGUE", league_id=league_id)
        record = DrawTableRecord(name=name, token=secrets.token_urlsafe(12), pin=_new_pin(),
                                 league_id=league_id, version=1, created_by=actor)
        session.add(record)
        session.flush()
        kind, payload = to_record(event)
        session.add(DrawTableEventRecord(draw_table_id=record.id, seq=1, kind=kind,
                                         payload=payload, actor=actor))
    _states[_key(record.id)] = (1, state)
    return _opened(record, state)


def dispatch(table_id: int, command: Command, actor: str) -> Opened:
    """One action at the table: decided, appended and applied in one transaction."""
    with _lock(table_id), session_scope() as session:
        record = _record(session, table_id, for_update=True)
        state = _state(session, record)
        event = decide(state, command)
        undone = session.exec(select(DrawTableEventRecord).where(
            DrawTableEventRecord.draw_table_id == table_id,
            col(DrawTableEventRecord.undone))).all()
        for old in undone:  # a new action after an undo replaces what was undone
            session.delete(old)
        session.flush()
        kind, payload = to_record(event)
        seq = _last_seq(session, table_id) + 1
        session.add(DrawTableEventRecord(draw_table_id=table_id, seq=seq, kind=kind,
                                         payload=payload, actor=actor))
        state = apply(state, event)
        record.version += 1
        session.add(record)
        _states[_key(table_id)] = (record.version, state)
    bus.publish(bus.DrawTableChange(table_id, record.version, kind))
    return _opened(record, state)


def undo(table_id: int, actor: str) -> Opened:
    """Mark the last active action undone and replay the rest; opening the table stays."""
    with _lock(table_id), session_scope() as session:
        record = _record(session, table_id, for_update=True)
        last = session.exec(select(DrawTableEventRecord).where(
            DrawTableEventRecord.draw_table_id == table_id,
            col(DrawTableEventRecord.undone).is_(False),
        ).order_by(col(DrawTableEventRecord.seq).desc())).first()
        if last is None or last.seq == 1:
            raise DomainError("DRAW_NOTHING_TO_UNDO")
        last.undone = True
        session.add(last)
        session.flush()
        state = _replay(session, table_id)
        record.version += 1
        session.add(record)
        _states[_key(table_id)] = (record.version, state)
    bus.publish(bus.DrawTableChange(table_id, record.version, last.kind, "undone"))
    return _opened(record, state)


def current(table_id: int) -> Opened:
    with session_scope() as session:
        record = _record(session, table_id)
        return _opened(record, _state(session, record))


def tables() -> list[DrawTableRecord]:
    with session_scope() as session:
        return list(session.exec(select(DrawTableRecord).order_by(
            col(DrawTableRecord.id).desc())).all())


def history(table_id: int) -> list[DrawTableEventRecord]:
    """The table's log: every event with its actor and time, undone ones marked."""
    with session_scope() as session:
        _record(session, table_id)
        return list(session.exec(select(DrawTableEventRecord).where(
            DrawTableEventRecord.draw_table_id == table_id).order_by(
            col(DrawTableEventRecord.seq))).all())


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


def check_pin(table_id: int, pin: str, client: str = "") -> None:
    """A four-digit PIN is guessed in minutes without a brake: after a few wrong ones from the
    same address, the table's console waits as a failed login does."""
    key = (f"draw-table-{table_id}", client)
    now = utcnow()
    wait = accounts.login_brake.wait_seconds(key, now)
    if wait:
        raise DomainError("DRAW_PIN_WAIT", seconds=wait)
    with session_scope() as session:
        record = _record(session, table_id)
    if not hmac.compare_digest(record.pin.encode(), str(pin).encode()):
        accounts.login_brake.failed(key, now)
        raise DomainError("WRONG_DRAW_PIN")
    accounts.login_brake.succeeded(key)


def renew_access(table_id: int) -> Opened:
    """A new link and PIN; the old ones stop working."""
    with _lock(table_id), session_scope() as session:
        record = _record(session, table_id, for_update=True)
        record.token = secrets.token_urlsafe(12)
        record.pin = _new_pin()
        session.add(record)
        state = _state(session, record)
    return _opened(record, state)


# --- inside ------------------------------------------------------------------------------


def _new_pin() -> str:
    return f"{secrets.randbelow(10_000):04d}"


def _key(table_id: int) -> tuple[int, int]:
    return id(db.engine()), table_id


def _record(session: Session, table_id: int, *, for_update: bool = False) -> DrawTableRecord:
    if not db.is_id(table_id):
        raise DomainError("UNKNOWN_DRAW_TABLE", table_id=table_id)
    query = select(DrawTableRecord).where(DrawTableRecord.id == table_id)
    record = session.exec(query.with_for_update() if for_update else query).first()
    if record is None:
        raise DomainError("UNKNOWN_DRAW_TABLE", table_id=table_id)
    return record


def _state(session: Session, record: DrawTableRecord) -> DrawTableState:
    """The state in memory, or replayed when another process wrote since."""
    kept = _states.get(_key(record.id))
    if kept is not None and kept[0] == record.version:
        return kept[1]
    state = _replay(session, record.id)
    _states[_key(record.id)] = (record.version, state)
    return state


def _replay(session: Session, table_id: int) -> DrawTableState:
    rows = session.exec(select(DrawTableEventRecord).where(
        DrawTableEventRecord.draw_table_id == table_id,
        col(DrawTableEventRecord.undone).is_(False),
    ).order_by(col(DrawTableEventRecord.seq))).all()
    first, *rest = [from_record(row.kind, row.payload) for row in rows]
    state = opened(first)
    for event in rest:
        state = apply(state, event)
    return state


def _last_seq(session: Session, table_id: int) -> int:
    rows = session.exec(select(DrawTableEventRecord.seq).where(
        DrawTableEventRecord.draw_table_id == table_id).order_by(
        col(DrawTableEventRecord.seq).desc())).first()
    return rows or 0


def _opened(record: DrawTableRecord, state: DrawTableState) -> Opened:
    return Opened(record.id, record.name, record.token, record.pin, record.league_id,
                  record.version, state)
