"""Results across tournaments: a tournament's results rows, and a roster player's history (their
tournaments, places and prizes). Everything is read from the tournaments' states (their event
logs); nothing here is stored."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from tdapp.kernel.names import same_name_key
from tdapp.kernel.results import ResultRow
from tdapp.season.standings import Played, identity
from tdapp.services import roster, tournaments
from tdapp.tournament.results import result_rows


@dataclass(frozen=True)
class Night:
    """One tournament with its results: what the history and a season list per tournament."""

    id: int
    slug: str
    name: str
    date: date | None
    created_at: datetime
    buy_in_cents: int
    rows: tuple[ResultRow, ...]

    @property
    def played(self) -> Played:
        return Played(self.id, self.name, self.buy_in_cents, self.rows)

    @property
    def when(self) -> tuple[date, datetime]:
        """The order of the nights: the tournament's date, else the day it was created."""
        return (self.date or self.created_at.date(), self.created_at)


@dataclass(frozen=True)
class Appearance:
    """A roster player's night: `row` is their results row in that tournament."""

    night: Night
    row: ResultRow


def night(tournament_id: int) -> Night:
    """A tournament's results; UNKNOWN_TOURNAMENT when there is none."""
    summary = tournaments.summary(tournament_id)
    state = tournaments.current(tournament_id)
    return Night(summary.id, summary.slug, state.settings.name, state.settings.date,
                 summary.created_at, state.settings.buy_in_cents, tuple(result_rows(state)))


def nights(tournament_ids: list[int] | None = None) -> list[Night]:
    """The tournaments' results (all of them when no ids are given), oldest first."""
    ids = tournaments.tournament_ids() if tournament_ids is None else tournament_ids
    return sorted((night(tid) for tid in ids), key=lambda found: found.when)


def roster_names() -> dict[int, str]:
    """Every roster player's name by id: the seasons' standings and the history match typed
    names against them."""
    return {member.id: member.name for member in roster.members()}


def history(roster_id: int) -> tuple[roster.Member, list[Appearance]]:
    """A roster player and every tournament they played, newest first: registered from the
    roster, or typed under a name that folds to theirs."""
    member = roster.member(roster_id)
    by_name = {same_name_key(name): rid for rid, name in roster_names().items()}
    wanted = f"roster:{member.id}"
    found = [
        Appearance(played, row)
        for played in nights()
        for row in played.rows
        if identity(row, by_name)[0] == wanted
    ]
    return member, found[::-1]
