"""The sign-ups' headcount in every view: places taken, the line, who is in, and the places
there are. The dashboard and the wall display's notices read it; no name, contact or code is in
it, so the public view may carry it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tdapp.tournament.registry import Audience, view_section
from tdapp.tournament.state import Tournament


def headcount(state: Tournament) -> dict[str, int] | None:
    """Confirmed (checked in or not), waitlisted, checked in, and `seats`, the places the
    sign-ups are capped at; None when the tournament takes no sign-ups and has none."""
    settings = state.settings.signups
    signups = state.signups
    if settings is None and not len(signups):
        return None
    return {
        "confirmed": signups.confirmed,
        "waitlisted": len(signups.waitlist),
        "pending": sum(1 for s in signups if s.status == "pending"),
        "checked_in": signups.checked_in,
        "seats": settings.cap if settings is not None else signups.confirmed,
    }


@view_section("signups")
def _signups(state: Tournament, now: datetime, audience: Audience) -> dict[str, Any] | None:
    return headcount(state)
