"""The usual high-hand order (HE-32), evaluated from lookup tables.

Seven cards are read in one pass, without trying the 21 five-card subsets: each card adds a weight
whose high part counts its rank (base 5, so a rank multiset is one integer) and whose low part
counts its suit (3 bits per suit). With no five cards of one suit, the rank multiset alone gives the
hand, from a table of the best five of each multiset of 5 to 7 ranks. With a flush, the ranks of
that suit index a second table; a 6- or 7-card hand holding a flush cannot also hold a full house
or quads, so the flush table's answer is the best hand.
"""

from collections.abc import Sequence

from tdapp.engine.hands.shapes import rank_multisets, rank_shape, straights
from tdapp.engine.hands.values import category_of, pack

CATEGORIES = (
    "high_card", "pair", "two_pair", "three_of_a_kind", "straight",
    "flush", "full_house", "four_of_a_kind", "straight_flush",
)
_STRENGTH = {name: strength for strength, name in enumerate(CATEGORIES)}
_FACES = range(2, 15)
_SUIT_BITS = 12  # 3 bits of suit count for each of the 4 suits
_POWERS = {face: 5 ** (face - 2) for face in _FACES}


class _BestOfRanks(dict):
    """Best non-flush value per rank multiset (keyed by its base-5 count of each rank).

    Built at import for five ranks; six and seven ranks are worked out the first time they are
    seen, as the best of the multisets one card smaller, which keeps importing the engine quick.
    """

    def __missing__(self, key: int) -> int:
        value = max(self[key - power] for power in _POWERS.values() if key // power % 5)
        self[key] = value
        return value


def _build_rank_table() -> _BestOfRanks:
    table = _BestOfRanks()
    for ranks in rank_multisets(_FACES, 5):
        name, ordered = rank_shape(ranks, _STRAIGHTS)
        table[sum(_POWERS[rank] for rank in ranks)] = pack(_STRENGTH[name], ordered)
    return table


class _BestFlush(dict):
    """Best flush or straight flush for a set of five or more suited ranks (bit i = face i + 2),
    worked out the first time it is seen."""

    def __missing__(self, bits: int) -> int:
        faces = [face for face in range(14, 1, -1) if bits >> (face - 2) & 1]
        tops = [top for ranks, top in _STRAIGHTS.items() if ranks <= set(faces)]
        if tops:
            value = pack(_STRENGTH["straight_flush"], [max(tops)])
        else:
            value = pack(_STRENGTH["flush"], faces[:5])
        self[bits] = value
        return value


def _build_flush_suits() -> list[int]:
    """For each packed count of cards per suit, the suit holding five or more, else -1."""
    table = []
    for counts in range(1 << _SUIT_BITS):
        suits = [suit for suit in range(4) if counts >> (3 * suit) & 7 >= 5]
        table.append(suits[0] if suits else -1)
    return table


_STRAIGHTS = straights(2)
_WEIGHTS = [_POWERS[(code >> 2) + 2] << _SUIT_BITS | 1 << 3 * (code & 3) for code in range(52)]
_RANK_VALUES = _build_rank_table()
_FLUSH_VALUES = _BestFlush()
_FLUSH_SUITS = _build_flush_suits()


class StandardRanking:
    """High hand, best five of five to seven cards; suits never break ties (HE-32)."""

    name = "standard"
    lowest_rank = 2
    categories = CATEGORIES

    def evaluate(self, codes: Sequence[int]) -> int:
        """Value of the best five of 5 to 7 distinct card codes; higher is better, equal splits."""
        key = sum(map(_WEIGHTS.__getitem__, codes))
        suit = _FLUSH_SUITS[key & 0xFFF]
        if suit < 0:
            return _RANK_VALUES[key >> _SUIT_BITS]
        bits = 0
        for code in codes:
            if code & 3 == suit:
                bits |= 1 << (code >> 2)
        return _FLUSH_VALUES[bits]

    def evaluate_five(self, codes: Sequence[int]) -> int:
        """Value of exactly five distinct card codes: `evaluate` unrolled for the common case."""
        a, b, c, d, e = codes
        key = _WEIGHTS[a] + _WEIGHTS[b] + _WEIGHTS[c] + _WEIGHTS[d] + _WEIGHTS[e]
        if _FLUSH_SUITS[key & 0xFFF] < 0:
            return _RANK_VALUES[key >> _SUIT_BITS]
        return _FLUSH_VALUES[1 << (a >> 2) | 1 << (b >> 2) | 1 << (c >> 2) | 1 << (d >> 2)
                             | 1 << (e >> 2)]

    def compare(self, first: int, second: int) -> int:
        """-1, 0 or 1 as the first value loses to, splits with or beats the second."""
        return (first > second) - (first < second)

    def category(self, value: int) -> str:
        return CATEGORIES[category_of(value)]

    def __reduce__(self) -> str:
        # Hands compare only under the same ranking object: unpickle to the shared one.
        return "STANDARD"

    def __repr__(self) -> str:
        return "STANDARD"


STANDARD = StandardRanking()
