"""Running a tournament: every change is one event appended to its log in one transaction.

The folded state of each tournament stays in memory, so an action costs one `decide`, one insert
and one `apply`, however long the night has been. Before acting, the stored `version` is read in
the same transaction that writes: if another process wrote since, the state is rebuilt from the
newest snapshot and the events after it. Undo and redo move a cursor over the log; the `version`
rises with every change, undo and redo included, so clients always see a newer view.
"""

from __future__ import annotations

import hashlib
import pickle
import re
import secrets
import threading
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, delete, func, insert, update
from sqlmodel import Session, col, select

from tdapp.services import bus
from tdapp.storage import database as db
from tdapp.storage.tournaments import LoggedEvent, Snapshot, TournamentRecord
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.errors import DomainError, register_messages
from tdapp.tournament.events import event_name, from_record, to_record
from tdapp.tournament.registry import apply, decide, replay
from tdapp.tournament.settings import Settings
from tdapp.tournament.state import Tournament
from tdapp.wallclock import utcnow

# A snapshot every so many events bounds a reload to that many replays (a tenth of a second).
# Writing one for 3,000 players takes some 25 ms, paid by one action in this many.
SNAPSHOT_EVERY = 1000
# States kept for undo without a replay: the DdT rarely takes back more than a few steps.
UNDO_DEPTH = 16

register_messages(
    {
        "UNKNOWN_TOURNAMENT": "There is no tournament %(tournament_id)s",
        "NOTHING_TO_UNDO": "There is nothing to undo",
        "NOTHING_TO_REDO": "There is nothing to redo",
    }
)


def _state_format() -> str:
    """Snapshots are pickles of the state classes: a change to their code makes old snapshots
    unreadable in principle, so their format names the code they came from and loading skips any
    other: the log is replayed instead, from the start or from a newer snapshot."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent.parent / "tournament"
    for source in sorted(package.rglob("*.py")):
        digest.update(source.read_bytes())
    return "pickle:" + digest.hexdigest()[:24]


STATE_FORMAT = _state_format()


@dataclass(frozen=True)
class Loaded:
    """A tournament as this process holds it: the state after the last active event (`seq`),
    with `state.version` the stored version; `undone` counts undone events after `seq`."""

    state: Tournament
    seq: int
    undone: int
    history: tuple[tuple[int, Tournament], ...] = ()


@dataclass(frozen=True)
class TournamentSummary:
    id: int
    slug: str
    name: str
    version: int
    created_at: datetime


class _Memory:
    """The loaded tournaments of the current engine, and one lock per tournament."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[int, threading.Lock] = {}
        self._loaded: dict[int, Loaded] = {}
        self._engine: Engine | None = None

    def _same_engine(self) -> None:
        current = db.engine()
        if current is not self._engine:
            self._loaded.clear()
            self._engine = current

    @contextmanager
    def lock(self, tournament_id: int) -> Iterator[None]:
        with self._guard:
            lock = self._locks.setdefault(tournament_id, threading.Lock())
        with lock:
            yield

    def get(self, tournament_id: int) -> Loaded | None:
        with self._guard:
            self._same_engine()
            return self._loaded.get(tournament_id)

    def put(self, tournament_id: int, loaded: Loaded) -> None:
        with self._guard:
            self._same_engine()
            self._loaded[tournament_id] = loaded


_memory = _Memory()


def _claim(session: Session, tournament_id: Any, now: datetime) -> int:
    """Lock the tournament's row for this transaction and raise its version; returns the new
    version. Writing first makes SQLite take its write lock before anything is read (a read-then-
    write transaction could fail if another connection wrote in between) and PostgreSQL lock the
    row against other processes. A refusal rolls the bump back with everything else."""
    version = None
    if db.is_id(tournament_id):
        version = session.execute(
            update(TournamentRecord)
            .where(col(TournamentRecord.id) == tournament_id)
            .values(version=TournamentRecord.version + 1, updated_at=now)
            .returning(TournamentRecord.version)
        ).scalar_one_or_none()
    if version is None:
        raise DomainError("UNKNOWN_TOURNAMENT", tournament_id=tournament_id)
    return version


