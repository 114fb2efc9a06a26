"""Seats: the draw (TO-01, TO-03, TO-11), balancing and breaking (TO-04 to TO-12), hand-for-hand
(TO-13). Data in, data out; the tournament's events record what was drawn."""

from tdapp.tournament.seating.balance import (
    BalanceRules,
    Buttons,
    Move,
    Seats,
    Suggestions,
    TableBreak,
    apply_moves,
    break_tables,
    draw_final_table,
    due_big_blind,
    suggest,
    worst_seat,
)
from tdapp.tournament.seating.hand_for_hand import hand_for_hand_clock_ms, hand_for_hand_due
from tdapp.tournament.seating.seat_draw import Seat, draw_seats

__all__ = [
    "BalanceRules",
    "Buttons",
    "Move",
    "Seat",
    "Seats",
    "Suggestions",
    "TableBreak",
    "apply_moves",
    "break_tables",
    "draw_final_table",
    "draw_seats",
    "due_big_blind",
    "hand_for_hand_clock_ms",
    "hand_for_hand_due",
    "suggest",
    "worst_seat",
]
