"""Where the server runs (gevent), a move in a hand in play goes before the waiting changes that
are not; nothing is passed over for long, and a request that leaves the queue hands on its turn."""

from __future__ import annotations

import ast
import socket
import subprocess
import sys
import time
import urllib.parse

import pytest

from tests.conftest import ROOT

SERVER_PROCESS = """
from gevent import monkey

monkey.patch_all()
import socket
import sys

import gevent

from tdapp import create_app
from tdapp.realtime import hand_in_play, turns

app = create_app({"DATABASE_URL": sys.argv[1], "SCHEDULER": False})
client = app.test_client()
# A loaded machine may leave this process without a core for longer than the read's 5 ms bound:
# the order under test is the one the hub reads in, not the bound.
turns.READ_WAIT_SECONDS = 5.0
order = []
# A dealer's tablet sending an action: bytes on a socket, read when the hub reads its sockets.
tablet, server_end = socket.socketpair()


@app.post("/bench/<int:tid>/tables/<int:table>/hands")
def start_hand(tid, table):
    order.append(f"hand start {table}")
    if table == 1:
        tablet.send(b"1")  # table 1's first action arrives while its hand start holds the turn
    return "", 201


@app.post("/bench/<int:tid>/tables/<int:table>/hand/actions")
@hand_in_play
def act(tid, table):
    order.append(f"action {table}")
    return "", 204


def tablets_request():
    server_end.recv(1)
    client.post("/bench/1/tables/1/hand/actions")


def after_a_break():
    del order[:]
    reader = gevent.spawn(tablets_request)
    gevent.joinall([reader] + [gevent.spawn(client.post, f"/bench/1/tables/{table}/hands")
                               for table in (1, 2, 3)], timeout=30)
    return list(order)


orders = {"after a break": after_a_break()}
turns.PASSED_OVER_SECONDS = 0.0
orders["passed over at most"] = after_a_break()

# The queue alone: a waiter killed while it waits leaves it; one killed once the turn was
# handed to it passes the turn on.
queue = turns.TurnQueue()
taken = []


def wait_for_turn(name, in_play=False):
    queue.acquire(in_play)
    try:
        taken.append(name)
        gevent.sleep(0.01)
    finally:
        queue.release()


queue.acquire(False)
waiters = {name: gevent.spawn(wait_for_turn, name, name == "handed")
           for name in ("killed", "handed", "kept")}
gevent.sleep(0)
waiters["killed"].kill()
# The kill reaches "handed" before the word that the turn is its own, handed over at once.
waiters["handed"].kill(block=False)
queue.release()
gevent.joinall(list(waiters.values()), timeout=30)
orders["killed while waiting"] = taken
orders["idle after"] = [queue.idle]
print(orders)
"""


@pytest.fixture(scope="module")
def orders(sqlite_url) -> dict[str, list]:
    ran = subprocess.run([sys.executable, "-c", SERVER_PROCESS, sqlite_url], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return ast.literal_eval(ran.stdout.strip().splitlines()[-1])


@pytest.mark.processes
def test_a_tables_first_action_goes_before_the_other_tables_hand_starts(orders):
    """After a break every table's hand start arrives at once; table 1's first action, sent once
    its own hand start is answered, must not wait for every other table to be dealt, though it
    reached the server only when the hub read its socket after the hand start."""
    assert orders["after a break"] == ["hand start 1", "action 1", "hand start 2", "hand start 3"]


@pytest.mark.processes
def test_a_waiting_change_is_passed_over_for_a_bounded_time_only(orders):
    """With no time to be passed over, the turns are served in the order they were asked."""
    assert orders["passed over at most"] == [
        "hand start 1", "hand start 2", "hand start 3", "action 1"]


@pytest.mark.processes
def test_a_request_that_leaves_the_queue_never_keeps_the_turn(orders):
    """A request killed (a client gone, a timeout) while it waits, or once the turn was handed to
    it, leaves nobody stuck behind it, and the subject's queue ends idle."""
    assert orders["killed while waiting"] == ["kept"]
    assert orders["idle after"] == [True]


def test_a_write_whose_body_never_comes_holds_up_no_other_table(ddt_api):
    """A tablet whose Wi-Fi drops in the middle of an action (its headers sent, its body not)
    must not hold the tournament's turn: every other table's dealer would wait with it."""
    api = ddt_api("a body that never comes")
    tid = api.call("POST", "/tournaments", {"name": "Corpo lento", "seats_per_table": 6})["id"]
    for number in range(12):
        api.call("POST", f"/tournaments/{tid}/players", {"name": f"Giocatore {number + 1}"})
    api.call("POST", f"/tournaments/{tid}/seats/draw")
    address = urllib.parse.urlsplit(api.server.url)
    with socket.create_connection((address.hostname, address.port)) as stalled:
        stalled.sendall(
            f"POST /api/v1/tournaments/{tid}/tables/1/hand/actions HTTP/1.1\r\n"
            f"Host: tdapp\r\nAuthorization: Bearer {api.token}\r\n"
            "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
            '{"seat": 1,'.encode())
        time.sleep(0.3)  # the server has read the headers and waits for the rest
        started = time.monotonic()
        dealt = api.call("POST", f"/tournaments/{tid}/tables/2/hands")
        waited = time.monotonic() - started
    assert dealt["hand"]["in_play"]
    assert waited < 5, f"table 2's hand start waited {waited:.1f} s for a body that never came"
