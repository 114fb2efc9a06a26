"""Which deck a table of Italian draw plays with (IT-01, IT-02), and the five cards each."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tdapp.engine.cards import Card, Deck, parse_cards
from tdapp.engine.errors import IllegalAction, Refusal


@dataclass(frozen=True)
class DeckRule:
    """The deck for a table size: its lowest rank, and whether one player sits each hand out."""

    lowest_rank: int
    col_salto: bool = False

    @property
    def cards(self) -> int:
        return 4 * (15 - self.lowest_rank)


def deck_for(players: int, *, rule_of_eleven: bool = False) -> DeckRule:
    """The club's deck: 4 players 7-A, 5 players 6-A, 6 players 6-A "col salto" (the dealer's right
    sits out). `rule_of_eleven` is the public alternative: lowest rank 11 - players, nobody out."""
    most = 9 if rule_of_eleven else 6
    if not 2 <= players <= most:
        raise IllegalAction("PLAYERS_HANDED", players=players)
    if rule_of_eleven:
        return DeckRule(max(2, 11 - players))
    if players <= 4:
        return DeckRule(7)
    return DeckRule(6, col_salto=players == 6)


def deal_cards(
    order: Sequence[int], lowest_rank: int, rng: random.Random | None,
    cards: Mapping[int, Sequence[Card] | str] | None,
) -> tuple[dict[int, tuple[Card, ...]] | None, tuple[Card, ...]]:
    """Each seat's five cards and the stub: shuffled and dealt one at a time clockwise with
    `rng` (IT-03), or entered as `cards`; with neither the deck is physical (None, no stub)."""
    if rng is not None and cards is not None:
        raise IllegalAction("RNG_OR_CARDS")
    if rng is not None:
        deck = Deck(lowest_rank)
        deck.shuffle(rng)
        dealt: dict[int, list[Card]] = {s: [] for s in order}
        for _ in range(5):  # one card at a time, clockwise (IT-03)
            for seat in order:
                dealt[seat] += deck.deal()
        return {s: tuple(c) for s, c in dealt.items()}, tuple(deck.cards)
    if cards is None:
        return None, ()
    entered = {s: read_cards(c) for s, c in cards.items()}
    if set(entered) != set(order) or any(len(c) != 5 for c in entered.values()):
        raise IllegalAction("FIVE_EACH")
    every = [c for hand in entered.values() for c in hand]
    if len(set(every)) != len(every) or min(c.value for c in every) < lowest_rank:
        raise IllegalAction("NOT_IN_SHORT_DECK", lowest_rank=lowest_rank)
    stub = tuple(c for c in Deck(lowest_rank).cards if c not in set(every))
    return entered, stub


def read_cards(cards: Sequence[Card] | str) -> tuple[Card, ...]:
    """Cards as the dealer enters them ("As Kd 7h") or as Card objects; a typo is refused."""
    if not isinstance(cards, str):
        return tuple(cards)
    try:
        return tuple(parse_cards(cards))
    except Refusal as unreadable:
        raise IllegalAction("CARDS_TYPO", cards=cards, detail=unreadable) from None
