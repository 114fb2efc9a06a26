"""STANDARD against an independent implementation: pokerkit's StandardHighHand (HE-32).

pokerkit builds a hand from seven cards by trying every five (about 200 microseconds a hand), so the
differential test asks pokerkit once per distinct five-card class (ranks + suited or not) and takes
the best five itself; a smaller sample checks that shortcut against pokerkit's own from_game.
"""

import random
from itertools import combinations

from pokerkit import StandardHighHand

from tdapp.engine.cards import ALL_CARDS, Card
from tdapp.engine.hands import best_hand

LABELS = {
    "HIGH_CARD": "high_card", "ONE_PAIR": "pair", "TWO_PAIR": "two_pair",
    "THREE_OF_A_KIND": "three_of_a_kind", "STRAIGHT": "straight", "FLUSH": "flush",
    "FULL_HOUSE": "full_house", "FOUR_OF_A_KIND": "four_of_a_kind",
    "STRAIGHT_FLUSH": "straight_flush",
}


class PokerkitOracle:
    """pokerkit's verdict on a five-card class, asked once per class and remembered."""

    def __init__(self) -> None:
        self._entries: dict[tuple[tuple[int, ...], bool], tuple[int, str]] = {}

    def five(self, five: tuple[Card, ...]) -> tuple[int, str]:
        """(strength index, category name) of exactly five cards; a higher index is stronger."""
        key = (tuple(sorted(card.code >> 2 for card in five)), len({card.suit for card in five}) == 1)
        if key not in self._entries:
            entry = StandardHighHand("".join(map(str, five))).entry
            self._entries[key] = (entry.index, LABELS[entry.label.name])
        return self._entries[key]

    def best(self, cards: list[Card]) -> tuple[int, str]:
        return max(self.five(five) for five in combinations(cards, 5))


def sign(number: int) -> int:
    return (number > 0) - (number < 0)


def random_pair(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """Two hands of 5 to 7 cards; half of the pairs share a Hold'em board, where splits happen."""
    if rng.random() < 0.5:
        dealt = rng.sample(ALL_CARDS, 9)
        return dealt[:2] + dealt[4:], dealt[2:4] + dealt[4:]
    return rng.sample(ALL_CARDS, rng.randint(5, 7)), rng.sample(ALL_CARDS, rng.randint(5, 7))


def test_standard_ranks_20000_random_pairs_like_pokerkit_HE_32():
    rng = random.Random(20260101)
    oracle = PokerkitOracle()
    for _ in range(20_000):
        first_cards, second_cards = random_pair(rng)
        first, second = best_hand(first_cards), best_hand(second_cards)
        (first_index, first_label), (second_index, second_label) = (
            oracle.best(first_cards), oracle.best(second_cards))
        assert (first.category, second.category) == (first_label, second_label)
        ours = 1 if first > second else -1 if first < second else 0
        assert ours == sign(first_index - second_index), (first_cards, second_cards)
        assert (first == second) == (first_index == second_index)


def test_the_five_cards_shown_are_the_best_five_pokerkit_finds():
    rng = random.Random(7)
    oracle = PokerkitOracle()
    for _ in range(2_000):
        cards = rng.sample(ALL_CARDS, rng.randint(5, 7))
        hand = best_hand(cards)
        assert len(set(hand.cards)) == 5 and set(hand.cards) <= set(cards)
        assert oracle.five(hand.cards) == oracle.best(cards)


def test_the_remembered_oracle_agrees_with_pokerkit_from_game():
    rng = random.Random(11)
    oracle = PokerkitOracle()
    for _ in range(300):
        cards = rng.sample(ALL_CARDS, 7)
        from_game = StandardHighHand.from_game("".join(map(str, cards)))
        assert oracle.best(cards)[0] == from_game.entry.index
