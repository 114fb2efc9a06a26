"""tdapp: tournament-director software for Texas Hold'em and the club's Italian draw games."""

from __future__ import annotations

import gc
import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def _secret_key(app: Flask) -> str:
    """The key that signs session cookies: made once per installation and kept in the instance
    folder, so that it is never a known default and logins survive a restart. Several processes
    behind one address share it through `SECRET_KEY`."""
    path = Path(app.instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _await_schema() -> None:
    """A process that does not migrate (a hosted web process, the scheduler) serves nothing on a
    schema older than its code: it says so in one line and waits for `tdapp db upgrade`, for
    `TDAPP_SCHEMA_WAIT` seconds (default 300), then exits with one line, never a traceback."""
    import logging
    import time

    from tdapp.services import database

    pending = database.pending_migrations()
    if not pending:
        return
    missing = ", ".join(pending)
    logging.getLogger(__name__).warning(
        "the database lacks migrations %s: waiting for `tdapp db upgrade`", missing
    )
    deadline = time.monotonic() + float(os.environ.get("TDAPP_SCHEMA_WAIT", "300"))
    while pending:
        if time.monotonic() > deadline:
            raise SystemExit(f"tdapp: the database lacks migrations {missing}: run `tdapp db upgrade`")
        time.sleep(1)
        pending = database.pending_migrations()


def settle_heap() -> None:
    """A serving process's step once its app is loaded (never a test's, whose apps come and go):
    the start-up's objects (modules, the app, the database's metadata, some hundreds of thousands)
    stay for the life of the process, so the collector stops walking them. Each full collection
    otherwise walked them all: a pause of tens of milliseconds, hundreds on a loaded machine, for
    every table acting at that moment (issue 27, docs/realtime.md).

    The snapshots' formats are worked out first, and frozen with the rest: worked out lazily,
    the first snapshot a process wrote (a tournament's 1,000th event) parsed the state's sources
    inside that change's turn, some 200 ms that every table of the night waited for."""
    from tdapp.services import draw_tables, league, tournament_log

    for log in (tournament_log.LOG, draw_tables.LOG, league.LOG):
        log.aggregate.state_format  # noqa: B018 (a cached property, worked out here)
    gc.collect()
    gc.freeze()


def _known_zone(zone: str) -> str:
    """`zone` if the tz database knows it; else the server stops with one clear line."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise SystemExit(f"TDAPP_TIMEZONE={zone!r} is not a time zone (like Europe/Rome)") from None
    return zone


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the application; tests pass `config` to point it at their own database."""
    # Imported here, not above: `tdapp run` must patch for gevent before Flask pulls in
    # threading, socket and ssl (tdapp/cli.py).
    from flask import Flask

    from tdapp import logging_setup

    logging_setup.configure()
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder="../templates",
        static_folder="../static",
    )
    app.config.from_mapping(SECRET_KEY=os.environ.get("SECRET_KEY") or _secret_key(app))
    # No request of any page or API call comes near this; a larger one is refused (413) unread.
    app.config.from_mapping(MAX_CONTENT_LENGTH=4 * 1024 * 1024)
    # Only an answer that changed the session sends its cookie. A browser's requests overlap (the
    # favicon of the page just left is still on its way when the DdT presses `z`): an answer
    # sending back, unchanged, the cookie it came with can land after the undo's and lose the
    # "Undone: ..." the undo put there. A login lasts 31 days from the session's last change.
    app.config.from_mapping(SESSION_REFRESH_EACH_REQUEST=False)
    # The room's time zone: Europe/Rome unless TDAPP_TIMEZONE names another (a club abroad); the
    # league's timetable ("the giri by 23:15") and every time shown are read in it.
    zone = os.environ.get("TDAPP_TIMEZONE", "").strip()
    if zone:
        app.config["TIMEZONE"] = _known_zone(zone)
    if config:
        app.config.from_mapping(config)

    from tdapp.services import database

    database.open_database(app.config.get("DATABASE_URL"), app.instance_path)
    if database.migrates_at_start(app.config.get("MIGRATE_ON_START")):
        database.upgrade()
    elif app.config.get("AWAIT_SCHEMA", True):
        _await_schema()

    from tdapp.web import acting_club, api, errors, numbers, roles, static_files

    static_files.init_app(app)
    errors.init_app(app)
    numbers.init_app(app)
    roles.init_app(app)
    acting_club.init_app(app)
    api.register(app)

    from tdapp.web import api_docs

    api_docs.init_app(app)

    from tdapp.web import home

    app.register_blueprint(home.bp)

    from tdapp import i18n
    from tdapp.web import auth, csrf, td

    i18n.init_app(app)
    csrf.init_app(app)
    app.register_blueprint(auth.bp)
    td.register(app)

    from tdapp.web import (
        display,
        draw_console,
        games_help,
        health,
        invitation,
        league,
        league_night,
        player,
        signup,
        table,
    )

    # Pages by audience; every JSON endpoint was registered above by `api.register`.
    for pages in (display, player, signup, table, draw_console, league, league_night, games_help,
                  invitation):
        app.register_blueprint(pages.bp)
    app.register_blueprint(health.bp)

    from tdapp import bootstrap

    bootstrap.wire(app)

    from tdapp.web import proxies

    proxies.init_app(app)
    return app
