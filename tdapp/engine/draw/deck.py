"""Which deck a table of Italian draw plays with (IT-01, IT-02)."""

from __future__ import annotations

from dataclasses import dataclass

from tdapp.engine.errors import IllegalAction


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
        raise IllegalAction(f"Italian draw is not played {players}-handed")
    if rule_of_eleven:
        return DeckRule(max(2, 11 - players))
    if players <= 4:
        return DeckRule(7)
    return DeckRule(6, col_salto=players == 6)
