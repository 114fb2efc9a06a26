"""Chip counts never track more chips than are in play; absent players keep their seat (HE-26)."""

from __future__ import annotations

from tournament_builders import tournament

from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.chips import ChipCount, CountChips, SetChips
from tdapp.tournament.players import PlayerStatus
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.registry import view


def test_a_count_replaces_the_tracked_stack():
    play = tournament(players=3)
    play.do(SetChips(1, 2500))
    assert play.player(1).stack == 2500
    assert play.state.players.stack_total == 12500


def test_counts_that_would_track_more_chips_than_issued_are_refused():
    play = tournament(players=3)
    error = play.refused(SetChips(1, 7000), "CHIPS_EXCEED_ISSUED")
    assert error.params == {"counted": 17000, "issued": 15000}


def test_a_table_counted_together_may_move_chips_between_players():
    play = tournament(players=3)
    play.do(CountChips((ChipCount(1, 7000), ChipCount(2, 3000))))
    assert (play.player(1).stack, play.player(2).stack) == (7000, 3000)
    play.refused(CountChips((ChipCount(1, 1), ChipCount(1, 2))), "COUNTED_TWICE")
    play.refused(CountChips(()), "NO_COUNTS")


def test_bad_counts_are_refused():
    play = tournament(players=3)
    play.refused(SetChips(1, -1), "BAD_STACK")
    play.refused(SetChips(1, True), "BAD_STACK")
    play.refused(SetChips(99, 100), "UNKNOWN_PLAYER")
    play.do(BustPlayer(1))
    play.refused(SetChips(1, 100), "ALREADY_OUT")


def test_stacks_are_counted_at_the_tables():
    play = tournament(players=3, seats_drawn=False)
    play.refused(SetChips(1, 4000), "NO_SEAT_YET")


def test_absent_player_keeps_the_seat_and_returns_HE_26():
    play = tournament(players=3)
    seat = (play.player(2).table, play.player(2).seat)
    play.do(SetAbsent(2, True))
    assert play.player(2).status == PlayerStatus.ABSENT
    assert (play.player(2).table, play.player(2).seat) == seat
    play.refused(SetAbsent(2, True), "ALREADY_ABSENT")
    play.do(SetAbsent(2, False))
    assert play.player(2).status == PlayerStatus.SEATED
    play.refused(SetAbsent(2, False), "ALREADY_PRESENT")


def test_a_bust_without_a_count_is_no_missing_chip_until_the_table_is_counted_again():
    play = tournament(players=4)
    issued = play.state.ledger.chips_issued
    table = play.player(1).table
    others = [p for p in play.state.tables[table] if p is not None and p != 1]
    play.do(BustPlayer(1))  # Out with the 5,000 chips last counted: someone at the table won them.
    td = view(play.state, play.now, "td")
    assert td["ledger"]["chips_gap"] is None
    assert td["ledger"]["stacks_to_recount"] == len(others)
    assert "CHIPS_GAP" not in [w["code"] for w in td["warnings"]]
    # The average comes from the chips in play, not from the stacks last counted.
    assert td["ledger"]["average_stack"] == issued // 3
    play.do(CountChips(tuple(ChipCount(p, 5000 + (5000 if p == others[0] else 0))
                             for p in others[:-1])))
    assert view(play.state, play.now, "td")["ledger"]["chips_gap"] is None
    play.do(SetChips(others[-1], 5000))
    td = view(play.state, play.now, "td")
    assert (td["ledger"]["chips_gap"], td["ledger"]["stacks_to_recount"]) == (0, 0)


def test_a_full_count_that_comes_up_short_warns_of_the_missing_chips():
    play = tournament(players=3)
    play.do(BustPlayer(3))
    play.do(CountChips((ChipCount(1, 6000), ChipCount(2, 8000))))
    td = view(play.state, play.now, "td")
    assert td["ledger"]["chips_gap"] == 1000
    assert [w["params"]["gap"] for w in td["warnings"] if w["code"] == "CHIPS_GAP"] == [1000]


def test_a_player_out_with_no_chips_left_leaves_every_stack_known():
    play = tournament(players=3)
    play.do(CountChips((ChipCount(2, 10000), ChipCount(3, 0))))
    play.do(BustPlayer(3))
    td = view(play.state, play.now, "td")
    assert (td["ledger"]["chips_gap"], td["ledger"]["stacks_to_recount"]) == (0, 0)
