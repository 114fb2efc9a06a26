"""Tables playing hands at once through the JSON API of a real server (issue 6).

Starts `tdapp run` (with its scheduler) on a throwaway SQLite database, then:

1. latency: `--tables` tables of `--players` each play hands at once, one thread per table
   acting through the API like a console, the tables starting at their own moments within one
   pause; each table's Socket.IO client, joined like its console, times each action from the
   request to the push that carries its version. Prints median and p99.
2. decision limit: a second tournament whose players never act, with `--limit` seconds per
   decision and the TDA rule (each expiry checks or folds, so the next decision starts at once):
   the pushes tell when each expiry was enforced; prints how long after its deadline.

Goals: p99 under 50 ms; enforcement within 100 ms of the deadline.

    .venv/bin/python bench/tables.py [--tables 30] [--players 6] [--actions 15] [--pause 1]
                                     [--together] [--limit 2] [--run 8] [--hosted]

`--hosted` runs the same against the hosted topology of tests/hosted (nginx with TLS, two
gunicorn web processes, Redis, a throwaway PostgreSQL database, the scheduler in a process of its
own): the tables alternate between the two web processes (nginx's `ip_hash`, steered by the
topology's client header), each table's API calls and console socket on the same one, so that a
push often crosses Redis from the process that made the change. Those sockets are python-socketio's
asyncio client on one event loop: the threaded client reads and writes one TLS socket from two
threads and breaks now and then.

`--pause 0` makes every table act as fast as the server answers: a stress test of the one
tournament lock, far beyond a dealer's pace.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import secrets
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import socketio

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "bench password 123"
UNVERIFIED = ssl._create_unverified_context()  # the hosted topology's throwaway certificate


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Api:
    """A DdT's API calls; `headers` steer them to one web process in the hosted topology. Each
    thread (a table) keeps its connection open from one call to the next, as a tablet's browser
    does: a connection per call would time the TCP handshake and the server's accept too."""

    def __init__(self, url: str, token: str = "", headers: dict[str, str] | None = None) -> None:
        self.url = url
        self.token = token
        self.headers = headers or {}
        self._opened = threading.local()

    def via(self, headers: dict[str, str]) -> Api:
        return Api(self.url, self.token, headers)

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        connection = self._connection()
        connection.request(
            method,
            "/api/v1" + path,
            body=None if method == "GET" else json.dumps(body or {}).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.token}",
                     **self.headers},
        )
        answer = connection.getresponse()
        content = answer.read()
        if answer.status >= 400:
            raise RuntimeError(f"{method} {path} answered {answer.status}: {content[:300]!r}")
        return json.loads(content)

    def _connection(self) -> http.client.HTTPConnection:
        connection = getattr(self._opened, "connection", None)
        if connection is None:
            parts = urllib.parse.urlsplit(self.url)
            if parts.scheme == "https":
                connection = http.client.HTTPSConnection(
                    parts.hostname, parts.port, timeout=30, context=UNVERIFIED)
            else:
                connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
            self._opened.connection = connection
        return connection


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _tournament(api: Api, tables: int, players: int, limit: int, options: dict) -> tuple[int, str]:
    created = api.call(
        "POST",
        "/tournaments",
        {
            "name": f"Bench {limit}s",
            "starting_stack": 9000,
            "buy_in": 2000,
            "seats_per_table": players,
            "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 7200}],
            "decision_seconds": limit,
            "options": options,
        },
    )
    tid = created["id"]
    for number in range(1, tables * players + 1):
        api.call("POST", f"/tournaments/{tid}/players", {"name": f"Player {number}"})
    api.call("POST", f"/tournaments/{tid}/seats/draw")
    return tid, created["slug"]


class Pushes:
    """The tables' consoles, one socket each as on the tablets: when each version of a table's
    hand arrived, and each hand as pushed."""

    def __init__(self, url: str, slug: str, tables: list[int]) -> None:
        self.arrived: dict[int, list[tuple[int, float]]] = {}
        self.hands_seen: list[tuple[float, dict]] = []
        self.condition = threading.Condition()
        self.clients = []
        for table in tables:
            client = socketio.Client(reconnection=False)
            client.on("hand", self._hand)
            client.connect(url, transports=["websocket"])
            joined = client.call("join_table", {"tournament": slug, "table": table})
            assert joined == {"joined": True}, joined
            self.clients.append(client)

    def disconnect(self) -> None:
        # Each client waits up to 3 s for the server's closing frame: close them side by side.
        closing = [threading.Thread(target=client.disconnect) for client in self.clients]
        for thread in closing:
            thread.start()
        for thread in closing:
            thread.join()


    def _hand(self, message: dict) -> None:
        now = time.perf_counter()
        wall = time.time() * 1000
        if message["hand"] is None:
            return  # a table's seats before its first hand, sent on joining: no action timed
        with self.condition:
            table = message["hand"]["table"]
            self.arrived.setdefault(table, []).append((message["version"], now))
            self.hands_seen.append((wall, message["hand"]))
            self.condition.notify_all()

    def wait_for(self, table: int, version: int, timeout: float = 10.0) -> float:
        """When the table's hand at `version` (or a later one) first reached the console."""
        deadline = time.perf_counter() + timeout
        with self.condition:
            while True:
                seen = [t for v, t in self.arrived.get(table, []) if v >= version]
                if seen:
                    return min(seen)
                left = deadline - time.perf_counter()
                if left <= 0:
                    raise TimeoutError(f"no push for table {table} at version {version}")
                self.condition.wait(left)


