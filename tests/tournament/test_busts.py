"""Bust-outs and finish places (HE-02, TO-14, TO-15)."""

from __future__ import annotations

from tournament_builders import tournament

from tdapp.tournament.busts import BustPlayer, BustPlayers
from tdapp.tournament.chips import SetChips
from tdapp.tournament.payouts import place_amounts, prizes
from tdapp.tournament.players import PlayerStatus
from tdapp.tournament.settings import PayoutBracket


def test_player_out_of_chips_is_eliminated_and_play_continues_HE_02():
    play = tournament(players=9)
    table = play.player(4).table
    play.do(SetChips(4, 0))
    play.do(BustPlayer(4))
    out = play.player(4)
    assert (out.status, out.place, out.table, out.seat) == (PlayerStatus.BUSTED, 9, None, None)
    assert 4 not in play.state.tables[table]
    assert play.state.players_left == 8


def test_places_count_down_from_the_field():
    play = tournament(players=5)
    for player_id, place in ((3, 5), (1, 4), (5, 3), (2, 2)):
        play.do(BustPlayer(player_id))
        assert play.player(player_id).place == place


def test_same_hand_larger_starting_stack_finishes_higher_TO_14():
    play = tournament(players=6)
    play.do(BustPlayers((1, 2), hand_stacks=(3000, 4500)))
    assert (play.player(2).place, play.player(1).place) == (5, 6)


def test_same_hand_uses_the_tracked_stacks_when_none_are_given_TO_14():
    play = tournament(players=6)
    play.do(SetChips(1, 2000))
    play.do(BustPlayers((1, 2)))
    assert (play.player(2).place, play.player(1).place) == (5, 6)


def test_two_bust_from_six_with_equal_stacks_each_gets_half_of_fifth_and_sixth_TO_14():
    six_paid = (PayoutBracket(10, (4000, 2500, 1500, 1000, 600, 400)),)
    play = tournament(players=6, buy_in_cents=10000, payouts=six_paid)
    p5, p6 = place_amounts(play.state)[4:6]
    assert (p5, p6) == (3600, 2400)
    play.do(BustPlayers((3, 4), hand_stacks=(2500, 2500)))
    for player_id in (3, 4):
        assert (play.player(player_id).place, play.player(player_id).tied) == (5, 2)
    won = prizes(play.state)
    assert won[3] == won[4] == (p5 + p6) // 2 == 3000


def test_three_bust_two_tie_below_the_bigger_stack_TO_14():
    play = tournament(players=8)
    play.do(BustPlayers((1, 2, 3), hand_stacks=(1000, 4000, 1000)))
    assert play.player(2).place == 6
    assert {(play.player(p).place, play.player(p).tied) for p in (1, 3)} == {(7, 2)}


def test_hand_for_hand_busts_at_several_tables_are_ordered_by_stack_by_default_TO_15():
    play = tournament(players=20)
    play.do(BustPlayers((1, 10, 19), hand_stacks=(900, 3000, 2000), hand_for_hand=True))
    assert [play.player(p).place for p in (10, 19, 1)] == [18, 19, 20]


def test_hand_for_hand_busts_share_their_places_with_the_tda_option_TO_15():
    play = tournament(players=20, options={"hand_for_hand_busts": "tda"})
    play.do(BustPlayers((1, 10, 19), hand_stacks=(900, 3000, 2000), hand_for_hand=True))
    assert {(play.player(p).place, play.player(p).tied) for p in (1, 10, 19)} == {(18, 3)}


def test_the_last_player_left_takes_first_place():
    play = tournament(players=3)
    play.do(BustPlayer(1))
    play.do(BustPlayer(2))
    assert (play.player(2).place, play.player(3).place) == (2, None)
    won = prizes(play.state)
    assert won[3] == play.state.ledger.money_in_cents * 7 // 10
    assert won[2] == play.state.ledger.money_in_cents * 3 // 10


def test_bad_busts_are_refused():
    play = tournament(players=3)
    play.refused(BustPlayers(()), "NO_BUSTS")
    play.refused(BustPlayers((1, 1)), "BUSTED_TWICE")
    play.refused(BustPlayers((1, 2), hand_stacks=(100,)), "HAND_STACKS_MISMATCH")
    play.refused(BustPlayers((1, 2, 3)), "CANNOT_BUST_EVERYONE")
    play.refused(BustPlayer(42), "UNKNOWN_PLAYER")
    play.do(BustPlayer(1))
    play.refused(BustPlayer(1), "ALREADY_OUT")
