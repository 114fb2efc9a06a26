"""Bounties (issue 16): fixed and progressive knockouts, from worked examples.

Choices the issue left open, tested here: the odd cent of a split goes, one each, to the
eliminators clockwise from the button (HE-35); the odd cent of a PKO halving is paid in cash; the
winner collects their own head; a re-entry pays a new bounty onto the head.
"""

from __future__ import annotations

from dataclasses import replace

from tdapp.tournament.bounties import Knockout, knockouts, shares, standing
from tdapp.tournament.busts import BustPlayer, BustPlayers, bust_from_console
from tdapp.tournament.chips import ChipCount, CountChips, SetChips
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.hands.commands import StartHand
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.registration import ReEnterPlayer, UnregisterPlayer
from tdapp.tournament.registry import view
from tdapp.tournament.settings import BountyRules, RebuyRules, ReEntryRules
from tests.tournament.test_hands import all_in_to_showdown, hand_at
from tests.tournament.tournament_builders import tournament

FIXED = BountyRules(cents=500)
PKO = BountyRules(cents=1000, progressive=True)


# --- the rules as pure functions ------------------------------------------------------------


def test_a_fixed_bounty_goes_whole_to_the_one_eliminator():
    assert knockouts(500, (4,), progressive=False) == (Knockout(4, 500, 0),)


def test_pko_pays_half_in_cash_and_puts_half_on_the_eliminators_head():
    assert knockouts(1000, (4,), progressive=True) == (Knockout(4, 500, 500),)


def test_pko_halving_an_odd_head_pays_the_odd_cent_in_cash():
    assert knockouts(1501, (4,), progressive=True) == (Knockout(4, 751, 750),)
    assert knockouts(1, (4,), progressive=True) == (Knockout(4, 1, 0),)


def test_split_pot_eliminators_share_the_head_odd_cent_first_from_the_button_HE_35():
    assert shares(1001, (7, 3)) == (501, 500)
    assert shares(1000, (2, 5, 9)) == (334, 333, 333)
    split = knockouts(1001, (7, 3), progressive=True)
    assert split == (Knockout(7, 251, 250), Knockout(3, 250, 250))
    assert sum(k.cash_cents + k.head_cents for k in split) == 1001


def test_nobody_named_takes_nothing():
    assert knockouts(1000, (), progressive=True) == ()


# --- busts through decide/apply -------------------------------------------------------------


def test_entry_pays_the_bounty_on_top_and_it_stays_out_of_the_pool():
    play = tournament(players=4, bounty=FIXED, buy_in_cents=2000)
    ledger = play.state.ledger
    assert (ledger.money_in_cents, ledger.bounty_cents) == (8000, 2000)
    assert all(p.bounty_cents == 500 for p in play.state.players)
    assert view(play.state, play.now, "td")["payouts"]["prize_pool_cents"] == 8000


def test_fixed_bounty_knockout_pays_the_eliminator():
    play = tournament(players=4, bounty=FIXED)
    play.do(SetChips(2, 0))
    busted = play.do(BustPlayer(2, eliminated_by=(1,)))
    assert busted.finishes[0].eliminated_by == (1,)
    assert (play.player(1).bounties_won_cents, play.player(1).bounty_cents) == (500, 500)
    assert play.player(2).bounty_cents == 0
    assert play.state.ledger.bounties_paid_cents == 500


def test_pko_chain_grows_the_eliminators_head():
    """P1 knocks out P2 (10 €: 5 cash, 5 onto P1's 10 € head), then P3 knocks out P1 (15 €:
    7.50 cash, 7.50 onto P3's head), then P3 wins heads-up against P4 and collects their own."""
    play = tournament(players=4, bounty=PKO)
    play.do(BustPlayer(2, eliminated_by=(1,)))
    assert (play.player(1).bounties_won_cents, play.player(1).bounty_cents) == (500, 1500)
    play.do(BustPlayer(1, eliminated_by=(3,)))
    assert (play.player(3).bounties_won_cents, play.player(3).bounty_cents) == (750, 1750)
    play.do(BustPlayer(4, eliminated_by=(3,)))
    assert (play.player(3).bounties_won_cents, play.player(3).bounty_cents) == (1250, 2250)
    winner = play.player(3)
    assert standing(play.state, winner) == (0, 3500)  # the winner collects their own head
    rows = {r["id"]: r for r in view(play.state, play.now, "public")["players"]}
    assert (rows[3]["bounty_cents"], rows[3]["bounties_won_cents"]) == (0, 3500)
    assert rows[1]["bounties_won_cents"] == 500
    won = view(play.state, play.now, "public")["payouts"]["bounties"]
    assert [(w["player_id"], w["amount_cents"]) for w in won] == [(3, 3500), (1, 500)]
    # Every cent paid in (4 × 10 €) is paid out once the tournament is won.
    assert sum(w["amount_cents"] for w in won) == play.state.ledger.bounty_cents


def test_two_eliminators_in_one_pot_split_the_head_odd_cent_from_the_button():
    odd = BountyRules(cents=1001)
    play = tournament(players=3, bounty=odd)
    table = play.player(1).table
    play.do(StartHand(table))
    button = hand_at(play, table).engine.button
    play.do(BustPlayer(3, eliminated_by=(1, 2)))
    seats = {1: play.player(1).seat, 2: play.player(2).seat}
    first = min(seats, key=lambda p: (seats[p] <= button, seats[p]))
    other = 3 - first
    assert play.player(first).bounties_won_cents == 501
    assert play.player(other).bounties_won_cents == 500


