"""Balancing, table breaks, the final table and hand-for-hand (RULES.md TO-04 to TO-13)."""

import random
from collections import Counter

import pytest

from tdapp.tournament.button import Positions, next_positions
from tdapp.tournament.errors import SeatingError
from tdapp.tournament.seating import (
    BalanceRules,
    Buttons,
    apply_moves,
    break_tables,
    draw_final_table,
    due_big_blind,
    hand_for_hand_clock_ms,
    hand_for_hand_due,
    suggest,
    worst_seat,
)

RULES = BalanceRules()


def room(occupied: dict[int, list[int]], seats: int = 10) -> dict[int, tuple[int | None, ...]]:
    """Tables with players in the given seats; the player at table t, seat s is t * 100 + s."""
    return {
        t: tuple(t * 100 + s if s in taken else None for s in range(1, seats + 1))
        for t, taken in occupied.items()
    }


def sizes(tables) -> dict[int, int]:
    return {t: len(s) - s.count(None) for t, s in tables.items()}


def test_a_difference_of_two_calls_for_a_move_TO_05():
    tables = room({1: list(range(1, 10)), 2: list(range(1, 8))})
    assert len(suggest(tables, RULES).moves) == 1


def test_a_difference_of_one_is_left_alone_TO_05():
    tables = room({1: list(range(1, 10)), 2: list(range(1, 9))})
    assert suggest(tables, RULES).empty


def test_balance_difference_is_a_setting_TO_05():
    tables = room({1: list(range(1, 10)), 2: list(range(1, 8))})
    assert suggest(tables, BalanceRules(balance_diff=3)).empty


def test_a_balance_difference_under_two_is_refused_TO_05():
    with pytest.raises(SeatingError) as refused:
        BalanceRules(balance_diff=1)
    assert refused.value.code == "BALANCE_DIFF_TOO_SMALL"


def test_a_table_three_short_of_the_largest_halts_TO_05():
    tables = room({1: list(range(1, 10)), 2: list(range(1, 7)), 3: list(range(1, 9))})
    assert suggest(tables, RULES).halted == (2,)


def test_the_issue_example_big_blind_of_table_7_goes_to_table_3_seat_2_TO_07_TO_08():
    tables = room({7: list(range(1, 10)), 3: [1, 3, 4, 5, 8, 9]})
    buttons = Buttons(last_hands={7: Positions(1, 2, 3), 3: Positions(8, 9, 1)})
    (move,) = suggest(tables, RULES, buttons).moves
    assert (move.from_table, move.from_seat, move.player) == (7, 4, 704)
    assert (move.to_table, move.to_seat) == (3, 2)
    assert move.reason == "BALANCE"
    assert move.params == {"source_players": 9, "destination_players": 6, "due_big_blind": True}


def test_the_largest_table_gives_and_the_smallest_receives_TO_06():
    tables = room({1: list(range(1, 9)), 2: list(range(1, 10)), 3: list(range(1, 8))})
    (move,) = suggest(tables, RULES).moves
    assert (move.from_table, move.to_table) == (2, 3)


def test_equally_large_tables_give_highest_number_first_TO_06():
    tables = room({1: list(range(1, 10)), 4: list(range(1, 10)), 2: list(range(1, 8))})
    first = suggest(tables, RULES).moves[0]
    assert first.from_table == 4


def test_equally_large_tables_follow_the_set_order_TO_06():
    tables = room({1: list(range(1, 10)), 4: list(range(1, 10)), 2: list(range(1, 8))})
    first = suggest(tables, BalanceRules(break_order=(1,))).moves[0]
    assert first.from_table == 1


def test_the_player_due_the_big_blind_moves_TO_07():
    tables = room({1: list(range(1, 10)), 2: list(range(1, 8))})
    buttons = Buttons(last_hands={1: Positions(5, 6, 7)})
    (move,) = suggest(tables, RULES, buttons).moves
    assert move.from_seat == 8


