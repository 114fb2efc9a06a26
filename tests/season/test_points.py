"""The points formulas a season offers, each checked against a worked example by hand."""

from __future__ import annotations

import pytest

from tdapp.kernel.refusals import DomainError
from tdapp.season.points import DEFAULT_TABLE, Finish, parse


def points(spec: str, place: int, players: int = 10, buy_in: int = 2000, paid: int = 2000,
           tied: int = 1) -> int:
    return parse(spec).hundredths(Finish(place, players, buy_in, paid, tied))


def test_td3_is_sqrt_of_players_times_buy_in_squared_over_paid_over_one_plus_place():
    # 10 players, 20 euros, no rebuy: sqrt(10 * 20 * 20 / 20) / (1 + 1) = 14.142 / 2 = 7.07
    assert points("td3", 1) == 707
    # second place: 14.142 / 3 = 4.71
    assert points("td3", 2) == 471
    # the winner who paid a 10-euro rebuy too: sqrt(10 * 400 / 30) / 2 = 11.547 / 2 = 5.77
    assert points("td3", 1, paid=3000) == 577


def test_td3_gives_a_freeroll_no_points():
    assert points("td3", 1, buy_in=0, paid=0) == 0


def test_pokerstars_matches_its_published_example():
    # 150 entrants, 20 buy-in, third place: 10 * sqrt(50) * (1 + log10(20.25)) = 163.09
    assert points("pokerstars", 3, players=150) == 16309


def test_linear_gives_the_last_place_one_point_and_the_winner_the_field():
    assert [points("linear", place) for place in (1, 2, 10)] == [1000, 900, 100]


def test_fixed_reads_the_formula_one_table_and_pays_nothing_past_its_end():
    assert DEFAULT_TABLE == (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)
    assert [points("fixed", place, players=12) for place in (1, 2, 10, 11)] == [2500, 1800, 100, 0]


def test_fixed_takes_the_clubs_own_table():
    formula = parse("fixed: 10, 6,4")
    assert formula.table == (10, 6, 4)
    assert formula.spec == "fixed:10,6,4"
    assert [points("fixed:10,6,4", place) for place in (1, 3, 4)] == [1000, 400, 0]


def test_players_sharing_places_share_their_points_TO_14():
    # places 2 and 3 shared on the table 10, 6, 4: (6 + 4) / 2 = 5 each
    assert points("fixed:10,6,4", 2, tied=2) == 500
    # linear, 10 players, places 9 and 10 shared: (2 + 1) / 2 = 1.5 each
    assert points("linear", 9, tied=2) == 150


def test_names_are_read_without_regard_to_case_or_spaces():
    assert parse(" TD3 ").spec == "td3"
    assert parse("fixed").spec == "fixed"


@pytest.mark.parametrize("spec", ["", "td4", "sqrt(n)/r", "linear:3", "__import__('os')", 7])
def test_an_unknown_formula_is_refused(spec):
    with pytest.raises(DomainError) as refused:
        parse(spec)
    assert refused.value.code == "BAD_POINTS_FORMULA"


@pytest.mark.parametrize("spec", ["fixed:", "fixed:10,,4", "fixed:10,-1", "fixed:1.5",
                                  "fixed:²", "fixed:100001", "fixed:" + ",".join(["1"] * 101)])
def test_a_bad_table_of_points_is_refused(spec):
    with pytest.raises(DomainError) as refused:
        parse(spec)
    assert refused.value.code == "BAD_POINTS_TABLE"
