"""One event-log store for every aggregate (a tournament, a draw table, any later one).

An aggregate's state is never stored as columns: it is the fold, in `seq` order, of the ACTIVE
events of its log. Events are never deleted: undo marks one undone (`deactivate`), redo marks it
active again (`reactivate`), so that an owner's own step can be taken back later (issue 12).

Each write is one transaction that first raises the aggregate row's `version` (the row claim):
SQLite takes its write lock before anything is read and PostgreSQL locks the row against other
processes. The folded state of each aggregate stays in this process's memory, so an action costs
one insert and one `apply`; when the stored version moved (another process wrote) the state is
rebuilt from the newest snapshot and the active events after it. Stored events are upcast by
their schema version (the aggregate's `from_record`) before replay.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import pickle
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from pathlib import Path
from typing import Any, Generic, TypeVar

from sqlalchemy import Connection, Engine, Executable, bindparam, delete, func, insert, update
from sqlmodel import Session, SQLModel, col, select

from tdapp.storage import database as db
from tdapp.storage import tenancy
from tdapp.storage.log_tables import EventColumns, SnapshotColumns

S = TypeVar("S")
Record = Mapping[str, Any]
"""An event as stored: {"name", "version", "payload"}."""


def pickle_format(*packages: str) -> str:
    """A snapshot's format: snapshots are pickles of the state classes, so a change to their
    code makes old snapshots unreadable in principle. The format names the source of the
    `packages` the state is made of (e.g. "tdapp.tournament") and of every module of the app they
    import, directly or not: a state holds objects of those too (a hand of the engine, its
    cards). Loading skips a snapshot of any other format and replays the log instead, from the
    start or from a newer snapshot."""
    digest = hashlib.sha256()
    for source in sorted(sources_of(*packages)):
        digest.update(source.read_bytes())
    return "pickle:" + digest.hexdigest()[:24]


APP = Path(__file__).resolve().parent.parent


def sources_of(*packages: str) -> set[Path]:
    """Every source file of `packages` and of the app's modules they import, read from the
    import statements (nothing is imported to find them)."""
    waiting = [source for package in packages for source in _files(package, whole=True)]
    found: set[Path] = set()
    while waiting:
        source = waiting.pop()
        if source not in found:
            found.add(source)
            waiting.extend(imported for name in _imports(source) for imported in _files(name))
    return found


def _files(module: str, whole: bool = False) -> list[Path]:
    """The source of an app module with its packages' `__init__.py`: a module's file, a
    package's `__init__.py` (all its files when `whole`); nothing for a name that is not the
    app's (an imported class or function)."""
    if module != "tdapp" and not module.startswith("tdapp."):
        return []
    parts = module.split(".")[1:]
    path = APP.joinpath(*parts)
    # Importing a module runs its packages' `__init__.py` first (the app's own, the factory,
    # holds no state).
    packages = [APP.joinpath(*parts[:depth], "__init__.py") for depth in range(1, len(parts))]
    if path.is_dir():
        found = sorted(path.rglob("*.py")) if whole else [path / "__init__.py"]
    else:
        found = [path.with_suffix(".py")]
    return [source for source in packages + found if source.is_file()]


@functools.cache
def _imports(source: Path) -> tuple[str, ...]:
    """The absolute module names a source file imports (`from a.b import c` may mean a.b.c),
    read once per process: the three aggregates' formats share most of their sources, and every
    process (each server, CLI run and gunicorn worker) works them out as it starts."""
    names: list[str] = []
    for node in _statements(ast.parse(source.read_text(), str(source)).body):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
            names.extend(f"{node.module}.{alias.name}" for alias in node.names)
    return tuple(names)


# The fields of a statement that hold statements: an import is a statement, so it sits in one of
# them, and the expressions (most of a module's nodes) need no visit.
_BLOCKS = ("body", "orelse", "finalbody", "handlers", "cases")


