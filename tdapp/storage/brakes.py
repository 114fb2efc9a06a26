"""The brakes on guessing (logins, table PINs), one row per key, shared by every process that
serves the same database: behind several processes a per-process count would multiply the
guesses an attacker gets by the number of processes."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

from tdapp.storage.types import UTCDateTime


class BrakeRecord(SQLModel, table=True):
    """Failures of one key (say a username and a client address) in the current window, the end
    of a running lockout, and how many lockouts came before it (the next one may be longer)."""

    __tablename__ = "brakes"

    key: str = Field(primary_key=True, max_length=200)
    failures: int = 0
    window_started_at: datetime = Field(sa_type=UTCDateTime, index=True)
    locked_until: datetime | None = Field(default=None, sa_type=UTCDateTime)
    lockouts: int = 0
    # The club whose console the key guards (a table's PIN); NULL for a login, which guards an
    # account before any club is known. The key itself names the console by its global id.
    club_id: int | None = Field(default=None, foreign_key="clubs.id", index=True,
                                ondelete="CASCADE")
