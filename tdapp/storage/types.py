"""Column types shared by every table: times are timezone-aware UTC on both backends."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field

from tdapp.wallclock import utcnow


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


def when(**kwargs: Any) -> Any:
    """A time column that defaults to now."""
    return Field(default_factory=utcnow, sa_type=UTCDateTime, **kwargs)
