"""A night's result and its points: LG-02 (nets sum to zero) and LG-03 (points per night)."""

import pytest

from tdapp.league.errors import LeagueError
from tdapp.league.results import Night, NightKind, table_result
from tdapp.league.scoring import night_lines, points


def table(chips, poste=None, **kw):
    return table_result("A", chips, poste, **kw)


def test_net_is_chips_less_poste_taken_and_nets_sum_to_zero_LG_02():
    t = table({"Ada": 1700, "Bea": 0, "Cal": 500, "Dan": 300, "Eva": 500},
              {"Ada": 1, "Bea": 2, "Cal": 1, "Dan": 1, "Eva": 1})
    assert t.nets == {"Ada": 1200, "Bea": -1000, "Cal": 0, "Dan": -200, "Eva": 0}
    assert sum(t.nets.values()) == 0


def test_a_count_that_does_not_balance_is_refused_with_the_difference_LG_02():
    with pytest.raises(LeagueError) as caught:
        table({"Ada": 900, "Bea": 500, "Cal": 500, "Dan": 500, "Eva": 500})
    assert caught.value.code == "NETS_DO_NOT_BALANCE"
    assert caught.value.params["difference"] == 400


@pytest.mark.parametrize("poste", [0, 6])
def test_poste_taken_are_one_to_five_LG_02(poste):
    with pytest.raises(LeagueError) as caught:
        table({"Ada": 500 * poste, "Bea": 500, "Cal": 500, "Dan": 500, "Eva": 500},
              {"Ada": poste})
    assert caught.value.code == "POSTE_RANGE"


def test_a_table_has_four_to_six_players():
    with pytest.raises(LeagueError) as caught:
        table({"Ada": 500, "Bea": 500, "Cal": 500})
    assert caught.value.code == "TABLE_SIZE"


def test_the_final_counts_a_posta_of_1000_LG_02():
    t = table({"Ada": 500, "Bea": 500, "Cal": 500, "Dan": 500, "Eva": 500}, posta=500)
    with pytest.raises(LeagueError) as caught:
        Night(26, (t,), NightKind.FINAL)
    assert caught.value.code == "WRONG_POSTA"


def test_nobody_sits_at_two_tables_the_same_night():
    a = table_result("A", {p: 500 for p in "ABCDE"})
    b = table_result("B", {p: 500 for p in "EFGHI"})
    with pytest.raises(LeagueError) as caught:
        Night(3, (a, b))
    assert caught.value.code == "PLAYS_TWICE"


def test_biggest_winner_2_other_winner_1_plus_one_per_full_posta_LG_03():
    t = table({"Ada": 1700, "Bea": 700, "Cal": 100, "Dan": 0, "Eva": 0},
              {"Bea": 1, "Dan": 1, "Eva": 1})
    # nets: Ada +1200, Bea +200, Cal -400, Dan -500, Eva -500
    assert points(t, "Ada") == 2 + 2
    assert points(t, "Bea") == 1
    assert points(t, "Cal") == 0
    assert points(t, "Dan") == 0  # losing exactly one posta is still 0


def test_equal_biggest_winners_both_get_2_LG_03():
    t = table({"Ada": 800, "Bea": 800, "Cal": 400, "Dan": 250, "Eva": 250})
    assert points(t, "Ada") == points(t, "Bea") == 2


def test_only_full_poste_count_for_the_winner_LG_03():
    t = table({"Ada": 1499, "Bea": 501, "Cal": 0, "Dan": 250, "Eva": 250})
    assert points(t, "Ada") == 2 + 1  # +999 is one full posta
    assert points(t, "Bea") == 1  # +1 is a win, no posta


def test_cappotto_adds_one_point_to_a_winner_LG_03():
    chips = {"Ada": 2500, "Bea": 0, "Cal": 0, "Dan": 0, "Eva": 0}
    assert points(table(chips, cappotto=frozenset({"Ada"})), "Ada") == 2 + 4 + 1
    assert points(table(chips), "Ada") == 2 + 4


@pytest.mark.parametrize(("loss", "expected"), [
    (0, 0), (500, 0), (501, -1), (1000, -1), (1001, -2), (1500, -2), (1501, -3), (2000, -3),
    (2001, -4), (2499, -4), (2500, -5),
])
def test_losers_lose_a_point_per_posta_started_beyond_the_first_down_to_5_LG_03(loss, expected):
    poste = 5 if loss > 2000 else 4
    rest = 500 * poste - loss
    chips = {"Ada": rest, "Bea": 500 + loss, "Cal": 500, "Dan": 500, "Eva": 500}
    t = table(chips, {"Ada": poste})
    assert t.net("Ada") == -loss
    assert points(t, "Ada") == expected


def test_final_doubles_the_points_LG_03():
    t = table({"Ada": 3500, "Bea": 1000, "Cal": 0, "Dan": 500, "Eva": 0}, posta=1000)
    night = Night(26, (t,), NightKind.FINAL)
    lines = night_lines(night)
    assert lines["Ada"].points == 2 * (2 + 2)  # +2500 at a posta of 1000
    assert lines["Cal"].points == 0  # -1000 is one posta: 0 doubled
    assert lines["Eva"].points == 0


def test_night_lines_mark_the_biggest_winner_and_loser_of_each_table_LG_04():
    t = table({"Ada": 1500, "Bea": 500, "Cal": 500, "Dan": 0, "Eva": 0})
    lines = night_lines(Night(4, (t,)))
    assert [p for p, line in lines.items() if line.biggest_winner] == ["Ada"]
    assert sorted(p for p, line in lines.items() if line.biggest_loser) == ["Dan", "Eva"]
