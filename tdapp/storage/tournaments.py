"""A tournament's row and its event log.

A tournament's state is never stored as columns: it is folded from its log (`LoggedEvent`), with a
`Snapshot` now and then so that loading does not replay the whole night. Schema changes go through
Alembic migrations in `migrations/`.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field

from tdapp.storage.log_tables import EventColumns, SnapshotColumns
from tdapp.storage.tenancy import ClubOwned
from tdapp.storage.types import UTCDateTime, when


class TournamentRecord(ClubOwned, table=True):
    """A tournament's identity and its `version`, which rises with every change (undo and redo too)
    so that a client can tell a newer view from an older one."""

    __tablename__ = "tournaments"

    id: int | None = Field(default=None, primary_key=True)
    slug: str = Field(max_length=140, unique=True, index=True)
    name: str = Field(max_length=120)
    version: int = 0
    created_at: datetime = when()
    updated_at: datetime = when()
    # Archived: kept, gone from the public pages. Deleted: a tombstone, hidden everywhere, its log
    # kept; `deleted_by` keeps who did it. The row stays, so its events never lose their root.
    archived_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    archived_by: str | None = Field(default=None, max_length=120)
    deleted_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    deleted_by: str | None = Field(default=None, max_length=120)


class LoggedEvent(EventColumns, ClubOwned, table=True):
    """One event of a tournament's log (tdapp/storage/log_tables.py)."""

    __tablename__ = "tournament_events"
    __table_args__ = (UniqueConstraint("tournament_id", "seq"),)

    tournament_id: int = Field(foreign_key="tournaments.id", ondelete="CASCADE")


class Snapshot(SnapshotColumns, ClubOwned, table=True):
    """A tournament's folded state after event `seq`."""

    __tablename__ = "tournament_snapshots"
    __table_args__ = (UniqueConstraint("tournament_id", "seq"),)

    tournament_id: int = Field(foreign_key="tournaments.id", ondelete="CASCADE")
