"""A player's history as their sign-up page shows it (issue 30, item 7): the nights, places,
prizes and season points of the roster player(s) who checked in with the same contact before.

The roster keeps the contact of a player's last check-in from a sign-up (roster.keep_contact);
the nights and the seasons are read as the history and the standings pages read them
(results.history, seasons.season_standings), so the three always agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlmodel import select

from tdapp.season.points import written
from tdapp.services import results, seasons
from tdapp.storage.database import session_scope
from tdapp.storage.roster import RosterPlayer


@dataclass(frozen=True)
class PastNight:
    """A night the player finished: its place (`tied` players share places), their prize."""

    tournament_id: int
    slug: str
    name: str
    date: date
    place: int
    tied: int
    prize_cents: int


@dataclass(frozen=True)
class SeasonPoints:
    season_id: int
    name: str
    place: int
    points_hundredths: int  # as seasons keep them (tdapp/season/points.py)


@dataclass(frozen=True)
class History:
    nights: tuple[PastNight, ...] = ()
    seasons: tuple[SeasonPoints, ...] = ()


def history_for_contact(contact_key: str) -> History:
    """The history of whoever checked in with `contact_key` (tdapp/kernel/contacts.py's key),
    newest night first; empty for a contact never checked in."""
    with session_scope() as session:
        roster_ids = set(session.exec(
            select(RosterPlayer.id).where(RosterPlayer.contact_key == contact_key)).all())
    if not roster_ids:
        return History()
    nights = [
        PastNight(seen.night.id, seen.night.slug, seen.night.name, seen.night.when[0],
                  seen.row.place, seen.row.tied, seen.row.prize_cents)
        for roster_id in sorted(roster_ids)
        for seen in results.history(roster_id)[1]
        if seen.row.place is not None
    ]
    nights.sort(key=lambda night: (night.date, night.tournament_id), reverse=True)
    points = [
        SeasonPoints(season.id, season.name, line.place, line.points)
        for season in seasons.list_seasons()
        for line in seasons.season_standings(season.id).lines
        if line.roster_id in roster_ids
    ]
    return History(tuple(nights), tuple(points))


def as_json(history: History) -> dict[str, Any]:
    """The history as the sign-up's API and live page send it: prizes in cents, points as the
    seasons' API writes them."""
    return {
        "nights": [{"tournament_id": n.tournament_id, "slug": n.slug, "name": n.name,
                    "date": n.date.isoformat(), "place": n.place, "tied": n.tied,
                    "prize": n.prize_cents} for n in history.nights],
        "seasons": [{"season_id": s.season_id, "name": s.name, "place": s.place,
                     "points": written(s.points_hundredths)} for s in history.seasons],
    }
