"""Blind structures: levels and breaks that run back to back."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """A blind level. `ante` is per player, or paid by the big blind alone when `big_blind_ante`."""

    small_blind: int
    big_blind: int
    seconds: int
    ante: int = 0
    big_blind_ante: bool = False


@dataclass(frozen=True)
class Break:
    """A pause in play; `note` tells the room what happens meanwhile (a colour-up, say)."""

    seconds: int
    note: str = ""


Period = Level | Break


@dataclass(frozen=True)
class Structure:
    """The whole schedule. Level numbers are 1-based and skip breaks, as the room counts them."""

    periods: tuple[Period, ...]

    def level_number(self, index: int) -> int:
        """The room's number of the level at `index`, or of the last level before a break there."""
        return sum(1 for p in self.periods[: index + 1] if isinstance(p, Level))

    def index_of_level(self, number: int) -> int:
        """The period index of level `number` (1-based)."""
        seen = 0
        for index, period in enumerate(self.periods):
            if isinstance(period, Level):
                seen += 1
                if seen == number:
                    return index
        raise ValueError(f"no level {number}: the structure has {seen}")

    def level_at(self, index: int) -> Level:
        """The blinds in force at `index`: a break keeps those of the level before it."""
        for period in reversed(self.periods[: index + 1]):
            if isinstance(period, Level):
                return period
        return next(p for p in self.periods if isinstance(p, Level))
