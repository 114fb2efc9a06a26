"""The table as an aggregate: `DrawTable` (Italian draw) or `TelesinaTable`, what its log folds
into. The engine's table of seats and stacks (`tdapp.engine.draw.table.DrawTable`) is one part of
either, named through its module (`seats.DrawTable`) so that the two never pass for each other:
both games share the seats, the resti, the passate and the deal passing left."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tdapp.draw_table.events import TableOpened
from tdapp.engine.draw import table as seats
from tdapp.engine.draw.hand import DrawHand, Phase
from tdapp.engine.telesina.hand import TelesinaHand
from tdapp.engine.telesina.variants import Variant, variant

Line = tuple[str, Mapping[str, Any]]  # a message code and its parameters

# The line each betting action writes, at either game (the codes are registered in rules).
ACTION_LINES = {"fold": "DRAW_LOG_FOLDS", "check": "DRAW_LOG_CHECKS", "call": "DRAW_LOG_CALLS",
                "bet": "DRAW_LOG_BETS", "raise": "DRAW_LOG_RAISES", "all_in": "DRAW_LOG_ALL_IN"}


@dataclass(frozen=True)
class DrawTable:
    """A draw table between and during hands. `table` is as of the last deal; a finished hand
    is settled into it by the next deal, so a false opening can still be judged (IT-17 c)."""

    names: Mapping[int, str]
    invito_max: int
    table: seats.DrawTable
    hand: DrawHand | None = None
    number: int = 0
    judged: bool = False  # a false opening was declared on the finished hand
    lines: tuple[Line, ...] = ()  # the hand in words
    passata: int = 0
    top_ups: Mapping[int, int] = field(default_factory=dict)  # passate taken since the deal

    game = "draw"

    @property
    def in_play(self) -> bool:
        return self.hand is not None and self.hand.phase is not Phase.OVER

    @property
    def next_table(self) -> seats.DrawTable:
        """The table the next deal starts from: the last hand, if over, settled into it."""
        table = self.table
        if self.hand is not None and self.hand.phase is Phase.OVER:
            table = table.settle(self.hand)
        return topped_up(table, self.top_ups)


@dataclass(frozen=True)
class TelesinaRound:
    """A draw table's round of telesina: the draw it goes back to (its highest invito), the
    number of the round's first hand and how many hands it has (one per dealer), and whether
    it opens the giri. The draw's pots waiting in the middle stay in `table.carries`."""

    invito_max: int
    first: int
    hands: int
    giri: bool = False

    def played(self, number: int) -> int:
        """The hands of the round dealt, when the table's last hand is `number`."""
        return number - self.first + 1


@dataclass(frozen=True)
class TelesinaTable:
    """A table of telesina (TS-00 .. TS-07) between and during hands: one variant all night,
    or (with `round`) for a round at a draw table. `table` is as of the last deal; a finished
    hand is settled into it by the next deal."""

    names: Mapping[int, str]
    variant: Variant
    table: seats.DrawTable
    hand: TelesinaHand | None = None
    number: int = 0
    lines: tuple[Line, ...] = ()  # the hand in words
    passata: int = 0
    top_ups: Mapping[int, int] = field(default_factory=dict)  # passate taken since the deal
    round: TelesinaRound | None = None  # a draw table's round of telesina

    game = "telesina"

    @property
    def in_play(self) -> bool:
        return self.hand is not None and not self.hand.over

    @property
    def round_over(self) -> bool:
        """A draw table's round whose last hand is over: the next deal is draw again."""
        return self.round is not None and not self.in_play \
            and self.round.played(self.number) >= self.round.hands

    def back_to_draw(self) -> DrawTable:
        """The draw table the round goes back to: the resti as the round left them, the deal
        passed on, the pots that waited in the middle still there."""
        if self.round is None:
            raise ValueError("a telesina table has no draw to go back to")
        return DrawTable(names=self.names, invito_max=self.round.invito_max,
                         table=self.next_table, number=self.number, lines=self.lines,
                         passata=self.passata)

    @property
    def next_table(self) -> seats.DrawTable:
        """The table the next deal starts from: the resti after the last hand, if over, and the
        deal passed to the left (telesina leaves nothing in the middle)."""
        table = self.table
        if self.hand is not None and self.hand.over:
            table = replace(table, stacks={**table.stacks, **self.hand.stacks},
                            dealer=table.left_of(table.dealer))
        return topped_up(table, self.top_ups)


Table = DrawTable | TelesinaTable


def topped_up(table: seats.DrawTable, top_ups: Mapping[int, int]) -> seats.DrawTable:
    """The table with the passate taken since the deal added to the resti (IT-24)."""
    if not top_ups:
        return table
    return replace(table, stacks={s: c + top_ups.get(s, 0) for s, c in table.stacks.items()})


def telesina_round(state: DrawTable, variant_key: str, hands: int, giri: bool,
                   line: Line) -> TelesinaTable:
    """The draw table turned to a round of telesina, from the table its next deal starts
    from: the same seats, resti and dealer, the pots waiting left where they are."""
    return TelesinaTable(names=state.names, variant=variant(variant_key), table=state.next_table,
                         number=state.number, lines=(line,), passata=state.passata,
                         round=TelesinaRound(state.invito_max, state.number + 1, hands, giri))


def opened(event: TableOpened) -> Table:
    """The table as its opening seats it."""
    names = dict(event.names)
    table = seats.DrawTable.sit(tuple(names), dict(event.stacks), event.dealer)
    passata = event.passata or max(table.stacks.values())
    if event.game == "telesina":
        return TelesinaTable(names=names, variant=variant(event.variant), table=table,
                             passata=passata)
    return DrawTable(names=names, invito_max=event.invito_max, table=table, passata=passata)