def _read_record(session: Session, tournament_id: Any) -> TournamentRecord:
    record = None
    if db.is_id(tournament_id):
        record = session.get(TournamentRecord, tournament_id)
    if record is None:
        raise DomainError("UNKNOWN_TOURNAMENT", tournament_id=tournament_id)
    return record


def _rebuild(session: Session, tournament_id: int, upto: int) -> Tournament:
    """The state after active event `upto`, from the newest readable snapshot at or before it
    and the active events after it (a snapshot past `upto` may hold an undone event)."""
    events = select(LoggedEvent).where(
        LoggedEvent.tournament_id == tournament_id,
        col(LoggedEvent.undone).is_(False),
        LoggedEvent.seq <= upto,
    )
    snapshots = select(Snapshot).where(
        Snapshot.tournament_id == tournament_id,
        Snapshot.format == STATE_FORMAT,
        Snapshot.seq <= upto,
    )
    snapshot = session.exec(snapshots.order_by(col(Snapshot.seq).desc()).limit(1)).first()
    start: Tournament | None = None
    if snapshot is not None:
        start = pickle.loads(snapshot.state)
        events = events.where(LoggedEvent.seq > snapshot.seq)
    rows = session.exec(events.order_by(col(LoggedEvent.seq))).all()
    return replay((_event_of(row) for row in rows), start)


def _event_of(row: LoggedEvent) -> Any:
    return from_record({"name": row.name, "version": row.schema_version, "payload": row.payload})


def _load(session: Session, tournament_id: int, version: int) -> Loaded:
    """This process's state if it is at the stored `version`, else the state rebuilt from the
    database."""
    loaded = _memory.get(tournament_id)
    if loaded is not None and loaded.state.version == version:
        return loaded
    seq, undone = _cursor(session, tournament_id)
    state = replace(_rebuild(session, tournament_id, seq), version=version)
    return Loaded(state, seq, undone)


def _cursor(session: Session, tournament_id: int) -> tuple[int, int]:
    """The seq of the last active event and how many undone events follow it."""
    active = session.exec(
        select(func.max(LoggedEvent.seq)).where(
            LoggedEvent.tournament_id == tournament_id, col(LoggedEvent.undone).is_(False)
        )
    ).one()
    undone = session.exec(
        select(func.count())
        .select_from(LoggedEvent)
        .where(LoggedEvent.tournament_id == tournament_id, col(LoggedEvent.undone).is_(True))
    ).one()
    return active or 0, undone


def _append(
    session: Session, tournament_id: int, seq: int, event: Any, actor: str, now: datetime
) -> None:
    record = to_record(event)
    session.execute(
        insert(LoggedEvent).values(
            tournament_id=tournament_id,
            seq=seq,
            name=record["name"],
            schema_version=record["version"],
            payload=record["payload"],
            actor=actor[:120],
            created_at=now,
            undone=False,
        )
    )


def _snapshot_if_due(session: Session, tournament_id: int, seq: int, state: Tournament) -> None:
    if seq % SNAPSHOT_EVERY == 0:
        session.add(
            Snapshot(
                tournament_id=tournament_id,
                seq=seq,
                format=STATE_FORMAT,
                state=pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL),
            )
        )


def _discard_undone(session: Session, tournament_id: int, after_seq: int) -> None:
    """A new command after undo replaces the undone events (and any snapshot taken past them)."""
    session.execute(
        delete(LoggedEvent).where(
            col(LoggedEvent.tournament_id) == tournament_id, col(LoggedEvent.seq) > after_seq
        )
    )
    session.execute(
        delete(Snapshot).where(
            col(Snapshot.tournament_id) == tournament_id, col(Snapshot.seq) > after_seq
        )
    )


def _keep_name(session: Session, tournament_id: int, before: Tournament, after: Tournament) -> None:
    """The row's name follows the settings, so that lists need not load every tournament."""
    if before.settings.name != after.settings.name:
        session.execute(
            update(TournamentRecord)
            .where(col(TournamentRecord.id) == tournament_id)
            .values(name=after.settings.name.strip())
        )


