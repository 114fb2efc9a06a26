"""What the scheduler's owner leaves in the database for the other processes: its heartbeat, and
the last level end it announced for each tournament.

The heartbeat lets any web process answer `GET /readyz` (is a clock running the room?) without
asking the owner; the announced level ends let an owner that takes over announce the one its
predecessor died just before, and never one that was already sent.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import BigInteger, Column, ForeignKey, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Field, Session, SQLModel

from tdapp.storage.tenancy import ClubOwned
from tdapp.storage.types import UTCDateTime
from tdapp.wallclock import utcnow

# The heartbeat table holds one row: the deployment has one owner at a time.
OWNER_ROW = 1


class SchedulerHeartbeat(SQLModel, table=True):
    """The current owner of the scheduler and when it last said it was alive."""

    __tablename__ = "scheduler_heartbeat"

    id: int = Field(default=OWNER_ROW, primary_key=True)
    pid: int
    host: str = Field(max_length=255)
    beat_at: datetime = Field(sa_type=UTCDateTime)


class AnnouncedLevelEnd(ClubOwned, table=True):
    """The latest period end (Unix ms) whose `clock` message went out for the tournament."""

    __tablename__ = "announced_level_ends"

    tournament_id: int = Field(
        sa_column=Column(
            ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
        )
    )
    due_ms: int = Field(sa_column=Column(BigInteger, nullable=False))


def beat(session: Session, pid: int, host: str) -> None:
    row = session.get(SchedulerHeartbeat, OWNER_ROW)
    if row is None:
        session.add(SchedulerHeartbeat(pid=pid, host=host, beat_at=utcnow()))
    else:
        row.pid, row.host, row.beat_at = pid, host, utcnow()
        session.add(row)


def owner_alive(session: Session, within: timedelta) -> SchedulerHeartbeat | None:
    """The owner's heartbeat if it beat within `within` of now, else None."""
    row = session.get(SchedulerHeartbeat, OWNER_ROW)
    if row is None or utcnow() - row.beat_at > within:
        return None
    return row


def last_announced(session: Session, tournament_id: int) -> int | None:
    row = session.get(AnnouncedLevelEnd, tournament_id)
    return None if row is None else row.due_ms


def claim_level_end(session: Session, tournament_id: int, due_ms: int) -> bool:
    """Mark the level end at `due_ms` as announced, unless it (or a later one) already was: True
    for the one caller that may send it. The conditional update is atomic, so even two owners
    racing for a moment never both get True."""
    moved = session.execute(
        update(AnnouncedLevelEnd)
        .where(AnnouncedLevelEnd.tournament_id == tournament_id)
        .where(AnnouncedLevelEnd.due_ms < due_ms)
        .values(due_ms=due_ms)
    ).rowcount
    if moved:
        return True
    if session.get(AnnouncedLevelEnd, tournament_id) is not None:
        return False
    try:
        with session.begin_nested():
            session.add(AnnouncedLevelEnd(tournament_id=tournament_id, due_ms=due_ms))
    except IntegrityError:  # another owner inserted the first one at the same instant
        return False
    return True
