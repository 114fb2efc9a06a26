"""One app shared by many tests: `reset(app)` brings the process back to a fresh start between them.

Building an app for each test (`create_app`, its engine and connections, the Socket.IO server,
the first request's set-up) cost more than most tests. The tests build one per database and
process instead (tests/conftest.py `app`) and call `reset` after each, which undoes what a test
can leave in the process, so that the next test sees what an app of its own would show it.
Anything new that a module keeps in memory across requests must be forgotten here too:
tests/web/test_reset.py runs two tests that would see each other's leftovers, in both orders.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from flask import Flask
from sqlalchemy import Engine, Table, create_engine, insert, inspect, select, text
from sqlmodel import SQLModel

RECORDED = "tdapp.testing"
# What `flask_socketio.SocketIO.init_app` sets on the process's one `socketio` for an app.
_SOCKETIO_FIELDS = ("server", "server_options", "manage_session", "async_mode", "sockio_mw")


def reset(app: Flask) -> None:
    """Bring the process back to how `create_app` left `app`, on an empty database:

    - the process's database engine, Socket.IO server and scheduler settings are `app`'s again
      (a test may have built another app, run the CLI in-process or pointed the storage at
      another database);
    - a scheduler a test started is stopped, its jobs gone and its lock released;
    - every table is emptied (the brakes on logins and PINs with them) and every id counter is
      back at 1; the server's club is there (id 1, as a first account or a first command makes
      it) with the shipped templates, as after each start of the server: made through the
      services at the first call, and its rows put back as they were at the later ones;
    - what the process keeps in memory is forgotten: the folded states of tournaments, draw
      tables and leagues, the undo buttons, the log's lines described, the views sent to screens and the
      hands sent to consoles (the ids start again at 1, so none of it would be stale by its
      version alone);
    - the Socket.IO clients still connected are disconnected, so no room keeps a listener;
    - the bus has exactly the subscribers `tdapp.bootstrap` wires, in its order;
    - the config (and with it `debug` and `testing`) is the one `app` was created with, and
      the mail is written and sent as `app` says.

    The first call records `app` as it is: make it right after `create_app`.
    """
    from tdapp import bootstrap, mail, realtime, scheduler
    from tdapp.realtime import socketio
    from tdapp.services import (
        bus,
        clubs,
        database,
        draw_tables,
        journal,
        templates,
        tenancy,
        tournaments,
    )
    from tdapp.services import league as leagues
    from tdapp.storage import database as db

    recorded = app.extensions.get(RECORDED)
    if recorded is None:
        recorded = app.extensions[RECORDED] = {
            "config": dict(app.config),
            "engine": db.engine(),
            "socketio": {field: getattr(socketio, field) for field in _SOCKETIO_FIELDS},
        }
        recorded["socketio"]["server_options"] = dict(socketio.server_options)
    scheduler.shutdown()
    app.config.clear()
    app.config.update(recorded["config"])
    mail.init_app(app)
    if socketio.server is not recorded["socketio"]["server"]:
        # Another app took the process's Socket.IO server and scheduler settings.
        for field, value in recorded["socketio"].items():
            setattr(socketio, field, dict(value) if field == "server_options" else value)
        scheduler.init_app(app)
    if db.engine() is not recorded["engine"]:
        # The storage was pointed elsewhere (the other engine is disposed of): a new engine on
        # the app's database, with which the in-memory states keyed by engine start empty.
        database.open_database(app.config.get("DATABASE_URL"), app.instance_path)
        recorded["engine"] = db.engine()
    _disconnect_every_client(socketio.server)
    if "fresh start" in recorded:
        _empty_every_table(recorded["engine"], recorded["fresh start"])
    else:
        _empty_every_table(recorded["engine"], ())
        clubs.club_id_for(None)
        templates.ensure_shipped()
        recorded["fresh start"] = _rows_of_every_table(recorded["engine"])
    tournaments.forget()
    tenancy.forget()
    draw_tables.LOG.cache.clear()
    leagues.LOG.cache.clear()
    journal.forget()
    realtime.forget()
    bus.unsubscribe_all()
    bootstrap.subscribe()


def holds(app: Flask) -> bool:
    """Whether the process is still `app`'s since the last `reset`: its engine and Socket.IO
    server (a test that builds no app may still point the storage at another database)."""
    from tdapp.realtime import socketio
    from tdapp.storage import database as db

    recorded = app.extensions.get(RECORDED)
    return (recorded is not None and db.engine() is recorded["engine"]
            and socketio.server is recorded["socketio"]["server"])


def _disconnect_every_client(server: Any) -> None:
    manager = server.manager
    for namespace in list(manager.get_namespaces()):
        for sid, _ in list(manager.get_participants(namespace, None)):
            server.disconnect(sid, namespace=namespace)


@functools.cache
def _emptying_script(url: str) -> str:
    """The statements that empty every table of the database at `url`, read once per process:
    the schema does not change under a test. The rows go children first, so that no foreign key
    is in the way (the tests' PostgreSQL role, like the app's, may not turn the keys' triggers
    off); on PostgreSQL across clubs, which row-level security lets through."""
    engine = create_engine(url)
    try:
        ordered = [t for t, _ in inspect(engine).get_sorted_table_and_fkc_names()
                   if t is not None and t != "alembic_version"]
        deletes = [f'DELETE FROM "{table}"' for table in reversed(ordered)]
        if engine.dialect.name != "postgresql":
            return ";".join(["PRAGMA defer_foreign_keys=ON", *deletes])
        with engine.connect() as connection:
            sequences = connection.exec_driver_sql(
                "SELECT sequence_name FROM information_schema.sequences"
                " WHERE sequence_schema = current_schema()").scalars().all()
    finally:
        engine.dispose()
    # `setval(..., 1, false)`: the next id is 1, as `ALTER SEQUENCE ... RESTART` gives, without
    # the latter's catalogue change per sequence (14 of a reset's 15 ms here).
    restarts = ", ".join(f"setval('\"{sequence}\"', 1, false)" for sequence in sequences)
    return ";".join(["SELECT set_config('tdapp.club', '*', true)", *deletes,
                     *([f"SELECT {restarts}"] if sequences else [])])


@dataclass(frozen=True)
class _Rows:
    """The rows of one table as the fresh start left them, and the sequence of its `id` (on
    PostgreSQL), set past them again when they are put back."""

    table: Table
    rows: list[dict[str, Any]]
    sequence: str | None


def _rows_of_every_table(engine: Engine) -> tuple[_Rows, ...]:
    """The rows a fresh start made (the server's club, its shipped templates), parents first,
    to be put back after each emptying: making the club again through the services cost two
    thirds of a reset."""
    found = []
    with engine.begin() as connection:
        postgresql = engine.dialect.name == "postgresql"
        if postgresql:
            connection.exec_driver_sql("SELECT set_config('tdapp.club', '*', true)")
        for table in SQLModel.metadata.sorted_tables:
            rows = [dict(row) for row in connection.execute(select(table)).mappings()]
            if not rows:
                continue
            sequence = None
            if postgresql and "id" in table.c:
                sequence = connection.execute(
                    text("SELECT pg_get_serial_sequence(:table, 'id')"),
                    {"table": f'"{table.name}"'}).scalar()
            found.append(_Rows(table, rows, sequence))
    return tuple(found)


def _empty_every_table(engine: Engine, fresh: tuple[_Rows, ...]) -> None:
    """Every row gone and every id counter back at 1, as on a fresh database, then the rows of
    `fresh` put back with their counters past them. PostgreSQL's TRUNCATE makes new files for
    each table (0.15 to 0.6 s a time), so the rows are deleted instead and the sequences set
    back. The emptying goes in one round trip."""
    script = _emptying_script(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.exec_driver_sql(script)
        else:
            # sqlite3 runs one statement per `execute`; `executescript` would commit first.
            for statement in script.split(";"):
                connection.exec_driver_sql(statement)
        for kept in fresh:
            connection.execute(insert(kept.table), kept.rows)
            if kept.sequence is not None:
                connection.execute(text("SELECT setval(:sequence, :last)"),
                                   {"sequence": kept.sequence,
                                    "last": max(row["id"] for row in kept.rows)})
