"""Live displays against a real server process, with python-socketio's own client."""

from __future__ import annotations

import json
import queue
import time
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest
import socketio

from tdapp import create_app

DDT = ("ddt", "correct horse battery")


class Display:
    """A wall screen as the server sees one: joins a tournament and keeps every `view`."""

    def __init__(self, url: str, slug: str) -> None:
        self.url, self.slug = url, slug
        self.views: queue.Queue[dict[str, Any]] = queue.Queue()
        self.client = socketio.Client(reconnection=False)
        self.client.on("view", self.views.put)
        self.connect()

    def connect(self) -> None:
        self.client.connect(self.url, transports=["websocket"], wait_timeout=10)
        self.client.emit("join", {"tournament": self.slug})

    def wait_for(self, wanted: Callable[[dict], bool], timeout: float = 10) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("the expected view never came")
            try:
                shown = self.views.get(timeout=left)
            except queue.Empty:
                continue
            if wanted(shown):
                return shown

    def close(self) -> None:
        self.client.disconnect()


def post(url: str, body: dict | None = None, token: str | None = None) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body or {}).encode(), method="POST",
        headers={"Content-Type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {}),
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


@pytest.fixture
def night(tmp_path, start_server):
    """A server on its own SQLite file, with a DdT account, a tournament and the DdT's token."""
    from tdapp.services import accounts, tournaments
    from tdapp.tournament.settings import Settings

    sqlite_url = f"sqlite:///{tmp_path / 'night.sqlite3'}"
    create_app({"DATABASE_URL": sqlite_url, "SCHEDULER": False})
    accounts.create_user(*DDT)
    created = tournaments.create_tournament(Settings(name="Lunedì sera"), "test")
    server = start_server(sqlite_url)
    token = post(f"{server.url}/api/v1/auth/token", {"username": DDT[0], "password": DDT[1]})["token"]

    def clock(action: str, **fields: Any) -> dict[str, Any]:
        return post(f"{server.url}/api/v1/tournaments/{created.id}/clock", {"action": action, **fields}, token)

    displays: list[Display] = []

    def display() -> Display:
        displays.append(Display(server.url, created.slug))
        return displays[-1]

    yield type("Night", (), {"server": server, "id": created.id, "token": token, "clock": staticmethod(clock), "display": staticmethod(display)})
    for shown in displays:
        shown.close()


def test_a_joining_display_gets_the_whole_public_view(night):
    shown = night.display().wait_for(lambda v: True)
    assert shown["audience"] == "public"
    assert {"level", "on_break", "running", "remaining_ms", "ends_at", "server_now"} <= set(shown["clock"])
    assert shown["clock"]["level"] == 1 and not shown["clock"]["running"]


def test_a_level_end_reaches_every_display_with_its_sound_cue(night):
    first, second = night.display(), night.display()
    night.clock("start")
    night.clock("adjust", seconds=-(20 * 60 - 1))  # the club's first level is 20 minutes: 1 s left
    for shown in (first, second):
        changed = shown.wait_for(lambda v: v.get("cue") == "level")
        assert changed["clock"]["level"] == 2
        assert changed["clock"]["remaining_ms"] > 19 * 60_000


def test_a_reconnecting_display_gets_the_full_view_it_missed(night):
    display = night.display()
    night.clock("start")
    before = display.wait_for(lambda v: v["clock"]["running"])
    display.close()
    night.clock("pause")
    display.connect()
    after = display.wait_for(lambda v: not v["clock"]["running"])
    assert after["version"] == before["version"] + 1


def test_an_undo_reaches_every_display(night):
    displays = [night.display(), night.display(), night.display()]
    night.clock("start")
    paused = night.clock("pause")
    for shown in displays:
        shown.wait_for(lambda v: v["version"] == paused["version"])
    post(f"{night.server.url}/api/v1/tournaments/{night.id}/undo", token=night.token)
    for shown in displays:
        undone = shown.wait_for(lambda v: v["version"] == paused["version"] + 1)
        assert undone["clock"]["running"]


def test_the_sync_answer_carries_the_server_time_for_the_offset_estimate(night):
    display = night.display()
    sent = int(time.time() * 1000)
    answer = display.client.call("sync", {"t0": sent}, timeout=5)
    assert answer["t0"] == sent
    assert abs(answer["server"] - sent) < 5_000


def test_a_join_for_an_unknown_tournament_is_refused_with_a_code(night):
    errors: queue.Queue = queue.Queue()
    client = socketio.Client(reconnection=False)
    client.on("error", errors.put)
    client.connect(night.server.url, transports=["websocket"])
    try:
        client.emit("join", {"tournament": "no-such-night"})
        assert errors.get(timeout=5)["code"] == "UNKNOWN_TOURNAMENT"
        client.emit("join", ["not", "an", "object"])
        assert errors.get(timeout=5)["code"] == "BAD_JOIN"
    finally:
        client.disconnect()
