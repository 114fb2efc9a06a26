"""The wall-clock time, for the adapters and services: the pure layers take `now` as an argument."""

from __future__ import annotations

from datetime import UTC, datetime


def utcnow() -> datetime:
    """Now, timezone-aware UTC: every stored and compared time is."""
    return datetime.now(UTC)
