"""Where play stands, for the rules that depend on the level (late registration, rebuys, add-on).

The clock (clock.py) derives the period in play from its stored instants and `now`; before it
starts, play stands at the first level.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from tdapp.tournament.clock.timing import position, unix_ms

if TYPE_CHECKING:
    from tdapp.tournament.state import Tournament


def current_period(state: Tournament, now: datetime) -> int:
    """The index, in the structure, of the level or break in play at `now`."""
    return position(state.settings.structure, state.clock, unix_ms(now)).period


def until_end_of_level(state: Tournament, now: datetime, level: int) -> bool:
    """True while level `level` (the room's number) or an earlier period is in play."""
    return current_period(state, now) <= state.settings.structure.index_of_level(level)


def ms_to_end_of_level(state: Tournament, now: datetime, level: int) -> int | None:
    """Play time left before level `level` ends, or None once it has ended."""
    structure = state.settings.structure
    where = position(structure, state.clock, unix_ms(now))
    last = structure.index_of_level(level)
    if where.period > last:
        return None
    later = range(where.period + 1, last + 1)
    return where.remaining_ms + sum(structure.periods[i].seconds * 1000 for i in later)
