"""Which moves keep the tables even, and when a table breaks (TO-04 to TO-12).

`suggest` reads the tables as the tournament keeps them (table number -> a tuple of seats, seat 1
first, each a player id or None) and returns what the DdT should do next, with reasons as data.
It is deterministic: it names the balancing moves exactly (TO-07, TO-08) but only announces a
table break or the final table, whose seats are drawn when the DdT applies them
(`break_tables`, `draw_final_table`, with the random generator of the command's context).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from tdapp.kernel.refusals import register_messages
from tdapp.tournament.button import (
    ButtonDraw,
    ButtonRule,
    Positions,
    clockwise_after,
    draw_button,
    first_positions,
    next_positions,
)
from tdapp.tournament.errors import SeatingError
from tdapp.tournament.seating.seat_draw import draw_seats

register_messages(
    {"BALANCE_DIFF_TOO_SMALL": "Tables are balanced at a difference of 2 or more, not %(balance_diff)s."}
)

Seats = tuple[int | None, ...]
"""A table's seats, seat 1 first: the id of the player sitting there, or None."""

HALT_SHORTAGE = 3
"""TO-05: a table this many players short of the largest stops until it is balanced."""


@dataclass(frozen=True)
class BalanceRules:
    """The DdT's settings for balancing and breaking.

    `break_order` lists the tables that break first, in order; tables it leaves out follow,
    highest number first (TO-10). The same order breaks ties between equally large tables
    when choosing the table that gives a player (TO-06). `final_table_seats` lets the final
    table seat more than the others (TO-12: 8-handed tables, a final table of 9).
    """

    balance_diff: int = 2
    break_order: tuple[int, ...] = ()
    final_table_seats: int | None = None
    button_rule: ButtonRule = "dead"

    def __post_init__(self) -> None:
        # A difference of one would chase an odd player round the room for ever.
        if self.balance_diff < 2:
            raise SeatingError("BALANCE_DIFF_TOO_SMALL", balance_diff=self.balance_diff)

    def order(self, tables: Iterable[int]) -> list[int]:
        """The tables in break order: the first one breaks next."""
        tables = set(tables)
        listed = [t for t in self.break_order if t in tables]
        rest = sorted(tables - set(listed), reverse=True)
        return listed + rest


@dataclass(frozen=True)
class Move:
    """One player to move, from where to where, and why.

    `reason` is a code ("BALANCE", "BREAK", "FINAL_TABLE", "MANUAL") and `params` fill its
    message: for a balance, the sizes of both tables and whether the player is known to be the
    next big blind (False when the table has no recorded button, see `due_big_blind`).
    """

    player: int
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TableBreak:
    """A table due to break (TO-10): its players will be drawn into the open seats (TO-11)."""

    table: int
    players: tuple[int, ...]
    players_left: int
    seats_left: int


@dataclass(frozen=True)
class Suggestions:
    """What the DdT should do now. At most one of `breaks`/`final_table`/`moves` is non-empty:
    breaks come first, then the final table, then balancing."""

    moves: tuple[Move, ...] = ()
    breaks: tuple[TableBreak, ...] = ()
    final_table: int | None = None
    waiting: tuple[int, ...] = ()
    halted: tuple[int, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.moves or self.breaks or self.final_table is not None)


@dataclass(frozen=True)
class Buttons:
    """What is known of the button at each table: the last hand dealt there, or else the button
    drawn for the first hand (TO-02). Tables missing from both have no known button."""

    last_hands: Mapping[int, Positions] = field(default_factory=dict)
    first_buttons: Mapping[int, int] = field(default_factory=dict)


def seated(seats: Seats) -> list[int]:
    """The occupied seat numbers of a table, in order."""
    return [number for number, player in enumerate(seats, start=1) if player is not None]


def in_play(tables: Mapping[int, Seats]) -> dict[int, int]:
    """Table number -> players, for the tables that still have anyone at them."""
    return {t: n for t, seats in tables.items() if (n := len(seats) - seats.count(None))}


class _Taken(Collection[int]):
    """The occupied seats of a table, read straight from its seats tuple without copying."""

    __slots__ = ("seats",)

    def __init__(self, seats: Seats) -> None:
        self.seats = seats

    def __len__(self) -> int:
        return len(self.seats) - self.seats.count(None)

    def __contains__(self, seat: object) -> bool:
        return isinstance(seat, int) and 0 < seat <= len(self.seats) and self.seats[seat - 1] is not None

    def __iter__(self) -> Iterator[int]:
        return iter(seated(self.seats))


