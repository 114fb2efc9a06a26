"""The clock's one scheduler per database, enforced by a lock that dies with its process.

Configuration says which processes want the scheduler (`tdapp.scheduler.wanted`); this makes
sure that only one of them runs it even when two were told to: two `tdapp run` on one database,
or a web process started with `TDAPP_SCHEDULER=1` beside `tdapp scheduler`. Two owners would
announce every level end twice and enforce every decision limit twice.

On SQLite the lock is an `flock` on a file beside the database; on PostgreSQL, a session-level
advisory lock on a connection kept for the life of the process. The kernel or the database
server drops either when the process dies, however it dies, so a process left waiting takes
over within seconds of a crash and nothing has to expire.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
from typing import IO

from sqlalchemy import Connection, text

from tdapp.storage import database as db

# pg_try_advisory_lock's key: any constant the app owns; the lock is per database anyway.
ADVISORY_KEY = 0x7464617070


class Ownership:
    """This process's hold on the lock, if it has it."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._file: IO[bytes] | None = None
        self._connection: Connection | None = None
        self._held = False

    def held(self) -> bool:
        return self._held

    def try_take(self) -> bool:
        """Take the lock unless another process holds it; True once this process holds it."""
        with self._guard:
            if not self._held:
                self._held = self._take()
            return self._held

    def _take(self) -> bool:
        url = db.engine().url
        if url.get_backend_name() == "postgresql":
            return self._take_advisory()
        if url.database in (None, "", ":memory:"):
            return True  # a database of this process alone: nobody else can share it
        return self._take_file(f"{url.database}.scheduler-lock")

    def _take_file(self, path: str) -> bool:
        handle = open(path, "ab")  # noqa: SIM115 - held open for the life of the lock
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            return False
        self._file = handle
        handle.truncate(0)
        handle.write(f"{os.getpid()}\n".encode())
        handle.flush()
        return True

    def _take_advisory(self) -> bool:
        connection = db.engine().connect()
        taken = connection.execute(
            text("SELECT pg_try_advisory_lock(:key)"), {"key": ADVISORY_KEY}
        ).scalar_one()
        # The lock belongs to the session, not the transaction: end the transaction so the
        # connection does not sit idle inside one all night.
        connection.commit()
        if not taken:
            connection.close()
            return False
        self._connection = connection
        return True

    def still_held(self) -> bool:
        """Whether the lock is still this process's. A file lock cannot be lost; an advisory lock
        goes with its session when the database server restarts or ends the connection."""
        with self._guard:
            if self._connection is None:
                return self._held
            try:
                self._connection.execute(text("SELECT 1"))
                self._connection.commit()
            except Exception:  # whatever broke the session, the lock went with it
                with contextlib.suppress(Exception):
                    self._connection.invalidate()
                    self._connection.close()
                self._connection = None
                self._held = False
            return self._held

    def release(self) -> None:
        with self._guard:
            if self._file is not None:
                fcntl.flock(self._file, fcntl.LOCK_UN)
                self._file.close()
                self._file = None
            if self._connection is not None:
                # Closing returns the connection to the pool; the lock must not go with it.
                self._connection.execute(
                    text("SELECT pg_advisory_unlock(:key)"), {"key": ADVISORY_KEY}
                )
                self._connection.commit()
                self._connection.close()
                self._connection = None
            self._held = False
