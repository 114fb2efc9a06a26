"""The acting club for the adapters (web, Socket.IO, scheduler, CLI), which may not import the
storage: the context itself (tdapp/storage/tenancy.py) and the few server-wide look-ups that
find which club a public address names.

A public page, a PIN console or a screen names a tournament by its slug, a console token or an
id, before any club is known: `club_of_*` finds that club across clubs, or `NOWHERE` when the
thing exists in none, so that the request then acts inside a club that has nothing and answers
exactly as for a missing one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlmodel import select

from tdapp.kernel.numbers import whole_or_none
from tdapp.storage.clubs import Club
from tdapp.storage.database import engine, is_id, session_scope
from tdapp.storage.draw_tables import DrawTableRecord
from tdapp.storage.leagues import LeagueRecord
from tdapp.storage.tenancy import (
    NOWHERE,
    ClubOwned,
    NoActingClub,
    across_clubs,
    acting_club,
    current,
    enter,
    in_club,
    inside_new_club,
    leave,
)
from tdapp.storage.tournaments import TournamentRecord

__all__ = [
    "NOWHERE", "NoActingClub", "across_clubs", "acting_club", "club_ids", "club_of_club_slug",
    "club_of_draw_table",
    "club_of_draw_token", "club_of_league", "club_of_slug", "club_of_table_token",
    "club_of_tournament", "current", "enter", "forget", "in_club", "in_tournament_club", "inside_new_club",
    "leave", "sole_club",
]


def _club_of(model: type[ClubOwned], *where: object) -> int:
    with across_clubs(), session_scope() as session:
        found = session.exec(select(model.club_id).where(*where)).first()  # type: ignore[arg-type]
    return NOWHERE if found is None else found


# A tournament's club, once found: it never changes (a tournament is only ever soft-deleted, so
# its id names no other), and every action asks it. Keyed by engine as the folded states are.
_tournament_clubs: dict[tuple[int, int], int] = {}


def club_of_tournament(tournament_id: object) -> int:
    """The club of tournament `tournament_id` (deleted or not); NOWHERE for no such id."""
    if not is_id(tournament_id):
        return NOWHERE
    key = (id(engine()), tournament_id)
    found = _tournament_clubs.get(key)
    if found is None:
        found = _club_of(TournamentRecord, TournamentRecord.id == tournament_id)
        if found != NOWHERE:  # a missing id may be made later
            _tournament_clubs[key] = found
    return found


def forget() -> None:
    """Forget the tournaments' clubs (a test's database emptied, its ids counted from 1 again)."""
    _tournament_clubs.clear()


@contextmanager
def in_tournament_club(tournament_id: int) -> Iterator[None]:
    """Act inside the tournament's club for the block: a scheduler's job, which knows only the
    tournament, does its work where the tournament is (a gone one is then simply not found)."""
    with in_club(club_of_tournament(tournament_id)):
        yield


def club_of_slug(slug: object) -> int:
    """The club of the tournament at `/t/<slug>`: slugs are unique across the server."""
    if not isinstance(slug, str):
        return NOWHERE
    return _club_of(TournamentRecord, TournamentRecord.slug == slug)


def club_of_table_token(token: object) -> int:
    """The club of a table console's link ("<tournament>-<table>-<secret>"): its tournament's.
    The secret is checked inside the club, by the console itself."""
    first = token.split("-", 1)[0] if isinstance(token, str) else ""
    return club_of_tournament(whole_or_none(first))


def club_of_draw_table(table_id: object) -> int:
    if not is_id(table_id):
        return NOWHERE
    return _club_of(DrawTableRecord, DrawTableRecord.id == table_id)


def club_of_draw_token(token: object) -> int:
    """The club of a draw console's link."""
    if not isinstance(token, str) or len(token) > 64:
        return NOWHERE
    return _club_of(DrawTableRecord, DrawTableRecord.token == token)


def club_of_league(league_id: object) -> int:
    if not is_id(league_id):
        return NOWHERE
    return _club_of(LeagueRecord, LeagueRecord.id == league_id)


def club_of_club_slug(slug: object) -> int:
    """The club at `/c/<slug>`; NOWHERE for a slug no club has."""
    if not isinstance(slug, str) or len(slug) > 40:
        return NOWHERE
    with session_scope() as session:
        found = session.exec(select(Club.id).where(Club.slug == slug)).first()
    return NOWHERE if found is None else found


def club_ids() -> list[int]:
    """Every club's id, oldest first: what the server-wide jobs (shipping the templates at
    start-up, the scheduler's scan) go through one club at a time."""
    with session_scope() as session:
        return list(session.exec(select(Club.id).order_by(Club.id)).all())  # type: ignore[arg-type]


def sole_club() -> int | None:
    """The server's club when it has exactly one: a one-club server's public pages (its home,
    its leagues) act in it as they always did; None with none or several."""
    with session_scope() as session:
        found = session.exec(select(Club.id).limit(2)).all()
    return found[0] if len(found) == 1 else None
