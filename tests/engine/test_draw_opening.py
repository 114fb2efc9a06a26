"""Italian draw, the opening and the first round: IT-06 .. IT-10."""

import pytest

from tdapp.engine.cards import parse_cards
from tdapp.engine.draw.hand import DrawHand, Phase
from tdapp.engine.draw.opening import (
    Level,
    after_no_opening,
    after_piatto_di_parola,
    after_pot_played,
    opens,
    straight_flush_draw,
)
from tdapp.engine.errors import IllegalAction

NOTHING = {1: "6h 7c 9s Td Qs", 2: "6d 8c 9h Jd Ks", 3: "6s 7h 9c Tc Ac", 4: "6c 8h 9d Qc Kd",
           5: "7d 8s Th Jc Ah"}


def deal(cards, *, dealer=5, stacks=200, invito=2, **kw):
    seats = sorted(cards)
    return DrawHand.deal(seats, dealer, {s: stacks for s in seats}, invito, cards=cards, **kw)


def with_hand(seat, text):
    return {**NOTHING, seat: text}


def test_jacks_open_at_level_0_but_not_at_level_1_IT_06():
    jacks = parse_cards("Jh Jc 7s 8d 9h")
    assert opens(jacks, Level.JACKS, 6)
    assert not opens(jacks, Level.QUEENS, 6)  # the rule's own test: J♥J♣ at L1
    assert opens(parse_cards("Qh Qd 7d 8h Th"), Level.QUEENS, 6)
    assert not opens(parse_cards("Qh Qd 7d 8h Th"), Level.KINGS, 6)
    assert opens(parse_cards("Ah Ad 7d 8h Th"), Level.KINGS, 6)


def test_any_hand_above_the_pair_opens_IT_06():
    assert opens(parse_cards("7h 7d 8d 8h Th"), Level.KINGS, 6)  # two pair, small
    assert opens(parse_cards("6h 7d 8d 9h Th"), Level.KINGS, 6)  # straight


def test_levels_rise_after_passed_deals_up_to_kings_and_fall_after_a_pot_IT_06():
    assert after_no_opening(Level.JACKS) is Level.QUEENS
    assert after_no_opening(Level.QUEENS) is Level.KINGS
    assert after_no_opening(Level.KINGS) is Level.KINGS
    assert after_pot_played() is Level.JACKS
    assert after_piatto_di_parola() is Level.KINGS


def test_an_open_ended_straight_flush_draw_always_opens_IT_07():
    # with 32 cards 7-8-9-T of clubs can be completed by the ace below or the jack above
    assert straight_flush_draw(parse_cards("7c 8c 9c Tc Kh"), 7)
    assert opens(parse_cards("7c 8c 9c Tc Kh"), Level.KINGS, 7)
    # J-Q-K-A can only be completed below: it does not open
    assert not straight_flush_draw(parse_cards("Jc Qc Kc Ac 7h"), 7)
    assert not opens(parse_cards("Jc Qc Kc Ac 7h"), Level.JACKS, 7)


def test_the_ace_low_end_is_open_only_below_the_lowest_rank_IT_07():
    assert not straight_flush_draw(parse_cards("Ac 7c 8c 9c Jh"), 7)  # only the ten completes
    assert straight_flush_draw(parse_cards("6d 7d 8d 9d Kh"), 6)  # ace below or ten above


def test_no_opening_passes_the_deal_and_raises_the_level_IT_06():
    hand = deal(NOTHING)
    for seat in (1, 2, 3, 4, 5):
        hand = hand.act(seat, "check")
    assert hand.phase is Phase.OVER
    assert hand.outcome.kind == "no_opening"
    assert hand.outcome.next_level is Level.QUEENS and hand.outcome.deal_passes
    assert hand.outcome.carry == (10,)


def test_a_player_without_openers_cannot_open_IT_06():
    hand = deal(with_hand(1, "Jh Js 7s 8d 9s"), level=Level.QUEENS)
    with pytest.raises(IllegalAction, match="no openers"):
        hand.act(1, "bet", 5)


def test_a_player_who_passed_can_still_call_the_opening():
    hand = deal(with_hand(2, "Jh Js 7s 8d Ts"))
    hand = hand.act(1, "check").act(2, "bet", 10)
    hand = hand.act(3, "fold").act(4, "fold").act(5, "fold").act(1, "call")
    assert hand.phase is Phase.DRAW


def test_with_a_physical_deck_the_dealer_confirms_the_openers_claim_IT_06():
    hand = DrawHand.deal([1, 2, 3], 3, {1: 100, 2: 100, 3: 100}, 2)
    with pytest.raises(IllegalAction, match="confirm"):
        hand.act(1, "bet", 6)
    assert hand.act(1, "bet", 6, confirmed=True).opener == 1