def _remember(loaded: Loaded) -> tuple[tuple[int, Tournament], ...]:
    return (*loaded.history[-(UNDO_DEPTH - 1) :], (loaded.seq, loaded.state))


def _ctx(now: datetime) -> Ctx:
    return Ctx(now=now, seed=secrets.randbits(64))


def dispatch(tournament_id: int, command: Any, actor: str) -> Tournament:
    """Decide `command` on the tournament, log the event, and return the new state. A refusal
    raises DomainError and changes nothing."""
    with _memory.lock(tournament_id):
        with db.session_scope() as session:
            now = utcnow()
            version = _claim(session, tournament_id, now)
            loaded = _load(session, tournament_id, version - 1)
            event = decide(loaded.state, command, _ctx(now))
            if loaded.undone:
                _discard_undone(session, tournament_id, loaded.seq)
            seq = loaded.seq + 1
            _append(session, tournament_id, seq, event, actor, now)
            state = replace(apply(loaded.state, event), version=version)
            _keep_name(session, tournament_id, loaded.state, state)
            _snapshot_if_due(session, tournament_id, seq, state)
        _memory.put(tournament_id, Loaded(state, seq, 0, _remember(loaded)))
    bus.publish(bus.Change(tournament_id, state.version, event_name(event)))
    return state


def undo(tournament_id: int, actor: str) -> Tournament:
    """Take back the last active event (never the set-up that created the tournament)."""
    with _memory.lock(tournament_id):
        with db.session_scope() as session:
            now = utcnow()
            version = _claim(session, tournament_id, now)
            loaded = _load(session, tournament_id, version - 1)
            if loaded.seq <= 1:
                raise DomainError("NOTHING_TO_UNDO")
            row = _event_row(session, tournament_id, loaded.seq)
            row.undone = True
            row.undone_by = actor[:120]
            row.undone_at = now
            history = loaded.history
            if history and history[-1][0] == loaded.seq - 1:
                previous, history = history[-1][1], history[:-1]
            else:
                previous, history = _rebuild(session, tournament_id, loaded.seq - 1), ()
            state = replace(previous, version=version)
            _keep_name(session, tournament_id, loaded.state, state)
        _memory.put(tournament_id, Loaded(state, loaded.seq - 1, loaded.undone + 1, history))
    bus.publish(bus.Change(tournament_id, state.version, row.name, "undone"))
    return state


def redo(tournament_id: int, actor: str) -> Tournament:
    """Apply again the first undone event, as it was decided (same seat, same place, same time)."""
    with _memory.lock(tournament_id):
        with db.session_scope() as session:
            version = _claim(session, tournament_id, utcnow())
            loaded = _load(session, tournament_id, version - 1)
            if not loaded.undone:
                raise DomainError("NOTHING_TO_REDO")
            row = _event_row(session, tournament_id, loaded.seq + 1)
            row.undone = False
            row.undone_by = None
            row.undone_at = None
            state = replace(apply(loaded.state, _event_of(row)), version=version)
            _keep_name(session, tournament_id, loaded.state, state)
        history = _remember(loaded)
        _memory.put(tournament_id, Loaded(state, loaded.seq + 1, loaded.undone - 1, history))
    bus.publish(bus.Change(tournament_id, state.version, row.name, "redone"))
    return state


def _event_row(session: Session, tournament_id: int, seq: int) -> LoggedEvent:
    return session.exec(
        select(LoggedEvent).where(
            LoggedEvent.tournament_id == tournament_id, LoggedEvent.seq == seq
        )
    ).one()


def _stored_version(tournament_id: Any) -> int:
    """The version in the database, by a plain query: every read of a view asks it, so it skips
    the ORM's bookkeeping."""
    if db.is_id(tournament_id):
        with db.engine().connect() as connection:
            version = connection.execute(
                select(TournamentRecord.version).where(TournamentRecord.id == tournament_id)
            ).scalar_one_or_none()
        if version is not None:
            return version
    raise DomainError("UNKNOWN_TOURNAMENT", tournament_id=tournament_id)