def test_a_hand_that_busts_a_player_pays_the_pot_winner_the_bounty():
    play = tournament(players=3, bounty=PKO)
    table = play.player(1).table
    play.at_level(4)
    play.do(StartHand(table))
    all_in_to_showdown(play, table, winner_id=1)
    assert play.player(2).place is not None and play.player(3).place is not None
    assert (play.player(1).bounties_won_cents, play.player(1).bounty_cents) == (1000, 2000)
    assert standing(play.state, play.player(1)) == (0, 3000)


def test_busts_in_one_hand_name_each_players_eliminators():
    play = tournament(players=5, bounty=FIXED)
    play.do(BustPlayers((2, 3), hand_stacks=(1000, 2000), eliminated_by=((1,), (4,))))
    assert play.player(1).bounties_won_cents == 500 and play.player(4).bounties_won_cents == 500


def test_bust_with_no_eliminator_leaves_the_head_unclaimed_and_warns():
    play = tournament(players=4, bounty=FIXED)
    play.do(BustPlayer(2))
    assert play.state.ledger.bounties_unclaimed_cents == 500
    codes = [w["code"] for w in view(play.state, play.now, "td")["warnings"]]
    assert "BOUNTIES_UNCLAIMED" in codes


def test_eliminator_refusals():
    play = tournament(players=12, bounty=FIXED)
    busted = play.player(1)
    elsewhere = next(p.id for p in play.state.players if p.table != busted.table)
    neighbour = next(
        p.id for p in play.state.players if p.table == busted.table and p.id != busted.id
    )
    play.refused(BustPlayer(1, eliminated_by=(99,)), "ELIMINATOR_NOT_IN_TOURNAMENT")
    play.refused(BustPlayer(1, eliminated_by=(1,)), "ELIMINATOR_OUT")
    play.refused(BustPlayer(1, eliminated_by=(elsewhere,)), "ELIMINATOR_NOT_AT_TABLE")
    play.refused(BustPlayer(1, eliminated_by=(neighbour, neighbour)), "ELIMINATOR_TWICE")
    play.refused(BustPlayers((1, 2), eliminated_by=((neighbour,),)), "ELIMINATORS_MISMATCH")
    play.do(BustPlayer(neighbour))
    play.refused(BustPlayer(1, eliminated_by=(neighbour,)), "ELIMINATOR_OUT")


def test_re_entry_pays_a_new_bounty_onto_the_head():
    re_entry = ReEntryRules(until_level=3, price_cents=2000, fee_cents=300)
    play = tournament(players=4, bounty=PKO, re_entry=re_entry)
    play.at_level(1)
    play.do(BustPlayer(2, eliminated_by=(1,)))
    play.do(ReEnterPlayer(2))
    assert play.player(2).bounty_cents == 1000
    ledger = play.state.ledger
    assert (ledger.bounty_cents, ledger.re_entry_cents, ledger.fees_cents) == (5000, 2000, 300)


def test_unregistering_gives_back_the_bounty_and_the_fee():
    play = tournament(players=3, seats_drawn=False, bounty=FIXED, fee_cents=500)
    play.do(UnregisterPlayer(3))
    ledger = play.state.ledger
    assert (ledger.bounty_cents, ledger.fees_cents, ledger.money_in_cents) == (1000, 1000, 4000)


def test_the_bounty_cannot_change_once_players_are_registered():
    play = tournament(players=2, bounty=FIXED)
    changed = replace(play.state.settings, bounty=PKO)
    play.refused(ConfigureTournament(changed), "SETTING_LOCKED")


def test_chip_count_keeps_the_heads():
    play = tournament(players=3, bounty=FIXED)
    play.do(CountChips((ChipCount(1, 6000), ChipCount(2, 4000))))
    assert play.player(1).bounty_cents == 500


REBUYS = RebuyRules(until_level=3, chips=5000, price_cents=1000, max_stack=5000)


def test_table_console_bust_names_the_winners_of_the_pots_the_player_lost():
    play = tournament(players=3, bounty=FIXED, rebuy=REBUYS)
    table = play.player(1).table
    play.at_level(1)
    play.do(StartHand(table))
    all_in_to_showdown(play, table, winner_id=1)
    assert play.player(2).place is None and play.player(2).stack == 0  # a rebuy is still possible
    command = bust_from_console(play.state, 2)
    assert command.eliminated_by == (1,)
    play.do(command)
    assert play.player(1).bounties_won_cents == 500


def test_out_of_chips_when_the_rebuys_end_pays_the_last_hands_winner_at_the_next_deal():
    play = tournament(players=4, bounty=FIXED, rebuy=REBUYS)
    table = play.player(1).table
    play.at_level(3)
    play.do(SetAbsent(4, True))  # folded when the bets reach them: still in play after the hand
    play.do(StartHand(table))
    all_in_to_showdown(play, table, winner_id=1)
    assert play.player(2).place is None  # a rebuy was still possible when the hand ended
    play.at_level(4)
    play.do(StartHand(table))
    assert play.player(2).place is not None and play.player(3).place is not None
    assert play.player(1).bounties_won_cents == 1000
