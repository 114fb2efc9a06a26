"""What opens the pot (IT-06, IT-07) and how the opening level rises and falls."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum

from tdapp.engine.cards import Card
from tdapp.engine.hands import best_hand, italian


class Level(IntEnum):
    """The smallest pair that opens: jacks, then queens after a passed deal, then kings."""

    JACKS = 11
    QUEENS = 12
    KINGS = 13


def after_no_opening(level: Level) -> Level:
    """Nobody opened: the deal passes and the next deal needs one rank more, up to kings."""
    return Level(min(level + 1, Level.KINGS))


def after_pot_played() -> Level:
    """A pot was played out (won at showdown or by everyone folding): back to jacks."""
    return Level.JACKS


def after_piatto_di_parola() -> Level:
    """Everyone checked after the draw: the next opening needs kings (IT-15)."""
    return Level.KINGS


def straight_flush_draw(cards: Sequence[Card], lowest_rank: int) -> bool:
    """IT-07: four suited cards in a row that a fifth card can complete at either end.

    The ace counts low below the deck's lowest rank, so with 32 cards 7-8-9-T lacks nothing
    below (the ace) nor above (the jack); J-Q-K-A can only be completed below and does not open.
    """
    for suit in {card.suit for card in cards}:
        values = {card.value for card in cards if card.suit == suit}
        if 14 in values:
            values.add(lowest_rank - 1)
        for low in values:
            run = set(range(low, low + 4))
            below, above = low - 1, low + 4
            if run <= values and lowest_rank - 1 <= below and above <= 14:
                return True
    return False


def opens(cards: Sequence[Card], level: Level, lowest_rank: int) -> bool:
    """Whether five cards open at this level: a pair of the level's rank or better, any higher
    hand (two pair, trips, ...) [U], or an open-ended straight-flush draw at any level."""
    if len(cards) != 5:
        raise ValueError(f"openers are judged on five cards, not {len(cards)}")
    if straight_flush_draw(cards, lowest_rank):
        return True
    hand = best_hand(cards, italian(lowest_rank))
    if hand.category == "high_card":
        return False
    if hand.category != "pair":
        return True
    pair = next(rank for rank, n in Counter(card.value for card in cards).items() if n == 2)
    return pair >= level
