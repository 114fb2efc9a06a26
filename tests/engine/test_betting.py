"""One betting round under no-limit and pot-limit (RULES.md HE-08, HE-09, HE-12..HE-16, IT-10)."""

import pytest

from tdapp.engine.betting import Action, BettingRound, NoLimit, PotLimit
from tdapp.engine.errors import IllegalAction


def postflop(stacks, big_blind=100, literal=False, pot=0):
    return BettingRound.open(NoLimit(big_blind, literal), list(stacks), stacks, pot=pot)


def test_minimum_raise_is_the_largest_full_raise_HE_13():
    r = postflop({1: 20000, 2: 20000, 3: 20000, 4: 20000}, big_blind=200)
    r = r.act(1, "bet", 600).act(2, "raise", 1600).act(3, "raise", 3600)
    assert r.legal_actions().min_to == 5600


def test_minimum_raise_literal_option_is_one_big_blind_HE_13():
    r = postflop({1: 20000, 2: 20000, 3: 20000, 4: 20000}, big_blind=200, literal=True)
    r = r.act(1, "bet", 600).act(2, "raise", 1600).act(3, "raise", 3600)
    assert r.legal_actions().min_to == 3800


def test_minimum_bet_is_one_big_blind_unless_all_in_HE_12():
    r = postflop({1: 5000, 2: 60})
    with pytest.raises(IllegalAction, match="minimum bet is to 100"):
        r.act(1, "bet", 50)
    r = r.act(1, "check")
    assert r.legal_actions().min_to == 60
    assert r.act(2, "bet", 60).current_bet == 60


def test_short_all_ins_adding_up_to_a_full_raise_reopen_only_for_who_faces_it_HE_15():
    # 50/100 postflop: A bets 100; B all-in 125; C calls; D all-in 200; E calls.
    a, b, c, d, e = 1, 2, 3, 4, 5
    r = postflop({a: 5000, b: 125, c: 5000, d: 200, e: 5000})
    r = r.act(a, "bet", 100).act(b, "all_in").act(c, "call").act(d, "all_in").act(e, "call")
    assert r.to_act == a and Action.RAISE in r.legal_actions().actions
    r = r.act(a, "call")
    assert r.to_act == c
    legal = r.legal_actions()
    assert legal.actions == {Action.FOLD, Action.CALL}
    with pytest.raises(IllegalAction, match="HE-15"):
        r.act(c, "raise", 400)


def test_several_short_all_ins_keep_the_last_full_raise_HE_15():
    # A bets 300; all-ins at 500, 650 and 800; E calls -> F's minimum raise is to 1,100.
    r = postflop({1: 5000, 2: 500, 3: 650, 4: 800, 5: 5000, 6: 5000})
    r = r.act(1, "bet", 300).act(2, "all_in").act(3, "all_in").act(4, "all_in").act(5, "call")
    assert r.to_act == 6 and r.legal_actions().min_to == 1100


def test_no_cap_on_the_number_of_raises_HE_16():
    r = postflop({1: 10**9, 2: 10**9})
    to = 100
    r = r.act(1, "bet", to)
    for n in range(20):
        to *= 2
        r = r.act(2 if n % 2 == 0 else 1, "raise", to)
    assert r.current_bet == 100 * 2**20


def test_short_big_blind_keeps_the_call_at_the_full_big_blind_HE_09():
    stacks = {3: 5000, 1: 5000, 2: 50}
    r = BettingRound.open(
        NoLimit(200), [3, 1, 2], stacks, bets={1: 100, 2: 50}, current_bet=200, full_raise=200
    )
    legal = r.legal_actions()
    assert legal.seat == 3 and legal.to_call == 200 and legal.min_to == 400


def test_unraised_big_blind_has_the_option_HE_08():
    stacks = {3: 5000, 1: 5000, 2: 5000}
    r = BettingRound.open(NoLimit(200), [3, 1, 2], stacks, bets={1: 100, 2: 200}, full_raise=200)
    r = r.act(3, "call").act(1, "call")
    assert r.to_act == 2 and r.legal_actions().actions >= {Action.CHECK, Action.RAISE}
    assert r.act(2, "check").closed


def test_lost_right_to_raise_allows_only_call_or_fold_HE_21_HE_23():
    r = postflop({1: 5000, 2: 5000}).act(1, "bet", 100).forbid_raise(2)
    assert r.legal_actions().actions == {Action.FOLD, Action.CALL}
    with pytest.raises(IllegalAction, match="lost the right to raise"):
        r.act(2, "all_in")


def test_uncalled_excess_of_the_round_is_known_HE_34():
    r = postflop({1: 5000, 2: 300, 3: 5000}).act(1, "bet", 1000).act(2, "all_in").act(3, "fold")
    assert r.closed and r.uncalled() == (1, 700)


def test_wrong_seat_and_wrong_amounts_are_refused_with_the_reason():
    r = postflop({1: 5000, 2: 5000})
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        r.act(2, "check")
    with pytest.raises(IllegalAction, match="maximum bet is to 5000"):
        r.act(1, "bet", 6000)
    with pytest.raises(IllegalAction, match="nothing to call"):
        r.act(1, "call")
    with pytest.raises(IllegalAction, match="needs an amount"):
        r.act(1, "bet")
    with pytest.raises(IllegalAction, match="unknown action"):
        r.act(1, "limp")


def test_pot_limit_bet_and_raise_at_most_the_pot_IT_10():
    r = BettingRound.open(PotLimit(10), [1, 2, 3], {1: 5000, 2: 5000, 3: 5000}, pot=100)
    assert r.legal_actions().max_to == 100
    r = r.act(1, "bet", 100)
    # club: everything in the middle (100 + 100) on top of the bet to call
    assert r.legal_actions().max_to == 300
    with pytest.raises(IllegalAction, match="over the limit"):
        r.act(2, "all_in")


def test_pot_limit_standard_formula_counts_the_call_IT_10():
    structure = PotLimit(10, pot_after_call=True)
    r = BettingRound.open(structure, [1, 2, 3], {1: 5000, 2: 5000, 3: 5000}, pot=100)
    assert r.act(1, "bet", 100).legal_actions().max_to == 100 + 100 + 100 + 100


def test_custom_order_of_action_for_draw_games():
    r = BettingRound.open(NoLimit(10), [4, 1, 2], {1: 100, 2: 100, 4: 100})
    assert r.to_act == 4
    r = r.act(4, "bet", 10).act(1, "fold").act(2, "raise", 20)
    assert r.to_act == 4
