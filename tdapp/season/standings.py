"""A season's standings: each player's points over the season's tournaments, by the formula
the club chose.

One person, several tournaments: a player registered from the roster is that roster player; a
typed name that folds (case, accents, spacing) to a roster player's name is that roster player
too; any other typed name is a person of its own, one per folded name. Only finishes count: a
player still in play in a running tournament has no place yet, so no points from it.

Order: points, then wins, then the best place; players equal on all three share a place in the
standings (listed by name).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from tdapp.kernel.names import folded, same_name_key
from tdapp.kernel.results import ResultRow
from tdapp.season.points import Finish, Formula


@dataclass(frozen=True)
class Played:
    """One tournament of the season as the standings read it: its results rows."""

    tournament_id: int
    name: str
    buy_in_cents: int
    rows: tuple[ResultRow, ...]

    @property
    def players(self) -> int:
        return len(self.rows)


@dataclass(frozen=True)
class Scored:
    """A player's finish in one tournament and the points it made (hundredths)."""

    tournament_id: int
    place: int
    tied: int
    points: int
    prize_cents: int


@dataclass(frozen=True)
class Line:
    """A player's row in the standings. `key` is "roster:<id>" or "name:<folded name>"."""

    place: int
    key: str
    name: str
    roster_id: int | None
    points: int
    wins: int
    best: int
    prize_cents: int
    finishes: tuple[Scored, ...] = field(default=())

    @property
    def tournaments(self) -> int:
        return len(self.finishes)

    def finish_in(self, tournament_id: int) -> Scored | None:
        """The player's finish in that tournament, if they finished it."""
        return next((f for f in self.finishes if f.tournament_id == tournament_id), None)


def identity(row: ResultRow, roster_by_name: Mapping[str, int]) -> tuple[str, int | None]:
    """(key, roster id) of the person behind `row`; `roster_by_name` maps folded roster names
    to their ids."""
    roster_id = row.roster_id if row.roster_id is not None else roster_by_name.get(same_name_key(row.name))
    if roster_id is not None:
        return f"roster:{roster_id}", roster_id
    return f"name:{same_name_key(row.name)}", None


def standings(played: Iterable[Played], formula: Formula,
              roster: Mapping[int, str]) -> list[Line]:
    """The season's table. `roster` maps roster ids to today's names, which the table shows for
    roster players; a typed name shows as first typed in the season."""
    roster_by_name = {same_name_key(name): roster_id for roster_id, name in roster.items()}
    names: dict[str, str] = {}
    ids: dict[str, int | None] = {}
    finishes: dict[str, dict[int, Scored]] = {}
    for tournament in played:
        for row in tournament.rows:
            if row.place is None:
                continue
            key, roster_id = identity(row, roster_by_name)
            if roster_id is not None:
                names[key] = roster.get(roster_id, row.name)
            else:
                names.setdefault(key, " ".join(row.name.split()))
            ids[key] = roster_id
            scored = Scored(tournament.tournament_id, row.place, row.tied, formula.hundredths(
                Finish(row.place, tournament.players, tournament.buy_in_cents, row.paid_cents,
                       row.tied)), row.prize_cents)
            kept = finishes.setdefault(key, {})
            # The same person twice in one tournament (a name typed twice) counts once, best.
            other = kept.get(tournament.tournament_id)
            if other is None or scored.points > other.points:
                kept[tournament.tournament_id] = scored
    lines = [_line(key, names[key], ids[key], tuple(kept.values()))
             for key, kept in finishes.items()]
    lines.sort(key=lambda line: (_rank_key(line), folded(line.name), line.key))
    ranked: list[Line] = []
    for index, line in enumerate(lines, start=1):
        shared = ranked and _rank_key(ranked[-1]) == _rank_key(line)
        ranked.append(replace(line, place=ranked[-1].place if shared else index))
    return ranked


def _line(key: str, name: str, roster_id: int | None, finishes: tuple[Scored, ...]) -> Line:
    return Line(
        place=0,
        key=key,
        name=name,
        roster_id=roster_id,
        points=sum(f.points for f in finishes),
        wins=sum(1 for f in finishes if f.place == 1),
        best=min(f.place for f in finishes),
        prize_cents=sum(f.prize_cents for f in finishes),
        finishes=finishes,
    )


def _rank_key(line: Line) -> tuple[int, int, int]:
    return (-line.points, -line.wins, line.best)

