"""The persistent player table: old states stay as they were, totals follow every change."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest
from tournament_builders import tournament

from tdapp.tournament.players import BLOCK, Player, Players


def filled(count: int) -> Players:
    players = Players()
    for player_id in range(1, count + 1):
        players = players.add(Player(player_id, f"P{player_id}", stack=1000))
    return players


def test_a_change_leaves_the_previous_table_untouched():
    before = filled(BLOCK * 3 + 5)
    after = before.put(replace(before.get(70), stack=0, place=200))
    assert before.get(70).stack == 1000 and after.get(70).place == 200
    assert before.in_play - 1 == after.in_play
    assert before.stack_total - 1000 == after.stack_total
    assert [p.id for p in after] == list(range(1, BLOCK * 3 + 6))


def test_ids_are_dense_and_a_removed_player_leaves_a_hole():
    players = filled(3).remove(2)
    assert [p.id for p in players] == [1, 3]
    assert players.get(2) is None and players.next_id == 4 and len(players) == 2
    with pytest.raises(ValueError):
        players.add(Player(7, "Wrong id"))
    with pytest.raises(KeyError):
        players.put(Player(2, "Gone"))


def test_a_state_pickles_for_the_services_snapshots():
    state = tournament(players=70).state
    again = pickle.loads(pickle.dumps(state))
    assert again == state
    assert (again.players.in_play, again.players.stack_total) == (70, 350000)
