"""SQLModel tables of the club's draw tables: the table (its console link, PIN and the version of
its log) and its event log, the record of truth from which every hand is replayed."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

from tdapp.storage.types import UTCDateTime
from tdapp.wallclock import utcnow


class DrawTableRecord(SQLModel, table=True):
    """A game table of Italian draw. `version` moves on every change (an action or an undo), so
    a process holding an older state knows to replay the log."""

    __tablename__ = "draw_tables"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120)
    token: str = Field(max_length=64, unique=True)
    pin: str = Field(max_length=8)
    league_id: int | None = Field(default=None, foreign_key="leagues.id", ondelete="SET NULL")
    version: int = 0
    created_by: str = Field(max_length=120)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class DrawTableEventRecord(SQLModel, table=True):
    """One event of a draw table, in order (`seq`). An undone event stays, marked, until the
    next action replaces it."""

    __tablename__ = "draw_table_events"
    __table_args__ = (UniqueConstraint("draw_table_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    draw_table_id: int = Field(foreign_key="draw_tables.id", ondelete="CASCADE", index=True)
    seq: int
    kind: str = Field(max_length=40)
    payload: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    actor: str = Field(max_length=120)
    at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    undone: bool = False
