"""The tournament's state: what the log folds into. Frozen; every change makes a new one.

`apply` handlers build the next state with `dataclasses.replace` and the helpers below, which
touch only what changed (one player's block in `Players`, one table's seats), so one event costs
the same with 30 players as with 3,000.

Other areas keep their own state in a field with a default, added here by a small edit (the clock
is `clock`). Keep that field's class in a module that does not import this one at run time, or
the two would import each other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.tournament.clock.timing import Clock, DisplayLayout
from tdapp.tournament.colour_up.race import ChipsRaced
from tdapp.tournament.finish import TournamentFinish
from tdapp.tournament.hands.table import TablePlay
from tdapp.tournament.players import Player, Players
from tdapp.tournament.seating.room import SeatingState
from tdapp.tournament.settings import Settings
from tdapp.tournament.signups.model import Signups

Seats = tuple[int | None, ...]
"""A table's seats, seat 1 first: the id of the player sitting there, or None."""


@dataclass(frozen=True, slots=True)
class Ledger:
    """Money in (cents) and chips put into play, by kind. Unregistering takes a buy-in back out.

    The prize pool is `money_in_cents`; the house's fees and the bounties were paid on top of
    the prices and stay out of it. Chips a player gives up to re-enter leave play (TO-03)."""

    buy_ins: int = 0
    buy_in_cents: int = 0
    re_entries: int = 0
    re_entry_cents: int = 0
    rebuys: int = 0
    rebuy_cents: int = 0
    add_ons: int = 0
    add_on_cents: int = 0
    starting_chips: int = 0  # every entry's starting stack, bonus chips included
    rebuy_chips: int = 0
    add_on_chips: int = 0
    # Chips the DdT put back into play by hand (a busted player brought back): no money came in.
    correction_chips: int = 0
    fees_cents: int = 0  # the house's, on every purchase
    bounty_cents: int = 0  # paid onto the entries' heads
    bounties_paid_cents: int = 0  # cash taken from heads by eliminators
    bounties_unclaimed_cents: int = 0  # heads of players out with no eliminator named
    forfeited_chips: int = 0  # a re-entering player's previous stack, out of play (TO-03)
    # Chips a chip race added (a remainder rounded up, a player kept in) or took off (TO-16).
    race_chips: int = 0

    @property
    def entries(self) -> int:
        return self.buy_ins + self.re_entries

    @property
    def money_in_cents(self) -> int:
        return self.buy_in_cents + self.re_entry_cents + self.rebuy_cents + self.add_on_cents

    @property
    def chips_issued(self) -> int:
        """The chips in play: every chip put in or raced, less those forfeited."""
        put_in = (self.starting_chips + self.rebuy_chips + self.add_on_chips
                  + self.correction_chips + self.race_chips)
        return put_in - self.forfeited_chips

    @property
    def bounties_on_heads_cents(self) -> int:
        return self.bounty_cents - self.bounties_paid_cents - self.bounties_unclaimed_cents

    def plus(self, **amounts: int) -> Ledger:
        """The ledger with each named total increased by its amount (negative to take back)."""
        return replace(self, **{k: getattr(self, k) + v for k, v in amounts.items()})


@dataclass(frozen=True)
class Tournament:
    version: int = 0
    created: bool = False
    settings: Settings = field(default_factory=Settings)
    players: Players = field(default_factory=Players)
    tables: Mapping[int, Seats] = field(default_factory=dict)
    seats_drawn: bool = False
    ledger: Ledger = field(default_factory=Ledger)
    payout_amounts: tuple[int, ...] | None = None  # the DdT's amounts per place after a deal
    clock: Clock = field(default_factory=Clock)
    displays: Mapping[str, DisplayLayout] = field(default_factory=dict)  # wall screen -> layout
    seating: SeatingState = field(default_factory=SeatingState)  # balancing, breaks, moves
    play: TablePlay = field(default_factory=TablePlay)  # the hands at the tables, their consoles
    # Players whose tracked stack a bust left out of date: the chips of a player out with chips
    # went to someone at that table, unknown until a count (tdapp/tournament/chips.py).
    to_recount: frozenset[int] = frozenset()
    # Each name in the tournament (case, accents and spaces ignored: names.same_name_key) and the
    # first player who has it, so that the check for the same person twice reads one key.
    name_keys: Mapping[str, int] = field(default_factory=dict)
    races: tuple[ChipsRaced, ...] = ()  # the chip races run, oldest first (colour_up/)
    finish: TournamentFinish | None = None  # the winner and the stopped clock (finish.py)
    signups: Signups = field(default_factory=Signups)  # before the night (signups/)

    @property
    def finished(self) -> bool:
        return self.finish is not None

    @property
    def players_left(self) -> int:
        return self.players.in_play

    def player(self, player_id: Any) -> Player:
        """The player with that id, or a refusal naming the id."""
        found = self.players.get(player_id) if isinstance(player_id, int) else None
        if found is None:
            raise DomainError("UNKNOWN_PLAYER", player_id=player_id)
        return found

    def with_player(self, player: Player) -> Tournament:
        return replace(self, players=self.players.put(player))

    def seat_player(self, player_id: int, table: int, seat: int) -> Tournament:
        """The player moved to `table`/`seat` (leaving any seat they held); the seat must be free.
        A table not yet in the room is set up with the tournament's seats per table."""
        state = self.unseat_player(player_id)
        seats = list(state.tables.get(table, (None,) * state.settings.seats_per_table))
        seats[seat - 1] = player_id
        tables = {**state.tables, table: tuple(seats)}
        player = replace(state.player(player_id), table=table, seat=seat)
        return replace(state, tables=tables, players=state.players.put(player))

    def unseat_player(self, player_id: int) -> Tournament:
        """The player without a seat; their table keeps the empty seat."""
        player = self.player(player_id)
        if player.table is None or player.seat is None:
            return self
        seats = list(self.tables[player.table])
        seats[player.seat - 1] = None
        tables = {**self.tables, player.table: tuple(seats)}
        moved = replace(player, table=None, seat=None)
        return replace(self, tables=tables, players=self.players.put(moved))

    def with_tables(self, tables: Mapping[int, Seats]) -> Tournament:
        return replace(self, tables=dict(tables))


register_messages({"UNKNOWN_PLAYER": "There is no player %(player_id)s in this tournament"})
