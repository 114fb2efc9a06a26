"""Telesina: the base game and the club's variants (TS-00 .. TS-08)."""

import random

import pytest

from tdapp.engine.cards import parse_cards
from tdapp.engine.errors import IllegalAction
from tdapp.engine.hands import best_hand, italian
from tdapp.engine.telesina.calls import TelesinaCalls, full_vestito_or_better
from tdapp.engine.telesina.hand import TelesinaHand
from tdapp.engine.telesina.variants import (
    CAMBIO,
    DUE_VELE,
    FISCHER,
    SECCA,
    TEXAS,
    UNA_VELA,
    VARIANTS,
    Street,
    Variant,
    variant,
)
from tdapp.engine.telesina.visible import first_to_speak, strength

SEATS = [1, 2, 3, 4, 5]


def deal(v, seed=1, stacks=500):
    return TelesinaHand.deal(v, SEATS, 5, {s: stacks for s in SEATS}, random.Random(seed))


def check_down(hand):
    """Everyone checks every round (exchanging nothing) to the end."""
    while not hand.over:
        if hand.to_exchange:
            hand = hand.exchange(hand.to_act, None)
        else:
            hand = hand.act(hand.to_act, "check")
    return hand


def test_rule_of_eleven_deck_and_no_invito_in_the_base_game_TS_00():
    hand = deal(SECCA)
    assert hand.lowest_rank == 6 and hand.dead == 0
    assert all(len(hand.own[s]) == 2 for s in SEATS)
    assert all([c.up for c in hand.own[s]] == [False, True] for s in SEATS)


def test_the_best_hand_showing_speaks_first_TS_00():
    showing = {1: parse_cards("Kh"), 2: parse_cards("Ah"), 3: parse_cards("As")}
    assert first_to_speak(showing, [1, 2, 3]) == 2  # ace of hearts over ace of spades
    assert strength(parse_cards("7c 7d")) > strength(parse_cards("As Kh"))
    hand = deal(SECCA, seed=3)
    best = max(SEATS, key=lambda s: strength(hand.showing(s)))
    assert hand.to_act == best


def test_secca_four_betting_rounds_then_showdown_of_five_own_cards_TS_01():
    hand = deal(SECCA)
    rounds = 0
    while not hand.over:
        speaker = hand.to_act
        for _ in SEATS:
            hand = hand.act(hand.to_act, "check")
        rounds += 1
        assert rounds == 4 or len(hand.own[speaker]) == rounds + 2
    assert rounds == 4
    assert all(len(h.cards) == 5 for h in hand.shown.values())
    assert sum(hand.payoffs().values()) == 0


def test_last_player_left_wins_unshown_TS_00():
    hand = deal(SECCA)
    first = hand.to_act
    hand = hand.act(first, "bet", 1)
    while not hand.over:
        hand = hand.act(hand.to_act, "fold")
    assert hand.won == {first: 1} and hand.shown is None


def test_pot_limit_no_bet_above_the_pot_TS_00():
    hand = deal(SECCA)
    hand = hand.act(hand.to_act, "bet", 1)
    legal = hand.legal_actions()
    assert legal.max_to == 1 + 1  # middle of 1: raise at most 1 over the bet


def test_cambio_exchanges_one_card_in_the_same_orientation_then_bets_again_TS_02():
    hand = deal(CAMBIO)
    for _ in range(4):
        for _ in SEATS:
            hand = hand.act(hand.to_act, "check")
    assert hand.to_exchange == tuple(SEATS)
    up_card = hand.showing(1)[0]
    before = hand.own[1]
    hand = hand.exchange(1, up_card)
    changed = [(a, b) for a, b in zip(before, hand.own[1], strict=True) if a != b]
    assert len(changed) == 1 and changed[0][0].up and changed[0][1].up
    with pytest.raises(IllegalAction, match="exchanges first"):
        hand.exchange(3, None)
    for seat in (2, 3, 4, 5):
        hand = hand.exchange(seat, None)
    assert hand.round is not None and not hand.over  # the extra betting round


def test_one_vela_is_turned_after_the_own_cards_best_five_of_six_TS_03():
    hand = deal(UNA_VELA)
    for _ in range(4):
        assert hand.vele_shown == 0
        for _ in SEATS:
            hand = hand.act(hand.to_act, "check")
    assert hand.vele_shown == 1 and not hand.over
    hand = check_down(hand)
    assert len(hand.vele) == 1


