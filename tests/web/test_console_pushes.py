"""The consoles' pushes (tdapp/realtime): a table console hears its hand before the screens are
redrawn, a draw console hears every committed change of its table, whoever made it, and a league
night's screen is told of every change of its tables and of its own record."""

from __future__ import annotations

from datetime import UTC

import pytest

from tdapp.draw_table.commands import Deal, PlayTelesinaRound
from tdapp.realtime import socketio, td_answer
from tdapp.services import draw_tables, league_nights, tables, tournaments
from tdapp.services import league as leagues

SET_UP = {
    "name": "Pushes",
    "starting_stack": 5000,
    "seats_per_table": 9,
    "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200}],
}
PLAYERS = [{"name": n, "resto": 300} for n in ("Anna", "Bruno", "Carla")]


@pytest.fixture
def emitted(monkeypatch) -> list[tuple[str, str | None]]:
    """Every emit of the Socket.IO server, in order: (event, room)."""
    sent: list[tuple[str, str | None]] = []
    emit = socketio.emit

    def recorded(event, *args, **kwargs):
        sent.append((event, kwargs.get("to")))
        return emit(event, *args, **kwargs)

    monkeypatch.setattr(socketio, "emit", recorded)
    return sent


def seated_table(api) -> tuple[int, str, int]:
    """A tournament of three players seated at one table: its id, slug and table."""
    created = api.post("/api/v1/tournaments", json=SET_UP).get_json()
    tid, slug = created["id"], created["slug"]
    for name in ("Ada", "Bea", "Cloe"):
        api.post(f"/api/v1/tournaments/{tid}/players", json={"name": name})
    table = api.post(f"/api/v1/tournaments/{tid}/seats/draw").get_json()["players"][0]["table"]
    return tid, slug, table


def test_a_table_console_gets_its_hand_before_the_screens_get_the_change(app, api, emitted):
    tid, slug, table = seated_table(api)
    console = socketio.test_client(app)
    display = socketio.test_client(app)
    assert console.emit("join_table", {"tournament": slug, "table": table}, callback=True) == {
        "joined": True}
    display.emit("join", {"tournament": slug})
    emitted.clear()

    started = api.post(f"/api/v1/tournaments/{tid}/tables/{table}/hands")

    version = started.get_json()["version"]
    hand = ("hand", f"tournament-{tid}-table-{table}")
    delta = ("delta", f"tournament-{tid}")
    assert hand in emitted and delta in emitted
    assert emitted.index(hand) < emitted.index(delta)
    pushed = [e["args"][0] for e in console.get_received() if e["name"] == "hand"]
    assert pushed[-1]["version"] == version and pushed[-1]["hand"]["number"] == 1
    shown = [e["args"][0] for e in display.get_received() if e["name"] == "delta"]
    assert shown[-1]["version"] == version


def test_the_answer_to_a_tables_action_is_the_message_its_console_was_pushed(app, api):
    tid, slug, table = seated_table(api)
    console = socketio.test_client(app)
    console.emit("join_table", {"tournament": slug, "table": table}, callback=True)
    base = f"/api/v1/tournaments/{tid}/tables/{table}"
    hand = api.post(f"{base}/hands").get_json()["hand"]

    answer = api.post(f"{base}/hand/actions",
                      json={"seat": hand["legal"]["seat"], "action": "call"}).get_json()

    pushed = [e["args"][0] for e in console.get_received() if e["name"] == "hand"]
    assert pushed[-1] == answer
    assert answer["hand"]["history"][-1]["action"] == "call"


def test_the_pushes_and_the_actions_answer_read_nothing_back_from_the_services(
        app, api, ddt_client, monkeypatch):
    """Issue 28: the change carries the state it produced, the slug and the DdT's undo and
    redo; a push that asked the services for them again would fail here."""
    tid, slug, table = seated_table(api)
    console = socketio.test_client(app)
    console.emit("join_table", {"tournament": slug, "table": table}, callback=True)
    display = socketio.test_client(app)
    display.emit("join", {"tournament": slug})
    ddt = socketio.test_client(app, flask_test_client=ddt_client)
    ddt.emit("join", {"tournament": slug, "audience": "td", "view": "full"})
    for client in (console, display, ddt):
        client.get_received()

    def asked_back(*_args, **_kwargs):
        raise AssertionError("a push read the tournament back from the services")

    for reader in ("current", "summary", "can_undo_redo", "state_of"):
        monkeypatch.setattr(tournaments, reader, asked_back)
    started = tables.start_hand(tid, table, "ddt")

    (hand,) = [e["args"][0] for e in console.get_received() if e["name"] == "hand"]
    (shown,) = [e["args"][0] for e in display.get_received() if e["name"] == "delta"]
    (told,) = [e["args"][0] for e in ddt.get_received() if e["name"] == "delta"]
    assert hand["version"] == shown["version"] == told["version"] == started.version
    assert ["set", ["can_undo"], True] in told["ops"]
    answer = td_answer(tid, started)
    assert {key: answer.pop(key) for key in ("id", "slug", "can_undo", "can_redo")} == {
        "id": tid, "slug": slug, "can_undo": True, "can_redo": False}
    assert answer == told  # the push's delta, computed once


def test_a_draw_console_hears_a_change_made_through_the_service_alone(app, api):
    opened = api.post("/api/v1/draw-tables", json={"name": "Tavolo", "players": PLAYERS,
                                                   "dealer": 3}).get_json()
    token = opened["url"].rsplit("/", 1)[-1]
    console = socketio.test_client(app)
    assert console.emit("join_draw_table", {"token": token}, callback=True) == {"joined": True}
    console.get_received()

    # No route took part: the push comes from the bus's DrawTableChange.
    dealt = draw_tables.dispatch(opened["id"], Deal(2), "another process's console")

    pushed = [e["args"][0] for e in console.get_received() if e["name"] == "draw_table"]
    assert [p["version"] for p in pushed] == [dealt.version]
    assert pushed[0]["id"] == opened["id"] and pushed[0]["phase"] == "first_round"
    assert all(line["text"] for line in pushed[0]["lines"])


def test_a_league_night_screen_hears_its_tables_and_its_marks_and_no_other(app, api):
    league = leagues.create_league("Lunedì", [f"P{i}" for i in range(1, 11)])
    day = league_nights.open_night(league, (), "secretary")
    first, second = league_nights.live_night(league, day, UTC).tables
    screen = socketio.test_client(app)
    assert screen.emit("join_league_night", {"league_id": league, "day": day},
                       callback=True) == {"joined": True}
    assert screen.emit("join_league_night", {"league_id": league, "day": day + 1},
                       callback=True) == {"joined": False}
    assert screen.emit("join_league_night", {"league_id": "x"}, callback=True) == {
        "joined": False}
    elsewhere = api.post("/api/v1/draw-tables", json={"name": "Tavolo", "players": PLAYERS,
                                                      "dealer": 3}).get_json()
    screen.get_received()

    draw_tables.dispatch(elsewhere["id"], Deal(2), "dealer")  # a table of no night
    assert screen.get_received() == []
    draw_tables.dispatch(first.draw_table_id, PlayTelesinaRound("secca"), "dealer")
    draw_tables.dispatch(second.draw_table_id, Deal(2), "dealer")
    league_nights.record(league, day, first.name, "vestito", "secretary")

    told = [e for e in screen.get_received() if e["name"] == "league_night"]
    assert [e["args"][0] for e in told] == [{"league_id": league, "day": day}] * 3