class HostedPushes(Pushes):
    """The consoles' sockets through nginx over TLS, each to the web process its table's
    `routes` entry steers it to: asyncio clients on one event loop in a thread of their own."""

    def __init__(self, url: str, slug: str, tables: list[int], routes: dict[int, dict]) -> None:
        self.arrived, self.hands_seen = {}, []
        self.condition = threading.Condition()
        self.clients = []
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self._run(self._connect(url, slug, tables, routes))

    def _run(self, work) -> None:
        asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout=300)

    async def _connect(self, url: str, slug: str, tables: list[int], routes: dict[int, dict]):
        for table in tables:
            client = socketio.AsyncClient(reconnection=False, ssl_verify=False)
            client.on("hand", self._on_hand)
            await client.connect(url, headers=routes[table], transports=["websocket"],
                                 wait_timeout=30)
            joined = await client.call("join_table", {"tournament": slug, "table": table})
            assert joined == {"joined": True}, joined
            self.clients.append(client)

    async def _on_hand(self, message: dict) -> None:
        self._hand(message)

    def disconnect(self) -> None:
        async def close_all():
            await asyncio.gather(*(client.disconnect() for client in self.clients))

        self._run(close_all())
        self.loop.call_soon_threadsafe(self.loop.stop)


def _play_table(
    api: Api,
    pushes: Pushes,
    tid: int,
    table: int,
    actions: int,
    pause: float,
    out: list[float],
    start: float,
) -> None:
    base = f"/tournaments/{tid}/tables/{table}"
    time.sleep(start)
    done = 0
    hand = None
    while done < actions:
        if hand is None or not hand["in_play"]:
            hand = api.call("POST", base + "/hands")["hand"]
            continue
        if hand["street"] == "showdown":
            winners = [[p["eligible"][0]] for p in hand["pots"] if not p["returned"]]
            hand = api.call("POST", base + "/hand/showdown", {"winners": winners})["hand"]
            continue
        legal = hand["legal"]
        action = "check" if "check" in legal["actions"] else "call"
        started = time.perf_counter()
        answer = api.call("POST", base + "/hand/actions", {"seat": legal["seat"], "action": action})
        arrived = pushes.wait_for(table, answer["version"])
        out.append((arrived - started) * 1000)
        hand = answer["hand"]
        done += 1
        time.sleep(pause)


def _pushes(api: Api, url: str, slug: str, numbers: list[int], routes: list[dict] | None
            ) -> tuple[Pushes, dict[int, Api]]:
    """The tables' consoles and each table's API: all to the one server, or in turn to each web
    process of the hosted topology (`routes`)."""
    if routes is None:
        return Pushes(url, slug, numbers), {n: api for n in numbers}
    steer = {n: routes[index % len(routes)] for index, n in enumerate(numbers)}
    return HostedPushes(url, slug, numbers, steer), {n: api.via(steer[n]) for n in numbers}


