"""The database as the adapters (the app factory, the CLI, the scheduler) reach it: which one,
its schema, and the scheduler's lock. The adapters never import `tdapp.storage` themselves."""

from __future__ import annotations

import os

from tdapp.storage import database
from tdapp.storage.ownership import Ownership


def open_database(configured: str | None, instance_path: str | os.PathLike[str]) -> str:
    """Point this process at the configured database (SQLite in the instance folder by
    default); returns its URL."""
    url = database.database_url(configured, instance_path)
    database.configure(url)
    return url


def upgrade() -> None:
    """Bring the schema to the newest migration and give a new database the shipped structure
    templates, under the migration lock: several processes or hosts doing it at once take
    turns, and the later ones find nothing to do."""
    from tdapp.services import templates

    with database.migration_lock():
        database.upgrade()
        templates.ensure_shipped()


def new_revision(message: str) -> None:
    """Write a migration for what the tables changed since the newest one."""
    database.upgrade()
    database.new_revision(message)


def scheduler_lock() -> Ownership:
    """A handle on the one-scheduler-per-database lock (not yet taken)."""
    return Ownership()


def pending_migrations() -> list[str]:
    """The migrations not yet applied to the database: a hosted web process serves none of its
    pages until `tdapp db upgrade` has run them."""
    return database.pending_migrations()


def migrates_at_start(configured: bool | None) -> bool:
    """Whether this process brings the schema up to date as it starts. The club's one process on
    SQLite does (`tdapp run` needs no other step); a hosted web process does not, its schema
    being `tdapp db upgrade`'s job: the app's `MIGRATE_ON_START`, else the environment's
    `TDAPP_MIGRATE_ON_START` (deploy/gunicorn.conf.py sets it to 0), else yes."""
    if configured is not None:
        return bool(configured)
    return os.environ.get("TDAPP_MIGRATE_ON_START", "1").lower() in ("1", "true", "on", "yes")
