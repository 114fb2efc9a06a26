"""Prize pool and payouts: shares by entries, the DdT's rounding unit, deals, ties."""

from __future__ import annotations

from tournament_builders import tournament

from tdapp.tournament.busts import BustPlayers
from tdapp.tournament.payouts import (
    AdjustPayouts,
    place_amounts,
    prize_pool_cents,
    prizes,
    rounded_amounts,
    shares_for,
)
from tdapp.tournament.purchases import Rebuy
from tdapp.tournament.settings import DEFAULT_PAYOUTS, PayoutBracket, RebuyRules


def test_prize_pool_is_everything_paid_in():
    play = tournament(players=10, buy_in_cents=2000, rebuy=RebuyRules(4, 5000, 1500, 5000))
    play.at_level(1).do(Rebuy(1, stack=0))
    assert prize_pool_cents(play.state) == 10 * 2000 + 1500


def test_shares_follow_the_number_of_entries():
    assert shares_for(DEFAULT_PAYOUTS, 7) == (7000, 3000)
    assert shares_for(DEFAULT_PAYOUTS, 8) == (5000, 3000, 2000)
    assert len(shares_for(DEFAULT_PAYOUTS, 500)) == 8


def test_prizes_are_rounded_down_to_the_unit_and_first_place_takes_the_rest():
    # 11,650 / 6,990 / 4,660 rounded down to 5 euros; the 8 euros left go to first place.
    assert rounded_amounts(23300, (5000, 3000, 2000), 500) == (12300, 6500, 4500)


def test_the_payout_table_is_editable():
    table = (PayoutBracket(100, (6000, 4000)),)
    play = tournament(players=12, buy_in_cents=1000, payouts=table)
    assert place_amounts(play.state) == (7200, 4800)


def test_a_deal_sets_the_prizes_which_must_add_up_to_the_pool():
    play = tournament(players=10, buy_in_cents=1000)
    play.refused(AdjustPayouts((5000, 4000)), "PAYOUTS_MUST_MATCH_POOL")
    play.refused(AdjustPayouts((11000, -1000)), "BAD_PAYOUT_AMOUNT")
    play.do(AdjustPayouts((5500, 4500)))
    assert place_amounts(play.state) == (5500, 4500)
    play.do(AdjustPayouts(()))
    assert place_amounts(play.state) == (5000, 3000, 2000)


def test_tied_players_pool_and_split_their_places_prizes_the_odd_cent_in_order_TO_14():
    play = tournament(players=3, buy_in_cents=1001)
    play.do(AdjustPayouts((2002, 1001)))
    play.do(BustPlayers((1, 2), hand_stacks=(100, 100)))
    # Places 2 and 3 are shared; only 2nd is paid: 1,001 cents split 501 + 500.
    assert prizes(play.state) == {1: 501, 2: 500, 3: 2002}
