"""Pots: layering by all-in level, folded chips, uncalled excess, odd chips (RULES.md HE-33..35, IT-23)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdapp.engine.pots import Pot, award, award_to_winners, odd_chip_order, split_pots


def test_side_pots_layer_by_all_in_amounts_HE_33():
    pots = split_pots({"A": 1000, "B": 2500, "C": 2500}, folded=[])
    assert pots == [Pot(3000, frozenset("ABC")), Pot(3000, frozenset("BC"))]


def test_folded_chips_stay_in_the_pots_they_reached_HE_33():
    pots = split_pots({1: 500, 2: 800, 3: 2000, 4: 2000}, folded=[2])
    assert pots == [Pot(2000, frozenset({1, 3, 4})), Pot(300 + 1500 * 2, frozenset({3, 4}))]


def test_uncalled_excess_is_returned_to_the_bettor_HE_34():
    pots = split_pots({1: 300, 2: 1000}, folded=[])
    assert pots == [Pot(600, frozenset({1, 2})), Pot(700, frozenset({2}), returned=True)]
    assert award(pots, {1: 2, 2: 1}, [1, 2]) == {1: 600, 2: 700}


def test_all_in_for_less_seed_002_example_IT_23():
    # A bets 300, B calls, C calls all-in with 200; C has the best hand.
    pots = split_pots({"A": 300, "B": 300, "C": 200}, folded=[])
    assert [p.amount for p in pots] == [600, 200]
    assert award(pots, {"A": 5, "B": 7, "C": 9}, ["A", "B", "C"]) == {"C": 600, "B": 200}


def test_side_pots_are_awarded_independently_HE_33():
    pots = split_pots({1: 1000, 2: 2500, 3: 2500}, folded=[])
    assert award(pots, {1: 3, 2: 2, 3: 1}, [1, 2, 3]) == {1: 3000, 2: 3000}


def test_odd_chip_goes_to_first_winner_left_of_button_HE_35():
    pots = [Pot(301, frozenset({2, 5, 7}))]
    order = odd_chip_order([2, 5, 7, 9], button=5)
    assert order == [7, 9, 2, 5]
    assert award_to_winners(pots, [[2, 7]], order) == {7: 151, 2: 150}


def test_odd_chips_go_one_per_winner_in_order_HE_35():
    pots = [Pot(1000, frozenset({1, 2, 3}))]
    assert award(pots, {1: 1, 2: 1, 3: 1}, [2, 3, 1], unit=25) == {2: 350, 3: 325, 1: 325}


def test_odd_chip_is_decided_per_pot_HE_35():
    pots = [Pot(3, frozenset({1, 2})), Pot(5, frozenset({1, 2}))]
    assert award_to_winners(pots, [[1, 2], [1, 2]], [2, 1]) == {2: 5, 1: 3}


def test_big_blind_ante_is_dead_money_of_the_main_pot_HE_10():
    pots = split_pots({1: 200, 2: 1000, 3: 1000}, folded=[], dead=200)
    assert pots == [Pot(800, frozenset({1, 2, 3})), Pot(1600, frozenset({2, 3}))]


def test_a_mucked_hand_cannot_win():
    pots = split_pots({1: 100, 2: 100}, folded=[])
    assert award(pots, {2: 1}, [1, 2]) == {2: 200}


def test_winner_not_eligible_is_refused():
    pots = split_pots({1: 100, 2: 300, 3: 300}, folded=[])
    with pytest.raises(ValueError, match="not eligible"):
        award_to_winners(pots, [[1], [1]], [1, 2, 3])


def test_every_seat_folded_is_refused():
    with pytest.raises(ValueError, match="every seat folded"):
        split_pots({1: 100, 2: 100}, folded=[1, 2])


commitments = st.dictionaries(st.integers(1, 10), st.integers(0, 5000), min_size=2, max_size=10)


@given(commitments, st.data())
def test_pots_hold_every_chip_and_pay_only_eligible_seats(committed, data):
    seats = sorted(committed)
    folded = data.draw(st.sets(st.sampled_from(seats), max_size=len(seats) - 1))
    pots = split_pots(committed, folded)
    assert sum(p.amount for p in pots) == sum(committed.values())
    for pot in pots:
        assert pot.eligible and not (pot.eligible & folded)
    hands = {s: data.draw(st.integers(0, 3)) for s in seats if s not in folded}
    paid = award(pots, hands, seats)
    assert sum(paid.values()) == sum(committed.values())
    for pot in pots:
        assert set(award([pot], hands, seats)) <= pot.eligible