def suggest(
    tables: Mapping[int, Seats],
    rules: BalanceRules,
    buttons: Buttons | None = None,
    busy: Collection[int] = (),
) -> Suggestions:
    """The breaks, final table or balancing moves due now.

    `busy` are the tables with a hand in progress: they neither give nor receive a player until
    the hand ends (TO-09), and a busy table due to break waits. Those holding something back are
    listed in `waiting`.
    """
    buttons = buttons or Buttons()
    counts = in_play(tables)
    if len(counts) < 2:
        return Suggestions()
    order = rules.order(counts)
    total = sum(counts.values())

    breaks: list[TableBreak] = []
    remaining = order
    while len(remaining) > 1:
        breaking, others = remaining[0], remaining[1:]
        seats_left = sum(len(tables[t]) for t in others)
        if len(others) == 1 and rules.final_table_seats:
            seats_left = rules.final_table_seats
        if total > seats_left:
            break
        if len(others) == 1:
            if breaks:
                break
            waiting = tuple(t for t in remaining if t in busy)
            return Suggestions(final_table=others[0], waiting=waiting)
        players = tuple(p for p in tables[breaking] if p is not None)
        breaks.append(TableBreak(breaking, players, total, seats_left))
        remaining = others
    if breaks:
        waiting = tuple(b.table for b in breaks if b.table in busy)
        return Suggestions(breaks=tuple(breaks), waiting=waiting)
    return _balance(tables, counts, order, rules, buttons, busy)


def _balance(
    tables: Mapping[int, Seats],
    counts: dict[int, int],
    order: list[int],
    rules: BalanceRules,
    buttons: Buttons,
    busy: Collection[int],
) -> Suggestions:
    largest = max(counts.values())
    halted = tuple(t for t in reversed(order) if counts[t] <= largest - HALT_SHORTAGE)
    counts = dict(counts)
    working: dict[int, Seats] = {}
    moves: list[Move] = []
    waiting: tuple[int, ...] = ()
    while True:
        largest, smallest = max(counts.values()), min(counts.values())
        if largest - smallest < rules.balance_diff:
            break
        sources = [t for t in order if counts[t] == largest]
        destinations = [t for t in reversed(order) if counts[t] == smallest]
        source = next((t for t in sources if t not in busy), None)
        idle = [t for t in destinations if t not in busy]
        landing = _destination(idle, tables, working, buttons, rules.button_rule)
        if source is None or landing is None:
            waiting = tuple(sources if source is None else destinations)
            break
        destination, to_seat = landing
        source_seats = working.get(source, tables[source])
        destination_seats = working.get(destination, tables[destination])
        from_seat, known = due_big_blind(source, source_seats, buttons, rules.button_rule)
        player = source_seats[from_seat - 1]
        moves.append(
            Move(
                player,
                source,
                from_seat,
                destination,
                to_seat,
                "BALANCE",
                {
                    "source_players": counts[source],
                    "destination_players": counts[destination],
                    "due_big_blind": known,
                },
            )
        )
        working[source] = _with(source_seats, from_seat, None)
        working[destination] = _with(destination_seats, to_seat, player)
        counts[source] -= 1
        counts[destination] += 1
    return Suggestions(moves=tuple(moves), waiting=waiting, halted=halted)


def _next_hand(
    table: int, occupied: Collection[int], buttons: Buttons, rule: ButtonRule
) -> Positions | None:
    """The button and blinds of the next hand at `table`, when its button is known."""
    if len(occupied) < 2:
        return None
    last = buttons.last_hands.get(table)
    if last is not None:
        return next_positions(last, occupied, rule)
    button = buttons.first_buttons.get(table)
    if button is not None and button in occupied:
        return first_positions(button, occupied)
    return None


def due_big_blind(
    table: int, seats: Seats, buttons: Buttons, rule: ButtonRule = "dead"
) -> tuple[int, bool]:
    """The seat of the player who would post the big blind next hand (TO-07), and whether that
    is known. With no recorded hand and no drawn button the table's highest occupied seat is
    taken, and the flag is False so the DdT can pick the real big blind by hand."""
    occupied = seated(seats)
    next_hand = _next_hand(table, occupied, buttons, rule)
    if next_hand is None:
        return occupied[-1], False
    return next_hand.big_blind, True


