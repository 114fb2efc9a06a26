"""What five ranks make, before suits: the groups, the kickers and the straights of a deck."""

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations_with_replacement

# Groups of equal ranks, largest first -> category name (five distinct ranks: straight or not).
_GROUPINGS = {
    (4, 1): "four_of_a_kind",
    (3, 2): "full_house",
    (3, 1, 1): "three_of_a_kind",
    (2, 2, 1): "two_pair",
    (2, 1, 1, 1): "pair",
}


def straights(lowest_rank: int) -> dict[frozenset[int], int]:
    """Each five-rank set that is a straight in a deck from `lowest_rank` up, with its top card.

    The ace plays high in T-J-Q-K-A and low just below the lowest rank (IT-21): with 52 cards
    that is the wheel A-2-3-4-5, with 32 cards A-7-8-9-T, whose top card is then the ten.
    """
    found = {frozenset(range(top - 4, top + 1)): top for top in range(lowest_rank + 4, 15)}
    found[frozenset({14, *range(lowest_rank, lowest_rank + 4)})] = lowest_rank + 3
    return found


def rank_shape(ranks: Sequence[int], straights_by_set: Mapping[frozenset[int], int]) -> tuple[str, list[int]]:
    """Category name (ignoring flushes) and the ranks that decide ties, most significant first."""
    groups = sorted(Counter(ranks).items(), key=lambda rank_count: (rank_count[1], rank_count[0]),
                    reverse=True)
    ordered = [rank for rank, _ in groups]
    if len(groups) == 5:
        top = straights_by_set.get(frozenset(ranks))
        return ("straight", [top]) if top is not None else ("high_card", ordered)
    return _GROUPINGS[tuple(count for _, count in groups)], ordered


def rank_multisets(ranks: Iterable[int], size: int) -> list[tuple[int, ...]]:
    """Every multiset of `size` ranks drawn from `ranks`, at most four of each (one deck), sorted."""
    return [multiset for multiset in combinations_with_replacement(sorted(ranks), size)
            if all(multiset[i] != multiset[i + 4] for i in range(size - 4))]
