"""One log line per event, the same shape in every process: when (UTC), how bad, which process
(its pid and role: web, scheduler or cli), which tournament (or "-"), who wrote it, and what.

    2026-12-03T21:04:05.123Z WARNING 4211/web tournament=- tdapp.services.accounts: login ...

Modules log with `logging.getLogger(__name__)` as usual; a line about one tournament says so with
`extra={"tournament": tournament_id}`. `TDAPP_LOG_LEVEL`
(environment) sets the level, INFO by default. The format is put on the root logger's handler, so
the libraries' lines (APScheduler, Engine.IO) come out the same way.
"""

from __future__ import annotations

import logging
import os
import sys
import time

FORMAT = (
    "%(asctime)s %(levelname)s %(process)d/%(role)s tournament=%(tournament)s %(name)s: %(message)s"
)

_role = "web"


class _Context(logging.Filter):
    """Gives every line the process's role and a tournament, "-" when it names none."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.role = _role
        if not hasattr(record, "tournament"):
            record.tournament = "-"
        return True


class _Formatter(logging.Formatter):
    converter = time.gmtime
    default_time_format = "%Y-%m-%dT%H:%M:%S"
    default_msec_format = "%s.%03dZ"


class _OurHandler(logging.StreamHandler):
    """Ours, told apart from handlers others put on the root logger, so that a second set-up
    (every `create_app` calls it; tests build many apps) replaces it instead of doubling lines."""


def configure(role: str | None = None) -> None:
    """Set the line format on the root logger; `role` names the process (the CLI says which before
    it builds the app; the factory keeps what was said, "web" by default)."""
    global _role
    if role is not None:
        _role = role
    root = logging.getLogger()
    for handler in [h for h in root.handlers if isinstance(h, _OurHandler)]:
        root.removeHandler(handler)
    handler = _OurHandler(sys.stderr)
    handler.setFormatter(_Formatter(FORMAT))
    handler.addFilter(_Context())
    root.addHandler(handler)
    level = os.environ.get("TDAPP_LOG_LEVEL", "INFO").upper()
    root.setLevel(level)
    # APScheduler tells at INFO of every job it adds, replaces, runs and removes: a table's
    # decision job moves at each of its actions, so that was a line per action of every table,
    # and its cost in each (issue 27). Its warnings and errors stay; DEBUG shows it all.
    logging.getLogger("apscheduler").setLevel(
        logging.DEBUG if level == "DEBUG" else max(logging.WARNING, root.level))
