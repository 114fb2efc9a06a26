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


def own_view(state: Tournament, signup_id: int) -> dict[str, Any]:
    """What a sign-up's own page shows, for its player alone: status, place in line, and once
    checked in the player followed through the night (their id, table and seat). Never the code
    or the contact, and nothing of the other sign-ups but how many wait."""
    signup = state.signups.signup(signup_id)
    player = state.players.get(signup.player_id) if signup.player_id is not None else None
    return {
        "version": state.version,
        "id": signup.id,
        "name": signup.name,
        "status": signup.status,
        "position": state.signups.position(signup.id),
        "waitlisted": len(state.signups.waitlist),
        "membership": signup.membership,
        "checked_in": signup.checked_in,
        "player_id": signup.player_id,
        "table": player.table if player is not None else None,
        "seat": player.seat if player is not None else None,
        "tournament": {"name": state.settings.name,
                       "date": state.settings.date.isoformat() if state.settings.date else None},
    }


def signup_row(state: Tournament, signup_id: int) -> dict[str, Any]:
    """A sign-up as the DdT's list shows it: everything, the contact and the code included
    (the DdT may read a lost code out to its player)."""
    signup = state.signups.signup(signup_id)
    return {
        "id": signup.id,
        "name": signup.name,
        "contact": signup.contact,
        "code": signup.code,
        "status": signup.status,
        "position": state.signups.position(signup.id),
        "membership": signup.membership,
        "checked_in": signup.checked_in,
        "player_id": signup.player_id,
        "made_at": signup.made_at.isoformat(),
    }
