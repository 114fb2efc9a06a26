"""The fast Italian evaluator against the plain reading in italian_reference.py (issue 7).

Every five-card hand of the 32-card deck gets one fast value and one reference key. Comparing two
hands then costs two integer comparisons, and a group of hands agrees on every pair inside it
exactly when, sorted by the reference key, consecutive hands compare the same way in both.
"""

import random
from collections import defaultdict
from itertools import combinations

import pytest
from italian_reference import reference_compare, reference_key

from tdapp.engine.cards import deck_cards
from tdapp.engine.hands import best_hand, italian

# A differential test over every hand of the deck (some 20 s of CPU): the full run's, not the
# quick tier's.
pytestmark = pytest.mark.slow

LOWEST_RANK = 7
RANKING = italian(LOWEST_RANK)


def sign(number: int) -> int:
    return (number > 0) - (number < 0)


@pytest.fixture(scope="module")
def every_hand():
    """All 201,376 five-card hands of the 32-card deck, with fast values and reference positions."""
    hands = list(combinations(deck_cards(LOWEST_RANK), 5))
    fast = [RANKING.evaluate_five([card.code for card in five]) for five in hands]
    keys = [reference_key(five, LOWEST_RANK) for five in hands]
    # Reference keys turned into dense positions, so that a pair compares as two integers.
    positions = {key: position for position, key in enumerate(sorted(set(keys)))}
    reference = [positions[key] for key in keys]
    return hands, fast, reference


def disagreements(members, fast, reference):
    """Pairs of the group where fast and reference order differ (checked on sorted neighbours)."""
    ordered = sorted(members, key=reference.__getitem__)
    return [(low, high) for low, high in zip(ordered, ordered[1:], strict=False)
            if sign(fast[high] - fast[low]) != sign(reference[high] - reference[low])]


def test_hands_differing_in_exactly_one_card_compare_as_the_reference_says_IT_18_to_IT_22(
        every_hand):
    hands, fast, reference = every_hand
    mask_index = {sum(1 << card.code for card in five): index for index, five in enumerate(hands)}
    deck = deck_cards(LOWEST_RANK)
    groups = 0
    for four in combinations(deck, 4):
        # The 28 hands holding these four cards differ pairwise in exactly one card.
        base = sum(1 << card.code for card in four)
        members = [mask_index[base | 1 << card.code] for card in deck if card not in four]
        assert disagreements(members, fast, reference) == []
        groups += 1
    assert groups == 35_960


def test_hands_differing_only_in_suits_compare_as_the_reference_says_IT_19_IT_20(every_hand):
    hands, fast, reference = every_hand
    by_ranks = defaultdict(list)
    for index, five in enumerate(hands):
        by_ranks[tuple(sorted(card.rank for card in five))].append(index)
    assert len(by_ranks) == 784
    for members in by_ranks.values():
        assert disagreements(members, fast, reference) == []


def test_every_pair_of_hands_agrees_in_the_plain_order(every_hand):
    hands, fast, reference = every_hand
    assert disagreements(range(len(hands)), fast, reference) == []
    # The club's order never splits a pot between five-card hands of one deck (IT-14).
    assert len(set(fast)) == len(hands)


def test_every_pair_of_straight_flushes_follows_the_cycle_IT_22(every_hand):
    hands, fast, _ = every_hand
    straight_flushes = [five for five, value in zip(hands, fast, strict=True)
                        if RANKING.category(value) == "straight_flush"]
    assert len(straight_flushes) == 20
    for first in straight_flushes:
        for second in straight_flushes:
            ours = best_hand(first, RANKING), best_hand(second, RANKING)
            expected = reference_compare(first, second, LOWEST_RANK)
            assert (ours[0] > ours[1]) - (ours[0] < ours[1]) == expected, (first, second)


def test_a_sample_of_the_36_card_deck_agrees_with_the_reference():
    rng = random.Random(36)
    ranking, deck = italian(6), deck_cards(6)
    for _ in range(20_000):
        first, second = rng.sample(deck, 5), rng.sample(deck, 5)
        ours = best_hand(first, ranking), best_hand(second, ranking)
        expected = reference_compare(first, second, 6)
        assert (ours[0] > ours[1]) - (ours[0] < ours[1]) == expected, (first, second)