def _statements(block: list[ast.AST]) -> Iterator[ast.AST]:
    """Every statement of `block` and of the blocks nested in it (functions, classes, ifs,
    tries, loops, withs, matches), as `ast.walk` would reach them, without the expressions."""
    for node in block:
        yield node
        for name in _BLOCKS:
            yield from _statements(getattr(node, name, None) or [])


@dataclass(frozen=True)
class Aggregate(Generic[S]):
    """What the store needs to know of one kind of aggregate.

    `root` is its row (with `id` and `version`); `events` and `snapshots` its log tables (made
    from tdapp/storage/log_tables.py), keyed by the column `key`; `initial` the state before the
    first event; `apply` folds one event; `to_record`/`from_record` convert an event to and from
    its stored form, `from_record` upgrading an old schema version first; `stamp` writes the
    version into a state that carries it; `unknown` is the refusal for an id with no row;
    `state_packages` are the packages its state is made of, whose code names the format a
    snapshot was pickled in (`state_format`: another format is skipped and the log replayed
    instead); `tombstone`, a column of the root that, once set, hides the aggregate as if it had
    no row (its log stays)."""

    root: type[SQLModel]
    events: type[EventColumns]
    snapshots: type[SnapshotColumns]
    key: str
    initial: Callable[[], S]
    apply: Callable[[S, Any], S]
    to_record: Callable[[Any], Record]
    from_record: Callable[[Record], Any]
    unknown: Callable[[Any], Exception]
    state_packages: tuple[str, ...]
    stamp: Callable[[S, int], S] = field(default=lambda state, _version: state)
    tombstone: str | None = None

    @functools.cached_property
    def state_format(self) -> str:
        """`pickle_format` of the state's packages, worked out when a snapshot is first read or
        written, or as a serving process starts (`tdapp.settle_heap`): it parses the sources,
        and a process that touches none (a CLI run, a test) need not."""
        return pickle_format(*self.state_packages)

    def found(self, root_id: Any) -> Any:
        """The clause that finds the root with that id, unless a tombstone hides it."""
        clause = col(self.root.id) == root_id
        if self.tombstone is not None:
            clause = clause & col(getattr(self.root, self.tombstone)).is_(None)
        return clause

    def found_by_bind(self) -> Any:
        """`found` on the root's table with the id as the bound parameter `root_id` and the
        acting club as `acting_club`: the clause of the statements built once (`EventLog`'s) and
        run with each id. They are Core statements, which the session's club filter does not
        reach (tdapp/storage/tenancy.py): the club is named here by hand."""
        table = self.root.__table__  # type: ignore[attr-defined]
        clause = (table.c.id == bindparam("root_id")) & (table.c.club_id == bindparam("acting_club"))
        if self.tombstone is not None:
            clause = clause & table.c[self.tombstone].is_(None)
        return clause


@dataclass(frozen=True)
class Folded(Generic[S]):
    """An aggregate as this process holds it: the fold of its active events at `version`;
    `last` is the highest seq in the log (active or not), `undone` the seqs taken back, and
    `history` the states before the latest appends, for an undo without replay."""

    state: S
    version: int
    last: int
    undone: frozenset[int] = frozenset()
    history: tuple[tuple[int, S], ...] = ()

    @property
    def newest_active(self) -> int:
        """The seq of the newest active event (0 for an empty log)."""
        seq = self.last
        while seq in self.undone:
            seq -= 1
        return seq

    @property
    def redoable(self) -> tuple[int, ...]:
        """The undone events newer than every active one, oldest first."""
        newest = self.newest_active
        return tuple(sorted(seq for seq in self.undone if seq > newest))


