"""Hand rankings: `best_hand(cards, ranking=STANDARD)` gives a `Hand` that compares with <, ==, >.

- `STANDARD`: the usual high-hand order (Hold'em, HE-32), suits never break ties.
- `italian(lowest_rank)`: the club's order (RULES.md IT-18 .. IT-22), flush above full house,
  suits break every tie, the ace low below the deck's lowest rank, the straight-flush cycle.

A ranking's `evaluate(codes)` is the fast primitive: card codes in, one integer out, bigger is
better in the plain order. `Hand` comparison adds the straight-flush cycle where a ranking has one.

In Hold'em a player's hand is the best five of their two cards and the board:

>>> from tdapp.engine.cards import parse_cards
>>> from tdapp.engine.hands import STANDARD, best_hand, italian
>>> board = parse_cards("Ks Qs 9s 2d Ah")
>>> flush = best_hand(parse_cards("As 3s") + board)
>>> flush.category, [str(card) for card in flush.cards]
('flush', ['As', 'Ks', 'Qs', '9s', '3s'])
>>> two_pair = best_hand(parse_cards("Ad Kd") + board)
>>> two_pair.category
'two_pair'
>>> flush > two_pair
True

Equal hands split: suits never count in the standard order.

>>> best_hand(parse_cards("Ah Kh 9c 8d 7s")) == best_hand(parse_cards("As Kd 9h 8c 7d"), STANDARD)
True

The club's Italian order differs in three ways a Hold'em player must unlearn. With a 32-card
deck (sevens up) a flush is rarer than a full house, so it ranks above it:

>>> club = italian(lowest_rank=7)
>>> flush, full_house = parse_cards("Ah Kh Jh 9h 8h"), parse_cards("Kc Kd Ks 7c 7d")
>>> best_hand(flush) > best_hand(full_house)
False
>>> best_hand(flush, club) > best_hand(full_house, club)
True

Suits break the ties ranks leave, hearts > diamonds > clubs > spades, so nothing splits:

>>> best_hand(parse_cards("Ah Kh 9c 8d 7s"), club) > best_hand(parse_cards("As Kd 9h 8c 7d"), club)
True

And the ace plays low just below the deck's lowest rank: A-7-8-9-T is a straight with sevens up,
and only high card in the full deck.

>>> best_hand(parse_cards("Ah 7c 8d 9s Tc"), club).category
'straight'
>>> best_hand(parse_cards("Ah 7c 8d 9s Tc")).category
'high_card'
"""

from tdapp.engine.hands.hand import Hand, Ranking, best_hand, winners
from tdapp.engine.hands.italian import ItalianRanking, italian
from tdapp.engine.hands.standard import STANDARD, StandardRanking

__all__ = [
    "STANDARD", "Hand", "ItalianRanking", "Ranking", "StandardRanking",
    "best_hand", "italian", "winners",
]
