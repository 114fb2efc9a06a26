"""Brakes on guessing: after `threshold` failures of one key within `window`, the key is locked
out for `lockout`, and each further lockout (with no success in between) lasts `growth` times the
one before, up to `max_lockout`.

The counts live in the database (tdapp/storage/brakes.py), so every process serving it shares
them. Each failure is counted in one transaction that first writes the key's row (an insert that
may do nothing) and then reads it locked: on PostgreSQL the row lock and on SQLite the database's
write lock make a second process wait for the first to commit, so two failures at the same
instant both count.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import bindparam, delete, or_
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col, select

from tdapp.storage import database as db
from tdapp.storage import tenancy
from tdapp.storage.brakes import BrakeRecord

KEY_LENGTH = 200
# Rows of keys quiet this long are swept away; no lockout is allowed to outlast it.
FORGET_AFTER = timedelta(days=1)

Key = str | Sequence[str]
# Asked before every guarded attempt (a phone's look-up, a PIN): built once, read in one round trip.
_LOCKED_UNTIL = select(BrakeRecord.locked_until).where(BrakeRecord.key == bindparam("key"))


def stored_key(key: Key) -> str:
    """The row's key: the parts joined; a key too long for the column (a pasted essay as a
    username) keeps its start and a digest of the whole, so that two keys never merge."""
    text = key if isinstance(key, str) else "|".join(key)
    if len(text) <= KEY_LENGTH:
        return text
    digest = hashlib.sha256(text.encode()).hexdigest()
    return f"{text[: KEY_LENGTH - len(digest) - 1]}#{digest}"


@dataclass(frozen=True)
class Brake:
    """One kind of brake (logins, a table's PIN, a console's PIN); keys name who is braked."""

    threshold: int
    window: timedelta
    lockout: timedelta
    growth: int = 1
    max_lockout: timedelta = FORGET_AFTER
    # Whether its keys guard something of the acting club (a console's PIN, a player's phone),
    # which the row then records; a login's guard an account before any club is known.
    of_club: bool = False

    def __post_init__(self) -> None:
        if self.threshold < 1 or self.growth < 1:
            raise ValueError("a brake needs a threshold and a growth of at least 1")
        if not timedelta(0) < self.lockout <= self.max_lockout <= FORGET_AFTER:
            raise ValueError("a lockout lasts more than nothing and at most max_lockout")

    def lockout_after(self, lockouts: int) -> timedelta:
        """The length of the lockout that follows `lockouts` earlier ones."""
        seconds = self.lockout.total_seconds() * self.growth**lockouts
        return min(timedelta(seconds=seconds), self.max_lockout)

    def wait_seconds(self, key: Key, now: datetime) -> int:
        """Whole seconds `key` must still wait (rounded up), 0 when it may try."""
        row = db.first_row(_LOCKED_UNTIL, {"key": stored_key(key)})
        locked_until = None if row is None else row[0]
        if locked_until is None or locked_until <= now:
            return 0
        return max(1, math.ceil((locked_until - now).total_seconds()))

    def failed(self, key: Key, now: datetime) -> int:
        """Count one failure of `key`; returns the seconds it must now wait (0 if none)."""
        stored = stored_key(key)
        with db.session_scope() as session:
            _insert_if_missing(session, stored, now, tenancy.current() if self.of_club else None)
            record = session.exec(
                select(BrakeRecord).where(BrakeRecord.key == stored).with_for_update()
            ).one()
            if record.window_started_at <= now - self.window:
                record.failures = 0
                record.window_started_at = now
            record.failures += 1
            wait = 0
            if record.failures >= self.threshold:
                until = now + self.lockout_after(record.lockouts)
                record.locked_until = until
                record.lockouts += 1
                record.failures = 0
                record.window_started_at = now
                wait = max(1, math.ceil((until - now).total_seconds()))
            session.add(record)
        _forget_quiet_keys(now)
        return wait

    def succeeded(self, key: Key) -> None:
        """The right password or PIN: the key starts afresh, its lockouts forgotten."""
        with db.session_scope() as session:
            session.execute(delete(BrakeRecord).where(col(BrakeRecord.key) == stored_key(key)))


def _insert_if_missing(session: Session, key: str, now: datetime, club_id: int | None) -> None:
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    session.execute(
        dialect.insert(BrakeRecord)
        .values(key=key, failures=0, window_started_at=now, lockouts=0, club_id=club_id)
        .on_conflict_do_nothing(index_elements=["key"])
    )


def _forget_quiet_keys(now: datetime) -> None:
    """Sweep the rows of keys that failed nothing for a day and hold no lockout, in a
    transaction of its own so that it never holds the failure's row lock."""
    cutoff = now - FORGET_AFTER
    with db.session_scope() as session:
        session.execute(
            delete(BrakeRecord).where(
                col(BrakeRecord.window_started_at) < cutoff,
                or_(col(BrakeRecord.locked_until).is_(None), col(BrakeRecord.locked_until) < now),
            )
        )


def clear() -> None:
    """Forget every brake (a test's fresh start, an operator's amnesty)."""
    with db.session_scope() as session:
        session.execute(delete(BrakeRecord))
