"""SQLModel tables of the Monday league: a league with its members, and each night's entered
result. Standings, rotations and finals are never stored: they are derived from the nights."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

from tdapp.storage.types import UTCDateTime
from tdapp.wallclock import utcnow


class LeagueRecord(SQLModel, table=True):
    """A season of the league. `seed` makes every draw by lot of the season repeatable: the same
    night's tables and the same standings whoever asks and whenever."""

    __tablename__ = "leagues"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120)
    members: list[str] = Field(sa_column=Column(JSON, nullable=False))
    seed: int
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    # the league's choices among the seed's open readings (tdapp/league/readings.py); a key
    # left out keeps its default
    readings: dict[str, str] = Field(
        default_factory=dict, sa_column=Column(JSON, nullable=False, server_default="{}"))


class LeagueNightRecord(SQLModel, table=True):
    """A night's result as the secretary entered it, in entry order (`seq`). Undo marks it undone;
    it stays in the record with who undid it and when."""

    __tablename__ = "league_nights"
    __table_args__ = (UniqueConstraint("league_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="leagues.id", ondelete="CASCADE", index=True)
    seq: int
    day: int
    tables: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    entered_by: str = Field(max_length=120)
    entered_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    undone: bool = False
    undone_by: str | None = Field(default=None, max_length=120)
    undone_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class LiveNightRecord(SQLModel, table=True):
    """A league night being played: opened once from the plan of its day, with what its screen
    recorded (`marks`: telesina rounds and vestiti, each with its table and time). Its result
    goes into the league as a `LeagueNightRecord` once the secretary confirms it."""

    __tablename__ = "league_live_nights"
    __table_args__ = (UniqueConstraint("league_id", "day"),)

    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="leagues.id", ondelete="CASCADE", index=True)
    day: int
    opened_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    opened_by: str = Field(max_length=120)
    marks: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))


class LiveNightTableRecord(SQLModel, table=True):
    """One draw table of a live night, by the name the night's plan gave it."""

    __tablename__ = "league_live_night_tables"
    __table_args__ = (UniqueConstraint("live_night_id", "name"),)

    id: int | None = Field(default=None, primary_key=True)
    live_night_id: int = Field(foreign_key="league_live_nights.id", ondelete="CASCADE",
                               index=True)
    name: str = Field(max_length=20)
    draw_table_id: int = Field(foreign_key="draw_tables.id", ondelete="CASCADE", unique=True)
