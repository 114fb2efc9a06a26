"""Hand rankings: `best_hand(cards, ranking=STANDARD)` gives a `Hand` that compares with <, ==, >.

- `STANDARD`: the usual high-hand order (Hold'em, HE-32), suits never break ties.
- `italian(lowest_rank)`: the club's order (RULES.md IT-18 .. IT-22), flush above full house,
  suits break every tie, the ace low below the deck's lowest rank, the straight-flush cycle.

A ranking's `evaluate(codes)` is the fast primitive: card codes in, one integer out, bigger is
better in the plain order. `Hand` comparison adds the straight-flush cycle where a ranking has one.
"""

from tdapp.engine.hands.hand import Hand, Ranking, best_hand, winners
from tdapp.engine.hands.italian import ItalianRanking, italian
from tdapp.engine.hands.standard import STANDARD, StandardRanking

__all__ = [
    "STANDARD", "Hand", "ItalianRanking", "Ranking", "StandardRanking",
    "best_hand", "italian", "winners",
]
