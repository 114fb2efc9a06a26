"""The database engine and the one way to open a transaction.

SQLite (one file in the instance folder) is the default; `DATABASE_URL` selects PostgreSQL for a
hosted deployment. The services are the only callers of `session_scope`.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from psycopg import ClientCursor
from sqlalchemy import Engine, Row, create_engine, event, text
from sqlalchemy.engine import Compiled, Dialect, make_url
from sqlalchemy.sql import Executable
from sqlmodel import Session

from tdapp.storage import tenancy

SQLITE_BUSY_TIMEOUT_MS = 10_000
MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
WRITER = "tdapp_writer"  # the execution option session_scope's SQLite transactions carry

_engine: Engine | None = None
_writers: Engine | None = None
_engine_lock = threading.Lock()
# Whether this thread (or greenlet) is inside session_scope: an inner one reads beside the outer
# one instead of waiting for the write lock the outer one holds.
_in_transaction: ContextVar[bool] = ContextVar("tdapp_in_transaction", default=False)


def database_url(configured: str | None, instance_path: str | os.PathLike[str]) -> str:
    """The URL to use: the app's config (tests set it), else the `DATABASE_URL` environment
    variable, else SQLite in the instance folder, so that a fresh checkout runs with no setting."""
    url = configured or os.environ.get("DATABASE_URL")
    if url:
        return normalize_url(url)
    Path(instance_path).mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{Path(instance_path) / 'tdapp.sqlite3'}"


def normalize_url(url: str) -> str:
    """Hosting panels hand out `postgres://` or `postgresql://` URLs; we drive them with psycopg 3."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


def make_engine(url: str) -> Engine:
    """An engine with SQLite's pragmas set on every pooled connection, not just the first."""
    if make_url(url).get_backend_name() != "sqlite":
        engine = create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)
        event.listen(engine, "begin", tenancy.tell_postgresql)
        return engine
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})
    event.listen(engine, "connect", _prepare_sqlite_connection)
    event.listen(engine, "begin", _begin_sqlite_transaction)
    return engine


