"""Next night's tables (LG-05): the rotation, the sit-outs, substitutes and four-handed tables."""

import random

import pytest

from tdapp.league.errors import LeagueError
from tdapp.league.results import Night, table_result
from tdapp.league.rotation import first_night, next_night

MEMBERS = ["a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "b5", "o1", "o2"]


def ranked_night(day=5):
    """Table A ranked a1..a5 and table B b1..b5 by net; o1 and o2 sat out."""
    a = table_result("A", {"a3": 500, "a1": 1300, "a5": 0, "a2": 900, "a4": 300},
                     {"a5": 2})
    b = table_result("B", {"b1": 1500, "b2": 700, "b3": 300, "b4": 0, "b5": 0})
    return Night(day, (a, b))


def test_rotation_1A_3A_2B_4B_and_1B_3B_2A_4A_plus_one_sit_out_each_LG_05():
    plan = next_night(MEMBERS, ranked_night(), set(), random.Random(3))
    table_a, table_b = plan.tables
    assert set(table_a.players) - {"o1", "o2"} == {"a1", "a3", "b2", "b4"}
    assert set(table_b.players) - {"o1", "o2"} == {"b1", "b3", "a2", "a4"}
    assert {table_a.players[-1], table_b.players[-1]} == {"o1", "o2"}
    assert set(plan.sitting_out) == {"a5", "b5"}
    assert (table_a.host, table_b.host) == ("a1", "b1")
    assert (table_a.lowest_rank, table_b.lowest_rank) == (6, 6)


def test_the_sit_out_goes_to_table_a_by_lot_LG_05():
    goes_to_a = {next_night(MEMBERS, ranked_night(), set(), random.Random(seed)).tables[0]
                 .players[-1] for seed in range(30)}
    assert goes_to_a == {"o1", "o2"}


def test_the_sit_out_who_lost_less_is_the_first_substitute_LG_05():
    # a5 lost 1000 and b5 lost 500: b5 is the "primo subentro"
    plan = next_night(MEMBERS, ranked_night(), {"a3"}, random.Random(3))
    table_a = plan.tables[0]
    assert "a3" not in table_a.players and "b5" in table_a.players
    assert [(s.player, s.substitute) for s in plan.substitutions] == [("a3", "b5")]
    assert plan.sitting_out == ("a5",)


def test_second_missing_player_takes_the_second_substitute_LG_05():
    plan = next_night(MEMBERS, ranked_night(), {"a3", "b1"}, random.Random(3))
    subs = {s.player: s.substitute for s in plan.substitutions}
    assert set(subs.values()) == {"a5", "b5"}
    assert plan.sitting_out == ()
    assert plan.tables[1].host == "b3"  # 1B cannot host: the next of the table who comes


def test_with_no_substitute_left_the_table_plays_four_handed_with_7_to_A_LG_05():
    plan = next_night(MEMBERS, ranked_night(), {"a3", "b1", "b2", "a5"}, random.Random(3))
    sizes = {t.name: len(t.players) for t in plan.tables}
    assert sorted(sizes.values()) == [4, 4]
    assert all(t.lowest_rank == 7 and not t.col_salto for t in plan.tables)


def test_a_table_that_would_drop_below_four_is_refused():
    with pytest.raises(LeagueError) as caught:
        next_night(MEMBERS, ranked_night(), {"a1", "a3", "b2", "b4", "a5", "b5"},
                   random.Random(3))
    assert caught.value.code == "TABLE_TOO_SMALL"


def test_first_night_two_tables_of_six_col_salto_LG_01():
    plan = first_night(MEMBERS, set(), random.Random(1))
    assert [len(t.players) for t in plan.tables] == [6, 6]
    assert all(t.col_salto and t.lowest_rank == 6 for t in plan.tables)
    assert sorted(p for t in plan.tables for p in t.players) == sorted(MEMBERS)


def test_after_the_night_of_sixes_the_6ths_sit_out_and_the_5ths_fill_the_slots_LG_05():
    a = table_result("A", {"a1": 1100, "a2": 900, "a3": 500, "a4": 300, "a5": 200, "a6": 0})
    b = table_result("B", {"b1": 1100, "b2": 900, "b3": 500, "b4": 300, "b5": 200, "b6": 0})
    members = [f"{t}{i}" for t in "ab" for i in range(1, 7)]
    plan = next_night(members, Night(1, (a, b)), set(), random.Random(2))
    assert set(plan.sitting_out) == {"a6", "b6"}
    assert {plan.tables[0].players[-1], plan.tables[1].players[-1]} == {"a5", "b5"}
    assert [len(t.players) for t in plan.tables] == [5, 5]


def test_a_table_left_with_three_takes_the_last_seated_player_of_the_other():
    plan = next_night(MEMBERS, ranked_night(), {"a1", "a3", "a5", "b5"}, random.Random(3))
    assert [len(t.players) for t in plan.tables] == [4, 4]
    assert len(plan.moved) == 1 and plan.moved[0] in plan.tables[0].players
    assert plan.tables[0].host == "b2"
