"""Backup and restore of a whole database, across backends: `tdapp backup FILE` while the club
plays, `tdapp restore FILE` into a new, empty database (SQLite or PostgreSQL, either way round).

A restore brings the empty database's schema to the backup's own revision through the
migrations, loads the rows at that revision, then runs the migrations that came after it: data
migrations see their rows, and an old backup restores into a newer tdapp.
"""

from __future__ import annotations

import logging
from pathlib import Path

from alembic.util import CommandError

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.storage import backup as files
from tdapp.storage import database as db
from tdapp.wallclock import utcnow

log = logging.getLogger(__name__)

register_messages(
    {
        "NOT_A_BACKUP": "%(path)s is not a tdapp backup: %(reason)s.",
        "FILE_UNREADABLE": "%(path)s cannot be read: %(reason)s.",
        "RESTORE_NOT_EMPTY": "The database already holds data: restore only into a new, empty database.",
        "RESTORE_OTHER_SCHEMA": "The database's schema is at %(found)s, the backup's at %(revision)s: restore into a new database with no tables.",
        "BACKUP_SCHEMA_UNKNOWN": "The backup's schema (%(revision)s) is unknown to this version of tdapp: restore it with the version that made it or a newer one.",
    }
)


def backup(path: str | Path) -> dict[str, int]:
    """Write a consistent copy of the configured database to `path`; the rows per table."""
    target = Path(path)
    try:
        with target.open("w", encoding="utf-8") as out:
            counts = files.write(db.engine(), out, utcnow())
    except OSError as failed:
        raise DomainError("FILE_UNREADABLE", path=str(path), reason=failed.strerror) from None
    log.info("backup written to %s: %s rows", target, sum(counts.values()))
    return counts


def restore(path: str | Path) -> dict[str, int]:
    """Load the backup at `path` into the configured database, which must hold no row; refused
    (and nothing written) for another kind of file or a database with data."""
    try:
        with Path(path).open(encoding="utf-8") as lines:
            try:
                header = files.read_header(lines)
            except files.NotABackup as refused:
                raise DomainError("NOT_A_BACKUP", path=str(path), reason=str(refused)) from None
            if files.holds_rows(db.engine()):
                raise DomainError("RESTORE_NOT_EMPTY")
            # The migrations can only bring a schema forward: rows of an older backup would land
            # in a newer schema without the data migrations in between.
            found = files.current_revisions(db.engine())
            if found and found != header["revision"]:
                raise DomainError(
                    "RESTORE_OTHER_SCHEMA",
                    found=", ".join(found),
                    revision=", ".join(header["revision"]) or "-",
                )
            for revision in header["revision"]:
                try:
                    db.upgrade(revision)
                except CommandError:
                    raise DomainError(
                        "BACKUP_SCHEMA_UNKNOWN", revision=", ".join(header["revision"])
                    ) from None
            try:
                counts = files.load(db.engine(), lines)
            except (files.NotABackup, KeyError, TypeError, ValueError) as refused:
                raise DomainError("NOT_A_BACKUP", path=str(path), reason=str(refused)) from None
    except OSError as failed:
        raise DomainError("FILE_UNREADABLE", path=str(path), reason=failed.strerror) from None
    except UnicodeDecodeError:
        raise DomainError("NOT_A_BACKUP", path=str(path), reason="not text") from None
    db.upgrade()
    log.info("backup %s restored: %s rows", path, sum(counts.values()))
    return counts
