"""Cards and decks: the 52-card deck of Hold'em and the short decks (36, 32) of the club's games.

A card carries a small integer `code` (rank index * 4 + suit index) so that the hand evaluators
can index precomputed tables with it instead of looking at strings.

Cards are read the way they are written on a hand history, spaces optional:

>>> from tdapp.engine.cards import Card, Deck, parse_cards
>>> parse_cards("As Kd 7h")
[Card('As'), Card('Kd'), Card('7h')]
>>> [str(card) for card in parse_cards("AsKd10c")]
['As', 'Kd', 'Tc']
>>> Card("T", "d").value
10

A deck is dealt from after a seeded (or, in production, system) shuffle; the club's short decks
start at the six or the seven:

>>> import random
>>> len(Deck()), len(Deck(lowest_rank=6)), len(Deck(lowest_rank=7))
(52, 36, 32)
>>> deck = Deck(lowest_rank=7)
>>> deck.shuffle(random.Random(7))
>>> hand = deck.deal(5)
>>> len(hand), len(deck)
(5, 27)
>>> min(card.value for card in Deck(lowest_rank=7).cards)
7
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from tdapp.engine.errors import Refusal

RANKS = "23456789TJQKA"
# Suit indexes follow the club's suit order, lowest first (IT-19: hearts > diamonds > clubs >
# spades), so that sorting cards by code sorts them the way an Italian table reads them.
SUITS = "scdh"
SUIT_NAMES = {"s": "spades", "c": "clubs", "d": "diamonds", "h": "hearts"}

RANK_VALUES = {rank: value for value, rank in enumerate(RANKS, start=2)}
"""Rank letter -> face value: "2" -> 2 ... "T" -> 10, "J" -> 11, "Q" -> 12, "K" -> 13, "A" -> 14."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card, compared and hashed by its code (rank first, then the club's suit order)."""

    rank: str = field(compare=False)
    suit: str = field(compare=False)
    code: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rank, str) or len(self.rank) != 1 or self.rank not in RANKS:
            raise ValueError(f"unknown rank {self.rank!r}: use one of {' '.join(RANKS)}")
        if not isinstance(self.suit, str) or len(self.suit) != 1 or self.suit not in SUITS:
            raise ValueError(f"unknown suit {self.suit!r}: use one of s h d c")
        object.__setattr__(self, "code", RANKS.index(self.rank) * 4 + SUITS.index(self.suit))

    @property
    def value(self) -> int:
        """Face value, ace high: 2 .. 14."""
        return RANK_VALUES[self.rank]

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with this integer code (0 .. 51)."""
        if not isinstance(code, int) or not 0 <= code < 52:
            raise ValueError(f"card code must be an integer from 0 to 51, not {code!r}")
        return ALL_CARDS[code]

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card('{self.rank}{self.suit}')"


ALL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for rank in RANKS for suit in SUITS)
"""The 52 cards, indexed by code."""

_BY_TEXT = {str(card): card for card in ALL_CARDS}


def parse_cards(text: str) -> list[Card]:
    """Read cards written as rank + suit, like "As Kd 7h" or "AsKd7h" (spaces and commas optional).

    "10" is accepted for "T", and ranks and suits are read case-insensitively.
    """
    if not isinstance(text, str):
        raise Refusal("CARDS_AS_TEXT", kind=type(text).__name__)
    compact = "".join(text.replace(",", " ").split()).replace("10", "T")
    if len(compact) % 2:
        raise Refusal("CARDS_UNREADABLE", text=text)
    cards = []
    for start in range(0, len(compact), 2):
        token = compact[start].upper() + compact[start + 1].lower()
        card = _BY_TEXT.get(token)
        if card is None:
            raise Refusal("CARD_UNREADABLE", card=compact[start:start + 2], text=text, ranks=RANKS)
        cards.append(card)
    return cards


def deck_cards(lowest_rank: int = 2) -> tuple[Card, ...]:
    """The cards of a deck from `lowest_rank` (2 .. 10) up to the ace, in code order."""
    if isinstance(lowest_rank, bool) or not isinstance(lowest_rank, int) or not 2 <= lowest_rank <= 10:
        raise ValueError(f"lowest rank must be an integer from 2 to 10, not {lowest_rank!r}")
    return tuple(card for card in ALL_CARDS if card.value >= lowest_rank)


class Deck:
    """A deck to deal from: 52 cards, or 36 with lowest_rank=6, or 32 with lowest_rank=7.

    Chance comes only through the `random.Random` given to `shuffle` (production passes
    `random.SystemRandom()`, tests a seeded `random.Random`), so a seeded deal is repeatable.
    """

    def __init__(self, lowest_rank: int = 2) -> None:
        self.lowest_rank = lowest_rank
        self._cards = list(deck_cards(lowest_rank))

    def shuffle(self, rng: random.Random) -> None:
        """Shuffle the cards still in the deck."""
        if not isinstance(rng, random.Random):
            raise TypeError("shuffle needs a random.Random (random.SystemRandom() in production)")
        rng.shuffle(self._cards)

    def deal(self, count: int = 1) -> list[Card]:
        """Take `count` cards from the top."""
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"cannot deal {count!r} cards")
        if count > len(self._cards):
            raise ValueError(f"cannot deal {count} cards: only {len(self._cards)} left in the deck")
        dealt = self._cards[:count]
        del self._cards[:count]
        return dealt

    def remove(self, cards: Iterable[Card]) -> None:
        """Take given cards out of the deck (cards already known, e.g. set up by a test or a replay)."""
        wanted = list(cards)
        missing = [str(card) for card in wanted if card not in self._cards]
        if missing:
            raise ValueError(f"not in the deck: {' '.join(missing)}")
        for card in wanted:
            self._cards.remove(card)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards still in the deck, top first."""
        return tuple(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"Deck(lowest_rank={self.lowest_rank}, {len(self._cards)} cards left)"
