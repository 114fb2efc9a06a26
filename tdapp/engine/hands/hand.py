"""A player's hand at showdown: its value under a ranking, and how two hands compare."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Protocol

from tdapp.engine.cards import Card, parse_cards
from tdapp.engine.errors import Refusal
from tdapp.engine.hands.standard import STANDARD


class Ranking(Protocol):
    """An order of poker hands: STANDARD, or one of the club's `italian(...)` orders."""

    name: str
    lowest_rank: int
    categories: tuple[str, ...]

    def evaluate(self, codes: Sequence[int]) -> int: ...

    def evaluate_five(self, codes: Sequence[int]) -> int: ...

    def compare(self, first: int, second: int) -> int: ...

    def category(self, value: int) -> str: ...


class Hand:
    """The best five cards a player can show, compared with <, ==, > (higher wins, == splits).

    `.cards` (the five used) is worked out only when asked for: deciding a pot needs the value only.
    """

    __slots__ = ("value", "ranking", "_dealt", "_must_use", "_cards")

    def __init__(self, value: int, ranking: Ranking, dealt: tuple[Card, ...],
                 must_use: tuple[Card, ...] = ()) -> None:
        self.value = value
        self.ranking = ranking
        self._dealt = dealt
        self._must_use = must_use
        self._cards: tuple[Card, ...] | None = None

    @property
    def category(self) -> str:
        """The category's name, such as "flush" or "full_house"."""
        return self.ranking.category(self.value)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards that make the hand, highest first."""
        if self._cards is None:
            must = set(self._must_use)
            for five in combinations(sorted(self._dealt, reverse=True), 5):
                if must.issubset(five) and \
                        self.ranking.evaluate_five([card.code for card in five]) == self.value:
                    self._cards = five
                    break
        return self._cards

    def _compare(self, other: object) -> int:
        if not isinstance(other, Hand):
            return NotImplemented
        if other.ranking is not self.ranking:
            raise TypeError(f"cannot compare a hand ranked by {self.ranking!r} "
                            f"with one ranked by {other.ranking!r}")
        return self.ranking.compare(self.value, other.value)

    def __lt__(self, other: object) -> bool:
        order = self._compare(other)
        return order if order is NotImplemented else order < 0

    def __le__(self, other: object) -> bool:
        order = self._compare(other)
        return order if order is NotImplemented else order <= 0

    def __gt__(self, other: object) -> bool:
        order = self._compare(other)
        return order if order is NotImplemented else order > 0

    def __ge__(self, other: object) -> bool:
        order = self._compare(other)
        return order if order is NotImplemented else order >= 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand) or other.ranking is not self.ranking:
            return NotImplemented
        return self.value == other.value

    def __hash__(self) -> int:
        return hash(self.value)

    def __str__(self) -> str:
        return f"{self.category} {' '.join(map(str, self.cards))}"

    def __repr__(self) -> str:
        return f"<Hand {self} ({self.ranking!r})>"


def _as_cards(cards: Iterable[Card] | str, what: str) -> tuple[tuple[Card, ...], list[int]]:
    """The cards and their codes; text like "As Kd" is read with parse_cards."""
    dealt = tuple(parse_cards(cards) if isinstance(cards, str) else cards)
    try:
        codes = [card.code for card in dealt]
    except AttributeError:
        raise TypeError(f"{what} must be Card objects or text like 'As Kd', "
                        f"not {' '.join(map(repr, dealt))}") from None
    return dealt, codes


def best_hand(cards: Iterable[Card] | str, ranking: Ranking = STANDARD, *,
              must_use: Iterable[Card] | str = ()) -> Hand:
    """The best five-card hand from 5 to 7 cards under `ranking`.

    `must_use` lists cards that must all be among the five, as in the club's "Texas" telesina
    (TS-06: both own cards plus three vele). With the Italian order the best five is the best in
    the plain order (top card, then suit) even for straight flushes (IT-22 [U]).
    """
    dealt, codes = _as_cards(cards, "cards")
    if not 5 <= len(codes) <= 7:
        raise Refusal("HAND_SIZE", count=len(codes))
    if len(set(codes)) != len(codes):
        raise Refusal("CARD_TWICE_IN", cards=" ".join(map(str, dealt)))
    # Codes run rank by rank from the deuce, four suits each: a short deck starts further up.
    if min(codes) < (ranking.lowest_rank - 2) * 4:
        raise Refusal("CARD_NOT_IN_DECK", card=str(Card.from_code(min(codes))),
                      lowest_rank=ranking.lowest_rank)
    if not must_use:
        value = ranking.evaluate_five(codes) if len(codes) == 5 else ranking.evaluate(codes)
        return Hand(value, ranking, dealt)
    must, must_codes = _as_cards(must_use, "must_use")
    if len(set(must_codes)) != len(must_codes) or len(must_codes) > 5:
        raise Refusal("MUST_USE_FIVE")
    missing = [str(card) for card in must if card.code not in codes]
    if missing:
        raise Refusal("MUST_USE_MISSING", cards=" ".join(missing))
    others = [code for code in codes if code not in must_codes]
    value = max(ranking.evaluate_five(must_codes + list(rest))
                for rest in combinations(others, 5 - len(must_codes)))
    return Hand(value, ranking, dealt, must)


def winners(hands: Sequence[Hand]) -> list[int]:
    """Positions of the hands that take a pot: those that no other hand beats.

    Under a cyclic order (IT-22) three or more straight flushes can each be beaten; the pot then
    goes by the plain order, top card then suit [U].
    """
    if not hands:
        raise ValueError("no hands to compare")
    unbeaten = [position for position, hand in enumerate(hands)
                if not any(hand < other for other in hands)]
    if unbeaten:
        return unbeaten
    best = max(hand.value for hand in hands)
    return [position for position, hand in enumerate(hands) if hand.value == best]
