"""What a season is made of, checked before anything is stored: a name, a points formula
(points.py) and its tournaments, each listed once. Whether those tournaments exist is the
services' to ask."""

from __future__ import annotations

from collections.abc import Sequence

from tdapp.kernel.names import fits, tidied
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.season.points import Formula, parse

MAX_NAME = 120
MAX_TOURNAMENTS = 500

register_messages(
    {
        "BAD_SEASON_NAME": "A season needs a name of at most %(max)s characters",
        "SEASON_TOURNAMENT_TWICE": "Tournament %(tournament_id)s is listed twice",
        "SEASON_TOO_MANY_TOURNAMENTS": "A season holds at most %(max)s tournaments",
    }
)


def checked_season(name: object, tournament_ids: Sequence[int], points: object
                   ) -> tuple[str, Formula, tuple[int, ...]]:
    """The season's name (spaces tidied), formula and tournaments, or the first refusal among
    them."""
    name = tidied(name)
    if not fits(name, MAX_NAME):
        raise DomainError("BAD_SEASON_NAME", max=MAX_NAME)
    formula = parse(points)
    ids = tuple(tournament_ids)
    if len(ids) > MAX_TOURNAMENTS:
        raise DomainError("SEASON_TOO_MANY_TOURNAMENTS", max=MAX_TOURNAMENTS)
    seen: set[int] = set()
    for tid in ids:
        if tid in seen:
            raise DomainError("SEASON_TOURNAMENT_TWICE", tournament_id=tid)
        seen.add(tid)
    return name, formula, ids
