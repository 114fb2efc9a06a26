"""Builders for tournament tests: a `Play` runs commands through decide/apply like the services
do, keeps the log, and checks the invariants of DESIGN.md after every event."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tdapp.kernel.refusals import DomainError
from tdapp.tournament.clock import rules as clock_rules
from tdapp.tournament.colour_up.race import ChipsRaced
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import from_record, to_record
from tdapp.tournament.purchases import AddOnTaken, RebuyTaken
from tdapp.tournament.registration import (
    PlayerReEntered,
    PlayerRegistered,
    PlayerUnregistered,
    RegisterPlayer,
)
from tdapp.tournament.registry import apply, decide, replay
from tdapp.tournament.reinstate import PlayerReinstated
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import Settings
from tdapp.tournament.state import Tournament
from tdapp.tournament.structure import Break, Level, Structure

T0 = datetime(2027, 3, 1, 20, 0, tzinfo=UTC)

# Four 20-minute levels, the add-on break, then three more.
STRUCTURE = Structure(
    (
        Level(25, 50, 1200),
        Level(50, 100, 1200),
        Level(75, 150, 1200),
        Level(100, 200, 1200),
        Break(600, "Add-on"),
        Level(150, 300, 1200, ante=300, big_blind_ante=True),
        Level(200, 400, 1200, ante=400, big_blind_ante=True),
        Level(300, 600, 1200, ante=600, big_blind_ante=True),
    )
)


class Play:
    """A tournament in a test: `state`, the `log` of events, the time `now`."""

    def __init__(self, settings: Settings) -> None:
        self.state = Tournament()
        self.log: list[Any] = []
        self.now = T0
        self.seed = 0
        self.do(ConfigureTournament(settings))

    def do(self, command: Any) -> Any:
        """Decides and applies `command`; the event must survive its JSON record."""
        self.seed += 1
        found = decide(self.state, command, Ctx(self.now, self.seed))
        record = json.loads(json.dumps(to_record(found)))
        assert from_record(record) == found
        self.state = apply(self.state, found)
        self.log.append(found)
        check_invariants(self.state, self.log)
        return found

    def refused(self, command: Any, code: str) -> DomainError:
        """`command` is refused with `code`, and nothing changes."""
        before = self.state
        with pytest.raises(DomainError) as refusal:
            decide(self.state, command, Ctx(self.now, self.seed + 1))
        assert refusal.value.code == code, refusal.value
        assert self.state is before
        assert replay(self.log) == before
        return refusal.value

    def at_level(self, level: int) -> Play:
        """The clock runs from the start of level `level`."""
        self._clock_to(self.state.settings.structure.index_of_level(level))
        return self

    def on_break_after(self, level: int) -> Play:
        self._clock_to(self.state.settings.structure.index_of_level(level) + 1)
        return self

    def _clock_to(self, period: int) -> None:
        if not self.state.clock.started:
            self.do(clock_rules.StartClock())
        self.now += timedelta(minutes=1)
        while self.state.clock.period < period:
            self.do(clock_rules.NextLevel())
        self.now += timedelta(seconds=30)

    def minutes_later(self, minutes: float) -> Play:
        self.now += timedelta(minutes=minutes)
        return self

    def player(self, player_id: int):
        return self.state.player(player_id)


def settings(**changes: Any) -> Settings:
    return replace(Settings(name="Lunedì", structure=STRUCTURE, seats_per_table=9), **changes)


def tournament(players: int = 9, seats_drawn: bool = True, **changes: Any) -> Play:
    """A configured tournament with `players` registered (P1, P2...) and, by default, seated."""
    play = Play(settings(**changes))
    for number in range(1, players + 1):
        play.do(RegisterPlayer(f"P{number}"))
    if seats_drawn and players:
        play.do(DrawSeats())
    return play


def issued_by_log(log: list[Any]) -> int:
    """Chips put into play, counted from the events alone."""
    total = 0
    for item in log:
        if isinstance(item, PlayerRegistered):
            total += item.starting_stack
        elif isinstance(item, PlayerReEntered):
            total += item.starting_stack - item.forfeited_chips
        elif isinstance(item, PlayerUnregistered):
            total -= item.chips
        elif isinstance(item, RebuyTaken | AddOnTaken):
            total += item.chips
        elif isinstance(item, PlayerReinstated):
            total += item.stack
        elif isinstance(item, ChipsRaced):
            total += item.chips_added
    return total


def check_invariants(state: Tournament, log: list[Any]) -> None:
    """DESIGN.md's invariants: chips, seats, places."""
    players = list(state.players)
    issued = issued_by_log(log)
    assert state.ledger.chips_issued == issued
    in_play = [p for p in players if p.in_play]
    assert state.players.in_play == len(in_play)
    assert state.players.stack_total == sum(p.stack for p in in_play)
    assert state.players.stack_total <= issued
    # Bounty money is never lost: on the heads, paid out, or left unclaimed by a bust.
    ledger = state.ledger
    heads = sum(p.bounty_cents for p in players)
    assert heads == ledger.bounties_on_heads_cents
    assert ledger.bounties_paid_cents == sum(p.bounties_won_cents for p in players)

    seen: Counter[int] = Counter()
    for number, seats in state.tables.items():
        assert len(seats) == state.settings.seats_per_table
        for seat, player_id in enumerate(seats, start=1):
            if player_id is not None:
                seen[player_id] += 1
                sitter = state.player(player_id)
                assert (sitter.table, sitter.seat) == (number, seat)
    assert all(count == 1 for count in seen.values()), "a player sits twice"
    for player in players:
        if player.table is not None:
            assert state.tables[player.table][player.seat - 1] == player.id
        if player.busted:
            assert player.table is None and player.seat is None and player.stack == 0

    covered: list[int] = []
    groups = {(p.place, p.tied) for p in players if p.busted}
    for place, tied in groups:
        members = [p for p in players if p.place == place]
        assert len(members) == tied, "a tie names as many players as the places it shares"
        covered.extend(range(place, place + tied))
    left = state.players_left
    assert sorted(covered) == list(range(left + 1, left + len(covered) + 1)), (
        "finish places are distinct and count down from the field"
    )
