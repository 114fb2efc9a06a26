"""Tables playing hands at once through the JSON API of a real server (issue 6).

Starts `tdapp run` (with its scheduler) on a throwaway SQLite database, then:

1. latency: `--tables` tables of `--players` each play hands at once, each table
   acting through the API like a console, the tables starting at their own moments within one
   pause; each table's Socket.IO client, joined like its console, times each action from the
   request to the push that carries its version. Prints median and p99, then the same for each
   table's first action (with `--together` it comes in the middle of every table's hand start,
   as after a break) apart from the actions after them, then the hand starts' own times.
2. decision limit: a second tournament whose players never act, with `--limit` seconds per
   decision and the TDA rule (each expiry checks or folds, so the next decision starts at once):
   the pushes tell when each expiry was enforced; prints how long after its deadline.

Goals: p99 under 50 ms; enforcement within 100 ms of the deadline.

    .venv/bin/python bench/tables.py [--tables 30] [--players 6] [--actions 15] [--pause 1]
                                     [--together] [--limit 2] [--run 8] [--hosted]

`--hosted` runs the same against the hosted topology of tests/hosted (nginx with TLS, two
gunicorn web processes, Redis, a throwaway PostgreSQL database, the scheduler in a process of its
own): the tables' console sockets alternate between the two web processes (nginx hashes the
client's address, steered by the topology's client header), and the tournament's requests all go
to the one process nginx sends that tournament to (deploy/nginx.conf), so that the push of every
other table crosses Redis from the process that made the change.

Every table's console (its socket and its HTTP connection, kept open as a tablet's browser keeps
it) is a coroutine of one event loop: python-socketio's asyncio client and aiohttp, in both set-ups.

`--pause 0` makes every table act as fast as the server answers: a stress test of the one
tournament lock, far beyond a dealer's pace.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import aiohttp
import socketio

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "bench password 123"
UNVERIFIED = ssl._create_unverified_context()  # the hosted topology's throwaway certificate


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Api:
    """The DdT's API calls that set a bench up, on one connection kept open."""

    def __init__(self, url: str, token: str = "") -> None:
        self.url = url
        self.token = token
        self._connection: http.client.HTTPConnection | None = None

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        if self._connection is None:
            parts = urllib.parse.urlsplit(self.url)
            self._connection = (
                http.client.HTTPSConnection(parts.hostname, parts.port, timeout=30,
                                            context=UNVERIFIED)
                if parts.scheme == "https"
                else http.client.HTTPConnection(parts.hostname, parts.port, timeout=30))
        self._connection.request(
            method,
            "/api/v1" + path,
            body=None if method == "GET" else json.dumps(body or {}).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.token}"},
        )
        answer = self._connection.getresponse()
        content = answer.read()
        if answer.status >= 400:
            raise RuntimeError(f"{method} {path} answered {answer.status}: {content[:300]!r}")
        return json.loads(content)


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


class Consoles:
    """Every table's console, as its tablet has them: a socket that the table's pushes reach and
    an HTTP connection kept open for its requests, each to the web process its `route` header
    steers it to in the hosted topology. All of them run as coroutines of one event loop: a push
    is timed when the loop reads it, with no thread of the bench's own to wait for."""

    def __init__(self, url: str, token: str, slug: str, tid: int, tables: list[int],
                 routes: dict[int, dict]) -> None:
        self.url, self.token, self.slug, self.tid = url, token, slug, tid
        self.tables, self.routes = tables, routes
        self.arrived: dict[int, list[tuple[int, float]]] = {table: [] for table in tables}
        self.hands_seen: list[tuple[float, dict]] = []
        self.sockets: list[socketio.AsyncClient] = []
        self.http: dict[int, aiohttp.ClientSession] = {}
        self.news: dict[int, asyncio.Event] = {}

    async def __aenter__(self) -> Consoles:
        for table in self.tables:
            self.news[table] = asyncio.Event()
            self.http[table] = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=1, ssl=False),
                headers={"Authorization": f"Bearer {self.token}", **self.routes[table]})
            client = socketio.AsyncClient(reconnection=False, ssl_verify=False)
            client.on("hand", self._on_hand)
            await client.connect(self.url, headers=self.routes[table], transports=["websocket"],
                                 wait_timeout=30)
            joined = await client.call("join_table", {"tournament": self.slug, "table": table})
            assert joined == {"joined": True}, joined
            self.sockets.append(client)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await asyncio.gather(*(client.disconnect() for client in self.sockets))
        await asyncio.gather(*(session.close() for session in self.http.values()))

    async def _on_hand(self, message: dict) -> None:
        now = time.perf_counter()
        if message["hand"] is None:
            return  # a table's seats before its first hand, sent on joining: no action timed
        table = message["hand"]["table"]
        self.arrived[table].append((message["version"], now))
        self.hands_seen.append((time.time() * 1000, message["hand"]))
        self.news[table].set()

    async def call(self, table: int, path: str, body: dict | None = None) -> dict:
        """A request of the table's console to /api/v1/tournaments/<id>/tables/<n>/<path>."""
        url = f"{self.url}/api/v1/tournaments/{self.tid}/tables/{table}/{path}"
        async with self.http[table].post(url, json=body or {}) as answer:
            content = await answer.read()
            if answer.status >= 400:
                raise RuntimeError(f"POST {path} answered {answer.status}: {content[:300]!r}")
            return json.loads(content)

    async def pushed(self, table: int, version: int, timeout: float = 10.0) -> float:
        """When the table's hand at `version` (or a later one) first reached its console."""
        deadline = time.perf_counter() + timeout
        while True:
            seen = [t for v, t in self.arrived[table] if v >= version]
            if seen:
                return min(seen)
            self.news[table].clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"no push for table {table} at version {version}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.news[table].wait(), left)