def _prepare_sqlite_connection(dbapi_connection, _record) -> None:
    # Python 3.11's sqlite3 opens transactions on its own and breaks SAVEPOINT; SQLAlchemy's SQLite
    # documentation fixes it by turning that off here and emitting BEGIN in the "begin" hook.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _begin_sqlite_transaction(connection) -> None:
    # A service's transaction takes the write lock at the start (IMMEDIATE), waiting out another
    # writer for busy_timeout. With a plain BEGIN it reads first and asks for the lock at its
    # first write; if another process wrote meanwhile, WAL answers "database is locked" at once,
    # without waiting: create_tournament choosing a free slug failed that way beside a second
    # web process. Plain reads (health, brakes' waits) stay deferred and never wait.
    immediate = connection.get_execution_options().get(WRITER, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def configure(url: str) -> Engine:
    """Point the process at a database; the previous engine (a test's, say) is disposed of, and
    what was cached for it (the services key their in-memory states by engine) goes with it."""
    global _engine, _writers
    with _engine_lock:
        if _engine is not None:
            _engine.dispose()
        _engine = make_engine(url)
        _writers = _engine.execution_options(**{WRITER: True})
        return _engine


def engine() -> Engine:
    """The configured engine; `create_app` configures it."""
    if _engine is None:
        raise RuntimeError("the database is not configured: call tdapp.storage.database.configure(url) first")
    return _engine


MAX_ID = 2**31 - 1  # an INTEGER primary key on PostgreSQL; a larger number names no row anywhere


def is_id(value: object) -> bool:
    """Whether `value` can name a row: an int (not a bool) a database column can hold, so that a
    URL with a 30-digit id is an unknown id, not a database error."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_ID


@contextmanager
def session_scope() -> Iterator[Session]:
    """One transaction: committed when the block ends normally, rolled back on any exception.
    On SQLite it holds the write lock from the start; one opened inside another (a service
    asking another for a fact) only reads, and waits for the lock if it writes."""
    outermost = not _in_transaction.get()
    bind = _writers if outermost and _writers is not None else engine()
    marker = _in_transaction.set(True)
    try:
        with Session(bind, expire_on_commit=False) as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise
    finally:
        _in_transaction.reset(marker)


def first_row(statement: Executable, parameters: dict[str, object]) -> Row | tuple | None:
    """The first row of one read outside any transaction, inside the acting club (`tenancy`).

    The hottest reads of all (a bearer token's staff member, the version a view or a console's
    access is checked against, a brake's lockout before a guarded attempt) are one statement
    each. On PostgreSQL a transaction of its own would cost four round trips (BEGIN, the
    club's `set_config`, the statement, ROLLBACK), each some 0.1 ms of the web process's CPU. Here the club's setting and the statement go as
    one simple query: PostgreSQL runs a query of several statements as one implicit
    transaction, so the setting (`is_local`) holds for the statement and ends with it. The
    values are bound by psycopg on the client side, as the simple query protocol requires; the
    columns come back as the driver reads them (no SQLAlchemy type processing: numbers, text
    and times only)."""
    bound = engine()
    if bound.dialect.name != "postgresql":
        with bound.connect() as connection:
            return connection.execute(statement, parameters).first()
    compiled = _compiled(statement, bound.dialect)
    values = {**compiled.construct_params(parameters), tenancy.CLUB_PARAMETER: tenancy.setting()}
    with bound.connect() as connection:
        # Autocommit: psycopg sends no BEGIN before the query; the pool puts the mode back.
        connection.execution_options(isolation_level="AUTOCOMMIT")
        driver = connection.connection.dbapi_connection
        with ClientCursor(driver) as cursor:
            cursor.execute(f"{tenancy.SET_CLUB}; {compiled.string}", values)  # type: ignore[arg-type]
            cursor.nextset()
            return cursor.fetchone()


@functools.cache
def _compiled(statement: Executable, dialect: Dialect) -> Compiled:
    """`statement` compiled once: the hot reads are statements built once, at import. Values
    SQLAlchemy renders only at execution (an expanding IN) would reach PostgreSQL unrendered."""
    compiled = statement.compile(dialect=dialect)  # type: ignore[attr-defined]
    if "__[POSTCOMPILE_" in compiled.string:
        raise ValueError("first_row takes statements whose values are plain bound parameters")
    return compiled


def alembic_config() -> Config:
    """Alembic's settings, built in code: no alembic.ini to keep in step with the app's URL."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine().url.render_as_string(hide_password=False))
    return config


# pg_advisory_lock's key for migrations: `tdapp db upgrade` run twice at once (two hosts'
# deploy scripts, or a club's two `tdapp run`) must migrate one after the other, never together.
MIGRATION_LOCK_KEY = 0x7464617070_6D67


@contextmanager
def migration_lock() -> Iterator[None]:
    """Hold the database's migration lock for the block (PostgreSQL; SQLite serialises writers
    by itself): a second caller waits, then finds nothing left to do."""
    if engine().dialect.name != "postgresql":
        yield
        return
    with engine().connect() as connection:
        connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
        connection.commit()
        try:
            yield
        finally:
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK_KEY})
            connection.commit()


def upgrade(revision: str = "heads") -> None:
    """Bring the schema to the newest migration, through the app's engine (and its pragmas)."""
    _migrate(command.upgrade, revision)


def downgrade(revision: str) -> None:
    """Take the schema back to `revision` (the tests of a migration's way back)."""
    _migrate(command.downgrade, revision)


def _migrate(step: Callable[[Config, str], None], revision: str) -> None:
    """Run Alembic's `step` in one transaction. On SQLite the foreign keys are off meanwhile,
    as Alembic's batch mode needs: a batch rebuilds a table by copying it and dropping the old
    one, and with the keys on, dropping the tournaments would delete their logs by ON DELETE
    CASCADE. They are checked before the commit and on again after."""
    config = alembic_config()
    with engine().connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:  # outside any transaction, where SQLite honours it
            connection.connection.driver_connection.execute("PRAGMA foreign_keys=OFF")
        try:
            with connection.begin():
                config.attributes["connection"] = connection
                step(config, revision)
                if sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
                    if broken:
                        raise RuntimeError(f"the migration broke foreign keys: {broken[:5]}")
        finally:
            if sqlite:
                connection.connection.driver_connection.execute("PRAGMA foreign_keys=ON")


def pending_migrations() -> list[str]:
    """The migrations this code has that the database has not applied (empty when current)."""
    heads = set(ScriptDirectory.from_config(alembic_config()).get_heads())
    with engine().connect() as connection:
        applied = set(MigrationContext.configure(connection).get_current_heads())
    return sorted(heads - applied)


def known_revisions() -> set[str]:
    """Every revision this code's migrations know: a file written at another one (a newer
    tdapp's) cannot be read here."""
    return {script.revision for script in ScriptDirectory.from_config(alembic_config()).walk_revisions()}


def new_revision(message: str) -> None:
    """Write a migration for what the models changed since the newest one (run on a database that
    has every migration applied)."""
    config = alembic_config()
    with engine().begin() as connection:
        config.attributes["connection"] = connection
        command.revision(config, message=message, autogenerate=True)
