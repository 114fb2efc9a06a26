"""The landing page: where a visitor on the club's Wi-Fi finds tonight's tournament (its wall
clock and players' page), the league, and the way in for the DdT."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime

from flask import Blueprint, render_template
from flask_babel import to_user_timezone

from tdapp.services import accounts, tournaments
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
    now = datetime.now(UTC)
    today = to_user_timezone(now).date()  # the room's day, not the server's UTC one
    shown = [
        listed(t.id, t.slug, tournaments.current(t.id), now)
        for t in tournaments.list_tournaments()
    ]
    return render_template(
        "home.html",
        tournaments=ordered(shown, today),
        today=today,
        leagues=leagues.leagues(),
        # Only a session whose account still exists makes the console link worth showing.
        logged_in=session_ddt() is not None,
        has_accounts=accounts.has_users(),
    )