async def _play_table(consoles: Consoles, table: int, actions: int, pause: float,
                      out: list[tuple[int, float]], starts: list[float], start: float) -> None:
    await asyncio.sleep(start)
    done = 0
    hand = None
    while done < actions:
        if hand is None or not hand["in_play"]:
            started = time.perf_counter()
            answer = await consoles.call(table, "hands")
            arrived = await consoles.pushed(table, answer["version"])
            starts.append((arrived - started) * 1000)
            hand = answer["hand"]
            continue
        if hand["street"] == "showdown":
            winners = [[p["eligible"][0]] for p in hand["pots"] if not p["returned"]]
            hand = (await consoles.call(table, "hand/showdown", {"winners": winners}))["hand"]
            continue
        legal = hand["legal"]
        action = "check" if "check" in legal["actions"] else "call"
        started = time.perf_counter()
        answer = await consoles.call(
            table, "hand/actions", {"seat": legal["seat"], "action": action})
        arrived = await consoles.pushed(table, answer["version"])
        out.append((done, (arrived - started) * 1000))
        hand = answer["hand"]
        done += 1
        await asyncio.sleep(pause)


def _consoles(api: Api, url: str, slug: str, tid: int, numbers: list[int],
              routes: list[dict] | None) -> Consoles:
    """The tables' consoles: all to the one server, or in turn to each web process of the
    hosted topology (`routes`)."""
    steer = {n: routes[index % len(routes)] if routes else {} for index, n in enumerate(numbers)}
    return Consoles(url, api.token, slug, tid, numbers, steer)


def _latency(
    api: Api, url: str, tables: int, players: int, actions: int, pause: float, together: bool,
    routes: list[dict] | None = None,
) -> tuple[list[tuple[int, float]], list[float]]:
    """Each action's (index at its table, ms from request to push), and each hand start's ms."""
    tid, slug = _tournament(api, tables, players, 20, {})
    numbers = sorted({p["table"] for p in api.call("GET", f"/tournaments/{tid}")["players"]})
    samples: list[tuple[int, float]] = []
    starts: list[float] = []
    # Tables start their first hands at their own moments over one dealer's pause, as in a room;
    # `together` starts them at one instant, so that every table acts in the same few ms.
    spread = 0.0 if together else pause / len(numbers)

    async def play() -> None:
        async with _consoles(api, url, slug, tid, numbers, routes) as consoles:
            await asyncio.gather(*(
                _play_table(consoles, n, actions, pause, samples, starts, index * spread)
                for index, n in enumerate(numbers)))

    asyncio.run(play())
    return samples, starts


def _enforcement(
    api: Api, url: str, tables: int, players: int, limit: int, run_s: float,
    routes: list[dict] | None = None,
) -> list[float]:
    tid, slug = _tournament(api, tables, players, limit, {"decision_limit": "tda"})
    numbers = sorted({p["table"] for p in api.call("GET", f"/tournaments/{tid}")["players"]})

    async def watch() -> list[tuple[float, dict]]:
        async with _consoles(api, url, slug, tid, numbers, routes) as consoles:
            for number in numbers:  # spread over one decision time, as tables start hands at will
                await consoles.call(number, "hands")
                await asyncio.sleep(limit / len(numbers))
            await asyncio.sleep(run_s)
            return consoles.hands_seen

    hands_seen = asyncio.run(watch())
    # A table's deadline was enforced when a push first shows that hand moved past the step
    # the deadline was for: its lateness is that push's arrival minus the deadline.
    late: list[float] = []
    last: dict[int, tuple[int, int, int]] = {}
    for wall, hand in hands_seen:
        table = hand["table"]
        key = (hand["number"], len(hand["history"]))
        before = last.get(table)
        if before is not None and (before[0], before[1]) != key and before[2]:
            late.append(wall - before[2])
        last[table] = (*key, hand["deadline_ms"] or 0)
    return late


def _report(args: argparse.Namespace, api: Api, url: str, routes: list[dict] | None) -> None:
    timed, starts = _latency(
        api, url, args.tables, args.players, args.actions, args.pause, args.together, routes
    )
    samples = [ms for _, ms in timed]
    print(
        f"{'hosted, ' if routes else ''}{args.tables} tables x {args.players} players, "
        f"{len(samples)} actions, {args.pause} s between a table's actions"
        f"{', all starting at once' if args.together else ''}: "
        f"request -> push median {statistics.median(samples):6.1f} ms, "
        f"p99 {_percentile(samples, 0.99):6.1f} ms (goal p99 < 50 ms); "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    # With --together a table's first action queues behind every table's hand start: the
    # burst after a break, told apart from the pace of play that follows it.
    first = [ms for index, ms in timed if index == 0]
    later = [ms for index, ms in timed if index > 0]
    print(
        f"  each table's first action: median {statistics.median(first):6.1f} ms, "
        f"max {max(first):6.1f} ms; the {len(later)} after them: median "
        f"{statistics.median(later):6.1f} ms, p99 {_percentile(later, 0.99):6.1f} ms"
    )
    # A move in a hand in play goes before the hand starts waiting (tdapp/realtime/turns.py):
    # what the actions gain, the dealers pressing "deal" wait instead, shown here.
    print(
        f"  the {len(starts)} hand starts, request -> push: median "
        f"{statistics.median(starts):6.1f} ms, p99 {_percentile(starts, 0.99):6.1f} ms, "
        f"max {max(starts):6.1f} ms"
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
