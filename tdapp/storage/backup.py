"""A consistent copy of every table the migrations made, as JSON lines, and its load into an
empty database of either backend.

The file: a header line `{"format": "tdapp-backup", "version": 1, "revision": [...], ...}`, then
for each table (parents before children) a line `{"table": name, "columns": [...],
"kinds": [...]}` followed by one JSON array per row. JSON lines, not one document, so that a
season of logs streams through in constant memory on both sides; arrays, not objects, so that a
row costs its values only. Values are JSON's own (integers stay integers: chips and cents),
except times (ISO 8601 in UTC, kind "datetime") and bytes (base64, kind "binary").
"""

from __future__ import annotations

import base64
import importlib
import json
import pkgutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import IO, Any

from sqlalchemy import Connection, Engine, MetaData, Select, Table, func, select, text, types
from sqlmodel import SQLModel

import tdapp.storage
from tdapp.storage import database

FORMAT = "tdapp-backup"
VERSION = 1
BATCH = 500


class NotABackup(ValueError):
    """The file is not a backup this code can read."""


def _migrated_table_names() -> set[str]:
    """The tables the migrations make: every table model of tdapp.storage (importing each module
    puts its tables on SQLModel's metadata). APScheduler's or anyone else's tables stay out."""
    for module in pkgutil.iter_modules(tdapp.storage.__path__):
        importlib.import_module(f"tdapp.storage.{module.name}")
    return set(SQLModel.metadata.tables)


def tables(connection: Connection) -> list[Table]:
    """The database's own tables as they are (reflected), parents before children."""
    reflected = MetaData()
    present = set(connection.dialect.get_table_names(connection))
    reflected.reflect(bind=connection, only=sorted(present & _migrated_table_names()))
    return list(reflected.sorted_tables)


def _kind(column_type: types.TypeEngine) -> str:
    if isinstance(column_type, types.DateTime):
        return "datetime"
    if isinstance(column_type, types.Date):
        return "date"
    if isinstance(column_type, types.LargeBinary):
        return "binary"
    return "plain"


def _encode(kind: str, value: Any) -> Any:
    if value is None or kind == "plain":
        return value
    if kind == "datetime":  # SQLite keeps no zone: what it holds is UTC
        aware = value if value.tzinfo else value.replace(tzinfo=UTC)
        return aware.astimezone(UTC).isoformat()
    if kind == "date":
        return value.isoformat()
    return base64.b64encode(bytes(value)).decode()


def _decode(kind: str, value: Any, dialect: str) -> Any:
    if value is None or kind == "plain":
        return value
    if kind == "datetime":
        moment = datetime.fromisoformat(value).astimezone(UTC)
        return moment.replace(tzinfo=None) if dialect == "sqlite" else moment
    if kind == "date":
        return date.fromisoformat(value)
    return base64.b64decode(value)


@contextmanager
def _snapshot(engine: Engine) -> Iterator[Connection]:
    """A connection that sees one instant of a database others may be writing to. SQLite: a copy
    made with its online backup API, page by page, which restarts if a writer changes a page
    underneath. PostgreSQL: one REPEATABLE READ, read-only transaction reading every table."""
    if engine.dialect.name == "sqlite":
        # Beside the database, where there is room for its size (a tmpfs /tmp may have none).
        beside = Path(engine.url.database or ".").resolve().parent
        with tempfile.TemporaryDirectory(dir=beside, prefix=".tdapp-backup-") as folder:
            copy_path = Path(folder) / "copy.sqlite3"
            source = engine.raw_connection()
            try:
                with sqlite3.connect(copy_path) as copy:
                    source.driver_connection.backup(copy)
                copy.close()
            finally:
                source.close()
            copy_engine = database.make_engine(f"sqlite:///{copy_path}")
            try:
                with copy_engine.connect() as connection:
                    yield connection
            finally:
                copy_engine.dispose()
        return
    with one_instant(engine) as connection:
        yield connection


@contextmanager
def one_instant(engine: Engine) -> Iterator[Connection]:
    """A connection whose reads all see the same instant, writers going on meanwhile: one
    transaction, REPEATABLE READ and read-only on PostgreSQL; on SQLite (in WAL mode) a read
    transaction keeps the snapshot its first read took. A whole backup of SQLite copies the
    file instead (`_snapshot`), so as not to hold the WAL for as long as it takes."""
    connection = engine.connect()
    if engine.dialect.name == "postgresql":
        connection = connection.execution_options(isolation_level="REPEATABLE READ")
    with connection, connection.begin():
        if engine.dialect.name == "postgresql":
            connection.exec_driver_sql("SET TRANSACTION READ ONLY")
        yield connection


def schema_revisions(connection: Connection) -> list[str]:
    """The Alembic revisions the schema is at (none for a database without a schema)."""
    if not connection.dialect.has_table(connection, "alembic_version"):
        return []
    return sorted(connection.execute(text("SELECT version_num FROM alembic_version")).scalars())


