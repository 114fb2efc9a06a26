"""Standings (LG-04): points, then the four tie-break keys, then a draw by lot.

The seed's "maggior vittorie, meno maggior sconfitte" is read as nights as the table's biggest
winner and loser; `by_amount=True` reads it as the largest single win and loss instead [U].
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from tdapp.league.results import Night, NightKind
from tdapp.league.scoring import night_lines


@dataclass(frozen=True)
class Line:
    """A player's row in the standings; `lot` is set only when it decided the place."""

    place: int
    player: str
    points: int
    nights: int
    biggest_wins: int
    biggest_losses: int
    wins: int
    losses: int
    net: int
    largest_win: int = 0
    largest_loss: int = 0
    lot: int | None = None

    def keys(self, by_amount: bool = False) -> tuple[int, int, int, int, int]:
        """LG-04 in order, each turned so that smaller sorts first."""
        if by_amount:
            return (-self.points, -self.largest_win, self.largest_loss, -self.wins, self.losses)
        return (-self.points, -self.biggest_wins, self.biggest_losses, -self.wins, self.losses)


def counted(nights: Iterable[Night]) -> list[Night]:
    """The nights that make the standings: all but the Finalina, which only crowns its winner."""
    return [n for n in nights if n.kind is not NightKind.FINALINA]


def standings(members: Sequence[str], nights: Iterable[Night], rng: random.Random, *,
              by_amount: bool = False, cappotto: str = "box") -> list[Line]:
    """The table of the season so far. Players tied on all five keys are ordered by lot, drawn
    with `rng` in the members' order, so the same seed gives the same standings."""
    # pts, nights, biggest winner, biggest loser, wins, losses, net, largest win, largest loss
    totals = {m: [0] * 9 for m in members}
    for night in counted(nights):
        for player, line in night_lines(night, cappotto=cappotto).items():
            row = totals.setdefault(player, [0] * 9)
            row[0] += line.points
            row[1] += 1
            row[2] += line.biggest_winner
            row[3] += line.biggest_loser
            row[4] += line.net > 0
            row[5] += line.net < 0
            row[6] += line.net
            row[7] = max(row[7], line.net)
            row[8] = max(row[8], -line.net)
    lines = [Line(0, p, *row) for p, row in totals.items()]
    by_keys: dict[tuple[int, ...], list[Line]] = {}
    for line in lines:
        by_keys.setdefault(line.keys(by_amount), []).append(line)
    ordered: list[Line] = []
    for keys in sorted(by_keys):
        group = by_keys[keys]
        if len(group) > 1:
            draw = list(range(1, len(group) + 1))
            rng.shuffle(draw)
            group = sorted((replace(line, lot=lot) for line, lot in zip(group, draw, strict=True)),
                           key=lambda line: line.lot)
        ordered.extend(group)
    return [replace(line, place=i) for i, line in enumerate(ordered, start=1)]

