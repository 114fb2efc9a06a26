"""Seat draws: opening draw, late entries, the club's table formation (TO-01, TO-03, TO-11, S000)."""

import random
from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tdapp.tournament.errors import SeatingError
from tdapp.tournament.seating import Seat, draw_seats


def tables_of(count: int, seats: int = 10) -> dict[int, int]:
    return {number: seats for number in range(1, count + 1)}


def sizes(draw: dict[int, Seat]) -> Counter:
    return Counter(seat.table for seat in draw.values())


def test_opening_draw_seats_everybody_once_and_evenly_TO_01():
    draw = draw_seats(list(range(1, 24)), tables_of(3), random.Random(7))
    assert sorted(draw) == list(range(1, 24))
    assert len(set(draw.values())) == 23
    assert sorted(sizes(draw).values()) == [7, 8, 8]


def test_club_night_of_twelve_sits_six_and_six_TO_01():
    draw = draw_seats(list(range(12)), tables_of(2), random.Random(1))
    assert sorted(sizes(draw).values()) == [6, 6]


def test_opening_draw_is_random_but_repeatable_with_the_same_seed_TO_01():
    players = list(range(20))
    first = draw_seats(players, tables_of(2), random.Random(42))
    assert first == draw_seats(players, tables_of(2), random.Random(42))
    assert first != draw_seats(players, tables_of(2), random.Random(43))


def test_each_player_can_draw_each_table_TO_01():
    seen = {draw_seats([1, 2, 3], tables_of(3), random.Random(seed))[1].table for seed in range(60)}
    assert seen == {1, 2, 3}


def test_late_entry_draws_an_open_seat_at_a_shortest_table_TO_03():
    occupied = {1: [1, 2, 3, 4], 2: [1, 2, 3], 3: [5, 6, 7]}
    seats_drawn = {
        draw_seats([99], tables_of(3), random.Random(seed), occupied)[99] for seed in range(80)
    }
    assert {s.table for s in seats_drawn} == {2, 3}
    assert all(s.seat not in occupied[s.table] for s in seats_drawn)


def test_broken_table_fills_the_open_seats_of_the_short_tables_first_TO_11():
    occupied = {1: list(range(1, 9)), 2: list(range(1, 7))}
    draw = draw_seats([31, 32, 33, 34], tables_of(2), random.Random(3), occupied)
    assert sizes(draw) == {2: 3, 1: 1}


def test_too_many_players_for_the_seats_is_refused():
    with pytest.raises(SeatingError) as refused:
        draw_seats(list(range(21)), tables_of(2), random.Random(0))
    assert refused.value.code == "NO_OPEN_SEATS"


def test_a_player_listed_twice_is_refused():
    with pytest.raises(SeatingError) as refused:
        draw_seats([1, 1], tables_of(2), random.Random(0))
    assert refused.value.code == "DRAWN_TWICE"


def test_club_formation_opens_one_table_per_five_players_biggest_first_S000_art_I():
    tables = {1: 8, 2: 10, 3: 9}
    nine = draw_seats(list(range(9)), tables, random.Random(5), formation="club")
    assert sizes(nine) == {2: 9}
    eleven = draw_seats(list(range(11)), tables, random.Random(5), formation="club")
    assert set(sizes(eleven)) == {2, 3}
    assert sorted(sizes(eleven).values()) == [5, 6]


def test_club_formation_opens_enough_tables_to_seat_everybody_S000_art_I():
    draw = draw_seats(list(range(12)), {1: 6, 2: 6, 3: 6}, random.Random(2), formation="club")
    assert sorted(sizes(draw).values()) == [6, 6]


@given(
    players=st.integers(1, 120),
    table_count=st.integers(1, 14),
    seed=st.integers(0, 2**32),
)
def test_draw_never_leaves_tables_more_than_one_apart_TO_01(players, table_count, seed):
    tables = tables_of(table_count)
    assume(players <= 10 * table_count)
    draw = draw_seats(list(range(players)), tables, random.Random(seed))
    counts = [sizes(draw).get(t, 0) for t in tables]
    assert max(counts) - min(counts) <= 1
    assert len(set(draw.values())) == players
