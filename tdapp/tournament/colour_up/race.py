"""The chip race at one table (RULES.md TO-16; TDA Rules 2024 rule 24).

Each player's chips of the raced colour are exchanged in full sets for the next chip up; the odd
chips left each earn one card, dealt clockwise from seat 1, all of a player's cards before the
next player's. The odd chips of the table together are worth so many new chips: the highest
card wins one, the next-highest (of another player) the next, one chip at most per player; what
is left worth at least half a new chip makes one more, less is taken off. Cards rank by rank,
then by suit: spades, hearts, diamonds, clubs ([U] in RULES.md, the club's order).
Nobody is raced out: a player left with no chip gets one of the smallest chip still in play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tdapp.engine.cards import RANK_VALUES, Card
from tdapp.tournament.events import event

SUIT_ORDER = {"s": 4, "h": 3, "d": 2, "c": 1}  # spades > hearts > diamonds > clubs


@dataclass(frozen=True)
class RaceEntry:
    """A player at the table, in seat order: the chips of the raced colour and the stack."""

    player_id: int
    seat: int
    chips: int
    stack: int


@dataclass(frozen=True)
class RacedStack:
    player_id: int
    seat: int
    chips: int  # of the raced colour, as counted
    odd_chips: int  # left over after the full sets: one card each
    cards: tuple[str, ...]
    won: bool  # a new chip won in the race
    kept_in: bool  # raced down to nothing, given one chip so as not to be raced out
    stack: int  # after the race


def card_strength(card: Card) -> tuple[int, int]:
    return RANK_VALUES[card.rank], SUIT_ORDER[card.suit]


def cards_needed(entries: Sequence[RaceEntry], value: int, into: int) -> int:
    per_set = into // value
    return sum(entry.chips % per_set for entry in entries)


def new_chips(odd_value: int, into: int) -> int:
    """The new chips the odd chips of a table make: whole ones, and one more for a remainder worth
    at least half a chip."""
    whole, rest = divmod(odd_value, into)
    return whole + (1 if 2 * rest >= into else 0)


def race_table(
    entries: Sequence[RaceEntry], value: int, into: int, deck: Sequence[Card]
) -> list[RacedStack]:
    """The race at a table; `entries` in seat order, `deck` shuffled with enough cards."""
    per_set = into // value
    cards: dict[int, list[Card]] = {}
    position = 0
    for entry in entries:
        odd = entry.chips % per_set
        cards[entry.player_id] = list(deck[position : position + odd])
        position += odd
    odd_value = position * value
    holders = [e.player_id for e in entries if cards[e.player_id]]
    by_best = sorted(holders, key=lambda pid: max(map(card_strength, cards[pid])), reverse=True)
    winners = set(by_best[: new_chips(odd_value, into)])
    raced: list[RacedStack] = []
    for entry in entries:
        odd = entry.chips % per_set
        won = entry.player_id in winners
        stack = entry.stack - odd * value + (into if won else 0)
        kept_in = stack == 0
        raced.append(
            RacedStack(
                player_id=entry.player_id,
                seat=entry.seat,
                chips=entry.chips,
                odd_chips=odd,
                cards=tuple(str(card) for card in cards[entry.player_id]),
                won=won,
                kept_in=kept_in,
                stack=into if kept_in else stack,
            )
        )
    return raced


@dataclass(frozen=True)
class TableRace:
    table: int
    stacks: tuple[RacedStack, ...]  # the players who had chips of the colour, in seat order


@event("ChipsRaced")
@dataclass(frozen=True)
class ChipsRaced:
    """A race at every table: the chips worth `value` went, raced into chips worth `into`."""

    value: int
    into: int
    tables: tuple[TableRace, ...]
    chips_added: int  # negative when the race took more off than it rounded up
