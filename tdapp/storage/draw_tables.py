"""SQLModel tables of the club's draw tables: the table (its console link, PIN and the version of
its log), its event log, the record of truth from which every hand is replayed, and snapshots of
the folded state. The log has the same columns as a tournament's, so that one store
(tdapp/storage/event_log.py) serves both."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field

from tdapp.storage.log_tables import EventColumns, SnapshotColumns
from tdapp.storage.tenancy import ClubOwned
from tdapp.storage.types import when


class DrawTableRecord(ClubOwned, table=True):
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


class DrawTableEventRecord(EventColumns, ClubOwned, table=True):
    """One event of a draw table's log (tdapp/storage/log_tables.py)."""

    __tablename__ = "draw_table_events"
    __table_args__ = (UniqueConstraint("draw_table_id", "seq"),)

    draw_table_id: int = Field(foreign_key="draw_tables.id", ondelete="CASCADE", index=True)


class DrawTableSnapshotRecord(SnapshotColumns, ClubOwned, table=True):
    """A draw table's folded state after event `seq`."""

    __tablename__ = "draw_table_snapshots"
    __table_args__ = (UniqueConstraint("draw_table_id", "seq"),)

    draw_table_id: int = Field(foreign_key="draw_tables.id", ondelete="CASCADE")
