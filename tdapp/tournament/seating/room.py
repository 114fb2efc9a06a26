"""The seating area's part of the tournament state: the DdT's settings for balancing and breaking,
what is known of each table's button, the tables playing a hand, hand-for-hand, and each
player's last move (shown on the phone).

`Tournament.seating` holds one `SeatingState`. This module imports nothing of the tournament
state, so that state.py can import it. The hands area calls `hand_started` and `hand_ended` from
its apply handlers, which is how balancing learns the blinds (TO-07, TO-08) and keeps off tables
in the middle of a hand (TO-09).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from tdapp.tournament.button import ButtonRule, Positions
from tdapp.tournament.seating.balance import BalanceRules, Buttons


@dataclass(frozen=True)
class LastMove:
    """Where a player was moved from and to, and why ("BALANCE", "BREAK", "FINAL_TABLE",
    "MANUAL"); `version` is the tournament version of the move, so a phone can tell it is new."""

    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str
    version: int


@dataclass(frozen=True)
class SeatingState:
    balance_diff: int = 2
    break_order: tuple[int, ...] = ()
    final_table_seats: int | None = None
    hand_for_hand: bool = False
    hand_for_hand_trigger: int | None = None
    last_hands: Mapping[int, Positions] = field(default_factory=dict)
    first_buttons: Mapping[int, int] = field(default_factory=dict)
    busy: frozenset[int] = frozenset()
    broken: tuple[int, ...] = ()
    final_table: int | None = None
    last_moves: Mapping[int, LastMove] = field(default_factory=dict)

    def rules(self, button_rule: ButtonRule = "dead") -> BalanceRules:
        """The balancing rules; the button rule is a tournament option (settings "button")."""
        return BalanceRules(
            balance_diff=self.balance_diff,
            break_order=self.break_order,
            final_table_seats=self.final_table_seats,
            button_rule=button_rule,
        )

    @property
    def buttons(self) -> Buttons:
        return Buttons(last_hands=self.last_hands, first_buttons=self.first_buttons)

    def hand_started(self, table: int, positions: Positions) -> SeatingState:
        """A hand is dealt at `table` with these button and blinds: the table is busy until it
        ends, and the next hand's blinds follow from these (HE-05)."""
        return replace(
            self,
            last_hands={**self.last_hands, table: positions},
            busy=self.busy | {table},
        )

    def hand_ended(self, table: int) -> SeatingState:
        return replace(self, busy=self.busy - {table})
