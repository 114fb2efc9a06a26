"""The points a finish is worth in a season: a formula the club names, never an expression it
types (nothing a user writes is evaluated).

- `td3`: the default "points for playing" of The Tournament Director 3,
  sqrt(n * bc * bc / tc) / (1 + r): n players, bc the buy-in (euros), tc what this player paid
  in all (buy-in, re-entries, rebuys, add-ons), r the place. A rebuy lowers the points of the
  same place; a freeroll (buy-in 0) gives none.
- `pokerstars`: the leader-board formula of PokerStars' Tournament Leader Board,
  10 * sqrt(n / r) * (1 + log10(b + 0.25)), b the buy-in in euros.
- `linear`: n - r + 1, the last place 1 point and the winner n.
- `fixed`: points by place from a table, 25, 18, 15, 12, 10, 8, 6, 4, 2, 1 (the Formula 1
  table, a common club choice) or the club's own, `fixed:10,6,4,2,1`; places past its end 0.

Points are kept in hundredths (ints) so that a season's sums and ties are exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tdapp.kernel.numbers import whole_or_none
from tdapp.kernel.refusals import DomainError, register_messages

FORMULAS = ("td3", "pokerstars", "linear", "fixed")
DEFAULT_TABLE = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)
MAX_TABLE_PLACES = 100
MAX_TABLE_POINTS = 100_000

register_messages(
    {
        "BAD_POINTS_FORMULA": (
            "There is no points formula %(points)s: choose td3, pokerstars, linear, fixed, or "
            "fixed: followed by the points of each place (fixed:10,6,4,2,1)"
        ),
        "BAD_POINTS_TABLE": (
            "A table of points by place is whole numbers from 0 to %(max)s separated by commas, "
            "for at most %(places)s places (fixed:10,6,4,2,1)"
        ),
    }
)


@dataclass(frozen=True)
class Finish:
    """What the formulas read of one player's finish: their `place` among `players` (ties
    share places `place .. place + tied - 1`), the tournament's buy-in and what they paid."""

    place: int
    players: int
    buy_in_cents: int
    paid_cents: int
    tied: int = 1


@dataclass(frozen=True)
class Formula:
    """A named formula; `table` is the fixed formula's points by place."""

    name: str
    table: tuple[int, ...] = ()

    @property
    def spec(self) -> str:
        """The formula as the API and the database write it: "td3", "fixed:10,6,4"."""
        if self.name == "fixed" and self.table != DEFAULT_TABLE:
            return "fixed:" + ",".join(str(points) for points in self.table)
        return self.name

    def hundredths(self, finish: Finish) -> int:
        """Points (hundredths) of `finish`. Players tied share the places they cover: each gets
        the average of those places' points (as they share the prizes, TO-14)."""
        places = range(finish.place, finish.place + finish.tied)
        total = sum(_hundredths(self._points(finish, place)) for place in places)
        return _half_up(total, finish.tied)

    def _points(self, finish: Finish, place: int) -> float:
        n = finish.players
        if self.name == "linear":
            return max(n - place + 1, 0)
        if self.name == "fixed":
            return self.table[place - 1] if place <= len(self.table) else 0
        buy_in = finish.buy_in_cents / 100
        if self.name == "pokerstars":
            return 10 * math.sqrt(n / place) * (1 + math.log10(buy_in + 0.25))
        paid = finish.paid_cents / 100
        return math.sqrt(n * buy_in * buy_in / paid) / (1 + place) if paid > 0 else 0.0


def written(hundredths: int) -> float:
    """Points as the API and a sign-up's history write them: a number with at most two
    decimals."""
    return round(hundredths / 100, 2)


def _hundredths(points: float) -> int:
    return math.floor(points * 100 + 0.5)


def _half_up(total: int, parts: int) -> int:
    return (2 * total + parts) // (2 * parts)


def parse(spec: object) -> Formula:
    """The formula `spec` names: "td3", "pokerstars", "linear", "fixed" or "fixed:10,6,4"."""
    if not isinstance(spec, str):
        raise DomainError("BAD_POINTS_FORMULA", points=repr(spec))
    name, colon, table = spec.strip().partition(":")
    name = name.strip().lower()
    if name not in FORMULAS or (colon and name != "fixed"):
        raise DomainError("BAD_POINTS_FORMULA", points=spec)
    if name != "fixed":
        return Formula(name)
    return Formula("fixed", _table(table) if colon else DEFAULT_TABLE)


def _table(text: str) -> tuple[int, ...]:
    points = [whole_or_none(part.strip(), maximum=MAX_TABLE_POINTS) for part in text.split(",")]
    if not 1 <= len(points) <= MAX_TABLE_PLACES or None in points:
        raise DomainError("BAD_POINTS_TABLE", max=MAX_TABLE_POINTS, places=MAX_TABLE_PLACES)
    return tuple(p for p in points if p is not None)
