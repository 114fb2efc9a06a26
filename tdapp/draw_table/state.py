"""The draw table as an aggregate: `DrawTable`, what its log folds into. The engine's table of
seats and stacks (`tdapp.engine.draw.table.DrawTable`) is one part of it, named through its
module (`seats.DrawTable`) so that the two never pass for each other."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tdapp.draw_table.events import TableOpened
from tdapp.engine.draw import table as seats
from tdapp.engine.draw.hand import DrawHand, Phase

Line = tuple[str, Mapping[str, Any]]  # a message code and its parameters


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

    @property
    def in_play(self) -> bool:
        return self.hand is not None and self.hand.phase is not Phase.OVER

    @property
    def next_table(self) -> seats.DrawTable:
        """The table the next deal starts from: the last hand, if over, settled into it."""
        table = self.table
        if self.hand is not None and self.hand.phase is Phase.OVER:
            table = table.settle(self.hand)
        if self.top_ups:
            stacks = {s: c + self.top_ups.get(s, 0) for s, c in table.stacks.items()}
            table = replace(table, stacks=stacks)
        return table


def opened(event: TableOpened) -> DrawTable:
    """The table as its opening seats it."""
    names = dict(event.names)
    table = seats.DrawTable.sit(tuple(names), dict(event.stacks), event.dealer)
    return DrawTable(names=names, invito_max=event.invito_max, table=table,
                     passata=event.passata or max(table.stacks.values()))