def test_fischer_one_vela_up_from_the_start_one_down_turned_later_TS_04():
    hand = deal(FISCHER)
    assert hand.vele_shown == 1
    hand = check_down(hand)
    assert hand.vele_shown == 2


def test_two_face_down_vele_each_turned_with_a_round_after_it_TS_05():
    hand = deal(DUE_VELE)
    for _ in range(4):
        for _ in SEATS:
            hand = hand.act(hand.to_act, "check")
    shown = [hand.vele_shown]
    for _ in SEATS:
        hand = hand.act(hand.to_act, "check")
    shown.append(hand.vele_shown)
    assert shown == [1, 2]
    assert check_down(hand).over


def test_texas_invito_5_two_own_cards_and_both_must_play_TS_06():
    hand = deal(TEXAS)
    assert hand.dead == 25
    assert all(len(hand.own[s]) == 2 and not any(c.up for c in hand.own[s]) for s in SEATS)
    hand = check_down(hand)
    for seat, shown in hand.shown.items():
        mine = {c.card for c in hand.own[seat]}
        assert mine <= set(shown.cards)


def test_texas_raises_before_the_flop_are_at_most_20_TS_06():
    hand = deal(TEXAS, stacks=1000)
    hand = hand.act(hand.to_act, "bet", 20)
    legal = hand.legal_actions()
    assert legal.max_to == 40  # the pot (45) would allow more
    with pytest.raises(IllegalAction, match="maximum"):
        hand.act(legal.seat, "raise", 41)


def test_texas_equal_straights_split_equal_straight_flushes_go_by_suit_TS_06():
    split = italian(6, straights_split=True)
    a = best_hand("9h Th 6c 7d 8s Jc Ad", split, must_use="9h Th")
    b = best_hand("9s Tc 6c 7d 8s Jc Ad", split, must_use="9s Tc")
    assert a.category == b.category == "straight" and a == b
    sf_a = best_hand("9h Th 6h 7h 8h", split)
    sf_b = best_hand("9s Ts 6s 7s 8s", split)
    assert sf_a > sf_b


def test_seven_cards_at_most_five_own_and_three_vele_is_rejected_TS_07():
    with pytest.raises(IllegalAction, match="at most 7"):
        Variant("tre_vele", "Tre vele", (*SECCA.streets, Street(turn_vele=3)), vele_down=3)
    assert all(v.own_cards + v.vele <= 7 for v in VARIANTS.values())


def test_each_variant_has_help_text_in_english_and_italian():
    for v in VARIANTS.values():
        assert v.help_en and v.help_it
    assert "[U]" in FISCHER.help_en and "[U]" in CAMBIO.help_en and "[U]" in TEXAS.help_en
    with pytest.raises(IllegalAction, match="unknown telesina"):
        variant("tre_vele")


def test_chips_are_conserved_over_random_telesina_hands():
    for seed in range(30):
        rng = random.Random(seed)
        v = list(VARIANTS.values())[seed % len(VARIANTS)]
        hand = TelesinaHand.deal(v, SEATS, 5, {s: rng.randint(30, 300) for s in SEATS}, rng)
        while not hand.over:
            if hand.to_exchange:
                seat = hand.to_act
                hand = hand.exchange(seat, rng.choice([None, hand.own[seat][0].card]))
                continue
            legal = hand.legal_actions()
            action = rng.choice(sorted(legal.actions))
            amount = rng.randint(legal.min_to, legal.max_to) if action in ("bet", "raise") else None
            hand = hand.act(legal.seat, action, amount)
        assert sum(hand.payoffs().values()) == 0


def test_full_vestito_or_better_calls_a_telesina_round_up_to_three_TS_08():
    ranking = italian(6)
    vestito = best_hand("Jh Jd Jc 7s 7h", ranking)
    small_full = best_hand("9h 9d 9c 7s 7h", ranking)
    flush = best_hand("6h 8h 9h Jh Kh", ranking)
    assert full_vestito_or_better(vestito) and full_vestito_or_better(flush)
    assert not full_vestito_or_better(small_full)
    calls = TelesinaCalls().after_hand([vestito, flush], 0)
    assert calls.due == 2
    calls = calls.after_hand([vestito, vestito], 0)
    assert calls.due == 3  # the maximum before the giri