def current(tournament_id: int) -> Tournament:
    """The tournament's state now, rebuilt first if another process wrote since this one read."""
    loaded = _memory.get(tournament_id) if db.is_id(tournament_id) else None
    if loaded is not None and loaded.state.version == _stored_version(tournament_id):
        return loaded.state
    with _memory.lock(tournament_id), db.session_scope() as session:
        record = _read_record(session, tournament_id)
        loaded = _load(session, record.id, record.version)
        _memory.put(record.id, loaded)
        return loaded.state


def state_of(change: bus.Change) -> Tournament:
    """The state `change` produced, for its subscribers: this process's own, without asking the
    database, when it still holds that version (a later change, from here or from another
    process, reaches them as a change of its own); else the state now."""
    loaded = _memory.get(change.tournament_id)
    if loaded is not None and loaded.state.version == change.version:
        return loaded.state
    return current(change.tournament_id)


def can_undo_redo(tournament_id: int) -> tuple[bool, bool]:
    """Whether undo and redo have something to act on, for the console's buttons."""
    current(tournament_id)
    loaded = _memory.get(tournament_id)
    assert loaded is not None
    return loaded.seq > 1, loaded.undone > 0


# --- creating and finding tournaments -------------------------------------------------------


def slugify(name: str) -> str:
    """A URL-safe form of a name: "Torneo del Lunedì" -> "torneo-del-lunedi"."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:100] or "torneo"


def _unique_slug(session: Session, name: str) -> str:
    base = slugify(name)
    taken = set(
        session.exec(
            select(TournamentRecord.slug).where(
                (TournamentRecord.slug == base) | col(TournamentRecord.slug).like(f"{base}-%")
            )
        ).all()
    )
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"


def create_tournament(settings: Settings, actor: str) -> TournamentSummary:
    """A new tournament whose log starts with its set-up; refused settings create nothing."""
    now = utcnow()
    event = decide(Tournament(), ConfigureTournament(settings), _ctx(now))
    with db.session_scope() as session:
        record = TournamentRecord(
            slug=_unique_slug(session, settings.name),
            name=settings.name.strip(),
            version=1,
            created_at=now,
            updated_at=now,
        )
        session.add(record)
        session.flush()
        _append(session, record.id, 1, event, actor, now)
        state = replace(apply(Tournament(), event), version=1)
        summary = TournamentSummary(record.id, record.slug, record.name, 1, now)
    _memory.put(summary.id, Loaded(state, 1, 0))
    bus.publish(bus.Change(summary.id, 1, event_name(event)))
    return summary


def tournament_id_for_slug(slug: str) -> int:
    with db.session_scope() as session:
        found = session.exec(
            select(TournamentRecord.id).where(TournamentRecord.slug == slug)
        ).first()
    if found is None:
        raise DomainError("UNKNOWN_TOURNAMENT", tournament_id=slug)
    return found


def summary(tournament_id: int) -> TournamentSummary:
    if db.is_id(tournament_id):
        with db.engine().connect() as connection:
            row = connection.execute(
                select(
                    TournamentRecord.id,
                    TournamentRecord.slug,
                    TournamentRecord.name,
                    TournamentRecord.version,
                    TournamentRecord.created_at,
                ).where(TournamentRecord.id == tournament_id)
            ).one_or_none()
        if row is not None:
            return TournamentSummary(*row)
    raise DomainError("UNKNOWN_TOURNAMENT", tournament_id=tournament_id)


def list_tournaments() -> list[TournamentSummary]:
    """Every tournament, newest first."""
    with db.session_scope() as session:
        records = session.exec(
            select(TournamentRecord).order_by(col(TournamentRecord.created_at).desc())
        ).all()
        return [TournamentSummary(r.id, r.slug, r.name, r.version, r.created_at) for r in records]


def tournament_ids() -> list[int]:
    """Every tournament's id (the scheduler rebuilds its jobs from these at start-up)."""
    with db.session_scope() as session:
        return list(session.exec(select(TournamentRecord.id)).all())
