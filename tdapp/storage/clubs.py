"""Clubs and their staff: the club is the tenant, and each account works in a club under the role
of its membership there (owner, director or floor). One account may belong to several clubs."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from tdapp.storage.types import UTCDateTime, when


class Club(SQLModel, table=True):
    """A club: its slug names it in URLs and on the command line, its name on every page."""

    __tablename__ = "clubs"

    id: int | None = Field(default=None, primary_key=True)
    slug: str = Field(max_length=40, unique=True, index=True)
    name: str = Field(max_length=120)
    language: str = Field(default="it", max_length=2)
    # Empty: the server's zone (TDAPP_TIMEZONE, else Europe/Rome), until the owner chooses one.
    timezone: str = Field(default="", max_length=64)
    currency: str = Field(default="EUR", max_length=8)
    created_at: datetime = when()


class Membership(SQLModel, table=True):
    """An account's place in a club. A session or a token acts through one membership and is
    checked against it on every request, so removing the row shuts both out at once; a member
    removed and invited again gets a new row, which an old session does not name."""

    __tablename__ = "memberships"
    __table_args__ = (UniqueConstraint("user_id", "club_id"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    club_id: int = Field(foreign_key="clubs.id", index=True, ondelete="CASCADE")
    role: str = Field(max_length=16)
    created_at: datetime = when()


class Invitation(SQLModel, table=True):
    """A one-use invitation into a club with a role. Only the code's SHA-256 is kept: the owner
    sees the code once, and a leaked table opens no club."""

    __tablename__ = "invitations"

    id: int | None = Field(default=None, primary_key=True)
    club_id: int = Field(foreign_key="clubs.id", index=True, ondelete="CASCADE")
    code_hash: str = Field(max_length=64, unique=True, index=True)
    role: str = Field(max_length=16)
    created_by: int | None = Field(default=None, foreign_key="users.id", ondelete="SET NULL")
    created_at: datetime = when()
    expires_at: datetime = Field(sa_type=UTCDateTime)