def test_five_hands_without_an_opening_call_a_round_unless_the_max_is_reached_TS_08():
    assert TelesinaCalls().after_hand([], 4).due == 0
    assert TelesinaCalls().after_hand([], 5).due == 1
    played_out = TelesinaCalls(played=3)
    assert played_out.after_hand([], 5).due == 0
    calls = TelesinaCalls().after_hand([], 5).round_played()
    assert (calls.played, calls.due) == (1, 0)


def test_in_the_final_up_to_four_rounds_TS_08():
    ranking = italian(6)
    flush = best_hand("6h 8h 9h Jh Kh", ranking)
    assert TelesinaCalls.final().after_hand([flush] * 6, 0).due == 4


def physical(v, stacks=500):
    return TelesinaHand.deal(v, SEATS, 5, {s: stacks for s in SEATS}, None)


def test_physical_deck_the_dealer_enters_the_up_cards_and_the_best_showing_speaks_TS_00():
    hand = physical(SECCA)
    assert hand.awaiting_cards and hand.to_act is None and hand.up_to_enter == 1
    with pytest.raises(IllegalAction, match="no betting"):
        hand.act(1, "check")
    with pytest.raises(IllegalAction, match="up-card"):
        hand.turn({1: "Ah", 2: "Kh"})
    hand = hand.turn({1: "7h", 2: "Kh", 3: "Ah", 4: "8c", 5: "As"})
    assert hand.to_act == 3  # the ace of hearts over the ace of spades (IT-19)
    for seat in (3, 4, 5, 1, 2):
        hand = hand.act(seat, "check")
    assert hand.awaiting_cards and hand.street == 1
    with pytest.raises(IllegalAction, match="twice"):
        hand.turn({1: "7h", 2: "9h", 3: "9c", 4: "8d", 5: "6s"})
    with pytest.raises(IllegalAction, match="below 6"):
        hand.turn({1: "7d", 2: "9h", 3: "9c", 4: "Td", 5: "5s"})
    hand = hand.turn({1: "7d", 2: "9h", 3: "9c", 4: "Td", 5: "6s"})
    assert hand.to_act == 1  # the pair of sevens showing


def play_physical_secca_to_the_showdown():
    hand = physical(SECCA)
    streets = ({1: "7h", 2: "Kh", 3: "Ah", 4: "8c", 5: "As"},
               {1: "7d", 2: "9h", 3: "9c", 4: "8d", 5: "6s"},
               {1: "Tc", 2: "Th", 3: "Jc", 4: "Qd", 5: "6d"},
               {1: "Jd", 2: "Jh", 3: "Kc", 4: "Qs", 5: "Ks"})
    for up in streets:
        hand = hand.turn(up)
        hand = hand.act(hand.to_act, "bet", 1) if hand.round.pot == 0 \
            else hand.act(hand.to_act, "check")
        while hand.round is not None:
            hand = hand.act(hand.to_act, "call" if hand.round.current_bet else "check")
    return hand


def test_physical_deck_showdown_by_the_cards_held_down_TS_01():
    hand = play_physical_secca_to_the_showdown()
    assert hand.awaiting_showdown and hand.held_down == 1
    with pytest.raises(IllegalAction, match="face-down"):
        hand.showdown({1: "Ac"})
    with pytest.raises(IllegalAction, match="twice"):
        hand.showdown({1: "Ac", 2: "Ad", 3: "Qh", 4: "7c", 5: "Ah"})
    done = hand.showdown({1: "Ac", 2: "Ad", 3: "Qh", 4: "7c", 5: "6c"})
    assert done.won == {5: 5}  # trips of sixes, the rest two pairs at most
    assert done.shown[5].category == "three_of_a_kind"
    assert sum(done.payoffs().values()) == 0


def test_physical_cambio_an_up_card_changed_is_entered_and_the_speaker_follows_it_TS_02():
    hand = physical(CAMBIO)
    for up in ({1: "7h", 2: "Kh", 3: "Ah", 4: "8c", 5: "As"},
               {1: "7d", 2: "9h", 3: "9c", 4: "8d", 5: "6s"},
               {1: "Tc", 2: "Th", 3: "Jc", 4: "Qd", 5: "6d"},
               {1: "Jd", 2: "Jh", 3: "Kc", 4: "Qs", 5: "Ks"}):
        hand = hand.turn(up)
        while hand.round is not None:
            hand = hand.act(hand.to_act, "check")
    assert hand.to_exchange == (1, 2, 3, 4, 5)
    with pytest.raises(IllegalAction, match="given and the one received"):
        hand.exchange(1, parse_cards("7h")[0])
    with pytest.raises(IllegalAction, match="does not show"):
        hand.exchange(1, parse_cards("Ah")[0], parse_cards("Qc")[0])
    hand = hand.exchange(1, parse_cards("Tc")[0], parse_cards("7c")[0])
    for seat in (2, 3, 4, 5):  # kept, or the face-down card changed: the table sees nothing
        hand = hand.exchange(seat, None)
    assert hand.showing(1) == tuple(parse_cards("7h 7d 7c Jd"))
    assert hand.to_act == 1  # the trips now showing beat seat 4's two pairs in the extra round


