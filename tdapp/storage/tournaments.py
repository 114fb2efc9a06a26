"""A tournament's row and its event log.

A tournament's state is never stored as columns: it is folded from its log (`LoggedEvent`), with a
`Snapshot` now and then so that loading does not replay the whole night. Schema changes go through
Alembic migrations in `migrations/`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, LargeBinary, UniqueConstraint
from sqlmodel import Field, SQLModel

from tdapp.storage.types import UTCDateTime, when


class TournamentRecord(SQLModel, table=True):
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


class LoggedEvent(SQLModel, table=True):
    """One event of a tournament's log, in order (`seq`). Events are never deleted: an undone one
    stays, marked, and the state is the fold of the active ones (tdapp/storage/event_log.py).
    `owner` is the place that acted ("ddt", "table:3", "clock"), for undo by owner;
    `schema_version` lets an old event be upgraded before replay."""

    __tablename__ = "tournament_events"
    __table_args__ = (UniqueConstraint("tournament_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournaments.id", ondelete="CASCADE")
    seq: int
    name: str = Field(max_length=80)
    schema_version: int = 1
    payload: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    actor: str = Field(max_length=120)
    owner: str = Field(default="ddt", max_length=80)
    created_at: datetime = when()
    undone: bool = False
    undone_by: str | None = Field(default=None, max_length=120)
    undone_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class Snapshot(SQLModel, table=True):
    """The folded state after event `seq`, so that loading replays only the events after it."""

    __tablename__ = "tournament_snapshots"
    __table_args__ = (UniqueConstraint("tournament_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournaments.id", ondelete="CASCADE")
    seq: int
    format: str = Field(max_length=40)
    state: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    created_at: datetime = when()
