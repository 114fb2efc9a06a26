"""A season: the tournaments the club groups and the points formula that ranks their players.
The standings are never stored: they are derived from the tournaments' results."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field

from tdapp.storage.tenancy import ClubOwned
from tdapp.storage.types import when


class SeasonRecord(ClubOwned, table=True):
    """A season; `points` names its formula ("td3", "fixed:10,6,4"; tdapp/season/points.py)."""

    __tablename__ = "seasons"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120)
    points: str = Field(max_length=1000)
    created_at: datetime = when()
    updated_at: datetime = when()


class SeasonTournament(ClubOwned, table=True):
    """A tournament of a season; removing either removes the link."""

    __tablename__ = "season_tournaments"

    season_id: int = Field(foreign_key="seasons.id", ondelete="CASCADE", primary_key=True)
    tournament_id: int = Field(foreign_key="tournaments.id", ondelete="CASCADE",
                               primary_key=True, index=True)
