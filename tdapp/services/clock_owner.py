"""The scheduler owner's marks in the database: its heartbeat, read by every process's
`/readyz`, and the level ends it announced, so that none is lost in a takeover or sent twice."""

from __future__ import annotations

import os
import socket
from datetime import timedelta

from tdapp.storage import scheduling
from tdapp.storage.database import session_scope

# An owner beats every two seconds; one silent for this long is taken for dead.
OWNER_SILENCE = timedelta(seconds=10)


def beat() -> None:
    """The owner says it is alive."""
    with session_scope() as session:
        scheduling.beat(session, os.getpid(), socket.gethostname())


def owner_alive() -> dict[str, object] | None:
    """The owner that beat within `OWNER_SILENCE`: its pid, host and last beat; None if none."""
    with session_scope() as session:
        row = scheduling.owner_alive(session, OWNER_SILENCE)
        if row is None:
            return None
        return {"pid": row.pid, "host": row.host, "beat_at": row.beat_at.isoformat()}


def last_announced(tournament_id: int) -> int | None:
    """The latest level end (Unix ms) announced for the tournament, if any."""
    with session_scope() as session:
        return scheduling.last_announced(session, tournament_id)


def claim_level_end(tournament_id: int, due_ms: int) -> bool:
    """True for the one caller that may announce the level end at `due_ms`."""
    with session_scope() as session:
        return scheduling.claim_level_end(session, tournament_id, due_ms)
