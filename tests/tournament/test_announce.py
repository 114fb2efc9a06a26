"""The moves to announce after a balancing, a table break or the final-table draw: the newest
batch only, in the order the floor calls it (TO-05 to TO-12)."""

from __future__ import annotations

from tournament_builders import tournament

from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.registry import replay
from tdapp.tournament.seating.announce import announced_moves
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.seating.rules import (
    ApplySuggested,
    BreakTable,
    MovePlayer,
    RedrawFinalTable,
)


def three_tables_of_five():
    """15 players at three tables: a table of five breaks into the other two's open seats."""
    play = tournament(players=15, seats_drawn=False)
    play.do(DrawSeats(tables=3))
    return play


def test_nothing_is_announced_before_anyone_moves():
    assert announced_moves(tournament(players=18).state) == ()


def test_a_table_break_announces_each_player_of_the_table_seat_by_seat_TO_10():
    play = three_tables_of_five()
    leaving = {p: seat for seat, p in enumerate(play.state.tables[3], start=1) if p is not None}
    play.do(BreakTable(3))
    announced = announced_moves(play.state)
    assert {m.player_id for m in announced} == set(leaving)
    assert [m.from_seat for m in announced] == sorted(leaving.values())
    for move in announced:
        player = play.player(move.player_id)
        assert (move.name, move.from_table, move.reason) == (player.name, 3, "BREAK")
        assert (move.to_table, move.to_seat) == (player.table, player.seat)


def test_a_later_move_replaces_the_batch_and_an_undone_one_brings_it_back():
    play = three_tables_of_five()
    play.do(BreakTable(3))
    broken = announced_moves(play.state)
    mover = broken[0]
    target = next(t for t, seats in play.state.tables.items() if None in seats)
    free = play.state.tables[target].index(None) + 1
    play.do(MovePlayer(mover.player_id, target, free))
    (alone,) = announced_moves(play.state)
    assert (alone.player_id, alone.from_table, alone.from_seat) == (
        mover.player_id, mover.to_table, mover.to_seat)
    assert (alone.to_table, alone.to_seat, alone.reason) == (target, free, "MANUAL")
    assert announced_moves(replay(play.log[:-1])) == broken


def test_a_player_busted_since_the_break_goes_nowhere_and_is_left_out():
    play = three_tables_of_five()
    play.do(BreakTable(3))
    gone = announced_moves(play.state)[0].player_id
    play.do(BustPlayer(gone))
    assert gone not in {m.player_id for m in announced_moves(play.state)}
    assert len(announced_moves(play.state)) == 4


def test_the_final_table_draw_announces_the_line_up_by_new_seat_TO_12():
    play = tournament(players=12)
    for player_id in [p for p in play.state.tables[1] if p is not None][:3]:
        play.do(BustPlayer(player_id))
    play.do(RedrawFinalTable())
    announced = announced_moves(play.state)
    assert len(announced) == 9
    assert [m.to_seat for m in announced] == list(range(1, 10))
    assert {m.reason for m in announced} == {"FINAL_TABLE"}


def test_a_balancing_move_is_announced_with_its_reason_TO_07():
    play = tournament(players=18)
    for player_id in [p for p in play.state.tables[2] if p is not None][:2]:
        play.do(BustPlayer(player_id))
    play.do(ApplySuggested())
    (move,) = announced_moves(play.state)
    assert (move.from_table, move.to_table, move.reason) == (1, 2, "BALANCE")