def test_after_a_dead_small_blind_the_big_blind_still_moves_on_TO_07():
    tables = room({1: [1, 2, 4, 5, 6, 7, 8, 9, 10], 2: list(range(1, 8))})
    buttons = Buttons(last_hands={1: Positions(1, 2, 3)})
    assert due_big_blind(1, tables[1], buttons) == (4, True)


def test_before_the_first_hand_the_drawn_button_tells_the_big_blind_TO_07():
    tables = room({1: list(range(1, 10)), 2: list(range(1, 8))})
    assert due_big_blind(1, tables[1], Buttons(first_buttons={1: 9})) == (2, True)


def test_with_no_known_button_the_highest_seat_moves_and_the_reason_says_so_TO_07():
    tables = room({1: list(range(1, 10)), 2: list(range(1, 8))})
    (move,) = suggest(tables, RULES).moves
    assert (move.from_seat, move.to_seat) == (9, 8)
    assert move.params["due_big_blind"] is False


def test_the_rules_example_big_blind_at_4_lands_in_seat_6_TO_08():
    tables = room({1: [1, 3, 4, 5], 2: [1, 2, 3, 4, 5, 6]}, seats=6)
    buttons = Buttons(last_hands={1: Positions(1, 3, 4)})
    assert worst_seat(1, tables[1], buttons) == 6
    (move,) = suggest(tables, RULES, buttons).moves
    assert (move.to_table, move.to_seat) == (1, 6)


def test_a_moved_player_never_sits_in_the_next_small_blind_TO_08():
    tables = room({1: [1, 2, 3, 7, 8]})
    buttons = Buttons(last_hands={1: Positions(2, 3, 4)})
    seat = worst_seat(1, tables[1], buttons, "moving")
    assert seat == 9
    following = next_positions(Positions(2, 3, 4), [1, 2, 3, 7, 8, seat], "moving")
    assert following.small_blind != seat


def test_a_moved_player_takes_the_big_blind_at_once_TO_08():
    tables = room({1: [1, 2, 5, 6, 7], 2: list(range(1, 10))})
    buttons = Buttons(last_hands={1: Positions(1, 2, 3)})
    (move,) = suggest(tables, RULES, buttons).moves[:1]
    assert move.to_seat == 4
    assert next_positions(Positions(1, 2, 3), [1, 2, 4, 5, 6, 7]).big_blind == 4


def test_a_table_in_a_hand_neither_gives_nor_receives_TO_09():
    tables = room({1: list(range(1, 10)), 2: list(range(1, 8))})
    held = suggest(tables, RULES, busy={1})
    assert held.moves == () and held.waiting == (1,)
    assert suggest(tables, RULES, busy={2}).waiting == (2,)


def test_while_the_largest_table_plays_an_equally_large_one_gives_TO_09():
    tables = room({1: list(range(1, 10)), 3: list(range(1, 10)), 2: list(range(1, 8))})
    assert suggest(tables, RULES, busy={3}).moves[0].from_table == 1


def test_a_table_breaks_when_the_players_fit_one_table_fewer_TO_10():
    tables = room({1: list(range(1, 8)), 2: list(range(1, 8)), 3: list(range(1, 7))})
    (due,) = suggest(tables, RULES).breaks
    assert due.table == 3
    assert (due.players_left, due.seats_left) == (20, 20)
    assert due.players == (301, 302, 303, 304, 305, 306)


def test_no_break_while_one_table_fewer_cannot_seat_everybody_TO_10():
    tables = room({1: list(range(1, 8)), 2: list(range(1, 8)), 3: list(range(1, 8))})
    assert suggest(tables, RULES).breaks == ()


def test_tables_break_in_the_order_the_DdT_set_TO_10():
    tables = room({1: list(range(1, 8)), 2: list(range(1, 8)), 3: list(range(1, 7))})
    assert suggest(tables, BalanceRules(break_order=(2, 3))).breaks[0].table == 2


def test_several_tables_can_be_due_to_break_at_once_TO_10():
    tables = room({t: [1, 2, 3] for t in range(1, 6)})
    assert [b.table for b in suggest(tables, RULES).breaks] == [5, 4, 3]


