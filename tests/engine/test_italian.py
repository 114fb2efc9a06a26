"""The club's order (RULES.md IT-18 .. IT-22) and the "Texas" telesina hand (TS-06), by example."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdapp.engine.cards import deck_cards
from tdapp.engine.hands import best_hand, italian, winners

THIRTY_TWO = italian(7)
THIRTY_SIX = italian(6)


def hand(text, ranking=THIRTY_TWO, **kwargs):
    return best_hand(text, ranking, **kwargs)


def test_flush_beats_full_house_IT_18():
    flush, full_house = hand("Ah Kh 9h 8h 7h"), hand("Jh Jd Jc 7s 7c")
    assert (flush.category, full_house.category) == ("flush", "full_house")
    assert flush > full_house


@pytest.mark.parametrize("ranking", [THIRTY_TWO, THIRTY_SIX, italian(2)],
                         ids=["32 cards", "36 cards", "52 cards"])
def test_the_category_order_holds_for_every_deck_IT_18(ranking):
    # The best hand of each category the next one must still beat, lowest category first.
    ladder = ["As Kd Qh Jc 9s", "As Ad Kh Qc Js", "As Ad Kh Kc Qs", "As Ad Ah Kc Qs",
              "As Kd Qh Jc Ts", "As Ad Ah Kc Ks", "As Ks Qs Js 9s", "As Ad Ah Ac Ks",
              "Ks Qs Js Ts 9s"]
    hands = [hand(text, ranking) for text in ladder]
    assert [made.category for made in hands] == list(ranking.categories)
    assert all(low < high for low, high in zip(hands, hands[1:], strict=False))


def test_hearts_beat_diamonds_beat_clubs_beat_spades_IT_19():
    by_suit = [hand(f"A{suit} Kc Qd Jc 9s") for suit in "hdcs"]
    assert by_suit[0] > by_suit[1] > by_suit[2] > by_suit[3]


def test_high_card_compares_ranks_in_sequence_then_the_highest_cards_suit_IT_20():
    assert hand("As Ks Qs Js 9d") > hand("Ah Kh Qh Jh 8d")
    assert hand("Ah Ks 9s 8s 7c") > hand("Ad Kh 9h 8h 7h")


def test_pair_ties_go_to_the_suit_of_the_highest_kicker_IT_20():
    assert hand("Ks Kd Ah 8c 7c") > hand("Kh Kc Qh Jh 9d")
    assert hand("Ks Kd 9h 8c 7c") > hand("Kh Kc 9d 8h 7h")


def test_trips_ties_go_to_the_suit_of_the_highest_kicker_IT_20():
    assert hand("Ks Kd Kc 9h 8s") > hand("Ks Kd Kh 9d 8h")


def test_two_pair_compares_pairs_then_the_fifth_card_then_its_suit_IT_20():
    assert hand("Ks Kd 8s 8d 7c") > hand("Qh Qc Jh Jc Ah")
    assert hand("Ks Kd 9s 9d 7c") > hand("Kh Kc 8h 8c Ah")
    assert hand("Ks Kd 8s 8d Ac") > hand("Kh Kc 8h 8c 9h")
    assert hand("Ks Kd 8s 8d 9h") > hand("Kh Kc 8h 8c 9d")


def test_full_house_goes_by_the_trips_so_jjj77_beats_999aa_IT_20():
    assert hand("Jh Jd Jc 7s 7c") > hand("9h 9d 9c Ah Ac")


def test_straight_compares_the_top_card_then_its_suit_IT_20():
    assert hand("Qs Jc Td 9c 8c") > hand("Jh Th 9h 8h 7d")
    assert hand("Jh Ts 9s 8s 7c") > hand("Jd Th 9h 8h 7h")


def test_flush_compares_ranks_in_sequence_then_the_suit_IT_20():
    assert hand("As Ks Ts 8s 7s") > hand("Ah Kh 9h 8h 7h")
    assert hand("Ah Kh 9h 8h 7h") > hand("Ad Kd 9d 8d 7d") > hand("Ac Kc 9c 8c 7c")


def test_the_ace_plays_low_below_the_lowest_rank_of_the_deck_IT_21():
    lowest_32 = hand("As 7d 8h 9c Th")
    assert lowest_32.category == "straight"
    assert lowest_32 < hand("7d 8h 9c Th Js")
    assert lowest_32 > hand("Ah Ad Ac Kh Qd")
    lowest_36 = hand("As 6d 7h 8c 9h", THIRTY_SIX)
    assert lowest_36.category == "straight"
    assert lowest_36 < hand("6d 7h 8c 9h Tc", THIRTY_SIX)
    assert hand("Ts Jd Qh Kc Ah").category == "straight"
    assert hand("Js Qd Kh As 7c").category == "high_card"


def test_cards_below_the_deck_are_refused_IT_21():
    with pytest.raises(ValueError, match="not in a deck from 7 to ace"):
        hand("As 6d 7h 8c 9h")


def test_straight_flush_cycle_IT_22():
    minima = hand("Ac 7c 8c 9c Tc")
    massima = hand("As Ks Qs Js Ts")
    medie = hand("Kh Qh Jh Th 9h")
    assert minima.category == massima.category == medie.category == "straight_flush"
    assert minima > massima
    assert massima > medie
    assert medie > minima
    assert hand("Kh Qh Jh Th 9h") > hand("Qd Jd Td 9d 8d")
    assert hand("Jh Th 9h 8h 7h") > hand("Jd Td 9d 8d 7d")
    assert hand("Ah 7h 8h 9h Th") > hand("Ad 7d 8d 9d Td")
    assert hand("Ac 6c 7c 8c 9c", THIRTY_SIX) > hand("As Ks Qs Js Ts", THIRTY_SIX)


def test_a_pot_of_three_straight_flushes_that_beat_each_other_goes_by_the_plain_order_IT_22():
    cycle = [hand("Ac 7c 8c 9c Tc"), hand("As Ks Qs Js Ts"), hand("Kh Qh Jh Th 9h")]
    assert winners(cycle) == [1]
    assert winners(cycle[:2]) == [0]


def test_the_best_five_of_six_is_chosen_by_the_plain_order_IT_22():
    # A-7-8-9-T and 7-8-9-T-J of hearts: the middle straight flush is the higher in the plain order.
    made = hand("Ah 7h 8h 9h Th Jh")
    assert [str(card) for card in made.cards] == ["Jh", "Th", "9h", "8h", "7h"]


def test_texas_hand_uses_both_own_cards_and_three_vele_TS_06():
    texas = italian(7, straights_split=True)
    own, vele = "7c 8d", "Ah Kh Qh Jh Th"
    made = hand(own + " " + vele, texas, must_use=own)
    assert made.category == "high_card"
    assert {"7c", "8d"} <= {str(card) for card in made.cards}
    assert hand(own + " " + vele, texas).category == "straight_flush"


def test_texas_equal_straights_split_but_straight_flushes_go_to_the_higher_suit_TS_06():
    texas = italian(7, straights_split=True)
    vele = "Th 9c 8s Kd Kc"
    first = hand("Jh 7h " + vele, texas, must_use="Jh 7h")
    second = hand("Jd 7d " + vele, texas, must_use="Jd 7d")
    assert first.category == second.category == "straight"
    assert first == second
    assert winners([first, second]) == [0, 1]
    assert hand("Jh Th 9h 8h 7h", texas) > hand("Jd Td 9d 8d 7d", texas)
    # The draw game keeps suits for straights: no split (IT-14, IT-20).
    assert hand("Jh Th 9c 8s 7h") > hand("Jd Td 9c 8s 7d")


fives_of_32 = st.lists(st.sampled_from(deck_cards(7)), min_size=5, max_size=5, unique=True)


@given(fives_of_32, fives_of_32)
def test_the_club_order_is_antisymmetric_and_splits_only_identical_hands_IT_14(first, second):
    a, b = hand(first), hand(second)
    assert sum([a < b, a == b, a > b]) == 1
    assert (a < b) == (b > a)
    assert (a == b) == (set(first) == set(second))
