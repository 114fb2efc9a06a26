"""Replay of a whole season from a recorded fixture: 20 regular nights (with absences,
substitutes and a four-handed night), the post-season of days 21-25 and the finalists.

The fixture (season_2024.json) holds what the secretary entered each night (tables, chips, poste,
who could not come, the seed of the night's draw by lot) and what was announced: each player's
points, the standings after day 20 and after day 25, and the two finals' players."""

import json
import random
from pathlib import Path

import pytest

from tdapp.league import postseason
from tdapp.league.results import Night, NightKind, table_result
from tdapp.league.rotation import first_night, next_night
from tdapp.league.scoring import night_lines
from tdapp.league.standings import standings

SEASON = json.loads((Path(__file__).parent / "season_2024.json").read_text())
MEMBERS = SEASON["members"]


def nights(upto: int) -> list[Night]:
    return [
        Night(n["day"], tuple(table_result(t["name"], t["chips"], t["poste"]) for t in n["tables"]),
              NightKind(n["kind"]))
        for n in SEASON["nights"] if n["day"] <= upto
    ]


def test_the_fixture_is_a_full_season_of_25_nights():
    assert [n["day"] for n in SEASON["nights"]] == list(range(1, 26))
    assert len(MEMBERS) == 12


@pytest.mark.parametrize("day", range(1, 26))
def test_each_nights_points_LG_03(day):
    night = nights(day)[-1]
    expected = {p: v for t in SEASON["nights"][day - 1]["tables"] for p, v in t["points"].items()}
    assert {p: line.points for p, line in night_lines(night).items()} == expected


@pytest.mark.parametrize("day", range(1, 21))
def test_each_nights_tables_follow_the_rotation_LG_05(day):
    record = SEASON["nights"][day - 1]
    rng = random.Random(record["lot_seed"])
    unavailable = set(record["unavailable"])
    if day == 1:
        plan = first_night(MEMBERS, unavailable, rng)
    else:
        plan = next_night(MEMBERS, nights(day - 1)[-1], unavailable, rng)
    assert [list(t.players) for t in plan.tables] == [t["players"] for t in record["tables"]]
    assert [t.host for t in plan.tables] == [t["host"] for t in record["tables"]]
    assert [t.lowest_rank for t in plan.tables] == [t["lowest_rank"] for t in record["tables"]]
    assert sorted(plan.sitting_out) == record["sitting_out"]
    assert [[s.player, s.substitute] for s in plan.substitutions] == record["substitutions"]


def test_the_season_has_substitutes_and_a_four_handed_night_LG_05():
    assert any(n.get("substitutions") for n in SEASON["nights"])
    assert any(t["lowest_rank"] == 7 for n in SEASON["nights"][:20] for t in n["tables"])


def test_standings_after_day_20_with_ties_broken_LG_04():
    lines = standings(MEMBERS, nights(20), random.Random(SEASON["standings_seed"]))
    got = [[line.player, line.points, line.biggest_wins, line.biggest_losses, line.wins,
            line.losses, line.lot] for line in lines]
    assert got == SEASON["standings_after_20"]
    points = [line.points for line in lines]
    assert len(set(points)) < len(points)  # some places were decided by the tie-break keys


def test_the_post_season_tables_LG_06():
    lines = standings(MEMBERS, nights(20), random.Random(SEASON["standings_seed"]))
    cut = postseason.split(lines)
    assert list(cut.qualified) == SEASON["qualified"]
    assert list(cut.playoff) == SEASON["playoff"]
    plan = postseason.day_21(cut, nights(20)[-1], lines).plan
    assert list(plan.players) == SEASON["nights"][20]["tables"][0]["players"]
    for day in range(22, 26):
        lines = standings(MEMBERS, nights(day - 1), random.Random(SEASON["standings_seed"]))
        plan = postseason.next_post_season(cut, nights(day - 1)[-1].tables[0], lines).plan
        assert list(plan.players) == SEASON["nights"][day - 1]["tables"][0]["players"]
    day_25 = SEASON["nights"][24]
    playoff = postseason.playoff(cut, set(day_25["unavailable"]), plan.players)
    assert list(playoff.players) == day_25["tables"][1]["players"]


def test_the_finalists_LG_06():
    lines = standings(MEMBERS, nights(25), random.Random(SEASON["standings_seed"]))
    assert [[line.player, line.points] for line in lines] == SEASON["standings_after_25"]
    finals = postseason.finals(lines)
    assert list(finals.final) == SEASON["final"]
    assert list(finals.finalina) == SEASON["finalina"]
