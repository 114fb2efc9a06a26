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
