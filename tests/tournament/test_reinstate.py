"""Bringing back a busted player: the DdT's correction when the bust cannot simply be reverted."""

from __future__ import annotations

from tournament_builders import tournament

from tdapp.tournament.busts import BustPlayer, BustPlayers
from tdapp.tournament.players import PlayerStatus
from tdapp.tournament.reinstate import PlayerReinstated, ReinstatePlayer


def test_a_busted_player_comes_back_with_the_chips_given_at_a_seat_of_a_shortest_table():
    play = tournament(players=12, seats_per_table=6).at_level(1)
    busted_table = play.player(1).table
    play.do(BustPlayer(1))
    play.do(BustPlayer(next(p for p in play.state.tables[busted_table] if p is not None)))
    reinstated = play.do(ReinstatePlayer(1, stack=4200))
    assert isinstance(reinstated, PlayerReinstated)
    player = play.player(1)
    assert (player.place, player.stack, player.status) == (None, 4200, PlayerStatus.SEATED)
    # The table the two busts came from had four players, the other six: the short one takes him.
    assert player.table == busted_table
    assert play.state.players_left == 11


def test_players_out_after_the_reinstated_one_move_down_a_place_those_before_keep_theirs_TO_14():
    play = tournament(players=8).at_level(1)
    play.do(BustPlayer(1))  # 8th
    play.do(BustPlayer(2))  # 7th: brought back below
    play.do(BustPlayer(3))  # 6th
    play.do(BustPlayer(4))  # 5th
    play.do(ReinstatePlayer(2, stack=3000))
    places = {pid: play.player(pid).place for pid in (1, 2, 3, 4)}
    assert places == {1: 8, 2: None, 3: 7, 4: 6}
    play.do(BustPlayer(5))
    assert play.player(5).place == 5


def test_a_tie_partner_shares_one_place_fewer_when_the_other_comes_back_TO_14():
    play = tournament(players=6).at_level(1)
    play.do(BustPlayers((1, 2), hand_stacks=(800, 800)))
    assert (play.player(1).place, play.player(1).tied) == (5, 2)
    play.do(ReinstatePlayer(1, stack=800))
    assert (play.player(2).place, play.player(2).tied) == (6, 1)
    play.do(BustPlayer(3))
    assert play.player(3).place == 5


def test_the_stack_given_back_is_new_chips_counted_as_a_correction_with_no_money_in():
    play = tournament(players=4, buy_in_cents=2000).at_level(1)
    ledger = play.state.ledger
    play.do(BustPlayer(4))
    play.do(ReinstatePlayer(4, stack=2500))
    after = play.state.ledger
    assert after.chips_issued == ledger.chips_issued + 2500
    assert after.correction_chips == 2500
    assert after.money_in_cents == ledger.money_in_cents
    assert after.entries == ledger.entries


def test_only_a_player_who_is_out_comes_back_and_only_with_chips():
    play = tournament(players=4).at_level(1)
    play.refused(ReinstatePlayer(1, stack=1000), "NOT_OUT")
    play.do(BustPlayer(1))
    for stack in (0, -5, True, "1000"):
        play.refused(ReinstatePlayer(1, stack=stack), "BAD_REINSTATE_STACK")
    play.refused(ReinstatePlayer(99, stack=1000), "UNKNOWN_PLAYER")


def test_before_the_seat_draw_a_player_brought_back_waits_for_the_draw():
    play = tournament(players=4, seats_drawn=False)
    play.do(BustPlayer(2))
    play.do(ReinstatePlayer(2, stack=5000))
    assert play.player(2).status == PlayerStatus.REGISTERED
