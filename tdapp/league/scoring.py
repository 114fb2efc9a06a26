"""Points for one night (LG-03): what a player's net at their table is worth in the standings."""

from __future__ import annotations

from dataclasses import dataclass

from tdapp.league.results import Night, TableResult


def points(table: TableResult, player: str, *, doubled: bool = False) -> int:
    """LG-03 as the seed writes it: 2 for the table's biggest winner (all of them on a tie), 1 for
    any other winner, +1 per full posta won, +1 for a cappotto; losers lose a point per posta
    started beyond the first, down to -5 for all five; the Final doubles everything."""
    net = table.net(player)
    posta = table.posta
    if net > 0:
        pts = 2 if net == max(table.nets.values()) else 1
        pts += net // posta
        if table.seat(player).cappotto:
            pts += 1
    else:
        loss = -net
        if loss <= posta:
            pts = 0
        elif loss <= 2 * posta:
            pts = -1
        elif loss <= 3 * posta:
            pts = -2
        elif loss <= 4 * posta:
            pts = -3
        elif loss < 5 * posta:
            pts = -4
        else:
            pts = -5
    return 2 * pts if doubled else pts


@dataclass(frozen=True)
class NightLine:
    """What one night adds to a player's line in the standings (LG-04's five keys)."""

    player: str
    net: int
    points: int
    biggest_winner: bool
    biggest_loser: bool


def night_lines(night: Night) -> dict[str, NightLine]:
    """Every player's line for the night. Biggest winner/loser need a net above/below zero."""
    lines = {}
    for table in night.tables:
        nets = table.nets
        top, bottom = max(nets.values()), min(nets.values())
        for player, net in nets.items():
            lines[player] = NightLine(
                player=player,
                net=net,
                points=points(table, player, doubled=night.kind.doubled),
                biggest_winner=net > 0 and net == top,
                biggest_loser=net < 0 and net == bottom,
            )
    return lines
