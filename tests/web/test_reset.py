"""`tdapp.testing.reset`: the tests share one app per database, so whatever a test leaves in the
process (states held in memory, views sent, a scheduler and its jobs, config, sockets, the
bus's subscribers, brakes, another app) must be gone before the next one. Two nights that each
leave all of it behind run one after the other with a reset between, in both orders: the second
sees what it sees on a fresh start, and nothing of the first."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tdapp import bootstrap, realtime, scheduler, testing
from tdapp.realtime import socketio
from tdapp.services import accounts, bus, draw_tables, journal, tournaments
from tdapp.services import league as leagues
from tdapp.services.draw_tables import Player
from tdapp.tournament.clock import rules
from tdapp.tournament.settings import Settings
from tdapp.wallclock import utcnow

CLIENT = "10.0.0.9"
SEASON = json.loads((Path(__file__).parents[1] / "league" / "season_2024.json").read_text())


def assert_fresh(app, config: dict[str, Any]) -> None:
    """Nothing of an earlier test is left in the process; `config` is the app's as created."""
    assert testing.holds(app)
    assert not scheduler.running() and scheduler.job_time("leftover") is None
    assert dict(app.config) == config and not app.debug
    assert bus._subscribers == [(kind, callback) for callback, kind in bootstrap.SUBSCRIBERS]
    assert list(socketio.server.manager.get_participants("/", None)) == []
    assert accounts.login_brake.wait_seconds(("login", "ddt", CLIENT), utcnow()) == 0
    assert tournaments.LOG.held(1) is None and draw_tables.LOG.held(1) is None
    assert leagues.LOG.held(1) is None


def a_night(app, config: dict[str, Any], name: str, undo: bool) -> None:
    """On a fresh start: a tournament, a draw table and a league, all id 1 (the first of a database,
    whatever the night before had under that id), read as the console and the screens read
    them, each read its own; then every kind of leftover a test can leave."""
    assert_fresh(app, config)
    created = tournaments.create_tournament(Settings(name=name), "test")
    tid = created.id
    tournaments.dispatch(tid, rules.StartClock(), "test")
    # Both nights read these lines at the same version with nothing undone.
    assert [entry.text() for entry in journal.entries(tid)] == [
        "Clock started", f"Set-up saved: {name}"]
    if undo:
        tournaments.undo(tid, "test")
    else:
        tournaments.dispatch(tid, rules.PauseClock(), "test")
    # And these at the same version again, the third.
    state = tournaments.current(tid)
    assert (tid, state.version, state.settings.name) == (1, 3, name)
    assert realtime.held_view(tid, "public", state)["tournament"]["name"] == name
    assert tournaments.can_undo_redo(tid) == ((False, True) if undo else (True, False))
    table = draw_tables.create_table(f"Tavolo {name}", [Player("Anna", 300), Player("Bruno", 300)],
                                     2, "ddt")
    assert (table.id, draw_tables.current(table.id).name) == (1, f"Tavolo {name}")
    league = leagues.create_league(f"Lega {name}", SEASON["members"])
    leagues.enter_night(league, 1, SEASON["nights"][0]["tables"], "test")
    if undo:
        leagues.undo_night(league, "test")
    assert (league, len(leagues.league(league).nights)) == (1, 0 if undo else 1)

    display = socketio.test_client(app)
    display.emit("join", {"tournament": created.slug})
    scheduler.start()
    scheduler.schedule("leftover", datetime.now(UTC) + timedelta(hours=1), "tdapp.scheduler:rebuild")
    app.config["TOKEN_DAYS"] = 5
    app.debug = True
    bus.subscribe(lambda change: None)
    for _ in range(accounts.MAX_FAILURES):
        accounts.authenticate("ddt", "sbagliata", CLIENT)


@pytest.fixture
def created_config(app) -> dict[str, Any]:
    return dict(app.config)


@pytest.fixture
def nights(app, created_config):
    return {
        "undone": lambda: a_night(app, created_config, "Prima", undo=True),
        "paused": lambda: a_night(app, created_config, "Seconda", undo=False),
    }


@pytest.mark.parametrize("first, second", [("undone", "paused"), ("paused", "undone")])
def test_after_a_reset_a_test_sees_what_a_fresh_start_shows_and_nothing_of_the_one_before(
    app, nights, created_config, first, second
):
    nights[first]()
    testing.reset(app)
    nights[second]()
    testing.reset(app)
    assert_fresh(app, created_config)


def test_an_app_a_test_built_of_its_own_gives_the_process_back_at_the_reset(
    app, own_app, created_config
):
    other = own_app(TDAPP_TRUSTED_PROXIES=1, SOCKETIO_CHANNEL="altrove")
    tid = tournaments.create_tournament(Settings(name="Altrove"), "test").id
    assert not testing.holds(app)
    testing.reset(app)
    assert_fresh(app, created_config)
    # The scheduler tells other processes' owners on the app's channel again.
    assert scheduler._changes_channel == f"{realtime.channel(app)}:changes"
    assert other.extensions["socketio"] is socketio and tournaments.list_tournaments() == []
    assert tournaments.create_tournament(Settings(name="Qui"), "test").id == tid