def current_revisions(engine: Engine) -> list[str]:
    with engine.connect() as connection:
        return schema_revisions(connection)


def write(engine: Engine, out: IO[str], created_at: datetime) -> dict[str, int]:
    """Write the backup of the database behind `engine`; returns the rows written per table."""
    counts: dict[str, int] = {}
    with _snapshot(engine) as connection:
        header = {
            "format": FORMAT,
            "version": VERSION,
            "revision": schema_revisions(connection),
            "backend": engine.dialect.name,
            "created_at": created_at.astimezone(UTC).isoformat(),
        }
        out.write(json.dumps(header) + "\n")
        for table in tables(connection):
            counts[table.name] = write_table(connection, out, table, select(table))
    return counts


def write_table(connection: Connection, out: IO[str], table: Table, rows: Select) -> int:
    """Write `table`'s line and then the `rows` chosen of it (all its columns), in the order of
    their primary key; returns how many. A club's export writes its own rows of each table
    this way too (tdapp/storage/club_files.py)."""
    kinds = [_kind(column.type) for column in table.columns]
    names = [column.name for column in table.columns]
    out.write(json.dumps({"table": table.name, "columns": names, "kinds": kinds}) + "\n")
    count = 0
    for row in connection.execute(rows.order_by(*table.primary_key.columns)):
        values = [_encode(kind, value) for kind, value in zip(kinds, row, strict=True)]
        out.write(json.dumps(values, ensure_ascii=False) + "\n")
        count += 1
    return count


def read_header(lines: IO[str]) -> dict[str, Any]:
    """The backup's header, or NotABackup for any other file."""
    try:
        header = json.loads(lines.readline())
    except (json.JSONDecodeError, UnicodeDecodeError):
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise NotABackup("not a tdapp backup")
    if header.get("version") != VERSION or not isinstance(header.get("revision"), list):
        raise NotABackup(f"a tdapp backup of format version {header.get('version')!r}")
    return header


def holds_rows(engine: Engine) -> bool:
    """Whether any table of the database (its schema version aside) holds a row."""
    with engine.connect() as connection:
        return any(
            connection.execute(text(f'SELECT 1 FROM "{name}" LIMIT 1')).first() is not None
            for name in connection.dialect.get_table_names(connection)
            if name != "alembic_version"
        )


def load(engine: Engine, lines: IO[str]) -> dict[str, int]:
    """Load the tables of a backup (after its header) into a database whose schema is at the
    backup's revision and that holds no row; one transaction, so a broken file loads nothing."""
    counts: dict[str, int] = {}
    with engine.begin() as connection:
        present = {table.name: table for table in tables(connection)}
        for table, batch in batches(lines, present, engine.dialect.name):
            counts[table.name] = counts.get(table.name, 0) + len(batch)
            if batch:
                connection.execute(table.insert(), batch)
        if engine.dialect.name == "postgresql":
            _restart_sequences(connection, list(present.values()))
    return counts


def batches(lines: IO[str], present: dict[str, Table], dialect: str,
            size: int = BATCH) -> Iterator[tuple[Table, list[dict[str, Any]]]]:
    """The rows of the file's tables (after its header), decoded for `dialect`: each table with
    an empty batch first (so that a table with no row is seen too), then its rows at most `size`
    at a time. `present` names the tables a line may open; any other line than a table's or a
    row of it is refused (NotABackup). A club's import reads its file this way too."""
    table: Table | None = None
    columns: list[str] = []
    kinds: list[str] = []
    batch: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=2):
        try:
            item = json.loads(line)
        except json.JSONDecodeError:
            raise NotABackup(f"line {number} is not JSON") from None
        if isinstance(item, dict) and "table" in item:
            if table is not None and batch:
                yield table, batch
            table = present.get(item["table"])
            if table is None:
                raise NotABackup(f"line {number}: no table {item['table']!r} here")
            columns, kinds, batch = item["columns"], item["kinds"], []
            yield table, []
            continue
        if table is None or not isinstance(item, list) or len(item) != len(columns):
            raise NotABackup(f"line {number} is not a row of a table")
        batch.append({name: _decode(kind, value, dialect)
                      for name, kind, value in zip(columns, kinds, item, strict=True)})
        if len(batch) >= size:
            yield table, batch
            batch = []
    if table is not None and batch:
        yield table, batch


def _restart_sequences(connection: Connection, tables: list[Table]) -> None:
    """Rows came with their ids: each id sequence must continue after the largest one loaded,
    or the next insert would collide with a restored row."""
    for table in tables:
        for column in table.primary_key.columns:
            sequence = connection.execute(
                text("SELECT pg_get_serial_sequence(:table, :column)"),
                {"table": f'"{table.name}"', "column": column.name},
            ).scalar()
            if sequence is None:
                continue
            largest = connection.execute(select(func.max(column))).scalar()
            connection.execute(
                text("SELECT setval(:sequence, :value, :called)"),
                {"sequence": sequence, "value": largest or 1, "called": largest is not None},
            )