def worst_seat(table: int, seats: Seats, buttons: Buttons, rule: ButtonRule = "dead") -> int:
    """TO-08: the first empty seat clockwise after the table's current big blind, skipping a seat
    that would be the next hand's small blind. Before the first hand the current big blind is
    read as the first hand's small blind seat, so the player still lands where the big blind
    comes next. With no known button, the lowest empty seat. When every empty seat would be the
    small blind (the moving button after the big blind busted), the first one is returned."""
    return _worst_seat(table, seats, buttons, rule)[0]


def _worst_seat(
    table: int, seats: Seats, buttons: Buttons, rule: ButtonRule
) -> tuple[int, bool]:
    """The worst seat, and whether it keeps clear of the next small blind."""
    occupied = seated(seats)
    empty = [number for number, player in enumerate(seats, start=1) if player is None]
    last = buttons.last_hands.get(table)
    if last is not None:
        reference = last.big_blind
    else:
        first = _next_hand(table, occupied, buttons, rule)
        if first is None:
            return empty[0], True
        reference = first.small_blind_seat
    candidates = []
    seat = reference
    for _ in empty:
        seat = clockwise_after(seat, empty)
        candidates.append(seat)
    for seat in candidates:
        next_hand = _next_hand(table, [*occupied, seat], buttons, rule)
        if next_hand is None or next_hand.heads_up or next_hand.small_blind_seat != seat:
            return seat, True
    return candidates[0], False


def _destination(
    candidates: list[int],
    tables: Mapping[int, Seats],
    working: Mapping[int, Seats],
    buttons: Buttons,
    rule: ButtonRule,
) -> tuple[int, int] | None:
    """The first of the equally short `candidates` (in order) with a worst seat clear of the
    small blind, else the first of them; None if there is none."""
    found = None
    for table in candidates:
        seat, clear = _worst_seat(table, working.get(table, tables[table]), buttons, rule)
        if clear:
            return table, seat
        found = found or (table, seat)
    return found


def _with(seats: Seats, seat: int, player: int | None) -> Seats:
    return (*seats[: seat - 1], player, *seats[seat:])


def apply_moves(tables: Mapping[int, Seats], moves: Iterable[Move]) -> dict[int, Seats]:
    """The tables after `moves`, each player moving once; only the tables they touch are copied.

    Every player first leaves their seat, then all sit down, so a redraw in which players take
    each other's seats (the final table) works like a chain of balancing moves.
    """
    moves = list(moves)
    result = dict(tables)
    for move in moves:
        result[move.from_table] = _with(result[move.from_table], move.from_seat, None)
    for move in moves:
        target = result[move.to_table]
        if move.to_seat > len(target):
            target = target + (None,) * (move.to_seat - len(target))
        result[move.to_table] = _with(target, move.to_seat, move.player)
    return result


def break_tables(
    tables: Mapping[int, Seats], breaking: Collection[int], rng: random.Random
) -> tuple[Move, ...]:
    """TO-10, TO-11: the players of the `breaking` tables drawn at random into the open seats of
    the other tables still in play, the shortest tables first. They may land on the button or a
    blind (TO-04); whether they wait for the button is for the table to tell
    (`waits_for_button`)."""
    counts = in_play(tables)
    others = [t for t in counts if t not in breaking]
    origin = {
        p: (t, seat)
        for t in sorted(breaking)
        for seat, p in enumerate(tables[t], start=1)
        if p is not None
    }
    draw = draw_seats(
        list(origin),
        {t: len(tables[t]) for t in others},
        rng,
        occupied={t: _Taken(tables[t]) for t in others},
    )
    return tuple(
        Move(p, *origin[p], to.table, to.seat, "BREAK", {"table": origin[p][0]})
        for p, to in sorted(draw.items(), key=lambda item: item[1])
    )


def draw_final_table(
    tables: Mapping[int, Seats], final_table: int, seats: int, rng: random.Random
) -> tuple[tuple[Move, ...], ButtonDraw]:
    """TO-12: everybody left drawn afresh to a seat of `final_table` (which has `seats` seats),
    and the button drawn by high card among them (TO-02)."""
    where = {
        p: (t, s)
        for t, table_seats in tables.items()
        for s, p in enumerate(table_seats, start=1)
        if p is not None
    }
    draw = draw_seats(list(where), {final_table: seats}, rng)
    moves = tuple(
        Move(p, *where[p], to.table, to.seat, "FINAL_TABLE", {"table": final_table})
        for p, to in sorted(draw.items(), key=lambda item: item[1])
    )
    return moves, draw_button({move.to_seat for move in moves}, rng)
