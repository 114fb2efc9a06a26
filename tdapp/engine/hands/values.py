"""How a hand's strength is packed into one integer, shared by every ranking.

value = category << 30 | ranks << 10 | suits

- category: the category's place in that ranking's order (0 = high card ... 8 = straight flush);
- ranks: up to five face values (2 .. 14, 4 bits each), most significant first: the groups by size
  then rank, then the kickers high to low; a straight gives only its top card;
- suits: up to five suit indexes (2 bits each, in the club's order spades < clubs < diamonds <
  hearts), in the order the ranking consults them. STANDARD leaves them 0 (HE-32).

A bigger value is a better hand in the plain order; a ranking may bend that order between two
hands (the straight-flush cycle of IT-22), which its `compare` does.
"""

from collections.abc import Sequence

CATEGORY_SHIFT = 30
RANKS_SHIFT = 10


def pack(category: int, ranks: Sequence[int], suits: Sequence[int] = ()) -> int:
    """The integer value of a hand of `category` with these ranks and suits, most significant first."""
    rank_bits = 0
    for position, rank in enumerate(ranks):
        rank_bits |= rank << (16 - 4 * position)
    suit_bits = 0
    for position, suit in enumerate(suits):
        suit_bits |= suit << (8 - 2 * position)
    return category << CATEGORY_SHIFT | rank_bits << RANKS_SHIFT | suit_bits


def category_of(value: int) -> int:
    """The category's place in its ranking's order."""
    return value >> CATEGORY_SHIFT


def top_rank(value: int) -> int:
    """The most significant rank in the value: a straight's top card, a pair's rank, ..."""
    return (value >> (RANKS_SHIFT + 16)) & 0xF
