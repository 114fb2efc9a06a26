"""A season's league log recorded as version-1 event records replays to the same nights, the
same standings and the same next night, forever (the league's counterpart of
tests/draw_table/logs and tests/tournament/logs).

`logs/season_v1.json`: the 25 nights of season_2024.json as the league's log stores them, each
table's chips and poste by player in the order they were entered (that order breaks equal
nets), with one cappotto box ticked on day 7 (Fischer, table A). `logs/season_v1_state.json`:
the standings after the last night and the Final's table that follows. If the stored form of a
night changes, these files must still replay: bump `VERSION` in tdapp/league/log.py and register
an upgrade in `UPGRADES` instead of editing them.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from tdapp.league.calendar import League, upcoming
from tdapp.league.log import Nights, apply, from_record, to_record

LOGS = Path(__file__).parent / "logs"
RECORDS = json.loads((LOGS / "season_v1.json").read_text(encoding="utf-8"))
STATE = json.loads((LOGS / "season_v1_state.json").read_text(encoding="utf-8"))
MEMBERS = ("Galli", "Liuni", "Marcone", "Fischer", "Sandro", "Bruno", "Carla", "Dario", "Elena",
           "Fabio", "Gina", "Ivo")  # in the order the league was created with
SEED = 2024  # the standings' draw by lot, for the places no key decides


def replayed() -> League:
    nights: Nights = ()
    for record in RECORDS:
        nights = apply(nights, from_record(record))
    return League(1, "Edizione 2024/25", MEMBERS, SEED, nights)


def test_the_recorded_season_gives_the_same_standings_LG_04():
    assert [asdict(line) for line in replayed().standings()] == STATE["standings"]


def test_the_recorded_season_leads_to_the_same_final_LG_06():
    final = upcoming(replayed())
    assert {"day": final.day, "kind": final.kind.value,
            "tables": [list(table.players) for table in final.plan.tables]} == STATE["next"]


def test_each_recorded_night_is_stored_again_as_it_was_recorded():
    league = replayed()
    assert [night.day for night in league.nights] == list(range(1, 26))
    assert [to_record(from_record(record)) for record in RECORDS] == RECORDS


def test_the_ticked_cappotto_box_counts_its_point_LG_03():
    day_7 = replayed().night(7)
    assert day_7.tables[0].seat("Fischer").cappotto
    assert replayed().lines(day_7)["Fischer"].points == replayed().lines(day_7)["Dario"].points + 1
