"""Points for one night (LG-03): what a player's net at their table is worth in the standings."""

from __future__ import annotations

from dataclasses import dataclass

from tdapp.league.results import Night, TableResult


def points(table: TableResult, player: str, *, doubled: bool = False,
           cappotto: str = "box") -> int:
    """LG-03 as the seed writes it: 2 for the table's biggest winner (all of them on a tie), 1 for
    any other winner, +1 per full posta won, +1 for a cappotto; losers lose a point per posta
    started beyond the first, down to -5 for all five; the Final doubles everything. The
    cappotto is the secretary's box, or with `cappotto="sole_winner"` the only winner at a table
    where all the others lost (league/readings.py)."""
    net = table.net(player)
    posta = table.posta
    if net > 0:
        pts = 2 if net == max(table.nets.values()) else 1
        pts += net // posta
        if has_cappotto(table, player, cappotto):
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


def has_cappotto(table: TableResult, player: str, reading: str = "box") -> bool:
    """Whether the winner `player` earns the cappotto's point under the league's reading."""
    if reading == "sole_winner":
        return all(net < 0 for other, net in table.nets.items() if other != player)
    return table.seat(player).cappotto


@dataclass(frozen=True)
class NightLine:
    """What one night adds to a player's line in the standings (LG-04's five keys)."""

    player: str
    net: int
    points: int
    biggest_winner: bool
    biggest_loser: bool


def night_lines(night: Night, *, cappotto: str = "box") -> dict[str, NightLine]:
    """Every player's line for the night. Biggest winner/loser need a net above/below zero."""
    lines = {}
    for table in night.tables:
        nets = table.nets
        top, bottom = max(nets.values()), min(nets.values())
        for player, net in nets.items():
            lines[player] = NightLine(
                player=player,
                net=net,
                points=points(table, player, doubled=night.kind.doubled, cappotto=cappotto),
                biggest_winner=net > 0 and net == top,
                biggest_loser=net < 0 and net == bottom,
            )
    return lines
