"""Seat draws: the opening draw, late entries and the reseating of a broken table (TO-01, TO-03, TO-11).

Everything here is data in, data out: player ids, table numbers, seat numbers and a
`random.Random`. The caller (decide) records the seats drawn in the event, so replay never draws.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from typing import Literal, NamedTuple

from tdapp.kernel.refusals import Plural, register_messages
from tdapp.tournament.errors import SeatingError

register_messages(
    {
        "DRAWN_TWICE": "A player is listed twice in the seat draw.",
        "UNKNOWN_TABLE": "There is no table %(table)s.",
        "NO_OPEN_SEATS": Plural(
            "%(players)s players to seat but only %(seats)s open seat.",
            "%(players)s players to seat but only %(seats)s open seats.",
            "seats"),
    }
)

Formation = Literal["even", "club"]

CLUB_TABLE_FORMS_AT = 5
"""Seed 000 art. I: "appena gli iscritti raggiungono il numero di cinque, il tavolo si intende formato"."""


class Seat(NamedTuple):
    """A place in the room: table number and seat number (seats count from 1, clockwise)."""

    table: int
    seat: int


def draw_seats(
    players: Sequence[int],
    tables: Mapping[int, int],
    rng: random.Random,
    occupied: Mapping[int, Collection[int]] | None = None,
    formation: Formation = "even",
) -> dict[int, Seat]:
    """Draw a seat for each of `players`, keeping the tables as even as possible.

    - `tables`: table number -> number of seats at that table (seats are 1..n).
    - `occupied`: table number -> seats already taken (late entries, a broken table's players);
      empty for the opening draw. Any collection of valid seat numbers with `len` and `in`.
    - `formation`: "even" spreads the players over every table given (TO-01); "club" opens only
      as many tables as the club's rule allows, one per five players, the tables with the most
      seats first (seed 000 art. I), and always at least enough tables to seat everybody.

    New players go to the tables that have fewest players (ties drawn at random), then to seats
    drawn at random among the open seats there; the players are matched to those seats by a
    uniform random permutation (TO-11). One player with `occupied` given is the late-entry draw of
    TO-03: a random open seat at one of the shortest tables. Whether a late player is dealt in at
    once depends on the button (see `button.waits_for_button`), not on the seat drawn.
    """
    occupied = occupied or {}
    if len(set(players)) != len(players):
        raise SeatingError("DRAWN_TWICE")
    unknown = set(occupied) - set(tables)
    if unknown:
        raise SeatingError("UNKNOWN_TABLE", table=min(unknown))
    counts = {number: len(occupied.get(number, ())) for number in tables}
    room = {number: tables[number] - counts[number] for number in tables}
    in_play = _tables_in_play(players, tables, counts, room, formation)
    free = sum(room[t] for t in in_play)
    if len(players) > free:
        raise SeatingError("NO_OPEN_SEATS", players=len(players), seats=free)

    added = _fill_shortest(
        {t: counts[t] for t in in_play}, {t: room[t] for t in in_play}, len(players), rng
    )
    # Open seats are listed only at the tables that take someone: a broken table's players
    # reach a handful of the 300 tables of a large field.
    seats = []
    for t in sorted(added):
        taken = occupied.get(t, ())
        open_seats = [s for s in range(1, tables[t] + 1) if s not in taken]
        seats.extend(Seat(t, s) for s in rng.sample(open_seats, added[t]))
    order = list(players)
    rng.shuffle(order)
    return dict(zip(order, seats, strict=True))


def _tables_in_play(
    players: Sequence[int],
    tables: Mapping[int, int],
    counts: Mapping[int, int],
    room: Mapping[int, int],
    formation: Formation,
) -> list[int]:
    """The tables that may receive players under the chosen formation."""
    if formation == "even":
        return [t for t in tables if room[t]]
    # Club: tables with most seats first, ties by number; a table opens only for five players,
    # and tables already in use stay in use.
    by_size = sorted(tables, key=lambda t: (-tables[t], t))
    in_use = [t for t in by_size if counts[t]]
    total = sum(counts.values()) + len(players)
    wanted = max(len(in_use), 1, total // CLUB_TABLE_FORMS_AT)
    chosen = list(in_use)
    for t in by_size:
        capacity = sum(tables[c] for c in chosen)
        if len(chosen) >= wanted and capacity >= total:
            break
        if t not in chosen:
            chosen.append(t)
    return [t for t in chosen if room[t]]


def _fill_shortest(
    counts: dict[int, int], room: dict[int, int], players: int, rng: random.Random
) -> dict[int, int]:
    """How many newcomers each table takes: always the shortest tables first (water-filling)."""
    counts = dict(counts)
    added = {t: 0 for t in counts}
    remaining = players
    while remaining:
        open_tables = [t for t in counts if added[t] < room[t]]
        low = min(counts[t] for t in open_tables)
        shortest = [t for t in open_tables if counts[t] == low]
        next_level = min(
            [counts[t] for t in open_tables if counts[t] > low]
            + [low + min(room[t] - added[t] for t in shortest)]
        )
        # Lift every shortest table to the next level, or as far as the players left allow,
        # drawing which tables get one more when they do not divide evenly.
        per_table = min(next_level - low, remaining // len(shortest))
        if per_table == 0:
            for t in rng.sample(sorted(shortest), remaining):
                counts[t] += 1
                added[t] += 1
            remaining = 0
            continue
        for t in shortest:
            counts[t] += per_table
            added[t] += per_table
        remaining -= per_table * len(shortest)
    return {t: n for t, n in added.items() if n}
