"""The columns of an aggregate's event log and of its snapshots, defined once: each aggregate
(a tournament, a draw table, a league) makes its two tables from these, adding only its table
names and the column that points at its row, so that one store (tdapp/storage/event_log.py)
reads and writes them all alike.

These are plain SQLModel bases, not tables: SQLModel copies their fields into each table. A
column given as `sa_column` would be one Column object shared by every table (SQLAlchemy
refuses a second table for it), so the JSON and binary columns name their type instead.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, LargeBinary
from sqlmodel import Field, SQLModel

from tdapp.storage.types import UTCDateTime, when


class EventColumns(SQLModel):
    """One event of an aggregate's log, in order (`seq`). Events are never deleted: an undone one
    stays, marked with who took it back and when, and the state is the fold of the active ones.
    `owner` is the place that acted ("ddt", "table:3", "clock"), for undo by owner;
    `schema_version` lets an old event be upgraded before replay."""

    id: int | None = Field(default=None, primary_key=True)
    seq: int
    name: str = Field(max_length=80)
    schema_version: int = 1
    payload: dict[str, Any] = Field(sa_type=JSON, nullable=False)
    actor: str = Field(max_length=120)
    owner: str = Field(default="ddt", max_length=80)
    created_at: datetime = when()
    undone: bool = False
    undone_by: str | None = Field(default=None, max_length=120)
    undone_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class SnapshotColumns(SQLModel):
    """The folded state after event `seq`, pickled in `format` (a fingerprint of the code it was
    pickled from), so that loading replays only the events after it."""

    id: int | None = Field(default=None, primary_key=True)
    seq: int
    format: str = Field(max_length=40)
    state: bytes = Field(sa_type=LargeBinary, nullable=False)
    created_at: datetime = when()
