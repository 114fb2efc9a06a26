"""Italian draw before the first word: deck (IT-01, IT-02), invito (IT-04), buio (IT-05),
resto (IT-24)."""

import random

import pytest

from tdapp.engine.draw.deck import deck_for
from tdapp.engine.draw.hand import DrawHand, Phase
from tdapp.engine.draw.stakes import blinds, check_invito, top_up
from tdapp.engine.errors import IllegalAction


@pytest.mark.parametrize(("players", "lowest", "cards", "salto"),
                         [(4, 7, 32, False), (5, 6, 36, False), (6, 6, 36, True)])
def test_deck_follows_the_number_of_players_IT_01(players, lowest, cards, salto):
    rule = deck_for(players)
    assert (rule.lowest_rank, rule.cards, rule.col_salto) == (lowest, cards, salto)


def test_rule_of_eleven_is_only_an_option_IT_01():
    assert deck_for(6, rule_of_eleven=True).lowest_rank == 5
    assert not deck_for(6, rule_of_eleven=True).col_salto


def test_six_handed_the_dealers_right_gets_no_cards_and_no_invito_IT_02():
    stacks = {s: 100 for s in range(1, 7)}
    hand = DrawHand.deal([1, 2, 3, 4, 5, 6], 3, stacks, 2, rng=random.Random(4))
    assert hand.sitting_out == 2
    assert hand.order == (4, 5, 6, 1, 3)
    assert set(hand.cards) == {4, 5, 6, 1, 3}
    assert hand.stacks[2] == 100 and hand.middle == 10
    paying = DrawHand.deal([1, 2, 3, 4, 5, 6], 3, stacks, 2, rng=random.Random(4),
                           salto_pays_invito=True)
    assert paying.stacks[2] == 98 and paying.middle == 12


def test_the_engine_deals_five_cards_each_from_the_short_deck_IT_03():
    hand = DrawHand.deal([1, 2, 3, 4], 4, {s: 100 for s in range(1, 5)}, 1, rng=random.Random(1))
    every = [c for cards in hand.cards.values() for c in cards]
    assert len(every) == 20 == len(set(every))
    assert min(c.value for c in every) >= 7
    assert len(hand.stub) == 12


@pytest.mark.parametrize(("invito", "giri", "ok"),
                         [(1, False, True), (5, False, True), (6, False, False),
                          (10, True, True), (11, True, False), (0, False, False)])
def test_invito_is_1_to_5_euro_and_1_to_10_during_the_giri_IT_04(invito, giri, ok):
    if ok:
        assert check_invito(invito, giri=giri) == invito
    else:
        with pytest.raises(IllegalAction):
            check_invito(invito, giri=giri)


def test_buio_doubles_the_pot_controbuio_the_buio_over_the_controbuio_IT_05():
    assert blinds(10, 3) == [20, 40, 80]  # pot 10 -> 30 -> 70 -> 150


def test_a_blind_that_takes_the_pot_over_150_is_refused_IT_05():
    assert blinds(25, 1) == [50]
    with pytest.raises(IllegalAction, match="over 150"):
        blinds(25, 2)  # 25 + 50 + 100 = 175


def test_the_buio_player_opens_blind_and_leads_after_the_draw_IT_05():
    hand = DrawHand.deal([1, 2, 3, 4, 5], 5, {s: 200 for s in range(1, 6)}, 2, blind_steps=2,
                         rng=random.Random(2))
    assert hand.round.bets[1] == 20 and hand.round.bets[2] == 40
    assert hand.opener == 1 and hand.to_act == 3


def test_resto_grows_only_before_the_deal_by_passate_IT_24():
    stacks = {1: 500, 2: 80}
    assert top_up(stacks, 2, 1, 500, dealt=False)[2] == 580
    with pytest.raises(IllegalAction, match="before the cards"):
        top_up(stacks, 2, 1, 500, dealt=True)
    with pytest.raises(IllegalAction, match="whole passate"):
        top_up(stacks, 2, 0, 500, dealt=False)


def test_every_seat_needs_its_resto_before_the_deal():
    with pytest.raises(IllegalAction, match="resto"):
        DrawHand.deal([1, 2, 3, 4, 5, 6], 3, {s: 100 for s in range(1, 6)}, 2)


def test_the_buio_and_controbuio_come_out_of_the_players_chips_behind_IT_05():
    hand = DrawHand.deal([1, 2, 3, 4, 5], 5, {s: 200 for s in range(1, 6)}, 2, blind_steps=2)
    assert (hand.round.stacks[1], hand.round.stacks[2]) == (200 - 2 - 20, 200 - 2 - 40)
    assert (hand.stacks[1], hand.stacks[2]) == (200 - 2 - 20, 200 - 2 - 40)
    behind = sum(hand.round.stacks.values())
    assert behind + hand.middle == 5 * 200  # the blinds moved, no chip was made


def test_a_buio_hand_folded_round_to_the_blinds_pays_only_what_was_in_the_middle_IT_05():
    hand = DrawHand.deal([1, 2, 3, 4, 5], 5, {s: 200 for s in range(1, 6)}, 2, blind_steps=1)
    for seat in (2, 3, 4, 5):
        hand = hand.act(seat, "fold")
    assert hand.outcome.won == {1: 10 + 20}
    assert hand.payoffs() == {1: 8, 2: -2, 3: -2, 4: -2, 5: -2}


def test_with_everyone_but_the_dealer_away_nobody_is_dealt_in_IT_03():
    with pytest.raises(IllegalAction, match="at least two players"):
        DrawHand.deal([1, 2], 1, {1: 50, 2: 50}, 1, absent={2})


def test_a_buio_against_a_player_all_in_for_the_invito_goes_to_the_draw_IT_05_IT_23():
    hand = DrawHand.deal([1, 2], 1, {1: 3, 2: 30}, 3, blind_steps=1, rng=random.Random(3))
    assert hand.phase is Phase.DRAW  # nobody is left to bet against the buio
    assert sum(hand.stacks.values()) + hand.middle == 33
    while hand.phase is Phase.DRAW:
        hand = hand.draw(hand.to_act, "")
    hand = hand.showdown()
    assert hand.outcome.won[2] in (12, 6 + 12)  # the uncalled buio comes back, win or lose
    assert sum(hand.stacks.values()) == 33
