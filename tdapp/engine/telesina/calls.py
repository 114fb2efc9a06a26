"""When a telesina round is called during a night of draw (TS-08).

One round opens the "giri". Before them, each "full vestito" or better shown calls a round, and
five hands in a row without an opening make one compulsory, up to a maximum (3 on a league
night; 4 in the Final, plus the giri's own round).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from tdapp.engine.hands import Hand

HANDS_WITHOUT_OPENING = 5
GIRI_ROUNDS = 1  # the giri open with one telesina round, outside the maximum
VESTITO = 11  # [U] "vestito": trips of jacks or higher (the face cards)


def full_vestito_or_better(hand: Hand) -> bool:
    """A full house whose trips are a face card, or anything above a full in the club's order
    (flush, four of a kind, straight flush)."""
    if hand.category in ("flush", "four_of_a_kind", "straight_flush"):
        return True
    if hand.category != "full_house":
        return False
    trips = next(v for v, n in Counter(c.value for c in hand.cards).items() if n == 3)
    return trips >= VESTITO


@dataclass(frozen=True)
class TelesinaCalls:
    """The count of telesina rounds before the giri, and why the next one is due."""

    maximum: int = 3
    played: int = 0
    due: int = 0

    @classmethod
    def final(cls) -> TelesinaCalls:
        return cls(maximum=4)

    def after_hand(self, shown: Iterable[Hand], hands_without_opening: int) -> TelesinaCalls:
        """Record a draw hand's end: each full vestito or better shown calls a round, and the
        fifth hand in a row without an opening calls one, while the maximum allows."""
        calls = sum(1 for hand in shown if full_vestito_or_better(hand))
        if hands_without_opening >= HANDS_WITHOUT_OPENING:
            calls += 1
        room = self.maximum - self.played - self.due
        return replace(self, due=self.due + max(0, min(calls, room)))

    def round_played(self) -> TelesinaCalls:
        if not self.due:
            return self
        return replace(self, played=self.played + 1, due=self.due - 1)

    @property
    def round_due(self) -> bool:
        return self.due > 0
