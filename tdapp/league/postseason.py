"""After day 20 (LG-06): days 21-25 for the top 8, the game of places 9-12, Final and Finalina."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tdapp.league.errors import LeagueError
from tdapp.league.results import Night, TableResult
from tdapp.league.rotation import Substitution, TablePlan, plan_table
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


@dataclass(frozen=True)
class MainTable:
    """A post-season night's main table with the substitutions its absences needed."""

    plan: TablePlan
    substitutions: tuple[Substitution, ...] = ()


def day_21(cut: Split, day_20: Night, lines: Sequence[Line], *, by: str = "night",
           unavailable: Collection[str] = ()) -> MainTable:
    """Day 21: the five qualified players with the best day-20 results (by net; those who sat
    out come after those who played, in standings order). `by="standings"` takes the top 5 [U].
    An absent player's seat goes to the next of the eight in that same order."""
    place = {line.player: line.place for line in lines}
    if by == "standings":
        order = cut.qualified
    elif by == "night":
        nets = {p: n for table in day_20.tables for p, n in table.nets.items()}
        order = tuple(sorted(cut.qualified, key=lambda p: (p not in nets, -nets.get(p, 0),
                                                           place[p])))
    else:
        raise LeagueError("UNKNOWN_CHOICE", choice=by)
    return _main_table(order, unavailable, host=None)


def next_post_season(cut: Split, last: TableResult, lines: Sequence[Line],
                     unavailable: Collection[str] = ()) -> MainTable:
    """Days 22-25: the top two of the last game stay (ties by standings), the three who sat out
    come in. An absent player's seat goes to the best of the last game's others, in its order."""
    place = {line.player: line.place for line in lines}
    nets = last.nets
    ranked = sorted(last.players, key=lambda p: (-nets[p], place[p]))
    rest = [p for p in cut.qualified if p not in last.players]
    if set(last.players) - set(cut.qualified) or len(rest) != QUALIFIED - TABLE:
        raise LeagueError("NOT_POST_SEASON", table=last.name)
    return _main_table((*ranked[:2], *rest, *ranked[2:]), unavailable, host=ranked[0])


def _main_table(order: Sequence[str], unavailable: Collection[str],
                host: str | None) -> MainTable:
    """The first five of `order` who can come; each absent one of the first five is replaced
    by the next who can, in order. With four the table plays four-handed (7 to A)."""
    chosen = [p for p in order if p not in unavailable][:TABLE]
    missing = [p for p in order[:TABLE] if p in unavailable]
    stand_ins = [p for p in chosen if p not in order[:TABLE]]
    seats = [p for p in order[:TABLE] if p in chosen] + stand_ins
    subs = tuple(Substitution("A", player, sub)
                 for player, sub in zip(missing, stand_ins, strict=False))
    host = host if host in chosen else None
    return MainTable(plan_table("A", seats, host), subs)


def playoff(cut: Split, unavailable: Collection[str],
            main_table: Sequence[str]) -> TablePlan | None:
    """Day 25's extra game of places 9-12. If one of them cannot come, the 8th stands in unless
    they play the main table that day. With fewer than four the game is not played (None): the
    main table plays all the same."""
    players = [p for p in cut.playoff if p not in unavailable]
    eighth = cut.qualified[-1]
    if len(players) < 4 and eighth not in main_table and eighth not in unavailable:
        players.append(eighth)
    if len(players) < 4:
        return None
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
