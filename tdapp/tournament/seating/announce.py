"""The moves to announce: the newest batch of moves (a balancing, a table break, the final-table
draw or the DdT's own move), as the DdT reads them out, the wall shows them and the move slips
print them.

Every move of one event carries the version that event gave the tournament (`LastMove.version`),
so the newest batch is the moves with the newest version. A player moved again since belongs to
the newer batch only; a player who busted since goes nowhere and is left out. An undone batch is
gone from the state, so the one before it is announced again, as the room sits now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class AnnouncedMove:
    """One player's move as the room hears it: who, from which table and seat, to which, why
    ("BALANCE", "BREAK", "FINAL_TABLE", "MANUAL")."""

    player_id: int
    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str


def announced_moves(state: Tournament) -> tuple[AnnouncedMove, ...]:
    """The newest batch, in the order the floor calls it: a break or a balancing seat by seat
    of the tables left, the final table by its new seats (its line-up)."""
    moves = state.seating.last_moves
    if not moves:
        return ()
    newest = max(move.version for move in moves.values())
    found = []
    for player_id, move in moves.items():
        player = state.players.get(player_id)
        if move.version != newest or player is None or player.busted:
            continue
        found.append(AnnouncedMove(player_id, player.name, move.from_table, move.from_seat,
                                   move.to_table, move.to_seat, move.reason))
    if any(move.reason == "FINAL_TABLE" for move in found):
        return tuple(sorted(found, key=lambda m: (m.to_table, m.to_seat)))
    return tuple(sorted(found, key=lambda m: (m.from_table, m.from_seat)))