class Cache:
    """The folded aggregates of the current engine, and one lock per aggregate: a new engine
    (another database) starts empty. A fold is kept under its club and id (the acting club's:
    `tenancy.cache_key`), so that another club asking for the same id misses it and goes to
    the database, which finds no such row in its club."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[int, threading.Lock] = {}
        self._folded: dict[tuple[int, int], Folded[Any]] = {}
        self._engine: Engine | None = None

    def _same_engine(self) -> None:
        current = db.engine()
        if current is not self._engine:
            self._folded.clear()
            self._engine = current

    @contextmanager
    def lock(self, root_id: int) -> Iterator[None]:
        with self._guard:
            lock = self._locks.setdefault(root_id, threading.Lock())
        with lock:
            yield

    def get(self, root_id: int) -> Folded[Any] | None:
        with self._guard:
            self._same_engine()
            return self._folded.get(tenancy.cache_key(root_id))

    def put(self, root_id: int, folded: Folded[Any]) -> None:
        with self._guard:
            self._same_engine()
            self._folded[tenancy.cache_key(root_id)] = folded

    def clear(self) -> None:
        """Forget every fold: the database was emptied under the same engine, and its ids
        start again at 1 (tdapp/testing.py)."""
        with self._guard:
            self._folded.clear()


class EventLog(Generic[S]):
    """The store of one kind of aggregate. `snapshot_every` bounds a reload to that many replays;
    `undo_depth` is how many states are kept for an undo without replay."""

    def __init__(self, aggregate: Aggregate[S], *, snapshot_every: int = 1000,
                 undo_depth: int = 16) -> None:
        self.aggregate = aggregate
        self.snapshot_every = snapshot_every
        self.undo_depth = undo_depth
        self.cache = Cache()

    # --- statements built once ------------------------------------------------------------
    # Every action runs these (issue 27): built per call through the ORM, they cost several
    # times their execution (the statement, its cache key, the ORM's bulk bookkeeping), and a
    # burst of every table's action waits for each of them in turn. On the tables (Core), with
    # the values as bound parameters, SQLAlchemy compiles each once.

    @cached_property
    def _claim_statement(self) -> Executable:
        table = self.aggregate.root.__table__  # type: ignore[attr-defined]
        values: dict[str, Any] = {"version": table.c.version + 1}
        if "updated_at" in table.c:
            values["updated_at"] = bindparam("now")
        return (update(table).where(self.aggregate.found_by_bind()).values(**values)
                .returning(table.c.version))

    @cached_property
    def _version_statement(self) -> Executable:
        table = self.aggregate.root.__table__  # type: ignore[attr-defined]
        return select(table.c.version).where(self.aggregate.found_by_bind())

    @cached_property
    def _append_statement(self) -> Executable:
        return insert(self.aggregate.events.__table__)  # type: ignore[attr-defined]

    # --- writing -------------------------------------------------------------------------

    @contextmanager
    def write(self, root_id: Any, now: datetime) -> Iterator[Writing[S]]:
        """One change as one transaction: the row claimed, the state loaded at the version before
        the claim; committed when the block ends, then kept in memory. An exception in the block
        rolls everything back, the version's bump included."""
        if not db.is_id(root_id):
            raise self.aggregate.unknown(root_id)
        with self.cache.lock(root_id):
            with db.session_scope() as session:
                version = self._claim(session.connection(), root_id, now)
                writing = Writing(self, session, root_id, now, version,
                                  self._load(session, root_id, version - 1))
                yield writing
            self.cache.put(root_id, writing.folded)

    def start(self, session: Session, root_id: int, event: Any, actor: str, owner: str,
              now: datetime) -> Folded[S]:
        """The first event of a new aggregate, whose row (at version 1) the caller just added in
        `session`; `keep` the result once the transaction committed."""
        empty = Folded(self.aggregate.initial(), 1, 0)
        writing = Writing(self, session, root_id, now, 1, empty)
        writing.append(event, actor, owner)
        return writing.folded

    def keep(self, root_id: int, folded: Folded[S]) -> None:
        self.cache.put(root_id, folded)

    def _claim(self, connection: Connection, root_id: int, now: datetime) -> int:
        # On the session's connection: the ORM's execution around a Core statement (its compile
        # state, its events, the transaction's bookkeeping) cost more than the statement itself.
        version = connection.execute(
            self._claim_statement,
            {"root_id": root_id, "acting_club": tenancy.acting_club(), "now": now},
        ).scalar_one_or_none()
        if version is None:
            raise self.aggregate.unknown(root_id)
        return version

    # --- reading -------------------------------------------------------------------------

    def current(self, root_id: Any, version: int | None = None) -> Folded[S]:
        """The aggregate now: from memory when this process holds the stored version (asked
        here unless the caller just read the row: `version`), else rebuilt from the database."""
        if not db.is_id(root_id):
            raise self.aggregate.unknown(root_id)
        folded = self.cache.get(root_id)
        stored = self.stored_version(root_id) if version is None else version
        if folded is not None and folded.version == stored:
            return folded
        with self.cache.lock(root_id), db.session_scope() as session:
            root = self.aggregate.root
            version = session.exec(
                select(root.version).where(self.aggregate.found(root_id))).first()
            if version is None:
                raise self.aggregate.unknown(root_id)
            folded = self._load(session, root_id, version)
            self.cache.put(root_id, folded)
            return folded

    def held(self, root_id: int) -> Folded[S] | None:
        """What this process holds, without asking the database."""
        return self.cache.get(root_id)

    def stored_version(self, root_id: int) -> int:
        """The version in the database, by a plain query: every read of a view asks it, so it
        skips the ORM's bookkeeping."""
        row = db.first_row(
            self._version_statement, {"root_id": root_id, "acting_club": tenancy.acting_club()})
        if row is None:
            raise self.aggregate.unknown(root_id)
        return row[0]

    def rows(self, session: Session, root_id: int) -> list[Any]:
        """The whole log in order, undone events included."""
        events = self.aggregate.events
        return list(session.exec(
            select(events).where(self._of(root_id)).order_by(col(events.seq))).all())

    def _of(self, root_id: int) -> Any:
        return getattr(self.aggregate.events, self.aggregate.key) == root_id

    def _load(self, session: Session, root_id: int, version: int) -> Folded[S]:
        """This process's fold if it is at `version`; else, when another process only appended
        since, this one's fold with the new events applied; else one rebuilt from the database."""
        folded = self.cache.get(root_id)
        if folded is not None and folded.version == version:
            return folded
        events = self.aggregate.events
        last = session.exec(select(func.max(events.seq)).where(self._of(root_id))).one() or 0
        undone = frozenset(session.exec(
            select(events.seq).where(self._of(root_id), col(events.undone).is_(True))).all())
        if folded is not None and folded.version < version and undone == folded.undone \
                and last - folded.last < self.snapshot_every:
            # The same events are taken back as when this process folded, so the active ones
            # are the ones it folded and those appended after: a web process whose tables take
            # turns with another's catches up by a few events, not a replay from the snapshot
            # (hosted, every table action did that replay: up to a thousand events).
            # Each statement of a reader may see a later commit than the one before (read
            # committed): only the events up to the `last` read are applied, so none is applied
            # twice, and one taken back meanwhile sends this read to the replay.
            rows = session.exec(select(events).where(
                self._of(root_id), events.seq > folded.last, events.seq <= last,
            ).order_by(col(events.seq))).all()
            if not any(row.undone for row in rows):
                state = folded.state
                for row in rows:
                    state = self.aggregate.apply(state, self.event_of(row))
                return Folded(self.aggregate.stamp(state, version), version, last, undone)
        # Up to `last` here too: a fold holding an event after its `last` would get it again.
        state = self.aggregate.stamp(self.rebuild(session, root_id, before=last + 1), version)
        return Folded(state, version, last, undone)

    def rebuild(self, session: Session, root_id: int, before: int | None = None) -> S:
        """The fold of the active events (those older than seq `before` when given: the state a
        line of the log is read against), from the newest readable snapshot and the active
        events after it. Snapshots at or after a changed event were deleted with the change, so
        a snapshot is the fold of the events active now up to its seq."""
        aggregate = self.aggregate
        events, snapshots = aggregate.events, aggregate.snapshots
        query = select(events).where(self._of(root_id), col(events.undone).is_(False))
        newest = select(snapshots).where(getattr(snapshots, aggregate.key) == root_id,
                                         snapshots.format == aggregate.state_format)
        if before is not None:
            query = query.where(events.seq < before)
            newest = newest.where(snapshots.seq < before)
        snapshot = session.exec(newest.order_by(col(snapshots.seq).desc()).limit(1)).first()
        state = aggregate.initial()
        if snapshot is not None:
            state = pickle.loads(snapshot.state)
            query = query.where(events.seq > snapshot.seq)
        for row in session.exec(query.order_by(col(events.seq))):
            state = aggregate.apply(state, self.event_of(row))
        return state

    # --- questions for undo by owner ---------------------------------------------------------

    def events_of(self, root_id: int, *, undone: bool, owner: str | None = None) -> Any:
        """The query of the aggregate's active (or undone) events, of `owner` if named."""
        events = self.aggregate.events
        query = select(events).where(self._of(root_id), col(events.undone).is_(undone))
        return query if owner is None else query.where(events.owner == owner)

    def newest_active(self, session: Session, root_id: int, owner: str | None = None
                      ) -> Any | None:
        """The newest active event, of `owner` if named."""
        query = self.events_of(root_id, undone=False, owner=owner)
        return session.exec(query.order_by(col(self.aggregate.events.seq).desc()).limit(1)).first()

    def redoable_of(self, session: Session, root_id: int, owner: str) -> Any | None:
        """The event a redo by `owner` brings back: the oldest of its undone events newer than
        its newest active one, i.e. the last its undo took back, so that redo retraces the undos
        in reverse and never applies a step without the one before it. None once the owner
        acted again."""
        events = self.aggregate.events
        active = self.newest_active(session, root_id, owner)
        query = self.events_of(root_id, undone=True, owner=owner)
        if active is not None:
            query = query.where(events.seq > active.seq)
        return session.exec(query.order_by(col(events.seq)).limit(1)).first()

    def event_of(self, row: Any) -> Any:
        """The event a stored row holds, upgraded to its class's current version."""
        return self.aggregate.from_record(
            {"name": row.name, "version": row.schema_version, "payload": row.payload})