def test_broken_table_players_are_drawn_into_the_open_seats_TO_11():
    tables = room({1: list(range(1, 8)), 2: list(range(1, 8)), 3: list(range(1, 7))})
    moves = break_tables(tables, {3}, random.Random(4))
    assert sorted(m.player for m in moves) == [301, 302, 303, 304, 305, 306]
    assert {m.reason for m in moves} == {"BREAK"}
    after = apply_moves(tables, moves)
    assert sizes(after) == {1: 10, 2: 10, 3: 0}


def test_reseating_a_broken_table_is_a_uniform_draw_TO_11():
    tables = room({1: list(range(1, 9)), 2: list(range(1, 9)), 3: [1, 2]})
    landed = Counter(
        (m.to_table, m.to_seat)
        for seed in range(400)
        for m in break_tables(tables, {3}, random.Random(seed))
        if m.player == 301
    )
    assert set(landed) == {(1, 9), (1, 10), (2, 9), (2, 10)}
    assert min(landed.values()) > 60


def test_players_from_a_broken_table_may_land_in_the_blinds_TO_04():
    tables = room({1: [1, 2, 4, 5, 6, 7], 2: [1, 2]}, seats=9)
    big_blind_seat = 3  # table 1's last hand had its big blind in seat 3, who busted
    landed = {
        m.to_seat for seed in range(30) for m in break_tables(tables, {2}, random.Random(seed))
    }
    assert big_blind_seat in landed


def test_two_tables_of_five_make_a_final_table_of_nine_TO_12():
    five_and_five = room({1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5]}, seats=9)
    assert suggest(five_and_five, RULES).final_table is None
    nine = room({1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4]}, seats=9)
    assert suggest(nine, RULES).final_table == 1


def test_short_handed_tables_of_six_make_a_final_table_of_seven_TO_12():
    rules = BalanceRules(final_table_seats=7)
    eight = room({1: [1, 2, 3, 4], 2: [1, 2, 3, 4]}, seats=6)
    assert suggest(eight, rules).final_table is None
    seven = room({1: [1, 2, 3, 4], 2: [1, 2, 3]}, seats=6)
    assert suggest(seven, rules).final_table == 1


def test_final_table_redraws_every_seat_and_the_button_TO_12():
    tables = room({1: [1, 2, 3, 4], 2: [1, 2, 3]}, seats=6)
    moves, button = draw_final_table(tables, 1, 7, random.Random(9))
    assert {m.player for m in moves} == {101, 102, 103, 104, 201, 202, 203}
    assert {m.to_table for m in moves} == {1}
    assert len({m.to_seat for m in moves}) == 7
    assert button.button in {m.to_seat for m in moves}
    after = apply_moves(tables, moves)
    assert sizes(after) == {1: 7, 2: 0}


def test_hand_for_hand_is_due_one_off_the_money_TO_13():
    assert hand_for_hand_due(players_left=11, places_paid=10)
    assert not hand_for_hand_due(players_left=12, places_paid=10)
    assert not hand_for_hand_due(players_left=10, places_paid=10)
    assert hand_for_hand_due(players_left=12, places_paid=10, trigger=13)


def test_hand_for_hand_takes_two_minutes_a_hand_for_three_hands_at_most_TO_13():
    assert hand_for_hand_clock_ms(1) == 120_000
    assert hand_for_hand_clock_ms(3) == 360_000
    assert hand_for_hand_clock_ms(5) == 360_000


def test_a_short_table_where_every_open_seat_is_the_small_blind_is_passed_over_TO_08():
    tables = room({1: [1, 2, 3, 6], 2: [1, 2, 3, 4, 5, 6], 3: [1, 2, 3, 4]}, seats=6)
    buttons = Buttons(last_hands={1: Positions(2, 3, 5), 3: Positions(1, 2, 3)})
    rules = BalanceRules(button_rule="moving")
    assert worst_seat(1, tables[1], buttons, "moving") == 4, "no clear seat at table 1"
    (move,) = suggest(tables, rules, buttons).moves
    assert (move.to_table, move.to_seat) == (3, 5)
