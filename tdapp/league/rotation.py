"""Who plays where next Monday (LG-05): the rotation of the regular season, with substitutes."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tdapp.engine.draw.deck import deck_for
from tdapp.league.errors import LeagueError
from tdapp.league.results import Night


@dataclass(frozen=True)
class TablePlan:
    """A table of the coming night: its players in slot order, the host and the deck to use."""

    name: str
    players: tuple[str, ...]
    host: str | None
    lowest_rank: int
    col_salto: bool


@dataclass(frozen=True)
class Substitution:
    """`player` could not come and `substitute` takes the seat ("primo subentro" first)."""

    table: str
    player: str
    substitute: str


@dataclass(frozen=True)
class UnplayedTable:
    """A game of the night that cannot be played: too few of its players can come."""

    name: str
    players: tuple[str, ...]  # those who can come


@dataclass(frozen=True)
class NightPlan:
    """The coming night: its tables, who sits out, and the substitutions that were needed."""

    tables: tuple[TablePlan, ...]
    sitting_out: tuple[str, ...]
    substitutions: tuple[Substitution, ...] = ()
    moved: tuple[str, ...] = ()
    unplayed: tuple[UnplayedTable, ...] = ()


def first_night(members: Sequence[str], unavailable: Collection[str],
                rng: random.Random) -> NightPlan:
    """Night 1: everyone plays; two tables of six "col salto" when all twelve come, otherwise
    the players split as evenly as they can, seats and tables by lot."""
    present = [m for m in members if m not in unavailable]
    if len(present) < 8:
        raise LeagueError("TOO_FEW_PLAYERS", players=len(present))
    rng.shuffle(present)
    half = (len(present) + 1) // 2
    tables = (plan_table("A", present[:half], None), plan_table("B", present[half:], None))
    return NightPlan(tables, tuple(m for m in members if m in unavailable))


def next_night(members: Sequence[str], last: Night, unavailable: Collection[str],
               rng: random.Random) -> NightPlan:
    """LG-05. With yesterday's tables ranked by net (ties in entry order) and O the two who sat
    out: A' = 1A 3A 2B 4B + one of O by lot, B' = 1B 3B 2A 4A + the other; 5A and 5B sit out.

    After a night of sixes (night 1), nobody sat out: the 5ths fill the O slots by lot and the
    6ths sit out [U]. An unavailable player's seat goes to the sitting-out player who lost less
    that night, then to the other; with nobody left the table plays four-handed (7 to A). A table
    left with three takes the last-seated player of a table of five [U]."""
    if len(last.tables) != 2:
        raise LeagueError("NOT_TWO_TABLES", day=last.day, tables=len(last.tables))
    a, b = (table.ranked() for table in last.tables)
    slots = [[a[0], a[2], b[1], b[3]], [b[0], b[2], a[1], a[3]]]
    tiers = [[m for m in members if m not in last.players], a[4:5] + b[4:5], a[5:] + b[5:]]
    chosen: list[str] = []
    for tier in tiers:
        room = 2 - len(chosen)
        chosen += tier if len(tier) <= room else rng.sample(tier, room)
    rng.shuffle(chosen)
    for table_slots, extra in zip(slots, chosen, strict=False):
        table_slots.append(extra)
    seated = {p for table_slots in slots for p in table_slots}
    nets = {p: n for table in last.tables for p, n in table.nets.items()}
    # "lost less that night": those who played come first by net; the rest keep the members' order
    bench = sorted((m for m in members if m not in seated), key=lambda p: -nets.get(p, -10**9))
    substitutes = [p for p in bench if p not in unavailable]
    substitutions = []
    seats: list[list[str]] = []
    for name, table_slots in zip("AB", slots, strict=True):
        players = []
        for player in table_slots:
            if player not in unavailable:
                players.append(player)
            elif substitutes:
                sub = substitutes.pop(0)
                substitutions.append(Substitution(name, player, sub))
                players.append(sub)
        seats.append(players)
    moved = []
    small, big = sorted(seats, key=len)
    while len(small) < 4 < len(big):
        moved.append(big.pop())
        small.append(moved[-1])
    tables = [plan_table(name, players, next((p for p in table_slots if p in players), None))
              for name, players, table_slots in zip("AB", seats, slots, strict=True)]
    playing = {p for table in tables for p in table.players}
    out = tuple(p for p in bench if p not in playing)
    return NightPlan(tuple(tables), out, tuple(substitutions), tuple(moved))


def plan_table(name: str, players: Sequence[str], host: str | None) -> TablePlan:
    """A table of 4 to 6 with the deck its size calls for (IT-01)."""
    if len(players) < 4:
        raise LeagueError("TABLE_TOO_SMALL", table=name, players=len(players))
    deck = deck_for(len(players))
    return TablePlan(name, tuple(players), host, deck.lowest_rank, deck.col_salto)
