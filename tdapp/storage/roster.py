"""The club's roster of players."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field

from tdapp.storage.tenancy import ClubOwned
from tdapp.storage.types import when


class RosterPlayer(ClubOwned, table=True):
    """A member of the club's roster, registered into tournaments by name."""

    __tablename__ = "roster_players"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120, index=True)
    gender: str | None = Field(default=None, max_length=1)  # "f", "m" or unknown
    # The contact of the player's last check-in from a sign-up (tdapp/kernel/contacts.py's key):
    # a sign-up with it finds the player's history.
    contact_key: str | None = Field(default=None, max_length=120, index=True)
    created_at: datetime = when()
