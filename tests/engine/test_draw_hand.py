"""Italian draw, from the draw to the end: IT-12 .. IT-17 and the resto IT-23."""

import pytest

from tdapp.engine.draw.false_opening import false_opening
from tdapp.engine.draw.hand import DrawHand, Phase
from tdapp.engine.draw.opening import Level
from tdapp.engine.errors import IllegalAction

CARDS = {
    1: "Jh Jc 7s 8d 9h",  # jacks: the opener
    2: "Qs Qd 7d 8h Th",
    3: "6c 7c 8c 9c Kc",  # flush
    4: "Ks Kd Kh 6s 6d",  # full house
    5: "As Ad 9s Ts Jd",
}


def deal(cards=None, *, stacks=200, dealer=5, **kw):
    cards = CARDS if cards is None else cards
    seats = sorted(cards) if cards else [1, 2, 3, 4, 5]
    chips = stacks if isinstance(stacks, dict) else {s: stacks for s in seats}
    return DrawHand.deal(seats, dealer, chips, 2, cards=cards or None, **kw)


def opened(hand=None, callers=(2, 3, 4, 5), amount=10, confirmed=False):
    hand = (hand or deal()).act(1, "bet", amount, confirmed=confirmed)
    for seat in callers:
        hand = hand.act(seat, "call")
    for seat in sorted({2, 3, 4, 5} - set(callers)):
        hand = hand.act(seat, "fold") if hand.to_act == seat else hand
    return hand


def servito(hand):
    while hand.phase is Phase.DRAW:
        hand = hand.draw(hand.to_act, "" if hand.cards is not None else 0)
    return hand


def test_players_draw_clockwise_from_the_dealers_left_1_to_4_or_none_IT_12():
    hand = opened()
    assert hand.phase is Phase.DRAW and hand.to_act == 1
    with pytest.raises(IllegalAction, match="draws first"):
        hand.draw(2, "7d")
    hand = hand.draw(1, "7s 8d 9h")
    assert len(hand.cards[1]) == 5 and {"Jh", "Jc"} <= set(map(str, hand.cards[1]))
    with pytest.raises(IllegalAction, match="1 to 4"):
        hand.draw(2, "Qs Qd 7d 8h Th")
    hand = hand.draw(2, "7d 8h Th").draw(3, "").draw(4, "6s").draw(5, "9s Ts Jd")
    assert hand.phase is Phase.SECOND_ROUND
    assert hand.drawn == {1: 3, 2: 3, 3: 0, 4: 1, 5: 3}


def test_a_physical_deck_gives_the_count_only_IT_12():
    hand = opened(deal({}), confirmed=True)
    with pytest.raises(IllegalAction, match="how many"):
        hand.draw(1, "7s")
    assert hand.draw(1, 3).drawn == {1: 3}


def test_after_the_draw_the_opener_speaks_first_IT_13():
    hand = servito(opened())
    assert hand.to_act == 1


def test_if_the_opener_folded_the_first_player_on_the_left_speaks_IT_13():
    hand = deal().act(1, "bet", 10).act(2, "raise", 30).act(3, "call").act(4, "fold")
    hand = hand.act(5, "fold").act(1, "fold")
    hand = servito(hand)
    assert hand.to_act == 2


def test_showdown_flush_beats_full_house_IT_14_IT_18():
    hand = servito(opened())
    hand = hand.act(1, "check").act(2, "check").act(3, "bet", 20).act(4, "call").act(5, "fold").act(1, "fold").act(2, "fold")
    hand = hand.showdown()
    assert hand.outcome.kind == "showdown"
    assert hand.outcome.won == {3: 10 + 50 + 40}
    assert hand.outcome.next_level is Level.JACKS


def test_equal_ranks_are_decided_by_suit_never_split_IT_14_IT_19():
    cards = {1: "Jh Jc 7s 8d 9h", 2: "7h 8h 9d Tc Js", 3: "7d 8s 9s Ts Jd",
             4: "6s 6d Ks Kd Qh", 5: "As Ad Qs Qd Ac"}
    hand = deal(cards).act(1, "bet", 10).act(2, "call").act(3, "call").act(4, "fold")
    hand = servito(hand.act(5, "fold"))
    hand = hand.act(1, "check").act(2, "bet", 10).act(3, "call").act(1, "fold").showdown()
    # 2 and 3 hold J-high straights: the jack of diamonds beats the jack of spades
    assert hand.outcome.won == {3: 10 + 30 + 20}


