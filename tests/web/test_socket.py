"""Live displays against a real server process, with python-socketio's own client."""

from __future__ import annotations

import itertools
import json
import queue
import socket
import threading
import time
import urllib.parse
import urllib.request
from typing import Any

import pytest
import socketio

from tdapp import create_app
from tdapp.realtime.protocol import CLOCK_NOW, clock_at, turns_at
from tests.conftest import in_the_server_club
from tests.web.screens import Screen

DDT = ("ddt", "correct horse battery")


class Display(Screen):
    """A wall screen as the server sees one: joins a tournament and keeps every view it holds
    (the join's, and each one a `delta` rebuilds)."""


def post(url: str, body: dict | None = None, token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body or {}).encode()
    request = urllib.request.Request(url, data=data, method="POST", headers=headers)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


class Night:
    """A tournament made through the API on a server, with the DdT's token. `start_server`, for
    a server of the night's own, starts it again on the same database after a kill."""

    def __init__(self, server, tournament: dict[str, Any], start_server=None) -> None:
        self.server, self.start_server = server, start_server
        self.displays: list[Display] = []
        self.log_in()
        created = post(f"{server.url}/api/v1/tournaments", tournament, self.token)
        self.id, self.slug = created["id"], created["slug"]

    def log_in(self) -> None:
        login = {"username": DDT[0], "password": DDT[1]}
        self.token = post(f"{self.server.url}/api/v1/auth/token", login)["token"]

    def start(self) -> None:
        self.server = self.start_server(self.server.database_url)
        self.log_in()

    def clock(self, action: str, **fields: Any) -> dict[str, Any]:
        url = f"{self.server.url}/api/v1/tournaments/{self.id}/clock"
        return post(url, {"action": action, **fields}, self.token)

    def undo(self) -> dict[str, Any]:
        return post(f"{self.server.url}/api/v1/tournaments/{self.id}/undo", token=self.token)

    def display(self) -> Display:
        self.displays.append(Display(self.server.url, self.slug))
        return self.displays[-1]

    def close(self) -> None:
        # Each client waits up to 3 s for the server's closing frame: close them side by side.
        closing = [
            threading.Thread(target=shown.close) for shown in self.displays if shown.connected
        ]
        for thread in closing:
            thread.start()
        for thread in closing:
            thread.join()


def short_levels(*seconds: int) -> list[dict[str, int]]:
    """Levels of these lengths, blinds rising: a night whose level ends come within seconds."""
    return [{"small_blind": 25 * n, "big_blind": 50 * n, "ante": 0, "seconds": length}
            for n, length in enumerate(seconds, start=1)]


@pytest.fixture
def open_night(ddt_server, start_server):
    """Nights on servers of their own, for the tests that kill one or start a second on its
    database: each on a copy of the installed database, with the DdT's account."""
    nights: list[Night] = []

    def open_(tournament: dict[str, Any]) -> Night:
        server = ddt_server(f"night{len(nights)}")
        nights.append(Night(server, tournament, start_server))
        return nights[-1]

    yield open_
    for night in nights:
        night.close()


@pytest.fixture
def night(shared_ddt_server):
    """A night of the club's structure (a first level of 20 minutes) on the worker's shared
    server: these tests only add a tournament and watch its screens."""
    opened = Night(shared_ddt_server, {"name": "Lunedì sera"})
    yield opened
    opened.close()


def test_a_joining_display_gets_its_whole_view_with_the_clock(night):
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


def test_a_screen_holds_the_next_level_with_its_instant_and_turns_to_it_then(night):
    """Every clock a screen holds announces the period that follows and the instant it starts,
    at the view's version: the screen shows it then by itself; the server's level end agrees."""
    display = night.display()
    phone = Screen(night.server.url, night.slug, audience="phone")
    night.displays.append(phone)
    night.clock("start")
    adjusted = night.clock("adjust", seconds=-(20 * 60 - 3))  # level 1 ends in 3 s
    for screen in (display, phone):
        held = screen.wait_for(lambda v: v["version"] == adjusted["version"] and "event" not in v)
        turn = turns_at(held["clock"])
        assert turn == adjusted["clock"]["ends_at"]
        assert clock_at(held["clock"], turn - 1)["level"] == 1
        coming = clock_at(held["clock"], turn)
        assert (coming["level"], coming["running"], coming["ends_at"]) == (2, True, turn + 20 * 60_000)
        pushed = screen.wait_for(lambda v: v.get("cue") == "level")["clock"]
        assert _lasting(pushed) == _lasting(coming)


def _lasting(clock: dict) -> dict:
    """A clock section without what is read at the instant it was built, nor its own announcement."""
    return {k: v for k, v in clock.items() if k not in CLOCK_NOW and k != "following"}


