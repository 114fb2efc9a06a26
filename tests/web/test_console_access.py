"""Console access (issue 12, item 1): a console's PIN cannot be brute-forced from many
addresses, and a renewed link and PIN end every session and socket opened with the old ones,
for the hold'em table console and the draw console alike."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta

import pytest

from tdapp.realtime import socketio
from tdapp.services import console_pins, tables
from tdapp.wallclock import utcnow

SET_UP = {
    "name": "Access",
    "starting_stack": 5000,
    "seats_per_table": 6,
    "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200}],
}
DRAW_PLAYERS = [{"name": n, "resto": 300} for n in ("Anna", "Bruno", "Carla")]


@dataclass
class Console:
    """One console as the tests use it: its page, its PIN, the API write that the console
    makes (and the body it takes), and how the DdT renews its access."""

    page: str
    pin: str
    write: str
    body: dict
    renew: str


def _path(url: str) -> str:
    return url.split("localhost", 1)[1]


@pytest.fixture
def holdem(api) -> tuple[Console, Console, int]:
    """Tables 1 and 2 of a tournament with a console each, and the tournament's id."""
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    for number in range(1, 9):
        api.post(f"/api/v1/tournaments/{tid}/players", json={"name": f"Player {number}"})
    api.post(f"/api/v1/tournaments/{tid}/seats/draw", json={})
    consoles = []
    for table in (1, 2):
        base = f"/api/v1/tournaments/{tid}/tables/{table}"
        access = api.post(f"{base}/access", json={}).get_json()
        consoles.append(Console(_path(access["url"]), access["pin"], f"{base}/hands", {},
                                f"{base}/access"))
    return consoles[0], consoles[1], tid


@pytest.fixture
def draw(api) -> tuple[Console, Console, int]:
    """Two draw tables with a console each, and the first one's id."""
    consoles, ids = [], []
    for name in ("Tavolo 1", "Tavolo 2"):
        opened = api.post("/api/v1/draw-tables", json={"name": name, "players": DRAW_PLAYERS,
                                                       "dealer": 3}).get_json()
        base = f"/api/v1/draw-tables/{opened['id']}"
        consoles.append(Console(_path(opened["url"]), opened["pin"], f"{base}/deal",
                                {"invito": 2}, f"{base}/access"))
        ids.append(opened["id"])
    return consoles[0], consoles[1], ids[0]


@pytest.fixture(params=["holdem", "draw"])
def consoles(request) -> tuple[Console, Console, int]:
    return request.getfixturevalue(request.param)


def _client(app, address: str, language: str = "en"):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    with client.session_transaction() as session:
        session["csrf_token"] = "t"
        session["lang"] = language
    return client


def _try(client, console: Console, pin: str):
    return client.post(console.page, data={"pin": pin, "csrf_token": "t"})


def _wrong(console: Console) -> str:
    return "000000" if console.pin != "000000" else "111111"


def _at(monkeypatch, moment) -> None:
    monkeypatch.setattr(console_pins, "utcnow", lambda: moment)


def _open(app, console: Console):
    """A dealer's browser that opened the console with its PIN, and the console's CSRF token."""
    client = _client(app, "192.0.2.50")
    assert _try(client, console, console.pin).status_code == 302
    page = client.get(console.page).get_data(as_text=True)
    return client, re.search(r'data-csrf="([^"]+)"', page).group(1)


def test_new_pins_have_six_digits(consoles, api):
    console, _, _ = consoles
    renewed = api.post(console.renew, json={}).get_json()
    assert re.fullmatch(r"[0-9]{6}", console.pin) and re.fullmatch(r"[0-9]{6}", renewed["pin"])


def test_five_wrong_pins_lock_the_console_for_every_address(app, consoles, monkeypatch):
    console, other, _ = consoles
    _at(monkeypatch, utcnow())
    for attempt in range(5):
        guesser = _client(app, f"198.51.100.{attempt}")  # a new address for every guess
        assert _try(guesser, console, _wrong(console)).status_code == 401
    held = _try(_client(app, "203.0.113.9"), console, console.pin)
    assert held.status_code == 429  # even the right PIN, from yet another address
    assert "locked for 60 seconds" in held.get_data(as_text=True)
    assert _try(_client(app, "203.0.113.9"), other, other.pin).status_code == 302


def test_a_bounded_brute_force_opens_nothing(app, consoles, monkeypatch):
    console, _, _ = consoles
    _at(monkeypatch, utcnow())
    guesses = [f"{n:06d}" for n in range(20) if f"{n:06d}" != console.pin][:19] + [console.pin]
    answers = [_try(_client(app, f"198.51.100.{n % 4}"), console, pin).status_code
               for n, pin in enumerate(guesses)]
    assert answers == [401] * 5 + [429] * 15  # the right PIN, last, never got through


def test_the_lockout_grows_and_a_success_resets_it(app, consoles, monkeypatch):
    console, _, _ = consoles
    start = utcnow()
    client = _client(app, "198.51.100.1")
    for minutes, locked_for in ((0, 60), (2, 120), (5, 240)):
        _at(monkeypatch, start + timedelta(minutes=minutes))
        for _ in range(5):
            assert _try(client, console, _wrong(console)).status_code == 401
        held = _try(client, console, console.pin)
        assert held.status_code == 429
        assert f"locked for {locked_for} seconds" in held.get_data(as_text=True)
    _at(monkeypatch, start + timedelta(minutes=10))
    assert _try(client, console, console.pin).status_code == 302
    another = _client(app, "198.51.100.2")
    for _ in range(5):
        _try(another, console, _wrong(console))
    assert "locked for 60 seconds" in _try(another, console, console.pin).get_data(as_text=True)


