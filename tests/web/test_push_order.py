"""Where the server runs (gevent), pushes already emitted go out before the next request's work."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from tests.conftest import ROOT

SERVER_PROCESS = """
from gevent import monkey

monkey.patch_all()
import sys

import gevent

from tdapp import create_app

app = create_app({"DATABASE_URL": sys.argv[1], "SCHEDULER": False})
order = []
app.before_request(lambda: order.append("the request's own work"))
# What an emit leaves behind under gevent: a socket's writer, woken, waiting for its turn.
gevent.spawn(order.append, "a push emitted before the request")
app.test_client().get("/healthz")
print(order)
"""


@pytest.mark.processes
def test_a_request_lets_the_pushes_already_emitted_go_out_before_its_own_work(sqlite_url):
    """A DdT's next action (or a page of a 3,000-player field) right after a bust must not hold
    back the bust's message to the phones that have not had it yet."""
    ran = subprocess.run([sys.executable, "-c", SERVER_PROCESS, sqlite_url], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    order = ast.literal_eval(ran.stdout.strip().splitlines()[-1])
    assert order == ["a push emitted before the request", "the request's own work"]


BURST_PROCESS = """
from gevent import monkey

monkey.patch_all()
import sys

import gevent
from gevent.queue import Queue

from tdapp import create_app

app = create_app({"DATABASE_URL": sys.argv[1], "SCHEDULER": False})
order = []
sockets = Queue()


def writer():
    # A socket's writer greenlet, as python-engineio runs one per WebSocket.
    while True:
        order.append("push " + sockets.get())


@app.post("/bench/<int:tid>/tables/<int:table>/act")
def act(tid, table):
    order.append(f"action {table}")
    sockets.put(str(table))  # the emit: queued for the writer
    return "", 204


@app.post("/bench/<int:tid>/tables/<int:table>/fail")
def fail(tid, table):
    order.append(f"failure {table}")
    raise RuntimeError("a bug in the middle of a turn")


@app.post("/bench/<int:tid>/tables/<int:table>/look")
def look(tid, table):
    order.append(f"other tournament {table}")
    return "", 204


gevent.spawn(writer)
client = app.test_client()
gevent.joinall([gevent.spawn(client.post, f"/bench/{tid}/tables/{table}/{verb}")
                for tid, table, verb in ((1, 1, "act"), (1, 4, "fail"), (1, 2, "act"),
                                         (1, 3, "act"), (2, 9, "look"))], timeout=30)
print(order)
"""


@pytest.mark.processes
def test_actions_arriving_together_each_push_before_the_next_action_is_computed(sqlite_url):
    """Thirty tables acting in the same instant (after a break): the first table's push must not
    wait for the twenty-nine actions after it. A request that fails ends its turn all the same,
    and another tournament's request does not wait for this one's turn."""
    ran = subprocess.run([sys.executable, "-c", BURST_PROCESS, sqlite_url], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    order = ast.literal_eval(ran.stdout.strip().splitlines()[-1])
    mine = [step for step in order if not step.startswith("other")]
    assert mine == ["action 1", "push 1", "failure 4", "action 2", "push 2", "action 3", "push 3"]
    assert order.index("other tournament 9") < order.index("action 2")