def test_a_pause_just_before_the_level_end_cancels_the_turn_the_display_held(night):
    display = night.display()
    night.clock("start")
    adjusted = night.clock("adjust", seconds=-(20 * 60 - 4))
    display.wait_version(adjusted["version"])
    turn = adjusted["clock"]["ends_at"]
    paused = night.clock("pause")
    assert paused["clock"]["level"] == 1  # the pause came before the end
    display.wait_version(paused["version"])
    assert display.follower.turns_at() is None
    time.sleep(max(0.0, (turn + 1_000) / 1000 - time.time()))  # past the instant it held
    shown = display.follower.clock_at(time.time() * 1000)
    assert (shown["level"], shown["running"]) == (1, False)
    assert [kind for kind, _ in display.messages if kind == "clock"] == []


def test_an_adjustment_moves_the_instant_the_display_turns_at(night):
    display = night.display()
    started = night.clock("start")
    display.wait_version(started["version"])
    turn = display.follower.turns_at()
    added = night.clock("adjust", seconds=60)
    display.wait_version(added["version"])
    assert display.follower.turns_at() == turn + 60_000
    assert display.follower.clock_at(turn)["level"] == 1
    assert display.follower.clock_at(turn + 60_000)["level"] == 2


def test_an_undo_puts_the_turn_back_where_the_clock_now_says(night):
    display = night.display()
    started = night.clock("start")
    display.wait_version(started["version"])
    turn = display.follower.turns_at()
    added = night.clock("adjust", seconds=120)
    display.wait_version(added["version"])
    display.wait_version(night.undo()["version"])
    assert display.follower.turns_at() == turn
    paused = night.clock("pause")
    display.wait_version(paused["version"])
    assert display.follower.turns_at() is None
    display.wait_version(night.undo()["version"])
    assert display.follower.turns_at() == turn  # the pause never happened: the same instant


def test_a_reconnecting_display_gets_the_full_view_it_missed(night):
    display = night.display()
    night.clock("start")
    before = display.wait_for(lambda v: v["clock"]["running"])
    display.close()
    night.clock("pause")
    display.connect()
    after = display.wait_for(lambda v: not v["clock"]["running"])
    assert after["version"] == before["version"] + 1


def test_a_display_offering_compressed_frames_gets_plain_ones(night):
    """Browsers offer permessage-deflate; the server agrees to none, so a push is not deflated
    once per screen (tdapp/realtime/server.py)."""
    address = urllib.parse.urlsplit(night.server.url)
    with socket.create_connection((address.hostname, address.port), timeout=10) as connection:
        connection.sendall(
            b"GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\n"
            + f"Host: {address.netloc}\r\n".encode()
            + b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            b"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n"
        )
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += connection.recv(4096)
    head = answer.split(b"\r\n\r\n")[0].decode().lower()
    assert head.startswith("http/1.1 101")
    assert "sec-websocket-extensions" not in head


def test_an_undo_reaches_every_display(night):
    displays = [night.display(), night.display(), night.display()]
    night.clock("start")
    paused = night.clock("pause")
    for shown in displays:
        shown.wait_for(lambda v: v["version"] == paused["version"])
    night.undo()
    for shown in displays:
        undone = shown.wait_for(lambda v: v["version"] == paused["version"] + 1)
        assert undone["clock"]["running"]


def test_the_sync_answer_carries_the_server_time_for_the_offset_estimate(night):
    display = night.display()
    sent = int(time.time() * 1000)
    answer = display.call("sync", {"t0": sent})
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


def test_a_server_killed_while_the_clock_runs_restarts_on_the_right_level_and_time(open_night):
    lengths = (3, 3, 12, 12, 1200)
    night = open_night({"name": "Blackout", "levels": short_levels(*lengths)})
    started = night.clock("start")["clock"]
    ends = list(itertools.accumulate(length * 1000 for length in lengths[1:]))
    ends = [started["ends_at"], *(started["ends_at"] + end for end in ends)]  # of levels 1..5
    night.server.kill()  # SIGKILL: no goodbye, as a power cut does it
    # Down across the ends of levels 1 and 2; nobody is there to count them.
    time.sleep(max(0.0, (ends[0] + 4_000) / 1000 - time.time()))
    night.start()
    joined_at = time.time() * 1000
    display = night.display()
    shown = display.wait_for(lambda v: True)["clock"]
    received_at = time.time() * 1000
    # The level the structure says at the moment the view was made, which a loaded machine may
    # put in level 4 rather than 3: the restart's own time is measured, not assumed.
    level = next(number for number, end in enumerate(ends, start=1) if end > joined_at)
    assert level in (3, 4), f"the restart took until level {level}"
    if ends[level - 1] > received_at:
        assert (shown["level"], shown["running"]) == (level, True)
        assert shown["ends_at"] == ends[level - 1]
        # Computed by the server between the join and its arrival.
        assert ends[level - 1] - received_at - 50 <= shown["remaining_ms"] <= ends[level - 1] - joined_at + 50
    # The scheduler rebuilt its job from the database: the next level arrives with its cue,
    # at its instant and not before.
    changed = display.wait_for(lambda v: v.get("cue") == "level" and v["clock"]["level"] == level + 1,
                               timeout=30)
    arrived_at = time.time() * 1000
    assert changed["clock"]["ends_at"] == ends[level]
    # Not before its instant, nor later than a push took here to make and deliver the join's.
    assert ends[level - 1] <= arrived_at <= ends[level - 1] + max(1_000, 3 * (received_at - joined_at))


