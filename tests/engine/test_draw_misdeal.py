"""Italian draw, dealing errors as one dealer action each: IT-25 .. IT-29."""

import pytest

from tdapp.engine.draw.hand import DrawHand, Phase
from tdapp.engine.draw.misdeal import (
    VoidReason,
    dealer_error,
    exposed_cards,
    six_and_four,
    stub_miscount,
    void_before_opening,
)
from tdapp.engine.errors import IllegalAction

CARDS = {1: "Jh Jc 7s 8d 9h", 2: "Qs Qd 7d 8h Th", 3: "6c 7c 8c 9c Kc", 4: "Ks Kd Kh 6s 6d",
         5: "As Ad 9s Ts Jd"}


def deal(cards=None):
    return DrawHand.deal([1, 2, 3, 4, 5], 5, {s: 100 for s in range(1, 6)}, 2,
                         cards=CARDS if cards is None else cards)


def test_one_exposed_card_the_receiver_may_demand_a_new_deal_IT_25():
    hand = deal()
    assert exposed_cards(hand, 1) is hand
    redeal = exposed_cards(hand, 1, receiver_demands=True)
    assert redeal.outcome.kind == "redeal" and not redeal.outcome.deal_passes
    assert redeal.outcome.carry == (10,)


def test_two_exposed_cards_force_a_new_deal_IT_25():
    assert exposed_cards(deal(), 2).outcome.kind == "redeal"


def test_exposed_cards_are_handled_before_anyone_speaks_IT_25():
    with pytest.raises(IllegalAction, match="before anyone has spoken"):
        exposed_cards(deal().act(1, "check"), 2)


def test_dealer_error_early_keeps_the_deal_late_passes_it_IT_26():
    assert not dealer_error(deal(), before_first_players_second_card=True).outcome.deal_passes
    assert dealer_error(deal(), before_first_players_second_card=False).outcome.deal_passes


@pytest.mark.parametrize("reason", list(VoidReason))
def test_before_the_opening_each_error_annuls_the_hand_IT_27(reason):
    hand = deal().act(1, "check")
    void = void_before_opening(hand, reason)
    assert void.outcome.kind == "void" and void.outcome.carry == (10,)
    assert void.payoffs() == {s: -2 for s in range(1, 6)}


def test_ruled_valid_the_pot_goes_to_the_keeper_with_openers_who_had_not_passed_IT_27():
    hand = deal().act(1, "check").act(2, "check")
    with pytest.raises(IllegalAction, match="passed"):
        void_before_opening(hand, "no_cut", ruled_valid_for=1)
    with pytest.raises(IllegalAction, match="no openers"):
        void_before_opening(deal({**CARDS, 3: "6c 7h 8c 9d Kc"}), "no_cut", ruled_valid_for=3)
    valid = void_before_opening(hand, "no_cut", ruled_valid_for=4)
    assert valid.outcome.won == {4: 10}


def test_after_the_opening_the_hand_is_valid_IT_28():
    with pytest.raises(IllegalAction, match="valid"):
        void_before_opening(deal().act(1, "bet", 10), VoidReason.NO_CUT)


def test_a_wrong_stub_at_the_draw_voids_the_hand_IT_28():
    hand = deal().act(1, "bet", 10).act(2, "call").act(3, "fold").act(4, "fold").act(5, "fold")
    assert hand.phase is Phase.DRAW
    void = stub_miscount(hand.draw(1, "7s"))
    assert void.outcome.kind == "void"
    assert void.payoffs() == {s: -2 for s in range(1, 6)}


def test_nothing_voids_the_hand_once_the_first_speaker_after_the_draw_acted_IT_28():
    hand = deal().act(1, "bet", 10).act(2, "call").act(3, "fold").act(4, "fold").act(5, "fold")
    hand = hand.draw(1, "").draw(2, "")
    assert stub_miscount(hand).outcome.kind == "void"
    with pytest.raises(IllegalAction, match="first speaker"):
        stub_miscount(hand.act(1, "check"))


def test_six_cards_next_to_four_the_six_is_out_and_loses_his_stakes_IT_29():
    hand = deal().act(1, "bet", 10).act(2, "call").act(3, "call")
    out = six_and_four(hand, 2, 3)
    assert 2 not in out.live and 3 in out.live
    out = out.act(4, "fold").act(5, "fold")
    assert out.phase is Phase.DRAW and out.to_draw == (1, 3)
    with pytest.raises(IllegalAction, match="not next to"):
        six_and_four(hand, 2, 4)


def test_six_and_four_before_the_opening_annuls_the_hand_IT_27_IT_29():
    assert six_and_four(deal(), 2, 3).outcome.kind == "void"


@pytest.mark.parametrize(("six", "four", "why"), [
    (9, 3, "seat 9 is not in the hand"),
    (2, 9, "seat 9 is not in the hand"),
    (2, 2, "two different seats"),
])
def test_six_and_four_names_two_seats_dealt_in_IT_29(six, four, why):
    opened = deal().act(1, "bet", 10).act(2, "call")
    for hand in (opened, deal()):  # after the opening, and before it (IT-27)
        with pytest.raises(IllegalAction, match=why):
            six_and_four(hand, six, four)


def test_six_and_four_refuses_a_six_card_seat_that_already_folded_IT_29():
    hand = deal().act(1, "bet", 10).act(2, "fold").act(3, "call")
    with pytest.raises(IllegalAction, match="seat 2 is not in the hand"):
        six_and_four(hand, 2, 3)


def test_ruled_valid_a_player_who_threw_the_cards_in_cannot_take_the_pot_IT_27():
    hand = deal().act(1, "fold")  # seat 1 held jacks but threw them in: "hasty discarder"
    with pytest.raises(IllegalAction, match="seat 1 did not keep its cards"):
        void_before_opening(hand, "no_cut", ruled_valid_for=1)
    assert void_before_opening(hand, "no_cut", ruled_valid_for=4).outcome.won == {4: 10}