class Writing(Generic[S]):
    """One change being written, inside its transaction: `folded` is the aggregate before it
    and, after `append`, `deactivate` or `reactivate`, after it; `session` is there for the
    service's own writes in the same transaction."""

    def __init__(self, log: EventLog[S], session: Session, root_id: int, now: datetime,
                 version: int, folded: Folded[S]) -> None:
        self._log = log
        self.session = session
        # The transaction's connection, for the statements built once (see `_claim`).
        self._connection = session.connection()
        self.root_id = root_id
        self.now = now
        self.version = version
        self.folded = folded

    @property
    def state(self) -> S:
        return self.folded.state

    def append(self, event: Any, actor: str, owner: str, *, after: S | None = None) -> S:
        """Log `event` as the newest and fold it in; `after` is the state it leads to when the
        caller already applied it (to check it), so that it is not applied twice."""
        log, folded = self._log, self.folded
        aggregate = log.aggregate
        record = aggregate.to_record(event)
        seq = folded.last + 1
        self._connection.execute(log._append_statement, {
            aggregate.key: self.root_id, "club_id": tenancy.acting_club(), "seq": seq,
            "name": record["name"],
            "schema_version": record["version"], "payload": record["payload"],
            "actor": actor[:120], "owner": owner[:80], "created_at": self.now, "undone": False,
        })
        state = aggregate.apply(folded.state, event) if after is None else after
        state = aggregate.stamp(state, self.version)
        if seq % log.snapshot_every == 0:
            self.session.execute(insert(aggregate.snapshots).values({
                aggregate.key: self.root_id, "club_id": tenancy.acting_club(), "seq": seq,
                "format": aggregate.state_format,
                "state": pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL),
                "created_at": self.now,
            }))
        self.folded = Folded(state, self.version, seq, folded.undone, self._remember())
        return state

    def deactivate(self, seq: int, by: str) -> str:
        """Take event `seq` back (it stays in the log, marked); returns its name. The newest
        active event steps back to a kept state; one further back means a replay."""
        folded = self.folded
        row = self._row(seq)
        if row.undone:
            raise ValueError(f"event {seq} is already undone")
        self._mark(seq, undone=True, undone_by=by[:120], undone_at=self.now)
        undone = folded.undone | {seq}
        history = folded.history
        previous = Folded(folded.state, folded.version, folded.last, undone).newest_active
        if seq == folded.newest_active and history and history[-1][0] == previous:
            state, history = history[-1][1], history[:-1]
        else:
            state, history = self._log.rebuild(self.session, self.root_id), ()
        self.folded = Folded(self._log.aggregate.stamp(state, self.version), self.version,
                             folded.last, undone, history)
        return row.name

    def reactivate(self, seq: int) -> str:
        """Make undone event `seq` active again, as it was decided; returns its name. One newer
        than every active event is applied on top; one in the middle means a replay."""
        folded = self.folded
        row = self._row(seq)
        if not row.undone:
            raise ValueError(f"event {seq} is active")
        self._mark(seq, undone=False, undone_by=None, undone_at=None)
        if seq > folded.newest_active:
            state = self._log.aggregate.apply(folded.state, self._log.event_of(row))
            history = self._remember()
        else:
            state, history = self._log.rebuild(self.session, self.root_id), ()
        self.folded = Folded(self._log.aggregate.stamp(state, self.version), self.version,
                             folded.last, folded.undone - {seq}, history)
        return row.name

    # --- questions for undo by owner ---------------------------------------------------------

    def newest_active(self, owner: str | None = None) -> Any | None:
        """The newest active event, of `owner` if named."""
        return self._log.newest_active(self.session, self.root_id, owner)

    def redoable_of(self, owner: str) -> Any | None:
        """The event a redo by `owner` brings back (`EventLog.redoable_of`)."""
        return self._log.redoable_of(self.session, self.root_id, owner)

    def active_after(self, seq: int) -> list[Any]:
        """The active events newer than `seq`, oldest first: what a revert of `seq` would
        reorder."""
        events = self._log.aggregate.events
        query = self._events(undone=False).where(events.seq > seq)
        return list(self.session.exec(query.order_by(col(events.seq))).all())

    # --- inside ------------------------------------------------------------------------------

    def _events(self, *, undone: bool, owner: str | None = None) -> Any:
        return self._log.events_of(self.root_id, undone=undone, owner=owner)

    def _row(self, seq: int) -> Any:
        events = self._log.aggregate.events
        row = self.session.exec(
            select(events).where(self._log._of(self.root_id), events.seq == seq)
            .execution_options(populate_existing=True)).first()
        if row is None:
            raise ValueError(f"no event {seq}")
        return row

    def _mark(self, seq: int, **values: Any) -> None:
        """Mark event `seq` and drop the snapshots at or after it, which folded it the other
        way."""
        aggregate = self._log.aggregate
        events, snapshots = aggregate.events, aggregate.snapshots
        self.session.execute(
            update(events).where(self._log._of(self.root_id), col(events.seq) == seq)
            .values(**values).execution_options(synchronize_session=False))
        self.session.execute(
            delete(snapshots).where(getattr(snapshots, aggregate.key) == self.root_id,
                                    col(snapshots.seq) >= seq))

    def _remember(self) -> tuple[tuple[int, S], ...]:
        folded = self.folded
        kept = folded.history[-(self._log.undo_depth - 1):] if self._log.undo_depth > 1 else ()
        return (*kept, (folded.newest_active, folded.state))
