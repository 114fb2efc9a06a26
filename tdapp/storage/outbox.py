"""The mail outbox: each e-mail the app has to send, kept as a row until a sender has sent it
or given up on it, so that no answer ever waits for a mail server (tdapp/mail/).

A row is due while `next_attempt_at` has passed; a sent mail, or one given up, has none. A
sender claims a due row before it sends it, in one conditional UPDATE that also moves
`next_attempt_at` to the end of a lease and stamps the row with a claim of its own: of two
processes racing for the row, the second finds it no longer due (PostgreSQL re-reads the row
the first one updated before applying its WHERE; SQLite lets one writer in at a time), and a
sender that dies with a row claimed lets it become due again when the lease ends. Marking it
sent or failed names the claim, so a sender whose lease ran out writes nothing over the next.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Text, update
from sqlmodel import Field, Session, select

from tdapp.storage.tenancy import ClubOwned
from tdapp.storage.types import UTCDateTime, when

# RFC 5321: a path (the address with its angle brackets) has at most 256 octets.
MAX_ADDRESS_LENGTH = 254
MAX_SUBJECT_LENGTH = 255
MAX_ERROR_LENGTH = 500


class OutboxMail(ClubOwned, table=True):
    """One e-mail to send: to whom, what, and how far its sending got."""

    __tablename__ = "mail_outbox"

    id: int | None = Field(default=None, primary_key=True)
    to_address: str = Field(max_length=MAX_ADDRESS_LENGTH)
    subject: str = Field(max_length=MAX_SUBJECT_LENGTH)
    text: str = Field(sa_column=Column(Text, nullable=False))
    html: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = when()
    attempts: int = 0
    # NULL once sent or given up: the due scan reads this column alone.
    next_attempt_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    sent_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    last_error: str | None = Field(default=None, max_length=MAX_ERROR_LENGTH)
    claim: str | None = Field(default=None, max_length=32)


def oldest_due(session: Session, now: datetime) -> int | None:
    """The id of the mail due longest at `now`, if any: read alone, so that a sender that finds
    nothing due (every few seconds) writes nothing."""
    return session.exec(
        select(OutboxMail.id)
        .where(OutboxMail.next_attempt_at <= now)
        .order_by(OutboxMail.next_attempt_at, OutboxMail.id)
        .limit(1)
    ).first()


def claim(session: Session, mail_id: int, now: datetime, lease_until: datetime,
          token: str) -> OutboxMail | None:
    """The mail, claimed for `token` until `lease_until` (its attempt counted), if it is still
    due at `now`; None when another sender claimed it first. Called as the first statement of
    its transaction: SQLite then waits for the write lock and reads the newest row, where a
    transaction that read first could not write over another's newer commit."""
    claimed = session.execute(
        update(OutboxMail)
        # Due in the WHERE: a sender that claimed it first has moved it to its lease's end.
        .where(OutboxMail.id == mail_id, OutboxMail.next_attempt_at <= now)
        .values(claim=token, next_attempt_at=lease_until, attempts=OutboxMail.attempts + 1)
        .execution_options(synchronize_session=False)
    ).rowcount
    return session.get(OutboxMail, mail_id) if claimed else None


def settle(session: Session, mail_id: int, token: str, *, sent_at: datetime | None,
           next_attempt_at: datetime | None, error: str | None) -> bool:
    """Write how the claimed attempt ended, if the claim is still the sender's: True if so."""
    return bool(session.execute(
        update(OutboxMail)
        .where(OutboxMail.id == mail_id, OutboxMail.claim == token)
        .values(claim=None, sent_at=sent_at, next_attempt_at=next_attempt_at,
                last_error=None if error is None else error[:MAX_ERROR_LENGTH])
        .execution_options(synchronize_session=False)
    ).rowcount)
