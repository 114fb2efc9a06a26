"""Hand-for-hand near the money (TO-13): when it is due, and what it takes off the clock.

The DdT switches it on and off (a command and its event); these functions only say when the
app should suggest it and how the clock is adjusted while it runs.
"""

from __future__ import annotations

CLOCK_OFF_PER_HAND_MS = 2 * 60 * 1000
MAX_HANDS_TAKEN_OFF = 3
"""RULES.md TO-13 "Clock -2 min per hand (max 3)", read as: the clock stands still during
hand-for-hand, and each hand played takes two minutes off the level, for at most three hands."""


def hand_for_hand_due(players_left: int, places_paid: int, trigger: int | None = None) -> bool:
    """True near the money: at most `trigger` players left (default: one more than the places
    paid) and still more than the places paid."""
    trigger = places_paid + 1 if trigger is None else trigger
    return places_paid < players_left <= trigger


def hand_for_hand_clock_ms(hands_played: int) -> int:
    """Milliseconds taken off the level after `hands_played` hands of hand-for-hand."""
    return CLOCK_OFF_PER_HAND_MS * min(max(hands_played, 0), MAX_HANDS_TAKEN_OFF)