def test_the_lockout_is_told_in_italian(app, consoles, monkeypatch):
    console, _, _ = consoles
    _at(monkeypatch, utcnow())
    client = _client(app, "198.51.100.1", "it")
    for _ in range(5):
        _try(client, console, _wrong(console))
    page = _try(client, console, console.pin).get_data(as_text=True)
    assert "Troppi PIN errati: questa console è bloccata per 60 secondi" in page


def test_the_ddt_is_warned_and_opens_a_locked_console(app, api, ddt_client, holdem, draw):
    table_one, _, tid = holdem
    draw_one, _, _ = draw
    for console in (table_one, draw_one):
        for _ in range(5):
            _try(_client(app, "198.51.100.1"), console, _wrong(console))
    with ddt_client.session_transaction() as session:
        session["lang"] = "en"
    for page in (f"/td/t/{tid}/tables", f"/td/t/{tid}"):
        shown = ddt_client.get(page).get_data(as_text=True)
        assert re.search(r"Table 1: console locked after wrong PINs \(until \d\d:\d\d\)", shown)
        assert "Table 2: console locked" not in shown
    listed = ddt_client.get("/draw-tables/").get_data(as_text=True)
    assert "Draw table Tavolo 1: console locked after wrong PINs" in listed
    assert "Tavolo 2: console locked" not in listed
    for console in (table_one, draw_one):
        opened = ddt_client.get(console.page)
        assert opened.status_code == 200 and 'name="pin"' not in opened.get_data(as_text=True)
    started = api.post(table_one.write, json={})
    assert started.status_code == 201  # the DdT's own token is never braked


def test_a_renewed_access_ends_the_sessions_opened_with_the_old_one(app, api, consoles):
    console, other, _ = consoles
    client, csrf = _open(app, console)
    kept, kept_csrf = _open(app, other)
    assert client.post(console.write, json=console.body,
                       headers={"X-CSRF-Token": csrf}).status_code in (200, 201)
    renewed = api.post(console.renew, json={}).get_json()

    refused = client.post(console.write, json=console.body, headers={"X-CSRF-Token": csrf})
    assert refused.status_code == 403
    assert refused.get_json()["error"]["code"] == "CONSOLE_ACCESS_RENEWED"
    assert client.get(console.page).status_code == 404  # the old link is gone
    assert 'name="pin"' in client.get(_path(renewed["url"])).get_data(as_text=True)
    # The other console's session was opened with an access still current.
    assert kept.post(other.write, json=other.body,
                     headers={"X-CSRF-Token": kept_csrf}).status_code in (200, 201)


def test_only_a_session_that_opened_the_console_asks_for_its_access(app, api, ddt_client,
                                                                  holdem, monkeypatch):
    """Issue 27: the access's generation is a read of the tournament at every action; a DdT's
    token or session acts without it, a console opened with the PIN still checks it."""
    table_one, table_two, _ = holdem
    client, csrf = _open(app, table_two)
    asked: list[int] = []
    generation = tables.access_generation

    def counted(tid: int, table: int) -> str | None:
        asked.append(table)
        return generation(tid, table)

    monkeypatch.setattr(tables, "access_generation", counted)
    assert api.post(table_one.write, json={}).status_code == 201
    assert ddt_client.post(table_one.write.replace("/hands", "/hand/misdeal"), json={},
                           headers={"X-CSRF-Token": ddt_client.csrf}).status_code == 200
    assert asked == []
    assert client.post(table_two.write, json={}, headers={"X-CSRF-Token": csrf}).status_code == 201
    assert asked == [2]


def test_a_holdem_socket_opened_with_the_old_access_is_told_and_hears_no_more(app, api,
                                                                               holdem):
    table_one, table_two, tid = holdem
    slug = api.get(f"/api/v1/tournaments/{tid}").get_json()["slug"]
    client, _ = _open(app, table_two)
    dealer = socketio.test_client(app, flask_test_client=client)
    assert dealer.emit("join_table", {"tournament": slug, "table": 2}, callback=True) == {
        "joined": True}
    dealer.get_received()

    api.post(table_two.renew, json={})

    told = [e["args"][0] for e in dealer.get_received() if e["name"] == "access_renewed"]
    assert told == [{"table": 2}]
    assert dealer.emit("join_table", {"tournament": slug, "table": 2}, callback=True) == {
        "joined": False}
    errors = [e["args"][0]["code"] for e in dealer.get_received() if e["name"] == "error"]
    assert errors == ["CONSOLE_ACCESS_RENEWED"]
    assert api.post(table_two.write, json={}).status_code == 201
    assert [e for e in dealer.get_received() if e["name"] == "hand"] == []


def test_a_draw_socket_opened_with_the_old_access_is_told_and_hears_no_more(app, api, draw):
    console, _, table_id = draw
    client, _ = _open(app, console)
    dealer = socketio.test_client(app, flask_test_client=client)
    token = console.page.rsplit("/", 1)[-1]
    assert dealer.emit("join_draw_table", {"token": token}, callback=True) == {"joined": True}
    dealer.get_received()

    renewed = api.post(console.renew, json={}).get_json()

    told = [e["args"][0] for e in dealer.get_received() if e["name"] == "access_renewed"]
    assert told == [{"table_id": table_id}]
    new_token = renewed["url"].rsplit("/", 1)[-1]
    assert dealer.emit("join_draw_table", {"token": new_token}, callback=True) == {
        "joined": False}
    assert api.post(console.write, json=console.body).status_code == 200
    assert [e for e in dealer.get_received() if e["name"] == "draw_table"] == []
