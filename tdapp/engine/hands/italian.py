"""The club's order for its Italian games (RULES.md IT-18 .. IT-22), any deck from 2-A to 10-A.

- IT-18: flush above full house.
- IT-19/IT-20: suits (hearts > diamonds > clubs > spades) break every tie left by the ranks.
  The rules name the deciding card for each category: the highest card (high card, flush), the top
  card (straight, straight flush), the highest kicker (pair, trips), the fifth card (two pair).
  One principle covers all of these and the cases the rules leave open [U]: cards outside the
  combination speak first, high to low, then the cards of the combination, smaller groups first
  (so a full house's pair before its trips), and within a group the higher suit first. Two hands
  tie on the first suit only when they share that card (telesina's vele), so the next card decides.
- IT-21: the ace is high in T-J-Q-K-A and low below the deck's lowest rank.
- IT-22: straight flushes form a cycle, which `compare` applies between two hands; `evaluate`
  gives the plain order (top card, then suit) that picks a player's best five of six or seven
  cards and that settles a pot where no straight flush beats all the others [U].

TS-06 ("Texas" telesina): equal straights split, so `italian(..., straights_split=True)` drops the
suits of plain straights; straight flushes still go to the higher suit.
"""

from collections.abc import Sequence
from itertools import combinations

from tdapp.engine.hands.shapes import rank_multisets, rank_shape, straights
from tdapp.engine.hands.values import category_of, pack, top_rank

CATEGORIES = (
    "high_card", "pair", "two_pair", "three_of_a_kind", "straight",
    "full_house", "flush", "four_of_a_kind", "straight_flush",
)
_STRENGTH = {name: strength for strength, name in enumerate(CATEGORIES)}
_STRAIGHT_FLUSH = _STRENGTH["straight_flush"]


def _suit_order(ranks: Sequence[int], name: str, top: int) -> tuple[int, ...]:
    """Positions, in five ranks sorted high to low, of the cards whose suits decide, in turn."""
    if name == "straight":
        # The top card first: for the ace-low straight that is the card after the ace.
        start = ranks.index(top)
        return tuple(range(start, 5)) + tuple(range(start))
    group_size = {rank: ranks.count(rank) for rank in ranks}
    return tuple(sorted(range(5), key=lambda position: (group_size[ranks[position]], position)))


_WEIGHTS = [5 ** (code >> 2) for code in range(52)]
"""Per card code, its rank counted in base 5: five cards' weights add up to their rank multiset."""


def _build_table(lowest_rank: int, straights_split: bool) -> dict[int, tuple[int, ...]]:
    """Per rank multiset of five: plain value, value if all suited (or -1), a mask for the suits,
    and for each card (sorted high to low) the shift that puts its suit in its deciding place."""
    straight_sets = straights(lowest_rank)
    table = {}
    for ascending in rank_multisets(range(lowest_rank, 15), 5):
        ranks = ascending[::-1]
        name, ordered = rank_shape(ranks, straight_sets)
        order = _suit_order(ranks, name, ordered[0])
        shifts = [8 - 2 * order.index(position) for position in range(5)]
        suited = -1
        if name == "straight":
            suited = pack(_STRAIGHT_FLUSH, ordered)
        elif name == "high_card":
            suited = pack(_STRENGTH["flush"], ordered)
        # TS-06: in the "Texas" telesina equal straights split, so their suits count for nothing.
        mask = 0 if straights_split and name == "straight" else 0x3FF
        key = sum(5 ** (rank - 2) for rank in ranks)
        table[key] = (pack(_STRENGTH[name], ordered), suited, mask, *shifts)
    return table


class ItalianRanking:
    """The club's order for a deck whose lowest rank is `lowest_rank` (32 cards: 7, 36 cards: 6)."""

    categories = CATEGORIES

    def __init__(self, lowest_rank: int, straights_split: bool) -> None:
        self.lowest_rank = lowest_rank
        self.straights_split = straights_split
        self.name = f"italian-{lowest_rank}" + ("-split-straights" if straights_split else "")
        self._table = _build_table(lowest_rank, straights_split)
        self._lowest_straight_top = lowest_rank + 3

    def _value(self, five: Sequence[int]) -> int:
        """Value of five card codes already sorted high to low."""
        a, b, c, d, e = five
        plain, suited, mask, sa, sb, sc, sd, se = self._table[
            _WEIGHTS[a] + _WEIGHTS[b] + _WEIGHTS[c] + _WEIGHTS[d] + _WEIGHTS[e]]
        suits = (a & 3) << sa | (b & 3) << sb | (c & 3) << sc | (d & 3) << sd | (e & 3) << se
        if suited >= 0 and (a & 3) == (b & 3) == (c & 3) == (d & 3) == (e & 3):
            return suited | suits
        return plain | suits & mask

    def evaluate_five(self, codes: Sequence[int]) -> int:
        """Plain-order value of exactly five distinct card codes of this deck, suits included."""
        return self._value(sorted(codes, reverse=True))

    def evaluate(self, codes: Sequence[int]) -> int:
        """Plain-order value of the best five of 5 to 7 card codes (the choice IT-22's note makes)."""
        # Subsets of a sorted list come out sorted, so the cards are sorted once, not per subset.
        return max(map(self._value, combinations(sorted(codes, reverse=True), 5)))

    def compare(self, first: int, second: int) -> int:
        """-1, 0 or 1 as the first value loses to, ties with or beats the second, with IT-22's cycle.

        Between two straight flushes only the lowest ("minima", ace low) and the top one (T-A)
        swap: the minima beats the top one, which beats the middle ones, which beat the minima.
        """
        if category_of(first) == _STRAIGHT_FLUSH == category_of(second):
            tops = (top_rank(first), top_rank(second))
            if tops == (self._lowest_straight_top, 14):
                return 1
            if tops == (14, self._lowest_straight_top):
                return -1
        return (first > second) - (first < second)

    def category(self, value: int) -> str:
        return CATEGORIES[category_of(value)]

    def __reduce__(self) -> tuple:
        # Hands compare only under the same ranking object: unpickle to the shared one.
        return _shared, (self.lowest_rank, self.straights_split)

    def __repr__(self) -> str:
        split = ", straights_split=True" if self.straights_split else ""
        return f"italian({self.lowest_rank}{split})"


_RANKINGS: dict[tuple[int, bool], ItalianRanking] = {}


def italian(lowest_rank: int = 7, *, straights_split: bool = False) -> ItalianRanking:
    """The club's ranking for a deck from `lowest_rank` to the ace (one shared instance per deck)."""
    if isinstance(lowest_rank, bool) or not isinstance(lowest_rank, int) or not 2 <= lowest_rank <= 10:
        raise ValueError(f"lowest rank must be an integer from 2 to 10, not {lowest_rank!r}")
    key = (lowest_rank, bool(straights_split))
    if key not in _RANKINGS:
        _RANKINGS[key] = ItalianRanking(*key)
    return _RANKINGS[key]


def _shared(lowest_rank: int, straights_split: bool) -> ItalianRanking:
    return italian(lowest_rank, straights_split=straights_split)
