"""A player's night as its results say it: the row a tournament writes (tdapp/tournament/results.py)
and the seasons add up (tdapp/season/standings.py), kept below both so neither imports the other.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ResultRow:
    """One player's night. `place` is None while they are still in play; `tied` players share
    the places `place .. place + tied - 1` (TO-14). `paid_cents` is what they put in, priced at
    the tournament's set-up: buy-in, re-entries, rebuys and add-ons; `fees_cents` is what they
    paid the house on top of those prices, never in the prize pool."""

    place: int | None
    tied: int
    name: str
    entries: int
    rebuys: int
    add_ons: int
    fees_cents: int
    prize_cents: int
    paid_cents: int
    player_id: int
    roster_id: int | None
