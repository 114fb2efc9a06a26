"""The hands area's part of the tournament state: each table's hand and the tables' consoles.

`Tournament.play` holds one `TablePlay`. This module imports nothing of the tournament state,
so that state.py can import it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from tdapp.engine.holdem import HoldemHand
from tdapp.tournament.button import Positions


@dataclass(frozen=True)
class Step:
    """One change to the engine's hand.

    kind: "act" (in turn), "absent" (checked or folded for an absent player, HE-25), "timeout"
    (folded or checked when the time ran out, HE-24), "out_of_turn" (a binding early fold,
    HE-21), "no_raise" (the right to raise lost: an early bet HE-21, the club's time limit HE-23);
    under the TDA's out-of-turn rule (HE-22): "declared" (an early action, kept aside with the
    bet it faced), "declared_stands" (the turn came with that bet unchanged: it is made),
    "declared_void" (the action changed: the player has every option again); "chips" (chips
    pushed without a word, HE-14: `pushed` chips in `pieces` chips, made the action it became).
    """

    seat: int
    kind: str
    action: str = ""
    amount: int | None = None
    facing: int | None = None
    pushed: int | None = None
    pieces: int | None = None


@dataclass(frozen=True)
class Pushed:
    """The hand's newest silent push (HE-14): what the dealer saw and what it became."""

    seat: int
    pushed: int
    pieces: int
    action: str
    to: int  # the seat's bet this round after it
    chips: int  # what the action put in: the rest of the push goes back, or the player adds


@dataclass(frozen=True)
class TableHand:
    """The hand in play at a table, or the last one played there (`engine.complete`/`voided`)."""

    table: int
    number: int  # hands dealt in the tournament so far, this one included
    players: Mapping[int, int]  # seat -> player id, for every seat dealt in
    positions: Positions
    previous: Positions | None  # the table's hand before this one: a misdeal goes back to it
    level: int  # the room's number of the level whose blinds this hand plays
    engine: HoldemHand
    started_at: datetime
    deadline: datetime | None = None  # when the player in turn runs out of time (HE-23)
    reminded: frozenset[int] = frozenset()  # seats whose time passed (club: no more raising)
    voided: bool = False  # a misdeal: every chip went back (IR-09..IR-11)
    declared: Mapping[int, Step] = field(default_factory=dict)  # early actions kept aside (HE-22)
    cards_shown: Mapping[int, str] = field(default_factory=dict)
    board_shown: str = ""
    pushed: Pushed | None = None

    @property
    def in_play(self) -> bool:
        return not self.voided and not self.engine.complete

    @property
    def step(self) -> int:
        """Counts the engine's moves: a deadline is for the decision at this step only."""
        return len(self.engine.moves)


@dataclass(frozen=True)
class TableAccess:
    """What opens a table's console: the token in its URL (QR code) and the PIN the DdT gives."""

    token: str
    pin: str


@dataclass(frozen=True)
class TablePlay:
    hands: Mapping[int, TableHand] = field(default_factory=dict)
    access: Mapping[int, TableAccess] = field(default_factory=dict)
    dealt: int = 0
    time_banks_used: Mapping[int, int] = field(default_factory=dict)  # player id -> extensions

    def hand(self, table: int) -> TableHand | None:
        return self.hands.get(table)

    def busy(self, table: int) -> bool:
        found = self.hands.get(table)
        return found is not None and found.in_play
