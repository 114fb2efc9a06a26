"""After day 20 (LG-06): days 21-25 for the top 8, the game of places 9-12, Final and Finalina."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tdapp.league.errors import LeagueError
from tdapp.league.results import Night, TableResult
from tdapp.league.rotation import TablePlan, plan_table
from tdapp.league.standings import Line

QUALIFIED = 8
TABLE = 5


@dataclass(frozen=True)
class Split:
    """The standings cut after day 20: who plays on at the main table, who plays for the Finalina."""

    qualified: tuple[str, ...]
    playoff: tuple[str, ...]


def split(lines: Sequence[Line]) -> Split:
    """The top 8 go on to days 21-25; places 9-12 play one extra game on day 25."""
    players = [line.player for line in lines]
    return Split(tuple(players[:QUALIFIED]), tuple(players[QUALIFIED:QUALIFIED + 4]))


def day_21(cut: Split, day_20: Night, lines: Sequence[Line], *, by: str = "night") -> TablePlan:
    """Day 21: the five qualified players with the best day-20 results (by net; those who sat
    out come after those who played, in standings order). `by="standings"` takes the top 5 [U]."""
    place = {line.player: line.place for line in lines}
    if by == "standings":
        five = cut.qualified[:TABLE]
    elif by == "night":
        nets = {p: n for table in day_20.tables for p, n in table.nets.items()}
        five = tuple(sorted(cut.qualified, key=lambda p: (p not in nets, -nets.get(p, 0),
                                                          place[p]))[:TABLE])
    else:
        raise LeagueError("UNKNOWN_CHOICE", choice=by)
    return plan_table("A", five, None)


def next_post_season(cut: Split, last: TableResult, lines: Sequence[Line]) -> TablePlan:
    """Days 22-25: the top two of the last game stay (ties by standings), the three who sat out
    come in."""
    place = {line.player: line.place for line in lines}
    nets = last.nets
    top_two = sorted(last.players, key=lambda p: (-nets[p], place[p]))[:2]
    rest = [p for p in cut.qualified if p not in last.players]
    if set(last.players) - set(cut.qualified) or len(rest) != QUALIFIED - TABLE:
        raise LeagueError("NOT_POST_SEASON", table=last.name)
    return plan_table("A", [*top_two, *rest], top_two[0])


def playoff(cut: Split, unavailable: Collection[str], main_table: Sequence[str]) -> TablePlan:
    """Day 25's extra game of places 9-12. If one of them cannot come, the 8th stands in unless
    they play the main table that day."""
    players = [p for p in cut.playoff if p not in unavailable]
    eighth = cut.qualified[-1]
    if len(players) < 4 and eighth not in main_table and eighth not in unavailable:
        players.append(eighth)
    return plan_table("B", players, None)


@dataclass(frozen=True)
class Finals:
    """Final (places 1-5, poste and points doubled) and Finalina (places 6-10, normal format)."""

    final: tuple[str, ...]
    finalina: tuple[str, ...]


def finals(lines: Sequence[Line]) -> Finals:
    """The standings after day 25 decide both finals; 11th and 12th are out."""
    players = [line.player for line in lines]
    return Finals(tuple(players[:5]), tuple(players[5:10]))


def winner(final: Night, lines: Sequence[Line]) -> str:
    """The biggest winner of a final's table; equal nets go to the better place before it."""
    place = {line.player: line.place for line in lines}
    table = final.tables[0]
    nets = table.nets
    return min(table.players, key=lambda p: (-nets[p], place.get(p, len(place) + 1)))


@dataclass(frozen=True)
class RollOfHonour:
    """The season's names in the roll of honour: the podium and the winners of the two finals."""

    podium: tuple[str, str, str]
    final_winner: str
    finalina_winner: str


def roll_of_honour(lines_after_final: Sequence[Line], final: Night, finalina: Night,
                   lines_before: Sequence[Line]) -> RollOfHonour:
    """The podium is read from the standings after the Final [U]."""
    first, second, third = (line.player for line in lines_after_final[:3])
    return RollOfHonour((first, second, third), winner(final, lines_before),
                        winner(finalina, lines_before))
