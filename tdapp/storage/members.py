"""The club's members: the people who hold its membership card (la tessera), beside the roster."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field

from tdapp.storage.tenancy import ClubOwned
from tdapp.storage.types import when


class MemberRow(ClubOwned, table=True):
    """A card holder. `name_key` is the name as the room compares names (tdapp/kernel/names.py),
    kept so that a look-up by name at the door is one indexed query and two members of one club
    cannot share a name; a card `number`, when given, and a linked roster player are one
    member's each."""

    __tablename__ = "members"
    __table_args__ = (
        UniqueConstraint("club_id", "name_key", name="uq_members_club_id_name_key"),
        UniqueConstraint("club_id", "number", name="uq_members_club_id_number"),
        UniqueConstraint("club_id", "roster_id", name="uq_members_club_id_roster_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=80)
    name_key: str = Field(max_length=80)
    number: str | None = Field(default=None, max_length=20)
    valid_until: date | None = None  # the last day the card is valid; None: no end
    roster_id: int | None = Field(default=None, foreign_key="roster_players.id",
                                  ondelete="SET NULL")
    created_at: datetime = when()
    updated_at: datetime = when()
