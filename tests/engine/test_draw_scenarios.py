"""Italian draw played from start to end over several hands at one table: a passed deal that
raises the opening to queens, a piatto di parola with the folders paying in, a false opener
caught after a raise, and a resto all-in with a side pot."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdapp.engine.draw.false_opening import false_opening
from tdapp.engine.draw.hand import Phase
from tdapp.engine.draw.opening import Level
from tdapp.engine.draw.table import DrawTable
from tdapp.engine.errors import IllegalAction
from tdapp.engine.telesina.calls import TelesinaCalls

SEATS = (1, 2, 3, 4, 5)


def table(stacks=300, dealer=5):
    return DrawTable.sit(SEATS, {s: stacks for s in SEATS}, dealer)


def servito(hand):
    while hand.phase is Phase.DRAW:
        hand = hand.draw(hand.to_act, "" if hand.cards is not None else 0)
    return hand


def chips(t):
    return sum(t.stacks.values()) + sum(t.carries)


def test_a_passed_deal_raises_the_opening_to_queens_then_a_pot_brings_back_jacks_IT_06():
    t = table()
    nobody = {1: "6h 7c 9s Td Qs", 2: "6d 8c 9h Jd Ks", 3: "6s 7h 9c Tc Ac",
              4: "6c 8h 9d Qc Kd", 5: "7d 8s Th Jc Ah"}
    hand = t.deal(2, cards=nobody)
    for seat in (1, 2, 3, 4, 5):
        hand = hand.act(seat, "check")
    t = t.settle(hand)
    assert (t.level, t.dealer, t.carries) == (Level.QUEENS, 1, (10,))
    # dealer 1: seat 2 speaks first; jacks no longer open, queens do
    cards = {1: "6h 7c 9s Td Qs", 2: "Jh Js 7s 8d Ts", 3: "Qh Qd As 6c Kc",
             4: "6d 8c 9h Jd Ks", 5: "7d 8s Th Jc Ah"}
    hand = t.deal(2, cards=cards)
    assert hand.middle == 20
    with pytest.raises(IllegalAction, match="no openers"):
        hand.act(2, "bet")
    hand = hand.act(2, "check").act(3, "bet")  # no amount: the pot, 20
    assert hand.round.bets[3] == 20
    hand = hand.act(4, "fold").act(5, "fold").act(1, "fold").act(2, "call")
    hand = hand.draw(2, "7s 8d Ts").draw(3, "As 6c Kc")
    hand = hand.act(3, "bet", 30).act(2, "call").showdown()
    winner = max(hand.outcome.won, key=hand.outcome.won.get)
    assert hand.outcome.won[winner] == 20 + 40 + 60
    t = t.settle(hand)
    assert (t.level, t.dealer, t.carries) == (Level.JACKS, 2, ())
    assert chips(t) == 1500


def test_piatto_di_parola_folders_pay_in_and_the_next_opening_needs_kings_IT_15():
    t = table()
    hand = t.deal(2)  # a physical deck
    hand = hand.act(1, "bet", 10, confirmed=True).act(2, "call").act(3, "call")
    hand = servito(hand.act(4, "fold").act(5, "fold"))
    for seat in (1, 2, 3):
        hand = hand.act(seat, "check")
    t = t.settle(hand)
    assert t.stacks == {1: 288, 2: 288, 3: 288, 4: 288, 5: 288}  # 4 and 5 paid in 10 each
    assert (t.level, t.carries, t.dealer) == (Level.KINGS, (60,), 1)
    cards = {1: "Jh Js 7s 8d Ts", 2: "Qh Qd As 6c Kc", 3: "Kh Kd 6h 7c 9s",
             4: "6d 8c 9h Jd Ks", 5: "7d 8s Th Jc Ah"}
    hand = t.deal(2, cards=cards)
    assert hand.middle == 70
    with pytest.raises(IllegalAction, match="no openers"):
        hand.act(2, "bet", 5)  # queens no longer open
    hand = hand.act(2, "check").act(3, "bet", 5)  # no duty to open for the pot
    hand = hand.act(4, "fold").act(5, "fold").act(1, "fold").act(2, "fold")
    assert hand.outcome.won == {3: 75}
    t = t.settle(hand)
    assert t.level is Level.JACKS and t.carries == ()
    assert chips(t) == 1500


def test_a_false_opener_caught_after_a_raise_refunds_the_initial_pot_IT_17():
    t = table()
    hand = t.deal(2)  # physical cards: the dealer took seat 1's word
    hand = hand.act(1, "bet", 10, confirmed=True).act(2, "call").act(3, "raise", 40)
    hand = hand.act(4, "fold").act(5, "fold").act(1, "fold").act(2, "fold")
    assert hand.outcome.won == {3: 10 + 10 + 10 + 40}
    # seat 3 cannot show openers either: the pot stays his, seat 1 refunds the initial pot
    hand = false_opening(hand, raiser_has_openers=False)
    t = t.settle(hand)
    assert t.stacks[1] == 300 - 2 - 10 - 10
    assert t.stacks[3] == 300 - 2 - 40 + 70
    assert t.carries == (10,)
    assert chips(t) == 1500
    nxt = t.deal(2)
    assert nxt.middle == 20  # the refund waits in the middle with the new inviti


def test_a_resto_all_in_makes_a_side_pot_that_the_better_of_the_others_wins_IT_23():
    t = DrawTable.sit(SEATS, {1: 500, 2: 500, 3: 47, 4: 500, 5: 500}, 5)
    cards = {1: "Jh Jd 7c 8d 9c", 2: "Qh Qd Ah 7d 8c", 3: "Ks Kd Kc 9h Th",
             4: "6s 7s 8h 9d Js", 5: "6d 6c As Tc Qc"}
    hand = t.deal(2, cards=cards)
    hand = hand.act(1, "bet", 10).act(2, "call").act(3, "call").act(4, "fold").act(5, "fold")
    hand = servito(hand)
    # middle 40: seat 1 bets 40, seat 2 calls, seat 3 has only 35 left and calls all-in
    hand = hand.act(1, "bet", 40).act(2, "call").act(3, "all_in").showdown()
    assert hand.outcome.won == {3: 10 + 30 + 3 * 35, 2: 10}
    t = t.settle(hand)
    assert t.stacks[3] == 145 and t.stacks[1] == 500 - 52 and t.stacks[2] == 500 - 52 + 10
    assert chips(t) == 2047


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 99), min_size=40, max_size=40))
def test_chips_are_never_created_or_lost_over_random_hands(seed, choices):
    """Property: random legal play over several hands keeps every chip on the table."""
    rng = random.Random(seed)
    t = DrawTable.sit(SEATS, {s: rng.randint(30, 300) for s in SEATS}, 5)
    total = chips(t)
    picks = iter(choices * 50)
    for _ in range(4):
        hand = t.deal(1, rng=rng)
        while hand.phase is not Phase.OVER:
            if hand.phase is Phase.DRAW:
                seat = hand.to_act
                hand = hand.draw(seat, hand.cards[seat][: next(picks) % 5])
                continue
            if hand.phase is Phase.SHOWDOWN:
                hand = hand.showdown()
                continue
            legal = hand.legal_actions()
            options = sorted(legal.actions)
            action = options[next(picks) % len(options)]
            amount = None
            if action in ("bet", "raise"):
                amount = legal.min_to + (next(picks) % (legal.max_to - legal.min_to + 1))
            try:
                hand = hand.act(legal.seat, action, amount)
            except IllegalAction:  # no openers: pass instead
                hand = hand.act(legal.seat, "check" if legal.to_call == 0 else "fold")
        t = t.settle(hand)
        assert chips(t) == total
        assert all(v >= 0 for v in t.stacks.values())
        if min(t.stacks.values()) < 1:
            break


def test_five_deals_without_an_opening_call_a_telesina_round_TS_08():
    t = table()
    calls = TelesinaCalls()
    for _ in range(5):
        hand = t.deal(1)
        for seat in hand.order:
            hand = hand.act(seat, "check")
        t = t.settle(hand)
        calls = calls.after_hand([], t.hands_without_opening)
    assert t.hands_without_opening == 5 and t.level is Level.KINGS
    assert calls.round_due
    assert t.carries == (25,)  # five inviti of five, waiting in the middle
    assert chips(t) == 1500
