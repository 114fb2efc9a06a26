"""What a season is made of, checked without a database (tdapp/season/rules.py)."""

from __future__ import annotations

import pytest

from tdapp.kernel.refusals import DomainError
from tdapp.season.rules import MAX_NAME, MAX_TOURNAMENTS, checked_season


def refusal(name: object, ids: list[int], points: object = "td3") -> str:
    with pytest.raises(DomainError) as refused:
        checked_season(name, ids, points)
    return refused.value.code


def test_a_season_keeps_its_name_tidied_its_formula_and_its_tournaments_in_order():
    name, formula, ids = checked_season("  Inverno   2026 ", [3, 1], "fixed:10,6")
    assert (name, formula.spec, ids) == ("Inverno 2026", "fixed:10,6", (3, 1))


@pytest.mark.parametrize("name", ["", "   ", None, 7, "x" * (MAX_NAME + 1)])
def test_a_season_needs_a_name_of_at_most_120_characters(name):
    assert refusal(name, []) == "BAD_SEASON_NAME"


def test_a_tournament_is_listed_once_and_a_season_holds_at_most_500():
    assert refusal("S", [4, 2, 4]) == "SEASON_TOURNAMENT_TWICE"
    assert refusal("S", list(range(1, MAX_TOURNAMENTS + 2))) == "SEASON_TOO_MANY_TOURNAMENTS"


def test_the_formula_is_one_the_club_names():
    assert refusal("S", [], "sqrt(n)/r") == "BAD_POINTS_FORMULA"
