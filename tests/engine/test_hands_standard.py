"""best_hand and the STANDARD order (RULES.md HE-32), its inputs and its comparison laws."""

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdapp.engine.cards import ALL_CARDS, parse_cards
from tdapp.engine.hands import STANDARD, best_hand, italian, winners


def hand(text, **kwargs):
    return best_hand(parse_cards(text), **kwargs)


@pytest.mark.parametrize(("text", "category"), [
    ("As Kd 9h 7c 2s", "high_card"),
    ("As Ad 9h 7c 2s", "pair"),
    ("As Ad 9h 9c 2s", "two_pair"),
    ("As Ad Ah 7c 2s", "three_of_a_kind"),
    ("5s 4d 3h 2c As", "straight"),
    ("As Ks 9s 7s 2s", "flush"),
    ("As Ad Ah 7c 7s", "full_house"),
    ("As Ad Ah Ac 2s", "four_of_a_kind"),
    ("As Ks Qs Js Ts", "straight_flush"),
])
def test_each_category_is_named(text, category):
    assert hand(text).category == category


def test_standard_category_order_HE_32():
    # Each step holds the best hand of its category that the next category still beats.
    ladder = ["As Kd Qh Jc 9s", "As Ad Kh Qc Js", "As Ad Kh Kc Qs", "As Ad Ah Kc Qs",
              "As Kd Qh Jc Ts", "As Ks Qs Js 9s", "As Ad Ah Kc Ks", "As Ad Ah Ac Ks",
              "5s 4s 3s 2s As"]
    hands = [hand(text) for text in ladder]
    assert all(low < high for low, high in zip(hands, hands[1:], strict=False))


def test_suits_never_break_ties_so_identical_fives_split_HE_32():
    hearts, spades = hand("Ah Kh 9d 7c 2s"), hand("As Ks 9c 7d 2h")
    assert hearts == spades and not hearts < spades and not hearts > spades
    assert hand("Ah Kh Qh Jh 9h") == hand("As Ks Qs Js 9s")


def test_best_five_of_seven_and_the_board_plays_for_both_players():
    board = "Ts Js Qd Kc Ah"
    assert hand("2c 3d " + board) == hand("4c 5d " + board)
    assert hand("2c 3d " + board).category == "straight"


def test_the_wheel_is_the_lowest_straight_and_the_ace_does_not_wrap():
    wheel, six_high = hand("As 2d 3h 4c 5s"), hand("2d 3h 4c 5s 6d")
    assert wheel.category == "straight" and wheel < six_high
    assert hand("Qs Kd Ah 2c 3s").category == "high_card"


def test_kickers_decide_within_a_category():
    assert hand("As Ad Kh 7c 2s") > hand("Ac Ah Qh Jc Ts")
    assert hand("Ks Kd 5h 5c 3s") > hand("Kc Kh 5s 5d 2d")
    assert hand("9s 9d 9h Ac Ks 2d 3c") > hand("9s 9d 9h Ac Qs 2d 3c")


def test_a_flush_in_seven_cards_beats_the_trips_beside_it_and_loses_to_a_full_house():
    assert hand("Ah Ad As 9d 7d 4c 2d").category == "three_of_a_kind"
    assert hand("Ah Ad As 9d 7d 4d 2d").category == "flush"
    assert hand("Ah Ad As 9c 9s 4c 2d") > hand("Ah Ad As 9d 7d 4d 2d")


def test_cards_are_the_five_used_highest_first():
    made = hand("2c 7d As Ks Qs Js Ts")
    assert [str(card) for card in made.cards] == ["As", "Ks", "Qs", "Js", "Ts"]
    assert str(made) == "straight_flush As Ks Qs Js Ts"


def test_must_use_keeps_the_named_cards_in_the_five_TS_06():
    seven = parse_cards("2c 3d Ah Kh Qh Jh 9h")
    free, forced = best_hand(seven), best_hand(seven, must_use=parse_cards("2c 3d"))
    assert free.category == "flush"
    assert forced.category == "high_card"
    assert {"2c", "3d"} <= {str(card) for card in forced.cards}
    assert best_hand(seven, must_use="2c 3d") == forced


@pytest.mark.parametrize(("cards", "must_use", "message"), [
    ("As Kd 9h 7c", (), "5 to 7"),
    ("As Kd 9h 7c 2s 3s 4s 5s", (), "5 to 7"),
    ("As Kd 9h 7c As", (), "twice"),
    ("As Kd 9h 7c 2s", "Qs", "not in the hand"),
    ("As Kd 9h 7c 2s", "As As", "five different"),
])
def test_bad_hands_are_refused_with_a_clear_message(cards, must_use, message):
    with pytest.raises(ValueError, match=message):
        best_hand(cards, must_use=must_use)


def test_cards_must_be_cards():
    with pytest.raises(TypeError, match="Card objects"):
        best_hand(["As", "Kd", "9h", "7c", "2s"])


def test_hands_of_different_rankings_do_not_compare():
    with pytest.raises(TypeError, match="cannot compare"):
        assert hand("As Kd 9h 7c 2s") < best_hand("As Kd 9h 8c 7s", italian(7))
    assert hand("As Kd 9h 8c 7s") != best_hand("As Kd 9h 8c 7s", italian(7))


def test_winners_are_every_hand_tied_for_best():
    hands = [hand("2c 3d Ts Js Qd Kc Ah"), hand("2s 9d Ts Js Qd Kc Ah"), hand("2h 3h 4h 5h 7c")]
    assert winners(hands) == [0, 1]
    with pytest.raises(ValueError):
        winners([])


hands_of_five_to_seven = st.lists(st.sampled_from(ALL_CARDS), min_size=5, max_size=7, unique=True)


@given(hands_of_five_to_seven, hands_of_five_to_seven, hands_of_five_to_seven)
def test_standard_comparison_is_a_consistent_total_preorder(first, second, third):
    a, b, c = best_hand(first), best_hand(second), best_hand(third)
    assert sum([a < b, a == b, a > b]) == 1
    assert (a < b) == (b > a) and (a <= b) == (b >= a)
    assert (a == b) == (b == a) and (a == b) == (hash(a) == hash(b) and a.value == b.value)
    if a <= b and b <= c:
        assert a <= c
    assert best_hand(list(reversed(first))) == a
    assert STANDARD.evaluate([card.code for card in a.cards]) == a.value


def test_a_hand_kept_in_a_snapshot_still_compares_under_its_ranking():
    for ranking in (STANDARD, italian(7), italian(7, straights_split=True)):
        made = best_hand("As Kd 9h 7c Ts", ranking)
        restored = pickle.loads(pickle.dumps(made))
        assert restored.ranking is ranking
        assert restored == made and restored.cards == made.cards
