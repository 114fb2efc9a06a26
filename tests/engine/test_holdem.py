"""A No-Limit Hold'em hand, rule by rule (RULES.md HE-04..HE-35, IR-11)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdapp.engine.betting import Action
from tdapp.engine.cards import Deck
from tdapp.engine.errors import IllegalAction
from tdapp.engine.holdem import AnteMode, Stakes, Street, TableRules, start_hand
from tdapp.engine.pots import Pot

BLINDS = Stakes(50, 100)


def table(n=6, stack=10_000, button=1, stakes=BLINDS, **kwargs):
    """Seats 1..n, blinds the two seats after the button (HE-04)."""
    stacks = {seat: stack for seat in range(1, n + 1)} if isinstance(stack, int) else stack
    seats = sorted(stacks)
    after = [s for s in seats if s > button] + [s for s in seats if s <= button]
    if len(seats) == 2:
        small, big = button, after[0]
    else:
        small, big = after[0], after[1]
    return start_hand(stacks, button=button, big_blind=big, small_blind=small, stakes=stakes, **kwargs)


def test_blinds_are_the_two_seats_after_the_button_and_utg_acts_first_HE_04_HE_11():
    hand = table(6, button=1)
    assert hand.bets == {1: 0, 2: 50, 3: 100, 4: 0, 5: 0, 6: 0}
    assert hand.to_act == 4
    hand = hand.act(4, "fold").act(5, "fold").act(6, "call").act(1, "call").act(2, "call")
    hand = hand.act(3, "check")
    assert hand.street is Street.FLOP and hand.to_act == 2  # post-flop: first left of the button


def test_heads_up_button_is_small_blind_first_preflop_last_postflop_HE_07():
    hand = start_hand({3: 5000, 8: 5000}, button=8, big_blind=3, small_blind=8, stakes=BLINDS)
    assert hand.bets == {3: 100, 8: 50} and hand.to_act == 8
    hand = hand.act(8, "call").act(3, "check")
    assert hand.street is Street.FLOP and hand.to_act == 3
    hand = hand.act(3, "check")
    assert hand.to_act == 8


def test_dead_button_with_no_small_blind_HE_05():
    # button on the empty seat 2, no small blind, big blind seat 4
    hand = start_hand({1: 5000, 4: 5000, 5: 5000}, button=2, big_blind=4, small_blind=None,
                      stakes=BLINDS)
    assert hand.bets == {1: 0, 4: 100, 5: 0} and hand.to_act == 5
    hand = hand.act(5, "call").act(1, "call").act(4, "check")
    assert hand.to_act == 4  # first live seat left of the (dead) button


def test_unraised_big_blind_may_check_or_raise_HE_08():
    hand = table(3).act(1, "call").act(2, "call")
    assert hand.to_act == 3
    assert {Action.CHECK, Action.RAISE} <= hand.legal_actions().actions


def test_short_big_blind_keeps_call_and_minimum_raise_at_the_full_blind_HE_09():
    hand = table(stack={1: 5000, 2: 5000, 3: 40, 4: 5000}, button=1)
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_to) == (4, 100, 200)


def test_big_blind_ante_blind_first_then_ante_dead_HE_10():
    bba = Stakes(100, 200, ante=200, ante_mode=AnteMode.BIG_BLIND)
    hand = table(stack={1: 5000, 2: 5000, 3: 300}, button=1, stakes=bba)
    assert hand.bets[3] == 200 and hand.dead == 100 and hand.stacks[3] == 0
    assert hand.pots()[0] == Pot(100 + 100 + 100, frozenset({2, 3}))  # dead ante in the main pot
    hand = table(stack={1: 5000, 2: 5000, 3: 5000}, button=1, stakes=bba)
    assert hand.dead == 200 and hand.stacks[3] == 4600


def test_per_player_ante_is_posted_by_everyone_HE_10():
    stakes = Stakes(50, 100, ante=25, ante_mode=AnteMode.PER_PLAYER)
    hand = table(4, stakes=stakes)
    assert hand.committed == {1: 25, 2: 75, 3: 125, 4: 25}


def test_minimum_raise_default_and_literal_HE_13():
    stakes = Stakes(100, 200)
    for rules, expected in ((TableRules(), 5600), (TableRules(literal_min_raise=True), 3800)):
        hand = table(5, stack=50_000, stakes=stakes, rules=rules)
        hand = hand.act(4, "call").act(5, "call").act(1, "call").act(2, "call").act(3, "check")
        hand = hand.act(2, "bet", 600).act(3, "raise", 1600).act(4, "raise", 3600)
        assert hand.legal_actions().min_to == expected


def test_raise_amount_is_the_total_HE_14():
    hand = table(3, stakes=Stakes(1000, 2000), stack=50_000).act(1, "raise", 8000)
    assert hand.bets[1] == 8000 and hand.stacks[1] == 42_000


def _to_flop(stacks):
    hand = table(stack=stacks, button=5)
    for seat in (3, 4, 5, 1):
        hand = hand.act(seat, "call")
    return hand.act(2, "check")


def test_short_all_ins_reopen_only_for_who_faces_a_full_raise_HE_15():
    # 50/100 post-flop: A bets 100; B all-in 125; C calls; D all-in 200; E calls.
    a, b, c, d, e = 1, 2, 3, 4, 5
    hand = _to_flop({a: 5000, b: 225, c: 5000, d: 300, e: 5000})
    assert hand.street is Street.FLOP and hand.to_act == a
    hand = hand.act(a, "bet", 100).act(b, "all_in").act(c, "call").act(d, "all_in").act(e, "call")
    assert Action.RAISE in hand.legal_actions().actions
    hand = hand.act(a, "call")
    assert hand.to_act == c and hand.legal_actions().actions == {Action.FOLD, Action.CALL}


def test_short_all_ins_leave_the_minimum_raise_at_the_last_full_bet_HE_15():
    # A bets 300; all-ins at 500, 650, 800; E calls -> F's minimum raise is to 1,100.
    stacks = {1: 5000, 2: 600, 3: 750, 4: 900, 5: 5000, 6: 5000}
    hand = table(stack=stacks, button=6)
    for seat in (3, 4, 5, 6, 1):
        hand = hand.act(seat, "call")
    hand = hand.act(2, "check")
    assert hand.to_act == 1
    hand = hand.act(1, "bet", 300).act(2, "all_in").act(3, "all_in").act(4, "all_in").act(5, "call")
    assert hand.to_act == 6 and hand.legal_actions().min_to == 1100


def test_absent_player_checks_along_and_is_folded_facing_a_bet_HE_25():
    hand = table(4, absent={2})  # absent small blind faces the big blind's call
    hand = hand.act(4, "call").act(1, "call")
    assert hand.to_act == 2
    hand = hand.act_for_absent()
    assert 2 in hand.folded and hand.moves[-1].absent


def test_absent_big_blind_checked_down_competes_and_wins_HE_25():
    hand = table(4, absent={3})
    hand = hand.act(4, "call").act(1, "call").act(2, "call").play_absent()
    while hand.street is not Street.SHOWDOWN:
        hand = hand.act(hand.to_act, "check").play_absent()
    assert 3 in hand.live
    hand = hand.showdown(cards={3: "As Ad", 1: "Kc Kd", 2: "7h 2c"}, board="Ah 9s 5d 4c Jh")
    assert hand.winnings == {3: 400} and hand.payoffs[3] == 300


def test_no_fold_on_the_river_when_nothing_is_bet_HE_28():
    hand = table(2, button=1).act(1, "call").act(2, "check")
    for _ in range(2):
        hand = hand.act(2, "check").act(1, "check")
    assert hand.street is Street.RIVER
    assert Action.FOLD not in hand.legal_actions().actions
    with pytest.raises(IllegalAction, match="HE-28"):
        hand.act(2, "fold")
    tda = table(2, button=1, rules=TableRules(river_fold=True)).act(1, "call").act(2, "check")
    for _ in range(2):
        tda = tda.act(2, "check").act(1, "check")
    assert tda.act(2, "fold").winnings == {1: 200}


def test_everyone_all_in_runs_the_board_and_pays_at_once_HE_30():
    deck = Deck()
    deck.shuffle(random.Random(7))
    hand = table(3, stack=1000, deck=deck)
    hand = hand.act(1, "all_in").act(2, "all_in").act(3, "all_in")
    assert hand.complete and len(hand.board) == 5
    assert sum(hand.stacks.values()) == 3000


def test_three_way_all_in_builds_main_and_side_pot_HE_33():
    # A all-in 1,000; B all-in 2,500; C calls
    hand = table(stack={1: 1000, 2: 2500, 3: 8000, 4: 500}, button=4, stakes=Stakes(5, 10))
    hand = hand.act(3, "call").act(4, "fold").act(1, "all_in").act(2, "all_in").act(3, "call")
    assert hand.street is Street.SHOWDOWN
    assert hand.pots() == [Pot(3000, frozenset({1, 2, 3})), Pot(3000, frozenset({2, 3}))]
    paid = hand.showdown(winners=[[1], [3]])
    assert paid.stacks == {1: 3000, 2: 0, 3: 8500, 4: 500}


def test_uncalled_bet_is_returned_HE_34():
    hand = table(3, stack=1000).act(1, "raise", 600).act(2, "fold").act(3, "fold")
    assert hand.complete and hand.stacks == {1: 1150, 2: 950, 3: 900}
    assert any(m.action == "returned" and m.chips == -500 for m in hand.moves)


def test_odd_chip_goes_to_first_winner_left_of_button_HE_35():
    stakes = Stakes(5, 10, ante=1, ante_mode=AnteMode.PER_PLAYER)
    hand = table(3, stack=1000, button=2, stakes=stakes)  # SB 3, BB 1, pot 3 antes + blinds
    hand = hand.act(2, "fold").act(3, "call").act(1, "check")
    while hand.street is not Street.SHOWDOWN:
        hand = hand.act(hand.to_act, "check")
    total = sum(p.amount for p in hand.pots())
    assert total == 23
    hand = hand.showdown(winners=[[1, 3]])
    assert hand.winnings == {3: 12, 1: 11}  # seat 3 is first clockwise from the button


def test_showdown_ties_split_by_the_cards_HE_32():
    hand = table(2, button=1).act(1, "call").act(2, "check")
    while hand.street is not Street.SHOWDOWN:
        hand = hand.act(hand.to_act, "check")
    hand = hand.showdown(cards={1: "2c 3d", 2: "2h 3s"}, board="As Ks Qd Jc Th")
    assert hand.winnings == {1: 100, 2: 100}


def test_showdown_needs_both_hole_cards_HE_31():
    hand = table(2, button=1).act(1, "call").act(2, "check")
    while hand.street is not Street.SHOWDOWN:
        hand = hand.act(hand.to_act, "check")
    with pytest.raises(IllegalAction, match="both hole cards"):
        hand.showdown(cards={1: "2c"}, board="As Ks Qd Jc Th")


def test_out_of_turn_fold_is_binding_and_out_of_turn_bet_loses_the_raise_HE_21():
    hand = table(5).fold_out_of_turn(1)
    assert 1 in hand.folded and hand.to_act == 4
    hand = hand.forbid_raise(5).act(4, "raise", 300)
    assert hand.to_act == 5 and hand.legal_actions().actions == {Action.FOLD, Action.CALL}


def test_substantial_action_is_two_actions_with_chips_or_three_actions_IR_11():
    hand = table(6)
    assert not hand.substantial_action
    assert not hand.act(4, "fold").act(5, "fold").substantial_action
    assert hand.act(4, "call").act(5, "fold").substantial_action
    assert hand.act(4, "fold").act(5, "fold").act(6, "fold").substantial_action


def test_illegal_actions_say_why():
    hand = table(3)
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        hand.act(2, "call")
    with pytest.raises(IllegalAction, match="minimum raise is to 200"):
        hand.act(1, "raise", 150)
    with pytest.raises(IllegalAction, match="not dealt in"):
        hand.forbid_raise(9)
    with pytest.raises(IllegalAction, match="waits for the showdown|hand is over"):
        table(2, stack=100).act(1, "all_in").act(2, "call").act(1, "check")


@st.composite
def random_hands(draw):
    n = draw(st.integers(2, 9))
    stacks = {seat: draw(st.integers(1, 3000)) for seat in range(1, n + 1)}
    button = draw(st.integers(1, n))
    return stacks, button, draw(st.randoms(use_true_random=False))


@settings(max_examples=150, deadline=None)
@given(random_hands(), st.data())
def test_chips_are_never_created_or_lost_and_illegal_actions_change_nothing(setup, data):
    stacks, button, rng = setup
    hand = table(stack=stacks, button=button, stakes=Stakes(10, 20))
    total = sum(stacks.values())
    while not hand.complete:
        if hand.street is Street.SHOWDOWN:
            pots = hand.pots()
            winners = [[rng.choice(sorted(p.eligible))] for p in pots if not p.returned]
            before = hand
            with pytest.raises(IllegalAction):
                hand.showdown(winners=[[99]] * len(winners))
            assert hand == before
            hand = hand.showdown(winners=winners)
            for pot, paid in zip(pots, hand.paid, strict=False):
                assert set(paid.winners) <= pot.eligible
            break
        legal = hand.legal_actions()
        assert sum(hand.stacks.values()) + sum(hand.committed.values()) + hand.dead == total
        before = hand
        wrong = data.draw(st.sampled_from(sorted(set(Action) - legal.actions) or [Action.BET]))
        with pytest.raises(IllegalAction):
            hand.act(legal.seat, wrong, 10**9)
        assert hand == before
        action = rng.choice(sorted(legal.actions))
        amount = rng.randint(legal.min_to, legal.max_to) if action in ("bet", "raise") else None
        hand = hand.act(legal.seat, action, amount)
    assert sum(hand.stacks.values()) == total
    assert sum(hand.winnings.values()) == sum(hand.committed.values()) + hand.dead