def _latency(
    api: Api, url: str, tables: int, players: int, actions: int, pause: float, together: bool,
    routes: list[dict] | None = None,
) -> list[float]:
    tid, slug = _tournament(api, tables, players, 20, {})
    numbers = sorted({p["table"] for p in api.call("GET", f"/tournaments/{tid}")["players"]})
    pushes, apis = _pushes(api, url, slug, numbers, routes)
    samples: list[float] = []
    # Tables start their first hands at their own moments over one dealer's pause, as in a room;
    # `together` starts them at one instant, so that every table acts in the same few ms.
    spread = 0.0 if together else pause / len(numbers)
    threads = [
        threading.Thread(
            target=_play_table,
            args=(apis[n], pushes, tid, n, actions, pause, samples, index * spread),
        )
        for index, n in enumerate(numbers)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    pushes.disconnect()
    return samples


def _enforcement(
    api: Api, url: str, tables: int, players: int, limit: int, run_s: float,
    routes: list[dict] | None = None,
) -> list[float]:
    tid, slug = _tournament(api, tables, players, limit, {"decision_limit": "tda"})
    numbers = sorted({p["table"] for p in api.call("GET", f"/tournaments/{tid}")["players"]})
    pushes, apis = _pushes(api, url, slug, numbers, routes)
    for number in numbers:  # spread over one decision time, as tables start hands at will
        apis[number].call("POST", f"/tournaments/{tid}/tables/{number}/hands")
        time.sleep(limit / len(numbers))
    time.sleep(run_s)
    pushes.disconnect()
    # A table's deadline was enforced when a push first shows that hand moved past the step
    # the deadline was for: its lateness is that push's arrival minus the deadline.
    late: list[float] = []
    last: dict[int, tuple[int, int, int]] = {}
    for wall, hand in pushes.hands_seen:
        table = hand["table"]
        key = (hand["number"], len(hand["history"]))
        before = last.get(table)
        if before is not None and (before[0], before[1]) != key and before[2]:
            late.append(wall - before[2])
        last[table] = (*key, hand["deadline_ms"] or 0)
    return late


def _report(args: argparse.Namespace, api: Api, url: str, routes: list[dict] | None) -> None:
    samples = _latency(
        api, url, args.tables, args.players, args.actions, args.pause, args.together, routes
    )
    print(
        f"{'hosted, ' if routes else ''}{args.tables} tables x {args.players} players, "
        f"{len(samples)} actions, {args.pause} s between a table's actions"
        f"{', all starting at once' if args.together else ''}: "
        f"request -> push median {statistics.median(samples):6.1f} ms, "
        f"p99 {_percentile(samples, 0.99):6.1f} ms (goal p99 < 50 ms); "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    late = _enforcement(api, url, args.tables, args.players, args.limit, args.run, routes)
    if late:
        print(
            f"decision limit ({args.limit} s, TDA rule), {len(late)} expiries: pushed "
            f"median {statistics.median(late):6.1f} ms, p99 {_percentile(late, 0.99):6.1f} "
            f"ms, max {max(late):6.1f} ms after the deadline (goal < 100 ms)"
        )
    else:
        print("decision limit: no expiry was observed")


def _one_process(args: argparse.Namespace) -> None:
    """`tdapp run` (with its scheduler) on a throwaway SQLite database."""
    with tempfile.TemporaryDirectory() as folder:
        env = dict(
            os.environ,
            DATABASE_URL=f"sqlite:///{Path(folder) / 'bench.sqlite3'}",
            PYTHONUNBUFFERED="1",
        )
        cli = [sys.executable, "-m", "tdapp.cli"]
        for command in (["db", "upgrade"], ["create-user", "bench", "--password", PASSWORD]):
            subprocess.run([*cli, *command], cwd=ROOT, env=env, check=True, capture_output=True)
        port = _free_port()
        log = (Path(folder) / "server.log").open("w")
        server = subprocess.Popen(
            [*cli, "run", "--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            url = f"http://127.0.0.1:{port}"
            api = Api(url)
            for _ in range(150):
                try:
                    answer = urllib.request.urlopen(
                        urllib.request.Request(
                            url + "/api/v1/auth/token",
                            data=json.dumps({"username": "bench", "password": PASSWORD}).encode(),
                            headers={"Content-Type": "application/json"},
                        ),
                        timeout=5,
                    )
                    api.token = json.loads(answer.read())["token"]
                    break
                except (urllib.error.URLError, ConnectionError):
                    time.sleep(0.2)
            _report(args, api, url, None)
        except Exception:
            print((Path(folder) / "server.log").read_text()[-3000:])
            raise
        finally:
            server.terminate()
            server.wait(timeout=10)


def _hosted(args: argparse.Namespace) -> None:
    """The hosted topology of tests/hosted, the tables alternating between its web processes."""
    sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "hosted")]
    from hosted_topology import Topology, create_database, drop_database

    name = f"tdapp_bench_{secrets.token_hex(6)}"
    topology = Topology(
        Path(tempfile.mkdtemp(prefix="tdapp-tables-bench-")),
        create_database(name),
        f"tdapp-bench-{secrets.token_hex(6)}",
    )
    try:
        topology.start()
        routes = [topology.client(port) for port in topology.web_ports]
        _report(args, Api(topology.url, topology.token), topology.url, routes)
    finally:
        topology.stop()
        drop_database(name)
        print(f"the processes' logs are in {topology.folder}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--actions", type=int, default=15, help="actions timed per table")
    parser.add_argument(
        "--pause", type=float, default=1.0, help="seconds between a table's actions (a dealer)"
    )
    parser.add_argument(
        "--together",
        action="store_true",
        help="every table starts at the same instant (a worst case: all act at once)",
    )
    parser.add_argument("--limit", type=int, default=2, help="seconds per decision (phase 2)")
    parser.add_argument("--run", type=float, default=8.0, help="seconds of phase 2")
    parser.add_argument(
        "--hosted", action="store_true",
        help="nginx, two gunicorn web processes, Redis, PostgreSQL and the scheduler's owner",
    )
    args = parser.parse_args()
    (_hosted if args.hosted else _one_process)(args)


if __name__ == "__main__":
    main()