def test_the_dealer_enters_the_hands_shown_with_a_physical_deck_IT_14():
    hand = servito(opened(deal({}), callers=(2,), confirmed=True))
    hand = hand.act(1, "check").act(2, "check")
    assert hand.outcome.kind == "piatto_di_parola"
    hand = servito(opened(deal({}), callers=(2,), confirmed=True))
    hand = hand.act(1, "bet", 30).act(2, "call")
    shown = hand.showdown({1: "Jh Jc 7s 8d 9h", 2: "Qs Qd 7d 8h Th"})
    assert shown.outcome.won == {2: 10 + 20 + 60}
    tapped = hand.showdown(winner=1)
    assert tapped.outcome.won == {1: 90}


def test_piatto_di_parola_pot_stays_folders_pay_in_next_opening_kings_IT_15():
    hand = servito(opened(callers=(2, 3)))  # 4 and 5 fold before the draw
    for seat in (1, 2, 3):
        hand = hand.act(seat, "check")
    assert hand.outcome.kind == "piatto_di_parola"
    assert hand.outcome.carry == (10 + 30 + 20,)  # inviti, three stakes, two pay-ins of 10
    assert hand.outcome.next_level is Level.KINGS
    assert hand.payoffs() == {s: -12 for s in (1, 2, 3, 4, 5)}


def test_piatto_di_parola_pay_in_can_be_left_optional_IT_15():
    hand = servito(opened(deal(parola_pay_in=False), callers=(2, 3)))
    for seat in (1, 2, 3):
        hand = hand.act(seat, "check")
    assert hand.outcome.carry == (40,)
    assert hand.payoffs()[4] == -2


