"""The mail outbox as the mail adapter (tdapp/mail/) uses it: a letter is queued inside its
club, in a transaction of its own right after the change that caused it; a sender claims the
next due letter across clubs (sending is the server's work, whichever club a letter is for),
and records whether it went.

A letter that could not go is tried again later, each wait longer than the last
(`RETRY_MINUTES`), and given up after the last: a mail server down for a night does not get a
room's worth of mails every minute, and what is told is still the night's news.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from tdapp.storage import outbox
from tdapp.storage.database import session_scope
from tdapp.storage.tenancy import across_clubs

log = logging.getLogger(__name__)

# The waits after each failed attempt, in minutes: seven attempts over nearly two hours, then
# the letter is given up (a player is not told at midnight that a seat was free at ten).
RETRY_MINUTES = (1, 2, 5, 10, 30, 60)
# How long a claimed letter stays the claiming sender's: far beyond one message's time at the
# mail server (tdapp/mail/smtp.py's timeout), so that only a sender that died loses it.
LEASE = timedelta(minutes=5)


@dataclass(frozen=True)
class Letter:
    """An e-mail as it goes out: the address, the subject, and the same words as plain text
    and as HTML."""

    to: str
    subject: str
    text: str
    html: str


@dataclass(frozen=True)
class Claimed:
    """A letter a sender holds: its row, its club, which attempt this is, and the claim to
    name when it says how the attempt ended. `message_id` is the letter's own, the same at
    every attempt: a sender that died after the mail server took the letter, before it could
    record so, sends it again at the lease's end (at least once, never lost), and the second
    copy names the same message, which a mailbox that keeps one copy of a Message-ID drops."""

    id: int
    club_id: int
    letter: Letter
    attempt: int
    claim: str
    message_id: str


def queue(letters: Sequence[Letter], now: datetime) -> list[int]:
    """Put `letters` in the acting club's outbox in one transaction, due at once; their ids."""
    with session_scope() as db:
        rows = [outbox.OutboxMail(to_address=letter.to, subject=letter.subject, text=letter.text,
                                  html=letter.html, created_at=now, next_attempt_at=now)
                for letter in letters]
        db.add_all(rows)
        db.flush()
        return [row.id for row in rows]  # type: ignore[misc]


def claim_next(now: datetime) -> Claimed | None:
    """The oldest letter due at `now`, of any club, now this caller's alone; None if none is
    due, or if another sender took it first (that one is at work on the outbox)."""
    with across_clubs(), session_scope() as db:
        oldest = outbox.oldest_due(db, now)
    if oldest is None:
        return None
    claim = secrets.token_hex(16)
    with across_clubs(), session_scope() as db:
        row = outbox.claim(db, oldest, now, now + LEASE, claim)
        if row is None:
            return None
        letter = Letter(row.to_address, row.subject, row.text, row.html)
        # The row's id and when it was queued: a letter of a new database that starts its ids
        # again has another time.
        queued = row.created_at.strftime("%Y%m%d%H%M%S%f")
        message_id = f"tdapp.{row.club_id}.{row.id}.{queued}"
        return Claimed(row.id, row.club_id, letter, row.attempts, claim,  # type: ignore[arg-type]
                       message_id)


def sent(claimed: Claimed, now: datetime) -> None:
    with across_clubs(), session_scope() as db:
        outbox.settle(db, claimed.id, claimed.claim, sent_at=now, next_attempt_at=None,
                      error=None)


def failed(claimed: Claimed, error: str, now: datetime, *, for_good: bool = False) -> datetime | None:
    """Record the failed attempt; when the letter is tried again (None: given up, after the
    last wait or at once when the failure is `for_good`, e.g. an address the server refuses)."""
    retry_at = None
    if not for_good and claimed.attempt <= len(RETRY_MINUTES):
        retry_at = now + timedelta(minutes=RETRY_MINUTES[claimed.attempt - 1])
    with across_clubs(), session_scope() as db:
        settled = outbox.settle(db, claimed.id, claimed.claim, sent_at=None,
                                next_attempt_at=retry_at, error=error)
    if settled and retry_at is None:
        log.error("mail %d of club %d to %s given up after %d attempts: %s", claimed.id,
                  claimed.club_id, claimed.letter.to, claimed.attempt, error)
    elif settled:
        log.warning("mail %d of club %d to %s not sent (attempt %d), next at %s: %s",
                    claimed.id, claimed.club_id, claimed.letter.to, claimed.attempt,
                    retry_at.isoformat(), error)
    return retry_at
