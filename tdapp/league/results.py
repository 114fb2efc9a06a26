"""A night's result at one table (LG-02): chips at the end and poste taken, nets summing to zero."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from tdapp.league.errors import LeagueError

POSTA = 500
FINAL_POSTA = 1000
MAX_POSTE = 5


class NightKind(StrEnum):
    """Where a night stands in the season; it fixes the posta and whether points are doubled."""

    REGULAR = "regular"  # days 1-20
    POST_SEASON = "post_season"  # days 21-25: top 8 at one table; on day 25 also places 9-12
    FINAL = "final"
    FINALINA = "finalina"

    @property
    def posta(self) -> int:
        return FINAL_POSTA if self is NightKind.FINAL else POSTA

    @property
    def doubled(self) -> bool:
        return self is NightKind.FINAL


@dataclass(frozen=True)
class Seat:
    """One player's line at a table: chips counted at the end, poste taken during the night.

    `cappotto` is entered by the secretary: the seed gives it one point but never says what it is.
    """

    player: str
    chips: int
    poste: int = 1
    cappotto: bool = False


@dataclass(frozen=True)
class TableResult:
    """A table's end-of-night count; built through `table_result`, which checks it."""

    name: str
    seats: tuple[Seat, ...]
    posta: int = POSTA

    def net(self, player: str) -> int:
        """Chips at the end less what the player took: what they won (+) or lost (-)."""
        seat = self.seat(player)
        return seat.chips - self.posta * seat.poste

    def seat(self, player: str) -> Seat:
        for seat in self.seats:
            if seat.player == player:
                return seat
        raise LeagueError("NOT_AT_TABLE", player=player, table=self.name)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.player for seat in self.seats)

    @property
    def nets(self) -> dict[str, int]:
        return {seat.player: self.net(seat.player) for seat in self.seats}

    def ranked(self) -> list[str]:
        """Players by net, best first; equal nets keep the order they were entered in."""
        nets = self.nets
        return sorted(self.players, key=lambda p: -nets[p])


def table_result(
    name: str,
    chips: Mapping[str, int],
    poste: Mapping[str, int] | None = None,
    *,
    posta: int = POSTA,
    cappotto: frozenset[str] = frozenset(),
) -> TableResult:
    """Check and build a table's result: 4 to 6 players, 1 to 5 poste each, nets summing to 0."""
    if not 4 <= len(chips) <= 6:
        raise LeagueError("TABLE_SIZE", table=name, players=len(chips))
    poste = dict(poste or {})
    unknown = (set(poste) | set(cappotto)) - set(chips)
    if unknown:
        who = ", ".join(sorted(unknown))
        raise LeagueError("NOT_AT_TABLE", player=who, table=name)
    seats = []
    for player, count in chips.items():
        taken = poste.get(player, 1)
        if count < 0:
            raise LeagueError("NEGATIVE_CHIPS", player=player, chips=count)
        if not 1 <= taken <= MAX_POSTE:
            raise LeagueError("POSTE_RANGE", player=player, poste=taken)
        seats.append(Seat(player, count, taken, player in cappotto))
    result = TableResult(name, tuple(seats), posta)
    total = sum(result.nets.values())
    if total != 0:
        raise LeagueError("NETS_DO_NOT_BALANCE", table=name, difference=total)
    return result


@dataclass(frozen=True)
class Night:
    """One league night: its day number, its kind and the result of each of its tables."""

    day: int
    tables: tuple[TableResult, ...]
    kind: NightKind = NightKind.REGULAR

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for table in self.tables:
            if table.posta != self.kind.posta:
                raise LeagueError("WRONG_POSTA", table=table.name, posta=table.posta,
                                  kind=self.kind.value, expected=self.kind.posta)
            twice = seen & set(table.players)
            if twice:
                raise LeagueError("PLAYS_TWICE", player=", ".join(sorted(twice)), day=self.day)
            seen |= set(table.players)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for table in self.tables for p in table.players)

    def table_of(self, player: str) -> TableResult | None:
        return next((t for t in self.tables if player in t.players), None)