def test_piatto_di_parola_over_150_is_split_in_two_IT_15():
    hand = deal().act(1, "bet", 10).act(2, "raise", 30).act(3, "call").act(4, "call")
    hand = servito(hand.act(5, "fold").act(1, "call"))
    for seat in (1, 2, 3, 4):
        hand = hand.act(seat, "check")
    total = 10 + 4 * 30 + 30  # 5 pays in 30
    assert total > 150
    assert hand.outcome.carry == (total - total // 2, total // 2)


def test_opener_who_mucks_unshown_as_winner_loses_the_pot_IT_16():
    hand = servito(opened(deal({}), callers=(2,), confirmed=True))
    hand = hand.act(1, "bet", 30).act(2, "call")
    shown = {1: "Kh Kc Ks 8d 9h", 2: "Qs Qd 7d 8h Th"}
    assert hand.showdown(shown).outcome.won == {1: 90}
    assert hand.showdown(shown, opener_shows=False).outcome.won == {2: 90}


def test_opener_who_mucks_unshown_when_another_wins_refunds_the_initial_pot_IT_16():
    hand = servito(opened(deal({}), callers=(2,), confirmed=True))
    hand = hand.act(1, "bet", 30).act(2, "call")
    done = hand.showdown({2: "Qs Qd 7d 8h Th"}, opener_shows=False)
    assert done.outcome.won == {2: 90}
    assert done.outcome.carry == (10,)
    assert done.payoffs()[1] == -2 - 10 - 30 - 10


def test_false_opening_announced_before_anyone_entered_takes_the_stake_back_IT_17a():
    hand = deal({}).act(1, "check").act(2, "bet", 10, confirmed=True).act(3, "fold")
    back = false_opening(hand)
    assert back.opener is None and back.round.current_bet == 0
    assert back.stacks == hand.stacks and back.round.stacks[2] == 198
    assert back.to_act == 3 and back.passed == {1, 2}
    assert back.act(3, "bet", 10, confirmed=True).opener == 3


def test_false_opening_after_others_entered_an_entrant_with_openers_takes_over_IT_17b():
    hand = deal({}).act(1, "bet", 10, confirmed=True).act(2, "call").act(3, "call")
    with pytest.raises(IllegalAction, match="only a player who entered"):
        false_opening(hand, new_opener=4)
    taken = false_opening(hand, new_opener=3)
    assert taken.opener == 3
    assert taken.must_stay == {1, 2}
    taken = taken.act(4, "raise", 50).act(5, "fold")
    with pytest.raises(IllegalAction, match="must stay"):
        taken.act(1, "fold")


def test_false_opening_after_others_entered_with_no_openers_returns_every_stake_IT_17b():
    hand = deal({}).act(1, "bet", 10, confirmed=True).act(2, "call").act(3, "call")
    void = false_opening(hand)
    assert void.outcome.kind == "void" and void.outcome.carry == (10,)
    assert void.payoffs() == {s: -2 for s in (1, 2, 3, 4, 5)}


def test_false_opening_declared_after_the_first_round_closed_before_the_draw_is_judged_IT_17b():
    hand = deal({}).act(1, "bet", 10, confirmed=True).act(2, "call").act(3, "call")
    hand = hand.act(4, "fold").act(5, "fold")
    assert hand.phase is Phase.DRAW
    taken = false_opening(hand, new_opener=3)
    assert taken.opener == 3 and taken.phase is Phase.DRAW
    with pytest.raises(IllegalAction, match="only a player who entered"):
        false_opening(hand, new_opener=4)  # folded
    void = false_opening(hand.draw(1, 1))  # during the draw, nobody holds openers
    assert void.outcome.kind == "void"
    assert void.payoffs() == {s: -2 for s in (1, 2, 3, 4, 5)}


def test_the_new_opener_speaks_first_after_the_draw_IT_17b_IT_13():
    hand = deal({}).act(1, "bet", 10, confirmed=True).act(2, "call").act(3, "call")
    hand = false_opening(hand.act(4, "fold").act(5, "fold"), new_opener=3)
    hand = hand.draw(1, 1).draw(2, 1).draw(3, 1)
    assert hand.phase is Phase.SECOND_ROUND and hand.to_act == 3


def test_once_everyone_has_drawn_a_false_opening_waits_for_the_showdown_IT_16():
    hand = deal({}).act(1, "bet", 10, confirmed=True).act(2, "call")
    hand = hand.act(3, "fold").act(4, "fold").act(5, "fold").draw(1, 1).draw(2, 1)
    with pytest.raises(IllegalAction, match="judged at the showdown"):
        false_opening(hand)


def test_false_opening_raise_makes_all_fold_raiser_with_openers_keeps_it_valid_IT_17c():
    hand = deal({}).act(1, "bet", 10, confirmed=True).act(2, "raise", 30).act(3, "fold")
    hand = hand.act(4, "fold").act(5, "fold").act(1, "fold")
    assert hand.outcome.won == {2: 50}
    assert false_opening(hand, raiser_has_openers=True) == hand


def test_false_opening_raiser_without_openers_wins_and_false_opener_refunds_IT_17c():
    hand = deal({}).act(1, "bet", 10, confirmed=True).act(2, "raise", 30).act(3, "fold")
    hand = false_opening(hand.act(4, "fold").act(5, "fold").act(1, "fold"))
    assert hand.outcome.won == {2: 50}
    assert hand.outcome.carry == (10,)
    assert hand.payoffs()[1] == -2 - 10 - 10


def test_false_opening_raiser_who_had_passed_wins_and_false_opener_refunds_IT_17c():
    hand = deal({}).act(1, "check").act(2, "bet", 10, confirmed=True).act(3, "fold")
    hand = hand.act(4, "fold").act(5, "fold").act(1, "raise", 30).act(2, "fold")
    hand = false_opening(hand, raiser_has_openers=True)  # passed: can never validate it
    assert hand.outcome.won == {1: 50} and hand.outcome.carry == (10,)


def test_false_opener_who_reraised_and_won_uncontested_cannot_win_IT_17d():
    hand = deal({}).act(1, "bet", 10, confirmed=True).act(2, "raise", 30).act(3, "fold")
    hand = hand.act(4, "fold").act(5, "fold").act(1, "raise", 80).act(2, "fold")
    assert hand.outcome.won == {1: 10 + 30 + 80}
    void = false_opening(hand)
    assert void.outcome.kind == "void"
    assert void.payoffs() == {s: -2 for s in (1, 2, 3, 4, 5)}


def test_resto_seed_002_example_side_pot_to_the_better_of_the_two_IT_23():
    cards = {1: "Jh Jd 7c 8d 9c", 2: "Qh Qd Ah 7d 8c", 3: "Ks Kd Kc 9h Th"}
    hand = DrawHand.deal([1, 2, 3], 3, {1: 1000, 2: 1000, 3: 215}, 5, carry=285, cards=cards)
    hand = hand.act(1, "bet", 10).act(2, "call").act(3, "call")
    hand = servito(hand)
    hand = hand.act(1, "bet", 300).act(2, "call").act(3, "all_in")
    assert hand.phase is Phase.SHOWDOWN
    done = hand.showdown()
    # C wins the main pot: 200 from each of A, B, C plus all that was in before
    assert done.outcome.won == {3: 300 + 30 + 600, 2: 200}
    assert sum(done.payoffs().values()) == 285  # the carried pot came from earlier hands


def test_a_bet_above_a_players_chips_the_excess_goes_back_to_the_bettor_IT_23():
    cards = {1: "Ks Kd Kc 9h Th", 2: "Qh Qd Ah 7d 8c", 3: "Jh Jd 7c 8d 9c"}
    hand = DrawHand.deal([1, 2, 3], 3, {1: 1000, 2: 60, 3: 1000}, 5, cards=cards)
    hand = hand.act(1, "bet", 15).act(2, "call").act(3, "fold")
    hand = servito(hand).act(1, "bet", 45).act(2, "all_in").showdown()
    assert hand.outcome.won == {1: 15 + 30 + 80 + 5}
    assert hand.payoffs() == {1: 65, 2: -60, 3: -5}


def test_a_four_card_change_can_take_the_fourth_after_everyone_else_IT_12():
    hand = opened(deal(four_in_two=True), callers=(2,))
    stub = hand.stub
    hand = hand.draw(1, "Jc 7s 8d 9h")
    assert len(hand.cards[1]) == 4 and hand.cards[1][1:] == stub[:3]
    hand = hand.draw(2, "8h")
    assert hand.cards[2][-1] == stub[3]
    assert hand.cards[1][-1] == stub[4] and hand.phase is Phase.SECOND_ROUND


def test_the_dealers_right_cuts_and_an_absent_player_loses_the_hand_IT_03():
    hand = DrawHand.deal([1, 2, 3, 4, 5], 5, {s: 100 for s in range(1, 6)}, 2)
    assert hand.cutter == 4
    away = DrawHand.deal([1, 2, 3, 4, 5], 5, {s: 100 for s in range(1, 6)}, 2, absent={4})
    assert away.cutter == 3
    assert away.order == (1, 2, 3, 5) and away.stacks[4] == 100 and away.middle == 8
    assert away.lowest_rank == 6  # the deck still follows the five at the table




def test_the_lowest_straight_flush_beats_the_top_one_IT_22():
    hand = DrawHand.deal([1, 2], 2, {1: 200, 2: 200}, 2)
    hand = servito(hand.act(1, "bet", 4, confirmed=True).act(2, "call"))
    hand = hand.act(1, "bet", 12).act(2, "call")
    done = hand.showdown({1: "Ts Js Qs Ks As", 2: "Ah 7h 8h 9h Th"})
    assert done.outcome.won == {2: 4 + 8 + 24}


def test_three_straight_flushes_in_a_cycle_go_by_the_plain_order_IT_22():
    hand = DrawHand.deal([1, 2, 3], 3, {s: 200 for s in (1, 2, 3)}, 2)
    hand = hand.act(1, "bet", 6, confirmed=True).act(2, "call").act(3, "call")
    hand = servito(hand).act(1, "bet", 24).act(2, "call").act(3, "call")
    done = hand.showdown({1: "Ah 7h 8h 9h Th",  # the lowest (ace low, 32 cards)
                          2: "Ts Js Qs Ks As",  # the top
                          3: "8d 9d Td Jd Qd"})  # a middle one
    assert done.outcome.won == {2: 6 + 18 + 72}


def test_bad_entries_are_refused_with_the_reason_and_change_nothing():
    hand = deal()
    with pytest.raises(IllegalAction, match="turn"):
        hand.act(99, "bet", 10)
    hand = opened(callers=(2,))
    with pytest.raises(IllegalAction, match="cannot read"):
        hand.draw(1, "Xx 7s")
    physical = servito(opened(deal({}), callers=(2,), confirmed=True))
    physical = physical.act(1, "bet", 10).act(2, "call")
    with pytest.raises(IllegalAction, match="seat 1"):
        physical.showdown({1: "Jh Jc 7s 8d", 2: "Qs Qd 7d 8h Th"})
    with pytest.raises(IllegalAction, match="seat 2"):
        physical.showdown({1: "Jh Jc 7s 8d 9h", 2: "Qs Qd 2d 8h Th"})  # no 2 in 6-to-A
    with pytest.raises(IllegalAction, match="not in the hand"):
        physical.showdown({1: "Jh Jc 7s 8d 9h", 4: "Qs Qd 7d 8h Th"})
    assert physical.phase is Phase.SHOWDOWN
