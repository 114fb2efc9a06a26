"""The staff's accounts and their API tokens."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

from tdapp.storage.tenancy import ClubOwned
from tdapp.storage.types import UTCDateTime, when


class User(SQLModel, table=True):
    """A staff account (a DdT, a floor member). Passwords are kept only as werkzeug hashes."""

    __tablename__ = "users"

    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(max_length=80, unique=True, index=True)
    password_hash: str = Field(max_length=255)
    # The server's host: makes clubs and their first owners, and sees a club's data only as a
    # member of that club (tdapp/services/hosting.py).
    is_hoster: bool = Field(default=False)
    created_at: datetime = when()


class ApiToken(ClubOwned, table=True):
    """A bearer token for API clients; only its SHA-256 is stored, so a leaked table grants nothing.
    It stops working at `expires_at` or when revoked (the row is deleted)."""

    __tablename__ = "api_tokens"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    # Its club (ClubOwned) is the one it acts in, with the role of its account's membership.
    token_hash: str = Field(max_length=64, unique=True, index=True)
    label: str = Field(default="", max_length=80)
    created_at: datetime = when()
    expires_at: datetime = Field(sa_type=UTCDateTime)


class HosterToken(SQLModel, table=True):
    """A bearer token of a hoster acting as the hoster: it acts in no club, so it is kept apart
    from the clubs' tokens, out of every club's list. Only its SHA-256 is stored."""

    __tablename__ = "hoster_tokens"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    token_hash: str = Field(max_length=64, unique=True, index=True)
    label: str = Field(default="", max_length=80)
    created_at: datetime = when()
    expires_at: datetime = Field(sa_type=UTCDateTime)
