"""Who speaks first at telesina (TS-00): the best hand among the cards showing.

With fewer than five cards showing only pairs, two pairs, trips and quads count; ties go by
rank and then by the suit of the highest card, in the club's suit order (IT-19), so two
players never tie.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from tdapp.engine.cards import Card

# category by the sorted shape of rank counts
_SHAPES = {(1,): 0, (2,): 1, (2, 2): 2, (3,): 3, (4,): 7}


def strength(cards: Sequence[Card]) -> tuple:
    """A sort key for the cards showing: larger speaks first."""
    counts = Counter(card.value for card in cards)
    grouped = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    multiples = tuple(sorted((n for n in counts.values() if n > 1), reverse=True)) or (1,)
    category = _SHAPES.get(multiples, 3 if 3 in multiples else 1)
    top = max((card for card in cards if card.value == grouped[0]), key=lambda c: c.code)
    return (category, tuple(grouped), top.code)


def first_to_speak(showing: Mapping[int, Sequence[Card]], live: Sequence[int]) -> int:
    """The live seat whose cards showing are best."""
    return max(live, key=lambda seat: strength(showing[seat]))
