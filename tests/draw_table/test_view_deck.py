"""The draw console says which deck is in play (IT-01): 7 to A four-handed, 6 to A with more."""

from __future__ import annotations

from tdapp.draw_table.commands import Deal
from tdapp.draw_table.rules import apply, decide, open_table
from tdapp.draw_table.view import view


def table(players: int):
    return apply(None, open_table("T", [(f"P{i}", 300) for i in range(players)], 1))


def test_the_view_says_the_deck_before_and_during_a_hand_IT_01():
    four, five = table(4), table(5)
    assert view(four, 1)["lowest_rank"] == 7
    assert view(five, 1)["lowest_rank"] == 6
    dealt = apply(five, decide(five, Deal(2)))
    assert view(dealt, 2)["lowest_rank"] == 6
