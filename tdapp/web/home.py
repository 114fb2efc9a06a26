"""The landing pages: where a visitor on the club's Wi-Fi finds tonight's tournament (its wall
clock and players' page), the league, the seasons, and the way in for the DdT.

A one-club server's `/` is its club's home. A server of several clubs lists them at `/`, and
each club's home is `/c/<club>` (it acts in that club: tdapp/web/acting_club.py), with its
seasons' standings beside it (`/c/<club>/seasons/<id>`), public as the league's are."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime

from flask import Blueprint, render_template
from flask_babel import to_user_timezone

from tdapp.kernel.refusals import DomainError
from tdapp.services import accounts, club_settings, clubs, seasons, tenancy, tournaments
from tdapp.services import league as leagues
from tdapp.tournament.clock.timing import level_number, unix_ms
from tdapp.tournament.state import Tournament
from tdapp.web.guards import session_ddt

bp = Blueprint("home", __name__)

RUNNING, PAUSED, NOT_STARTED, FINISHED = "running", "paused", "not_started", "finished"


@dataclass(frozen=True)
class Listed:
    """One tournament as the landing page shows it."""

    id: int
    slug: str
    name: str
    date: date | None
    status: str
    level: int | None  # the level being played, while the clock has started
    players_left: int
    entries: int
    winner: str | None = None  # once finished

    @property
    def live(self) -> bool:
        """Under way: the clock has started (running or paused) and no winner yet."""
        return self.status in (RUNNING, PAUSED)


def status_of(state: Tournament) -> str:
    """Finished once the finish is recorded (or, in a log older than the finish, once one
    player is left after someone busted); otherwise the clock says."""
    players = state.players
    if state.finished or players.count >= 2 and players.in_play <= 1:
        return FINISHED
    if not state.clock.started:
        return NOT_STARTED
    return RUNNING if state.clock.running else PAUSED


def listed(tournament_id: int, slug: str, state: Tournament, now: datetime) -> Listed:
    status = status_of(state)
    level = None
    if status in (RUNNING, PAUSED):
        level = level_number(state.settings.structure, state.clock, unix_ms(now))
    return Listed(
        id=tournament_id,
        slug=slug,
        name=state.settings.name,
        date=state.settings.date,
        status=status,
        level=level,
        players_left=state.players_left,
        entries=state.ledger.entries,
        winner=state.player(state.finish.winner).name if state.finish else None,
    )


def ordered(shown: list[Listed], today: date) -> list[Listed]:
    """Under way first; then today's and the coming ones, soonest first; then the undated; then
    the past and finished ones, latest first. Within a group the list keeps its given order."""

    def rank(item: Listed) -> tuple[int, int]:
        if item.live:
            return (0, 0)
        if item.status != FINISHED and item.date is not None and item.date >= today:
            return (1, (item.date - today).days)
        if item.status != FINISHED and item.date is None:
            return (2, 0)
        day = item.date.toordinal() if item.date else 0
        return (3, -day)

    return sorted(shown, key=rank)


@bp.get("/")
def index():
    if tenancy.sole_club() is None:
        every = clubs.clubs()
        if len(every) > 1:
            return render_template("clubs.html", clubs=every, logged_in=session_ddt() is not None)
    acting = tenancy.acting_club()
    # A new server has no club until its first account.
    return _club_home(None if acting == tenancy.NOWHERE else club_settings.settings(acting))


@bp.get("/c/<club>")
def club(club: str):
    """The club's public home: what `/` is on a server of one club."""
    return _club_home(_named_club(club), named=True)


@bp.get("/c/<club>/seasons/<int:season_id>")
def season(club: str, season_id: int):
    """A season's standings, public as a league's: another club's season is not found here."""
    return render_template("season.html", club=_named_club(club),
                           table=seasons.season_standings(season_id))


def _named_club(slug: str) -> clubs.ClubInfo:
    """The club of `/c/<slug>`, the one this request acts in; UNKNOWN_CLUB (404) when none."""
    acting = tenancy.acting_club()
    if acting == tenancy.NOWHERE:
        raise DomainError("UNKNOWN_CLUB", club=slug)
    return club_settings.settings(acting)


def _club_home(club: clubs.ClubInfo | None, named: bool = False):
    """The home of `club`, the one this request acts in (`named` by `/c/<club>`)."""
    now = datetime.now(UTC)
    today = to_user_timezone(now).date()  # the room's day, not the server's UTC one
    shown = [
        listed(t.id, t.slug, tournaments.current(t.id), now)
        for t in tournaments.list_tournaments()
    ]
    return render_template(
        "home.html",
        club=club,
        named=named,
        tournaments=ordered(shown, today),
        today=today,
        leagues=leagues.leagues(),
        seasons=seasons.list_seasons() if club is not None else [],
        # Only a session whose account still exists makes the console link worth showing.
        logged_in=session_ddt() is not None,
        has_accounts=accounts.has_users(),
    )
