"""The chip race as a command: the DdT enters each player's chips of the colour being raced, and
the race runs at every table at once (race.py); the new stacks go into the log as one event, so
that undo takes the whole race back.

Also the `colour_up` view section: the chip set, the chips still in play, the races the
structure plans at its breaks and the one due at the break in play now (what the wall screen and
the DdT's dashboard show at a break).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from tdapp.engine.cards import deck_cards
from tdapp.kernel.refusals import DomainError, Plural, register_messages
from tdapp.tournament.chips import seated_once
from tdapp.tournament.colour_up.chip_set import ChipColour, breakdown, planned_races
from tdapp.tournament.colour_up.race import (
    ChipsRaced,
    RaceEntry,
    TableRace,
    cards_needed,
    race_table,
)
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.journal import describes
from tdapp.tournament.levels import current_period
from tdapp.tournament.registry import Audience, Notice, applies, decides, view_section, warns
from tdapp.tournament.state import Tournament
from tdapp.tournament.structure import Level
from tdapp.tournament.touches import MONEY, SETTINGS, Touches, declares

COLOUR_UP: tuple[str] = ("colour_up",)  # the chips still in play
DECK = len(deck_cards())


@dataclass(frozen=True)
class RaceCount:
    player_id: int
    chips: int  # of the colour raced


@dataclass(frozen=True)
class RaceChips:
    """Race the chips worth `value` (the smallest still in play); players not counted have none."""

    value: int
    counts: tuple[RaceCount, ...]


register_messages(
    {
        "NO_CHIP_SET": "The tournament has no chip set: describe it in the set-up",
        "NOTHING_TO_RACE": "Only one colour of chip is left in play: there is nothing to race",
        "RACE_WRONG_CHIP": "The chips raced now are those worth %(smallest)s, not %(value)s",
        "BAD_RACE_COUNT": "Chips of a colour must be a whole number, zero or more",
        "RACE_MORE_THAN_STACK": (
            "%(name)s cannot have %(chips)s chips of %(value)s: the stack is %(stack)s"
        ),
        "RACE_NEEDS_MORE_CARDS": (
            "Table %(table)s would need %(cards)s cards for its odd chips, more than a deck"
        ),
        "COLOUR_UP_DUE": (
            "Colour-up at this break: the %(colour)s chips of %(value)s are raced into"
            " %(into_colour)s chips of %(into)s"
        ),
        "LOG_CHIPS_RACED": Plural(
            "Chip race: the chips of %(value)s go, raced into %(into)s; %(won)s new chips won"
            " at %(tables)s table",
            "Chip race: the chips of %(value)s go, raced into %(into)s; %(won)s new chips won"
            " at %(tables)s tables",
            "tables"),
    }
)


def chips_in_play(state: Tournament) -> list[ChipColour]:
    raced = {race.value for race in state.races}
    return [c for c in state.settings.chip_set if c.value not in raced]


@decides(RaceChips, in_play_only=True)
def _race(state: Tournament, command: RaceChips, ctx: Ctx) -> ChipsRaced:
    in_play = chips_in_play(state)
    if not state.settings.chip_set:
        raise DomainError("NO_CHIP_SET")
    if len(in_play) < 2:
        raise DomainError("NOTHING_TO_RACE")
    value, into = in_play[0].value, in_play[1].value
    if command.value != value:
        raise DomainError("RACE_WRONG_CHIP", smallest=value, value=command.value)
    counted = _counted(state, command.counts, value)
    rng = ctx.rng()
    tables: list[TableRace] = []
    added = 0
    for number in sorted(state.tables):
        entries = [
            RaceEntry(pid, seat, counted[pid], state.player(pid).stack)
            for seat, pid in enumerate(state.tables[number], start=1)
            if pid is not None and counted.get(pid)
        ]
        if not entries:
            continue
        needed = cards_needed(entries, value, into)
        if needed > DECK:
            raise DomainError("RACE_NEEDS_MORE_CARDS", table=number, cards=needed)
        deck = list(deck_cards())
        rng.shuffle(deck)
        raced = race_table(entries, value, into, deck)
        added += sum(r.stack for r in raced) - sum(e.stack for e in entries)
        tables.append(TableRace(number, tuple(raced)))
    return ChipsRaced(value, into, tuple(tables), added)


def _counted(state: Tournament, counts: Any, value: int) -> dict[int, int]:
    if not isinstance(counts, tuple | list) or not all(isinstance(c, RaceCount) for c in counts):
        raise DomainError("BAD_RACE_COUNT")
    counted: dict[int, int] = {}
    for count in counts:
        chips = count.chips
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
            raise DomainError("BAD_RACE_COUNT")
        player = seated_once(state, count.player_id, counted)
        if chips * value > player.stack:
            raise DomainError(
                "RACE_MORE_THAN_STACK", name=player.name, chips=chips, value=value, stack=player.stack
            )
        counted[player.id] = chips
    return counted


@applies(ChipsRaced)
def _raced(state: Tournament, event: ChipsRaced) -> Tournament:
    players = state.players
    for table in event.tables:
        for raced in table.stacks:
            players = players.put(replace(players.get(raced.player_id), stack=raced.stack))
    return replace(
        state,
        players=players,
        races=(*state.races, event),
        ledger=state.ledger.plus(race_chips=event.chips_added),
    )


@declares(ChipsRaced)
def _touched(event: ChipsRaced, before: Tournament) -> Touches:
    players = [("player", r.player_id) for t in event.tables for r in t.stacks]
    seats = [("seat", t.table, r.seat) for t in event.tables for r in t.stacks]
    return Touches(
        changes=frozenset([*players, COLOUR_UP]),
        adds=frozenset([MONEY]),
        reads=frozenset([*seats, SETTINGS]),
    )


@describes(ChipsRaced)
def _line(event: ChipsRaced, before: Tournament) -> tuple[str, dict[str, Any]]:
    won = sum(1 for t in event.tables for r in t.stacks if r.won)
    return "LOG_CHIPS_RACED", {
        "value": event.value,
        "into": event.into,
        "won": won,
        "tables": len(event.tables),
    }


def _planned(state: Tournament) -> list[dict[str, Any]]:
    """The races the structure plans at its breaks, each marked done once run."""
    chip_set = state.settings.chip_set
    colour = {c.value: c.colour for c in chip_set}
    raced = {race.value for race in state.races}
    periods = state.settings.structure.periods
    return [
        {
            "period": race.period,
            "after_level": sum(1 for p in periods[: race.period] if isinstance(p, Level)),
            "value": race.value,
            "colour": colour[race.value],
            "into": race.into,
            "into_colour": colour[race.into],
            "done": race.value in raced,
        }
        for race in planned_races(state.settings.structure, [c.value for c in chip_set])
    ]


def due_races(state: Tournament, now: datetime) -> list[dict[str, Any]]:
    """The races planned at the break in play now and not yet run."""
    if not state.settings.chip_set or not state.clock.started:
        return []
    period = current_period(state, now)
    return [r for r in _planned(state) if r["period"] == period and not r["done"]]


@view_section("colour_up")
def _colour_up(state: Tournament, now: datetime, audience: Audience) -> dict[str, Any] | None:
    settings = state.settings
    if not settings.chip_set:
        return None
    shown: dict[str, Any] = {
        "chip_set": [
            {"value": c.value, "colour": c.colour, "available": c.available}
            for c in settings.chip_set
        ],
        "in_play": [c.value for c in chips_in_play(state)],
        "raced": [race.value for race in state.races],
        "planned": _planned(state),
        "due": due_races(state, now),
    }
    if audience == "td":
        values = [c.value for c in settings.chip_set]
        stacks = {"starting_stack": settings.starting_stack}
        if settings.rebuy is not None:
            stacks["rebuy"] = settings.rebuy.chips
        if settings.add_on is not None:
            stacks["add_on"] = settings.add_on.chips
        shown["breakdown"] = {k: list(breakdown(v, values)) for k, v in stacks.items()}
    return shown


@warns
def _colour_up_due(state: Tournament, now: datetime, audience: Audience):
    if audience != "td":
        return
    for race in due_races(state, now):
        yield Notice(
            "COLOUR_UP_DUE",
            {k: race[k] for k in ("value", "colour", "into", "into_colour")},
        )
