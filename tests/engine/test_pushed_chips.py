"""Chips pushed without a word (RULES.md HE-14), case by case as TDA rules 43 (the 50% standard),
44 (the oversized chip) and 45 (several chips) set them."""

import pytest

from tdapp.engine.betting import Action, BettingRound, NoLimit
from tdapp.engine.errors import IllegalAction
from tdapp.engine.pushed_chips import PushedChips, interpret_pushed_chips

STACK = 20_000


def preflop_raised_to_1200():
    """Blinds 200/400: seat 3 (first to speak) raises to 1,200, an 800 raise; seat 4 is next,
    with nothing in front. A full raise from here is 800 more: to 2,000."""
    stacks = {seat: STACK for seat in (1, 2, 3, 4)}
    round_ = BettingRound.open(NoLimit(400), (3, 4, 1, 2), stacks, bets={1: 200, 2: 400})
    return round_.act(3, "raise", 1200)


def flop(stacks=None):
    stacks = stacks or {1: STACK, 2: STACK, 3: STACK}
    return BettingRound.open(NoLimit(400), tuple(stacks), stacks)


def test_single_oversized_chip_facing_a_bet_is_a_call_HE_14_TDA_44():
    became = interpret_pushed_chips(preflop_raised_to_1200(), pushed=5000, pieces=1)
    assert became == PushedChips(Action.CALL, to=1200, chips=1200)  # 3,800 go back


def test_single_oversized_chip_with_no_bet_to_face_is_a_bet_of_its_whole_value_HE_14_TDA_44():
    became = interpret_pushed_chips(flop(), pushed=5000, pieces=1)
    assert became == PushedChips(Action.BET, to=5000, chips=5000)


def test_several_chips_all_needed_for_the_call_are_a_call_HE_14_TDA_45():
    # TDA 45's own example: two 1,000 chips facing 1,200; one taken away leaves 1,000 < 1,200.
    became = interpret_pushed_chips(preflop_raised_to_1200(), pushed=2000, pieces=2)
    assert became == PushedChips(Action.CALL, to=1200, chips=1200)


def test_several_chips_with_half_a_raise_or_more_over_the_call_are_a_full_minimum_raise_HE_14_TDA_43():
    # Three 500 chips and a 100 (1,600): the 100 can go and 1,500 still calls 1,200; the 400
    # over the call is half of the 800 raise, so it becomes the full minimum raise, to 2,000.
    became = interpret_pushed_chips(preflop_raised_to_1200(), pushed=1600, pieces=4, smallest=100)
    assert became == PushedChips(Action.RAISE, to=2000, chips=2000)  # the player adds 400


def test_several_chips_with_less_than_half_a_raise_over_the_call_are_a_call_HE_14_TDA_43():
    # Three 500 chips: 1,500, 300 over the call, less than half of the 800 raise.
    became = interpret_pushed_chips(preflop_raised_to_1200(), pushed=1500, pieces=3)
    assert became == PushedChips(Action.CALL, to=1200, chips=1200)


def test_several_chips_of_more_than_a_full_raise_are_a_raise_to_the_total_pushed_HE_14_TDA_43():
    became = interpret_pushed_chips(preflop_raised_to_1200(), pushed=3000, pieces=3)
    assert became == PushedChips(Action.RAISE, to=3000, chips=3000)


def test_exactly_a_full_raise_over_the_call_is_a_raise_to_the_total_pushed_HE_14_TDA_43():
    became = interpret_pushed_chips(preflop_raised_to_1200(), pushed=2000, pieces=4)
    assert became == PushedChips(Action.RAISE, to=2000, chips=2000)


def test_the_smallest_chip_decides_whether_every_chip_is_needed_HE_14_TDA_45():
    # On the flop, 1,000 to call and a full raise of 1,000. A 1,000 and a 500: the 500 can go
    # and 1,000 still calls, so the 50% standard applies: 500 over is half a raise.
    round_ = flop().act(1, "bet", 1000)
    mixed = interpret_pushed_chips(round_, pushed=1500, pieces=2, smallest=500)
    assert mixed == PushedChips(Action.RAISE, to=2000, chips=2000)
    # Two 750 chips: take either away and 750 does not call: both are needed.
    even = interpret_pushed_chips(round_, pushed=1500, pieces=2)
    assert even == PushedChips(Action.CALL, to=1000, chips=1000)


def test_pushing_the_whole_stack_is_an_all_in_even_in_one_chip_HE_14():
    stacks = {1: STACK, 2: 5000, 3: STACK}
    round_ = flop(stacks).act(1, "bet", 1000)
    assert interpret_pushed_chips(round_, pushed=5000, pieces=1) == PushedChips(
        Action.ALL_IN, to=5000, chips=5000)


def test_pushing_a_whole_stack_smaller_than_the_call_is_an_all_in_call_HE_14():
    stacks = {1: STACK, 2: 700, 3: STACK}
    round_ = flop(stacks).act(1, "bet", 1000)
    assert interpret_pushed_chips(round_, pushed=700, pieces=7) == PushedChips(
        Action.ALL_IN, to=700, chips=700)


def test_a_player_who_may_not_raise_calls_whatever_is_pushed_HE_14_HE_15():
    # 50/100 on the flop: A bets 400, B goes all-in for 500 (short of a full raise), C calls;
    # A may only call the 100 more (HE-15): chips over it, even a whole stack, are a call.
    stacks = {1: STACK, 2: 500, 3: STACK}
    round_ = BettingRound.open(NoLimit(100), (1, 2, 3), stacks)
    round_ = round_.act(1, "bet", 400).act(2, "all_in").act(3, "call")
    assert interpret_pushed_chips(round_, pushed=2000, pieces=4) == PushedChips(
        Action.CALL, to=500, chips=100)
    assert interpret_pushed_chips(round_, pushed=STACK - 400, pieces=20) == PushedChips(
        Action.CALL, to=500, chips=100)


def test_the_big_blind_with_no_raise_to_face_raises_by_the_chips_pushed_HE_14():
    stacks = {1: STACK, 2: STACK, 3: STACK}
    round_ = BettingRound.open(NoLimit(400), (3, 1, 2), stacks, bets={1: 200, 2: 400})
    round_ = round_.act(3, "call").act(1, "call")
    assert interpret_pushed_chips(round_, pushed=1000, pieces=1) == PushedChips(
        Action.RAISE, to=1400, chips=1000)


@pytest.mark.parametrize(
    ("pushed", "pieces", "smallest", "code"),
    [
        (STACK + 1, 5, None, "PUSHED_OVER_STACK"),
        (1000, 2, None, "PUSHED_UNDER_CALL"),
        (3, 4, None, "PIECES_OVER_PUSHED"),
        (3000, 3, 1500, "SMALLEST_CHIP"),
        (3000, 1, 1000, "SMALLEST_CHIP"),
        (0, 1, None, "PUSHED_WHOLE"),
        (1200, 0, None, "PUSHED_WHOLE"),
    ],
)
def test_chips_that_cannot_be_what_was_pushed_are_refused_with_the_reason(
    pushed, pieces, smallest, code
):
    with pytest.raises(IllegalAction) as refused:
        interpret_pushed_chips(preflop_raised_to_1200(), pushed, pieces, smallest)
    assert refused.value.code == code


def test_chips_under_the_smallest_bet_with_no_bet_to_face_are_refused_HE_12():
    with pytest.raises(IllegalAction, match="smallest bet is to 400"):
        interpret_pushed_chips(flop(), pushed=300, pieces=3)