def test_a_second_server_on_the_same_database_waits_and_takes_the_clock_over_when_the_first_dies(
    open_night,
):
    night = open_night({"name": "Two servers", "levels": short_levels(3, 8, 1200)})
    first = night.server
    second = night.start_server(first.database_url)  # wants the scheduler too, as `tdapp run` does
    joined_at = time.time() * 1000
    watching = Display(second.url, night.slug)
    night.displays.append(watching)
    watching.wait_for(lambda v: True)
    join_took = time.time() * 1000 - joined_at
    level_one_ends = night.clock("start")["clock"]["ends_at"]
    # The first server owns the scheduler: the second announces nothing while it lives.
    time.sleep(max(0.0, (level_one_ends + 1_500) / 1000 - time.time()))
    with pytest.raises(AssertionError):
        watching.wait_for(lambda v: v.get("cue") == "level", timeout=0.5)
    first.kill()
    changed = watching.wait_for(lambda v: v.get("cue") == "level", timeout=20)
    arrived_at = time.time() * 1000
    assert changed["clock"]["level"] == 3
    # At its instant: not before, nor later than a push took here to make and deliver a join's.
    assert level_one_ends + 8_000 <= arrived_at <= level_one_ends + 8_000 + max(1_000, 3 * join_took)


def test_with_several_processes_the_one_scheduler_owner_reaches_displays_through_redis(tmp_path):
    """Hosted set-up: a web process without a scheduler, the owner in its own process, Redis
    between them. A display joined to the web process gets the level end the owner announces."""
    import os
    import secrets
    import subprocess
    import sys
    from pathlib import Path

    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url("redis://127.0.0.1:6379/0").ping()
    except redis.exceptions.ConnectionError:
        pytest.skip("Redis is not running on 127.0.0.1:6379")
    from tdapp.services import accounts, tournaments
    from tdapp.tournament.settings import Settings

    url = f"sqlite:///{tmp_path / 'hosted.sqlite3'}"
    create_app({"DATABASE_URL": url, "SCHEDULER": False})
    with in_the_server_club():
        accounts.create_user(*DDT)
        created = tournaments.create_tournament(Settings(name="Hosted"), "test")
    env = dict(
        os.environ,
        DATABASE_URL=url,
        SOCKETIO_MESSAGE_QUEUE="redis://127.0.0.1:6379/0",
        SOCKETIO_CHANNEL=f"tdapp-test-{secrets.token_hex(4)}",  # other test runs share this Redis
    )
    root = Path(__file__).resolve().parents[2]
    port = free_port()
    web = subprocess.Popen(
        [sys.executable, "-m", "tdapp.cli", "run", "--port", str(port), "--no-scheduler"],
        cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    owner = subprocess.Popen(
        [sys.executable, "-m", "tdapp.cli", "scheduler"],
        cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_answers(base)
        token = post(f"{base}/api/v1/auth/token", {"username": DDT[0], "password": DDT[1]})["token"]
        display = Display(base, created.slug)
        display.wait_for(lambda v: True)
        clock_url = f"{base}/api/v1/tournaments/{created.id}/clock"
        time.sleep(3)  # the owner has started and subscribed
        post(clock_url, {"action": "start"}, token)
        post(clock_url, {"action": "adjust", "seconds": -(20 * 60 - 2)}, token)
        changed = display.wait_for(lambda v: v.get("cue") == "level", timeout=15)
        assert changed["clock"]["level"] == 2
        display.close()
    finally:
        for process in (web, owner):
            process.terminate()
            process.wait(timeout=10)


def free_port() -> int:
    """A free TCP port, for a server this test starts itself."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_answers(base: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("the server did not answer")
