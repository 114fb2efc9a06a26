"""The opening seat draw (TO-01): random, tables as even as possible, recorded in the event."""

from __future__ import annotations

from collections import Counter

from tournament_builders import tournament

from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.seating.opening_draw import DrawSeats


def test_every_registered_player_gets_one_seat_and_tables_are_even_TO_01():
    play = tournament(players=23, seats_drawn=False, seats_per_table=9)
    drawn = play.do(DrawSeats())
    assert len(drawn.seats) == 23
    sizes = Counter(seat.table for seat in drawn.seats)
    assert sorted(sizes.values()) == [7, 8, 8]
    assert len({(s.table, s.seat) for s in drawn.seats}) == 23
    assert play.state.seats_drawn


def test_the_draw_is_random_but_the_event_fixes_it_TO_01():
    def draw(seed_offset: int) -> tuple:
        play = tournament(players=18, seats_drawn=False)
        play.seed += seed_offset
        return play.do(DrawSeats()).seats

    assert draw(0) == draw(0)
    assert draw(0) != draw(1)


def test_the_director_may_use_more_tables_than_the_fewest():
    play = tournament(players=12, seats_drawn=False, seats_per_table=10)
    drawn = play.do(DrawSeats(tables=3))
    assert sorted(Counter(s.table for s in drawn.seats).values()) == [4, 4, 4]
    play = tournament(players=12, seats_drawn=False, seats_per_table=10)
    play.refused(DrawSeats(tables=1), "BAD_TABLE_COUNT")


def test_club_formation_opens_a_table_per_five_players():
    play = tournament(players=9, seats_drawn=False, seats_per_table=10)
    drawn = play.do(DrawSeats(tables=2, formation="club"))
    assert set(s.table for s in drawn.seats) == {1}
    assert list(play.state.tables) == [1]


def test_seats_are_drawn_once_and_need_players():
    play = tournament(players=0, seats_drawn=False)
    play.refused(DrawSeats(), "NO_PLAYERS")
    play.do(RegisterPlayer("Solo"))
    play.do(RegisterPlayer("Duo"))
    play.do(DrawSeats())
    play.refused(DrawSeats(), "SEATS_ALREADY_DRAWN")
