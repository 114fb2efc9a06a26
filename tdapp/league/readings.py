"""The league's readings of what the seed leaves open ([U] in RULES.md §6).

Three of them are the club's to choose, stored with the league (`Readings`); the others are
fixed readings the pages show where they act. The defaults are the readings the app has always
applied, so a league that never chose keeps its standings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from tdapp.league.errors import LeagueError

# Each choice: its stored key, then its readings, the default first.
CHOICES: dict[str, tuple[str, ...]] = {
    # LG-04 key 2, "maggior vittorie": nights as the table's biggest winner, or the largest win
    "key_2": ("nights", "amount"),
    # LG-03 "Cappotto + 1 punto": a box the secretary ticks for a winner, or the only winner at
    # a table where everybody else lost, counted without a box
    "cappotto": ("box", "sole_winner"),
    # LG-06 day 21: the five best day-20 results among the eight, or the top five in the standings
    "day_21": ("night", "standings"),
}

# The fixed readings, by where they act: the pages list them beside the choices.
FIXED = {
    "standings": ("tied_winners", "full_poste", "sixths_sit_out", "podium_after_final"),
    "night": ("tied_winners", "full_poste", "entry_order", "giri_start", "telesina_first",
              "telesina_round", "four_handed", "vestito"),
}


@dataclass(frozen=True)
class Readings:
    """The choices a league made; each value is one of `CHOICES[key]`."""

    key_2: str = CHOICES["key_2"][0]
    cappotto: str = CHOICES["cappotto"][0]
    day_21: str = CHOICES["day_21"][0]

    def stored(self) -> dict[str, str]:
        return asdict(self)

    def changed(self) -> tuple[str, ...]:
        """The keys where the league chose the other reading: the pages say so."""
        default = Readings()
        return tuple(k for k in CHOICES if getattr(self, k) != getattr(default, k))


def readings_from(stored: Mapping[str, Any] | None) -> Readings:
    """A league's readings from what was stored or asked for; a key left out keeps its default,
    an unknown key or reading is refused."""
    values = dict(stored or {})
    for key, value in values.items():
        if key not in CHOICES:
            raise LeagueError("UNKNOWN_READING", key=key)
        if value not in CHOICES[key]:
            raise LeagueError("UNKNOWN_CHOICE", choice=value)
    return Readings(**values)