def test_an_opening_without_an_amount_is_the_pot_IT_08():
    hand = deal(with_hand(1, "Jh Js 7s 8d 9s")).act(1, "bet")
    assert hand.round.bets[1] == 10


def test_the_opening_can_be_at_most_the_pot_IT_08_IT_10():
    hand = deal(with_hand(1, "Jh Js 7s 8d 9s"))
    with pytest.raises(IllegalAction, match="maximum"):
        hand.act(1, "bet", 11)
    assert hand.act(1, "bet", 4).round.bets[1] == 4


def test_no_raise_above_the_pot_counted_as_everything_in_the_middle_IT_10():
    hand = deal(with_hand(1, "Jh Js 7s 8d 9s")).act(1, "bet", 10)
    # middle = 10 inviti + 10 bet = 20: a raise of 20 over the 10 makes 30
    assert hand.legal_actions().max_to == 30
    with pytest.raises(IllegalAction, match="maximum"):
        hand.act(2, "raise", 31)
    assert hand.act(2, "raise", 30).round.current_bet == 30


def test_the_standard_pot_limit_formula_is_an_option_IT_10():
    hand = deal(with_hand(1, "Jh Js 7s 8d 9s"), pot_after_call=True).act(1, "bet", 10)
    assert hand.legal_actions().max_to == 40  # call 10 first: pot 30, raise 30 more


def test_two_openers_the_earlier_opens_the_other_must_play_and_may_not_raise_IT_09():
    cards = {**NOTHING, 2: "Jh Js 7s 8d Ts", 4: "Qh Qd As 6c Kc"}
    hand = deal(cards).act(1, "check").open_together(4, 2, 10)
    assert hand.opener == 2
    hand = hand.act(3, "fold")
    legal = hand.legal_actions()
    assert legal.seat == 4 and legal.max_to is None
    with pytest.raises(IllegalAction, match="must stay"):
        hand.act(4, "fold")
    assert hand.act(4, "call").round.bets[4] == 10


def test_two_openers_a_raise_between_them_frees_the_second_IT_09():
    cards = {**NOTHING, 2: "Jh Js 7s 8d Ts", 4: "Qh Qd As 6c Kc"}
    hand = deal(cards).act(1, "check").open_together(2, 4, 10).act(3, "raise", 30)
    legal = hand.legal_actions()
    assert legal.seat == 4 and legal.max_to is not None
    assert hand.act(4, "fold").round.folded == {4}


def test_a_raise_must_be_immediate_IT_11():
    hand = deal(with_hand(1, "Jh Js 7s 8d 9s")).act(1, "bet", 10)
    with pytest.raises(IllegalAction, match="immediate"):
        hand.act(2, "raise", 20, thought_ms=2500)
    assert hand.act(2, "raise", 20, thought_ms=1800).round.current_bet == 20
    assert hand.act(2, "call", thought_ms=9000).round.bets[2] == 10  # calling may take time


@pytest.mark.parametrize(("first", "second", "why"), [
    (2, 9, "seat 9 is not in the hand"),  # nobody sits there
    (9, 2, "seat 9 is not in the hand"),
    (2, 2, "two different seats"),
])
def test_two_openers_at_once_must_be_two_seats_dealt_in_IT_09(first, second, why):
    cards = {**NOTHING, 2: "Jh Js 7s 8d Ts", 4: "Qh Qd As 6c Kc"}
    hand = deal(cards).act(1, "check")
    with pytest.raises(IllegalAction, match=why):
        hand.open_together(first, second, 10)


def test_a_seat_that_folded_or_sits_out_cannot_be_one_of_two_openers_IT_09_IT_02():
    cards = {**NOTHING, 2: "Jh Js 7s 8d Ts", 4: "Qh Qd As 6c Kc"}
    folded = deal(cards).act(1, "fold")
    with pytest.raises(IllegalAction, match="seat 1 is not in the hand"):
        folded.open_together(1, 2, 10)
    six = DrawHand.deal([1, 2, 3, 4, 5, 6], 6, {s: 100 for s in range(1, 7)}, 2)
    assert six.sitting_out == 5  # col salto: the dealer's right gets no cards
    with pytest.raises(IllegalAction, match="seat 5 is not in the hand"):
        six.open_together(1, 5, confirmed=True)


def test_two_openers_are_refused_when_nobody_is_left_to_speak_IT_09_IT_24():
    hand = DrawHand.deal([1, 2], 1, {1: 1, 2: 50}, 1)  # seat 1 is all in for the invito
    with pytest.raises(IllegalAction, match="nobody is to speak"):
        hand.open_together(2, 1, confirmed=True)
