"""SQLModel tables of the club's draw tables: the table (its console link, PIN and the version of
its log), its event log, the record of truth from which every hand is replayed, and snapshots of
the folded state. The log has the same columns as a tournament's, so that one store
(tdapp/storage/event_log.py) serves both."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, LargeBinary, UniqueConstraint
from sqlmodel import Field, SQLModel

from tdapp.storage.types import UTCDateTime, when


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
    created_at: datetime = when()


class DrawTableEventRecord(SQLModel, table=True):
    """One event of a draw table, in order (`seq`). Never deleted: an undone event stays,
    marked with who took it back and when."""

    __tablename__ = "draw_table_events"
    __table_args__ = (UniqueConstraint("draw_table_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    draw_table_id: int = Field(foreign_key="draw_tables.id", ondelete="CASCADE", index=True)
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


class DrawTableSnapshotRecord(SQLModel, table=True):
    """The folded state after event `seq`, so that loading replays only the events after it."""

    __tablename__ = "draw_table_snapshots"
    __table_args__ = (UniqueConstraint("draw_table_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    draw_table_id: int = Field(foreign_key="draw_tables.id", ondelete="CASCADE")
    seq: int
    format: str = Field(max_length=40)
    state: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    created_at: datetime = when()
