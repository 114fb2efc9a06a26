"""SQLModel tables of the Monday league: a league with its members, its log of entered nights
(the one event-log store's, tdapp/storage/event_log.py) and the nights being played on the
tables. Standings, rotations and finals are never stored: they are derived from the nights."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field

from tdapp.storage.log_tables import EventColumns, SnapshotColumns
from tdapp.storage.tenancy import ClubOwned
from tdapp.storage.types import UTCDateTime
from tdapp.wallclock import utcnow


class LeagueRecord(ClubOwned, table=True):
    """A season of the league. `seed` makes every draw by lot of the season repeatable: the same
    night's tables and the same standings whoever asks and whenever."""

    __tablename__ = "leagues"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120)
    members: list[str] = Field(sa_column=Column(JSON, nullable=False))
    seed: int
    version: int = 0  # rises with every change of its log (an entry, an undo)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    # the league's choices among the seed's open readings (tdapp/league/readings.py); a key
    # left out keeps its default
    readings: dict[str, str] = Field(
        default_factory=dict, sa_column=Column(JSON, nullable=False, server_default="{}"))


class LeagueEventRecord(EventColumns, ClubOwned, table=True):
    """One event of a league's log (tdapp/league/log.py): a night entered; an undone one stays,
    marked with who took it back and when."""

    __tablename__ = "league_events"
    __table_args__ = (UniqueConstraint("league_id", "seq"),)

    league_id: int = Field(foreign_key="leagues.id", ondelete="CASCADE", index=True)


class LeagueSnapshotRecord(SnapshotColumns, ClubOwned, table=True):
    """A league's folded nights after event `seq`."""

    __tablename__ = "league_snapshots"
    __table_args__ = (UniqueConstraint("league_id", "seq"),)

    league_id: int = Field(foreign_key="leagues.id", ondelete="CASCADE")


class LiveNightRecord(ClubOwned, table=True):
    """A league night being played: opened once from the plan of its day, with what its screen
    recorded (`marks`: telesina rounds and vestiti, each with its table and time). Its result
    goes into the league's log once the secretary confirms it."""

    __tablename__ = "league_live_nights"
    __table_args__ = (UniqueConstraint("league_id", "day"),)

    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="leagues.id", ondelete="CASCADE", index=True)
    day: int
    opened_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    opened_by: str = Field(max_length=120)
    marks: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))


class LiveNightTableRecord(ClubOwned, table=True):
    """One draw table of a live night, by the name the night's plan gave it."""

    __tablename__ = "league_live_night_tables"
    __table_args__ = (UniqueConstraint("live_night_id", "name"),)

    id: int | None = Field(default=None, primary_key=True)
    live_night_id: int = Field(foreign_key="league_live_nights.id", ondelete="CASCADE",
                               index=True)
    name: str = Field(max_length=20)
    draw_table_id: int = Field(foreign_key="draw_tables.id", ondelete="CASCADE", unique=True)
