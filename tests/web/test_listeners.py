"""Behind Redis, each process knows which rooms have a listener in any of them
(tdapp/realtime/listeners.py): two Socket.IO servers on one Redis channel stand for two web
processes, on the machine's Redis."""

from __future__ import annotations

import secrets
import time

import pytest
import redis
import socketio

from tdapp.realtime import listeners
from tdapp.realtime.listeners import RoomsAcrossProcesses

REDIS_URL = "redis://127.0.0.1:6379/0"


@pytest.fixture
def channel() -> str:
    try:
        redis.Redis.from_url(REDIS_URL).ping()
    except redis.exceptions.ConnectionError:
        pytest.skip("Redis is not running on 127.0.0.1:6379")
    name = f"tdapp-test-{secrets.token_hex(4)}"  # other test runs share this Redis
    yield name
    store = redis.Redis.from_url(REDIS_URL)
    for key in store.scan_iter(f"{name}:*"):
        store.delete(key)


_made: list[socketio.Server] = []


@pytest.fixture(autouse=True)
def _clients_leave_at_the_end():
    """Every client of the test's servers leaves at its end. A server holding a room renews it
    every 10 s in a thread of its own: left alone, that thread went on beside the later tests,
    and logged its failures to reach the unreachable Redis into a stream pytest had closed."""
    yield
    for server in _made:
        for sid, _ in list(server.manager.get_participants("/", None)):
            server.manager.disconnect(sid, "/")
    _made.clear()


def process(channel: str, url: str = REDIS_URL) -> socketio.Server:
    """A web process's Socket.IO server, as tdapp builds it behind Redis (not listening to the
    channel: only the rooms are under test)."""
    server = socketio.Server(client_manager=RoomsAcrossProcesses(url, channel=channel),
                             async_mode="threading")
    _made.append(server)
    return server


def connected(server: socketio.Server) -> str:
    """A client of that process: its Socket.IO sid."""
    return server.manager.connect(secrets.token_hex(8), "/")


def test_a_room_is_listened_in_every_process_while_some_process_holds_a_client(channel):
    here, there = process(channel), process(channel)
    wall, other_wall = connected(here), connected(here)
    assert there.manager.listened(["t:1:public", "t:1:td"]) == set()

    here.enter_room(wall, "t:1:public")
    here.enter_room(other_wall, "t:1:public")
    assert there.manager.listened(["t:1:public", "t:1:td"]) == {"t:1:public"}
    assert here.manager.listened(["t:1:public", "t:1:td"]) == {"t:1:public"}

    here.leave_room(wall, "t:1:public")
    assert there.manager.listened(["t:1:public"]) == {"t:1:public"}  # one client still there
    here.disconnect(other_wall, ignore_queue=True)
    assert there.manager.listened(["t:1:public"]) == set()


def test_a_clients_own_room_and_the_room_of_everyone_are_not_told(channel):
    here = process(channel)
    wall = connected(here)
    here.enter_room(wall, "t:1:public")
    keys = {key.decode() for key in redis.Redis.from_url(REDIS_URL).scan_iter(f"{channel}:*")}
    assert keys == {f"{channel}:listeners:t:1:public"}
    assert here.manager.held_rooms() == ["t:1:public"]


def test_the_rooms_of_a_process_that_died_run_out(channel, monkeypatch):
    monkeypatch.setattr(listeners, "EXPIRES_SECONDS", 0.5)
    monkeypatch.setattr(listeners, "RENEW_SECONDS", 60.0)
    dead, alive = process(channel), process(channel)
    dead.enter_room(connected(dead), "t:1:public")  # and it never withdraws nor renews
    assert alive.manager.listened(["t:1:public"]) == {"t:1:public"}
    time.sleep(0.7)
    assert alive.manager.listened(["t:1:public"]) == set()


def test_a_living_process_renews_its_rooms(channel, monkeypatch):
    monkeypatch.setattr(listeners, "EXPIRES_SECONDS", 0.5)
    monkeypatch.setattr(listeners, "RENEW_SECONDS", 0.1)
    here, there = process(channel), process(channel)
    wall = connected(here)
    here.enter_room(wall, "t:1:public")
    time.sleep(1.2)  # more than twice the room's term: renewed meanwhile
    assert there.manager.listened(["t:1:public"]) == {"t:1:public"}
    here.leave_room(wall, "t:1:public")
    time.sleep(0.3)  # the renewal sees nothing left to renew and stops
    here.enter_room(wall, "t:1:td")  # and a new first client starts it again
    time.sleep(1.2)
    assert there.manager.listened(["t:1:td"]) == {"t:1:td"}


def test_when_redis_cannot_say_every_room_counts():
    closed = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    here = process("tdapp-test-unreachable", closed)
    wall = connected(here)
    here.enter_room(wall, "t:1:public")  # telling Redis fails: the client joins all the same
    assert here.manager.listened(["t:1:public", "t:1:td"]) == {"t:1:public", "t:1:td"}
