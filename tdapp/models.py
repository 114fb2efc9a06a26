"""SQLModel tables: what is naturally relational, plus each tournament's event log.

A tournament's state is never stored as columns: it is folded from its log (`LoggedEvent`), with a
`Snapshot` now and then so that loading does not replay the whole night. Schema changes go through
Alembic migrations in `migrations/`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, DateTime, LargeBinary, UniqueConstraint
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator):
    """Timezone-aware UTC on the way in and out, on SQLite (which keeps no zone) as on PostgreSQL."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime: store timezone-aware UTC times only")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _when(**kwargs: Any) -> Any:
    return Field(default_factory=utcnow, sa_type=UTCDateTime, **kwargs)


class User(SQLModel, table=True):
    """A DdT account. Passwords are kept only as werkzeug hashes."""

    __tablename__ = "users"

    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(max_length=80, unique=True, index=True)
    password_hash: str = Field(max_length=255)
    created_at: datetime = _when()


class ApiToken(SQLModel, table=True):
    """A bearer token for API clients; only its SHA-256 is stored, so a leaked table grants nothing."""

    __tablename__ = "api_tokens"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    token_hash: str = Field(max_length=64, unique=True, index=True)
    created_at: datetime = _when()


class RosterPlayer(SQLModel, table=True):
    """A member of the club's roster, registered into tournaments by name."""

    __tablename__ = "roster_players"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120, index=True)
    created_at: datetime = _when()


class StructureTemplate(SQLModel, table=True):
    """A reusable tournament set-up: the blind structure and the money and chip rules."""

    __tablename__ = "structure_templates"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120, unique=True)
    settings: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = _when()
    updated_at: datetime = _when()


class TournamentRecord(SQLModel, table=True):
    """A tournament's identity and its `version`, which rises with every change (undo and redo too)
    so that a client can tell a newer view from an older one."""

    __tablename__ = "tournaments"

    id: int | None = Field(default=None, primary_key=True)
    slug: str = Field(max_length=140, unique=True, index=True)
    name: str = Field(max_length=120)
    version: int = 0
    created_at: datetime = _when()
    updated_at: datetime = _when()


class LoggedEvent(SQLModel, table=True):
    """One event of a tournament's log, in order (`seq`). An undone event stays until a new command
    replaces it; `schema_version` lets an old event be upgraded before replay."""

    __tablename__ = "tournament_events"
    __table_args__ = (UniqueConstraint("tournament_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournaments.id", ondelete="CASCADE")
    seq: int
    name: str = Field(max_length=80)
    schema_version: int = 1
    payload: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    actor: str = Field(max_length=120)
    created_at: datetime = _when()
    undone: bool = False
    undone_by: str | None = Field(default=None, max_length=120)
    undone_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class Snapshot(SQLModel, table=True):
    """The folded state after event `seq`, so that loading replays only the events after it."""

    __tablename__ = "tournament_snapshots"
    __table_args__ = (UniqueConstraint("tournament_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournaments.id", ondelete="CASCADE")
    seq: int
    format: str = Field(max_length=40)
    state: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    created_at: datetime = _when()