def test_physical_fischer_the_face_up_vela_is_entered_with_the_first_up_cards_TS_04():
    hand = physical(FISCHER)
    assert hand.vele_to_enter == 1
    with pytest.raises(IllegalAction, match="vela"):
        hand.turn({1: "7h", 2: "Kh", 3: "Ah", 4: "8c", 5: "As"})
    hand = hand.turn({1: "7h", 2: "Kh", 3: "Ah", 4: "8c", 5: "As"}, vele="7c")
    assert hand.to_act == 1  # the pair of sevens with the vela
    for _ in range(3):
        while hand.round is not None:
            hand = hand.act(hand.to_act, "check")
        assert hand.vele_to_enter == 0
        hand = hand.turn({s: c for s, c in zip(SEATS, ("6h", "6d", "Jc", "Jd", "Js"),
                                                    strict=True)} if hand.street == 1 else
                         {s: c for s, c in zip(SEATS, ("Tc", "Th", "Qc", "Qd", "Qs"),
                                               strict=True)} if hand.street == 2 else
                         {s: c for s, c in zip(SEATS, ("9c", "9h", "Kc", "Kd", "Ks"),
                                               strict=True)})
    while hand.round is not None:
        hand = hand.act(hand.to_act, "check")
    assert hand.street == 4 and hand.up_to_enter == 0 and hand.vele_to_enter == 1
    with pytest.raises(IllegalAction, match="no own card"):
        hand.turn({1: "8h"}, vele="8h")
    hand = hand.turn({}, vele="8h")
    assert [str(c) for c in hand.vele] == ["7c", "8h"]


def test_physical_texas_the_dealer_taps_the_winner_TS_06():
    hand = physical(TEXAS)
    assert hand.to_act == 1  # nothing of one's own shows: the dealer's left speaks
    while not hand.awaiting_showdown:
        if hand.awaiting_cards:
            hand = hand.turn({}, vele=("Ah Kh Qh", "Jh", "6c")[hand.street - 1])
        hand = hand.act(hand.to_act, "check")
    done = hand.showdown(winner=4)
    assert done.won == {4: 25}


def texas_at_the_showdown():
    hand = physical(TEXAS)
    while not hand.awaiting_showdown:
        if hand.awaiting_cards:
            assert hand.vele_to_enter == (3, 1, 1)[hand.street - 1]
            hand = hand.turn({}, vele=("Ah Kh Qh", "Jh", "6c")[hand.street - 1])
            assert hand.to_act == 1  # Texas: the dealer's left speaks on every street
        hand = hand.act(hand.to_act, "check")
    return hand


def test_physical_texas_hands_must_use_both_own_cards_TS_06():
    hand = texas_at_the_showdown()
    assert hand.held_down == 2
    done = hand.showdown({1: "7d 8d", 2: "Th 6s", 3: "As 7c", 4: "8s 9s", 5: "Kd Ks"})
    # seat 2 would hold the top straight flush with one own card; with both it has sixes
    assert done.shown[2].category == "pair"
    assert done.won == {5: 25}
    with pytest.raises(IllegalAction, match="twice"):
        hand.showdown({1: "7d 8d", 2: "Th 6s", 3: "As 7c", 4: "8s 9s", 5: "Kd Ah"})


def test_physical_showdown_refuses_cards_outside_the_deck():
    hand = texas_at_the_showdown()
    with pytest.raises(IllegalAction, match="below 6"):
        hand.showdown({1: "7d 8d", 2: "Th 2s", 3: "As 7c", 4: "8s 9s", 5: "Kd Ks"})
    with pytest.raises(IllegalAction, match="cannot read"):
        hand.showdown({1: "7d 8d", 2: "Th 1s", 3: "As 7c", 4: "8s 9s", 5: "Kd Ks"})
