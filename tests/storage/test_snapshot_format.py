"""A snapshot's format fingerprints every source its pickle depends on (issue 28): the state's
own package and every module of the app it imports, the engine's hand included."""

from __future__ import annotations

import gc
import shutil

import pytest

from tdapp import settle_heap
from tdapp.services import draw_tables, league, tournament_log
from tdapp.storage import event_log
from tdapp.storage.event_log import APP, pickle_format, sources_of


def test_a_tournaments_snapshot_depends_on_the_engine_it_holds_a_hand_of():
    reached = {str(source.relative_to(APP)) for source in sources_of("tdapp.tournament")}
    assert {"engine/holdem.py", "engine/cards.py", "engine/pots.py", "tournament/state.py"} <= reached
    assert not any(source.startswith(("web/", "services/", "storage/", "realtime/")) for source in reached)
    assert "__init__.py" not in reached  # the app factory holds no state


def test_a_draw_tables_snapshot_depends_on_the_engine_and_the_ground_floor_it_imports():
    reached = {str(source.relative_to(APP)) for source in sources_of("tdapp.draw_table")}
    assert {"engine/draw/hand.py", "engine/telesina/hand.py", "kernel/refusals.py",
            "kernel/events.py"} <= reached
    assert not any(source.startswith("tournament/") for source in reached)


def test_an_engine_change_alone_gives_the_tournaments_snapshots_another_format(tmp_path, monkeypatch):
    copy = tmp_path / "tdapp"
    shutil.copytree(APP, copy, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    monkeypatch.setattr(event_log, "APP", copy)
    before = pickle_format("tdapp.tournament")
    assert pickle_format("tdapp.tournament") == before
    (copy / "web" / "home.py").write_text("# a page changed: no state holds it\n", encoding="utf-8")
    assert pickle_format("tdapp.tournament") == before
    holdem = copy / "engine" / "holdem.py"
    holdem.write_text(holdem.read_text() + "\n# a field added to the hand\n", encoding="utf-8")
    assert pickle_format("tdapp.tournament") != before


def test_a_leagues_snapshot_depends_on_the_nights_it_pickles_and_nothing_above():
    reached = {str(source.relative_to(APP)) for source in sources_of("tdapp.league")}
    assert {"league/results.py", "league/log.py", "league/calendar.py", "kernel/events.py"} <= reached
    assert not any(source.startswith(("tournament/", "web/", "services/", "storage/", "realtime/"))
                   for source in reached)


def test_a_change_to_a_nights_classes_gives_the_leagues_snapshots_another_format(tmp_path, monkeypatch):
    copy = tmp_path / "tdapp"
    shutil.copytree(APP, copy, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    monkeypatch.setattr(event_log, "APP", copy)
    league, tournament = pickle_format("tdapp.league"), pickle_format("tdapp.tournament")
    results = copy / "league" / "results.py"
    results.write_text(results.read_text() + "\n# a field added to a seat\n", encoding="utf-8")
    assert pickle_format("tdapp.league") != league
    assert pickle_format("tdapp.tournament") == tournament  # no tournament holds a night


def test_a_serving_process_knows_its_snapshot_formats_before_its_first_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Worked out at the first snapshot, a format parsed the state's sources inside that
    change's turn (a tournament's 1,000th event: some 200 ms, for every table of the night);
    a serving process works them out as it starts (`settle_heap`), and never again."""
    logs = (tournament_log.LOG, draw_tables.LOG, league.LOG)
    for log in logs:
        monkeypatch.delitem(log.aggregate.__dict__, "state_format", raising=False)
    try:
        settle_heap()
    finally:
        gc.unfreeze()  # a test process's objects come and go

    def parsed(*packages: str) -> set:
        raise AssertionError(f"the sources of {packages} parsed after start-up")

    monkeypatch.setattr(event_log, "sources_of", parsed)
    assert all(log.aggregate.state_format.startswith("pickle:") for log in logs)
