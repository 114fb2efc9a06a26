"""A second, deliberately plain reading of the club's order for five cards (RULES.md IT-18..IT-22).

Written rule by rule from RULES.md, with no tables and no bit tricks, so that the fast evaluator in
tdapp/engine/hands can be checked against it. Where the rules name no deciding card (a full house or
quads tied on ranks, a deciding card shared through the vele) it follows the same reading as the
fast evaluator: cards outside the combination speak first, high to low, then the combination's
cards, smaller groups first, higher suit first within a group.
"""

from collections.abc import Sequence

from tdapp.engine.cards import Card

# IT-18, lowest first: the flush sits above the full house.
CATEGORY_ORDER = [
    "high_card", "pair", "two_pair", "three_of_a_kind", "straight",
    "full_house", "flush", "four_of_a_kind", "straight_flush",
]

# IT-19: hearts > diamonds > clubs > spades.
SUIT_STRENGTH = {"h": 4, "d": 3, "c": 2, "s": 1}

RANK_VALUE = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
              "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def straight_top(cards: Sequence[Card], lowest_rank: int) -> int | None:
    """The top card of a straight, or None (IT-21: ace high in T-J-Q-K-A, low below the deck)."""
    values = sorted(RANK_VALUE[card.rank] for card in cards)
    if len(set(values)) != 5:
        return None
    if values[4] - values[0] == 4:
        return values[4]
    if values == [lowest_rank, lowest_rank + 1, lowest_rank + 2, lowest_rank + 3, 14]:
        return lowest_rank + 3
    return None


def high_to_low(cards: Sequence[Card]) -> list[Card]:
    """Cards by rank, high first; equal ranks by suit, high first."""
    return sorted(cards, key=lambda card: (RANK_VALUE[card.rank], SUIT_STRENGTH[card.suit]),
                  reverse=True)


def with_rank(cards: Sequence[Card], value: int) -> list[Card]:
    return high_to_low([card for card in cards if RANK_VALUE[card.rank] == value])


def reference_key(cards: Sequence[Card], lowest_rank: int) -> tuple:
    """(category position, deciding ranks, deciding suits): a bigger key is a better hand.

    This is the plain order: it does not know the straight-flush cycle, see `reference_compare`.
    """
    assert len(cards) == 5 and len(set(cards)) == 5
    counts: dict[int, int] = {}
    for card in cards:
        counts[RANK_VALUE[card.rank]] = counts.get(RANK_VALUE[card.rank], 0) + 1
    flush = len({card.suit for card in cards}) == 1
    top = straight_top(cards, lowest_rank)
    ordered = high_to_low(cards)

    def suits(deciding: Sequence[Card]) -> tuple[int, ...]:
        return tuple(SUIT_STRENGTH[card.suit] for card in deciding)

    def ranks_with(count: int) -> list[int]:
        return sorted((value for value, seen in counts.items() if seen == count), reverse=True)

    if top is not None:
        # Straight (IT-20) and straight flush (IT-22): the top card, then its suit. The ace of a
        # low straight plays below the rest, so it speaks last.
        by_straight = sorted(cards, key=lambda card: RANK_VALUE[card.rank]
                             if not (card.rank == "A" and top != 14) else 1, reverse=True)
        category = "straight_flush" if flush else "straight"
        return CATEGORY_ORDER.index(category), (top,), suits(by_straight)
    if flush:
        # Flush (IT-20): ranks in sequence, then the suit.
        return (CATEGORY_ORDER.index("flush"),
                tuple(RANK_VALUE[card.rank] for card in ordered), suits(ordered))
    if 4 in counts.values():
        quad, kicker = ranks_with(4)[0], ranks_with(1)[0]
        return (CATEGORY_ORDER.index("four_of_a_kind"), (quad, kicker),
                suits(with_rank(cards, kicker) + with_rank(cards, quad)))
    if 3 in counts.values() and 2 in counts.values():
        # Full house (IT-20): the trips decide, so JJJ77 > 999AA.
        trips, pair = ranks_with(3)[0], ranks_with(2)[0]
        return (CATEGORY_ORDER.index("full_house"), (trips, pair),
                suits(with_rank(cards, pair) + with_rank(cards, trips)))
    if 3 in counts.values():
        # Trips (IT-20): the kickers in sequence, then the highest kicker's suit.
        trips, kickers = ranks_with(3)[0], ranks_with(1)
        deciding = [card for kicker in kickers for card in with_rank(cards, kicker)]
        return (CATEGORY_ORDER.index("three_of_a_kind"), (trips, *kickers),
                suits(deciding + with_rank(cards, trips)))
    if list(counts.values()).count(2) == 2:
        # Two pair (IT-20): higher pair, lower pair, the fifth card, then its suit.
        high_pair, low_pair = ranks_with(2)
        kicker = ranks_with(1)[0]
        return (CATEGORY_ORDER.index("two_pair"), (high_pair, low_pair, kicker),
                suits(with_rank(cards, kicker) + with_rank(cards, high_pair)
                      + with_rank(cards, low_pair)))
    if 2 in counts.values():
        # Pair (IT-20): the kickers in sequence, then the highest kicker's suit.
        pair, kickers = ranks_with(2)[0], ranks_with(1)
        deciding = [card for kicker in kickers for card in with_rank(cards, kicker)]
        return (CATEGORY_ORDER.index("pair"), (pair, *kickers),
                suits(deciding + with_rank(cards, pair)))
    # High card (IT-20): ranks in sequence, then the suit of the highest card.
    return (CATEGORY_ORDER.index("high_card"),
            tuple(RANK_VALUE[card.rank] for card in ordered), suits(ordered))


def reference_compare(first: Sequence[Card], second: Sequence[Card], lowest_rank: int) -> int:
    """1, 0 or -1 as the first five cards beat, tie with or lose to the second (IT-22 cycle).

    Between straight flushes: the top one ("massima", T-A) beats the middle ones; the lowest
    ("minima", ace low) beats the top one; the middle ones beat the lowest.
    """
    first_key, second_key = reference_key(first, lowest_rank), reference_key(second, lowest_rank)
    straight_flush = CATEGORY_ORDER.index("straight_flush")
    if first_key[0] == straight_flush and second_key[0] == straight_flush:
        first_top, second_top = first_key[1][0], second_key[1][0]
        minima_top = lowest_rank + 3
        if first_top == minima_top and second_top == 14:
            return 1
        if first_top == 14 and second_top == minima_top:
            return -1
    if first_key > second_key:
        return 1
    if first_key < second_key:
        return -1
    return 0
