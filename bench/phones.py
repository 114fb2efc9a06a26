"""A festival's screens: 1,000 phones each following a player, 20 wall displays and the DdT's
console on a 3,000-player tournament, while the DdT records a bust a second.

    .venv/bin/python bench/phones.py [--players 3000] [--phones 1000] [--displays 20]
                                     [--seconds 60] [--workers 4] [--hosted]

It seats the players at 300 tables of 10, starts `tdapp run` (one process, SQLite; with
`--hosted`, the topology of tests/hosted instead: nginx, two gunicorn web processes, Redis as
the message queue, PostgreSQL), connects the clients (python-socketio's asyncio client, one
event loop per worker process; with `--hosted` half of them to each web process), each phone
joining with `{"tournament", "player"}` for a player of its own, the displays with
`{"tournament"}`, the console with `"audience": "td"` and the DdT's session (the dashboard's part
of the view: its join size is printed, with the API's view of both shapes). Then once a second
it busts a seated player and applies the suggested balancing moves, if any, through the API.

Every client keeps its view with the protocol's client side (tdapp/realtime/protocol.py
`Follower`), joining again when it misses a message, and records each message's size and
arrival. At the end each joins once more and compares the view it rebuilt with the fresh one.
It prints: the largest message after the join per audience (p99 and max; goals: phone p99
< 2 KB, display < 8 KB, console < 20 KB for a bust), the delay from the action's HTTP answer to
each client's receipt of its change (goal p99 < 250 ms; also per audience and action, and as
stamped when the client's WebSocket reader handed the message over, before its handler queued
in the event loop behind the other clients'), the CPU that the server and the clients used
while the DdT acted (the clients' share of the cores delays their reads), the server's RSS
(goal < 400 MB), the clients whose rebuilt view differs from a fresh join's (goal: none), the
joins again, and the time of the DdT's console pages (goal < 1 s). Clients and server share
this machine's clock.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "hosted"))

from clock import DDT, free_port, now_ms, percentile, rss_mb, wait_up  # noqa: E402


def prepare(database_url: str, players: int) -> tuple[int, str, list[int]]:
    """A tournament of `players` seated at tables of 10 with its clock running (levels of an
    hour: no level ends during the run); answers its id, slug and the seated players' ids."""
    from tdapp import create_app
    from tdapp.services import accounts, clubs, tenancy, tournaments
    from tdapp.tournament.clock.rules import StartClock
    from tdapp.tournament.registration import RegisterPlayer
    from tdapp.tournament.seating.opening_draw import DrawSeats
    from tdapp.tournament.settings import Settings
    from tdapp.tournament.structure import Level, Structure

    create_app({"DATABASE_URL": database_url, "SCHEDULER": False})
    accounts.create_user(*DDT)
    tenancy.enter(clubs.club_id_for(None))  # the set-up acts in the server's club
    levels = tuple(Level(25 * n, 50 * n, 3600) for n in range(1, 11))
    settings = Settings(name="Festival", seats_per_table=10, structure=Structure(levels))
    created = tournaments.create_tournament(settings, "bench")
    for number in range(players):
        tournaments.dispatch(created.id, RegisterPlayer(f"Giocatore {number + 1}"), "bench")
    tournaments.dispatch(created.id, DrawSeats(), "bench")
    state = tournaments.dispatch(created.id, StartClock(), "bench")
    return created.id, created.slug, [p.id for p in state.players if p.table is not None]



HEARD = tuple(f'2["{kind}"' for kind in ("view", "delta", "clock"))
"""How the Engine.IO messages that carry the events the clients listen to begin."""


def stamp_arrivals(client) -> deque[float]:
    """The instants (ms) at which the client's WebSocket reader handed over each message of an
    event it listens to, in order: a message's handler runs later, in a task of its own queued
    behind those of the other clients of its event loop, and its stamp then also counts the
    work of the handlers before it. Comparing the two tells the loop's queue from the
    server's delay."""
    arrivals: deque[float] = deque()
    receive = client.eio._receive_packet

    async def stamped(pkt) -> None:
        if isinstance(pkt.data, str) and pkt.data.startswith(HEARD):
            arrivals.append(now_ms())
        await receive(pkt)

    client.eio._receive_packet = stamped
    return arrivals


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def worker(url: str, slug: str, specs: list[dict[str, Any]], ready, done, results) -> None:
    asyncio.run(_clients(url, slug, specs, ready, done, results))


async def _clients(url: str, slug: str, specs: list[dict[str, Any]], ready, done, results):
    """One worker's clients on one event loop. Each spec: `audience` ("phone", "display",
    "td"), `join` (the payload), `headers`."""
    import socketio

    from tdapp.realtime.protocol import Follower, settled

    records = []
    clients = []

    def follow(client, spec: dict[str, Any], record: dict[str, Any]) -> None:
        follower = Follower(spec["join"].get("player"))
        record["follower"] = follower
        arrivals = stamp_arrivals(client)

        def heard(kind: str):
            async def on(message: dict[str, Any]) -> None:
                at = now_ms()
                size = len(json.dumps(message, separators=(",", ":")))
                record["messages"].append((kind, size, message.get("version"), at,
                                           "player" in message, arrivals.popleft()))
                if kind == "view" and record["checking"] is not None:
                    record["checking"].set_result(message)
                    return
                if getattr(follower, f"on_{kind}")(message):
                    await join()
            return on

        async def join() -> None:
            record["joins"] += 1
            await client.emit("join", spec["join"])

        async def connected() -> None:  # first or again: as a browser does, join (again)
            follower.rejoin()
            client.start_background_task(join)

        for kind in ("view", "delta", "clock"):
            client.on(kind, heard(kind))
        client.on("connect", connected)
        client.on("disconnect", lambda *reason: record.__setitem__(
            "drops", record["drops"] + (not record["done"])))

    for spec in specs:
        client = socketio.AsyncClient(ssl_verify=False)
        record = {"audience": spec["audience"], "messages": [], "joins": 0, "drops": 0,
                  "checking": None, "done": False}
        follow(client, spec, record)
        for attempt in range(8):
            try:
                await client.connect(url, headers=dict(spec.get("headers", {})),
                                     transports=["websocket"], wait_timeout=60)
                break
            except socketio.exceptions.ConnectionError:
                await asyncio.sleep(0.5 * (attempt + 1))
        clients.append(client)
        records.append(record)
    ready.put(len(clients))
    loop = asyncio.get_running_loop()
    cpu = time.process_time()
    await loop.run_in_executor(None, done.wait)
    await asyncio.sleep(2)  # the last change's messages
    cpu = time.process_time() - cpu
    differ = 0
    for client, spec, record in zip(clients, specs, records, strict=True):
        rebuilt = record["follower"].view
        record["checking"] = loop.create_future()
        try:
            await client.emit("join", spec["join"])
            fresh = await asyncio.wait_for(record["checking"], 60)
        except (TimeoutError, socketio.exceptions.SocketIOError):
            fresh = None
        if rebuilt is None or fresh is None or settled(rebuilt) != settled(fresh):
            differ += 1
        del record["follower"], record["checking"]
    for record in records:
        record["done"] = True
    results.put({"records": records, "differ": differ, "cpu": cpu})
    await asyncio.gather(*(client.disconnect() for client in clients))


class Server:
    """The server under test: `tdapp run` on SQLite, or the hosted topology."""

    def __init__(self, hosted: bool, players: int) -> None:
        self.hosted = hosted
        self.folder = Path(tempfile.mkdtemp(prefix="tdapp-bench-phones-"))
        if hosted:
            from hosted_topology import Topology, create_database

            self.database = f"tdapp_bench_{secrets.token_hex(6)}"
            self.topology = Topology(self.folder, create_database(self.database),
                                     f"tdapp-bench-{secrets.token_hex(6)}")
            self.topology.start()
            self.url = self.topology.url
            database_url = self.topology.env["DATABASE_URL"]
        else:
            database_url = f"sqlite:///{self.folder / 'bench.sqlite3'}"
        started = time.monotonic()
        self.tid, self.slug, self.seated = prepare(database_url, players)
        print(f"{players} players registered and seated in {time.monotonic() - started:.0f} s")
        if not hosted:
            port = free_port()
            self.url = f"http://127.0.0.1:{port}"
            env = dict(os.environ, DATABASE_URL=database_url, PYTHONUNBUFFERED="1")
            command = [sys.executable, "-m", "tdapp.cli", "run", "--host", "127.0.0.1",
                       "--port", str(port)]
            self.process = subprocess.Popen(command, cwd=ROOT, env=env,
                                            stdout=(self.folder / "server.log").open("w"),
                                            stderr=subprocess.STDOUT)
            wait_up(self.url, self.process)
        self.http = requests.Session()
        self.http.verify = False
        self.http.trust_env = False
        answer = self.http.post(f"{self.url}/api/v1/auth/token",
                                json={"username": DDT[0], "password": DDT[1]}, timeout=60)
        self.http.headers["Authorization"] = f"Bearer {answer.json()['token']}"

    def pids(self) -> list[int]:
        """The processes that serve the clients (the web processes when hosted)."""
        if not self.hosted:
            return [self.process.pid]
        found = []
        for process in self.topology.web.values():
            master = process.popen.pid
            children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
            found.extend(int(pid) for pid in children)
        return found

    def routes(self, index: int) -> dict[str, str]:
        if not self.hosted:
            return {}
        ports = self.topology.web_ports
        return self.topology.client(ports[index % len(ports)])

    def session_cookie(self, index: int) -> str:
        """The DdT's browser session, through the login form."""
        browser = requests.Session()
        browser.verify, browser.trust_env = False, False
        browser.headers.update(self.routes(index))
        page = browser.get(f"{self.url}/login", timeout=60).text
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        browser.post(f"{self.url}/login", timeout=60,
                     data={"username": DDT[0], "password": DDT[1], "csrf_token": token})
        self.browser = browser
        return "; ".join(f"{c.name}={c.value}" for c in browser.cookies)

    def act(self, path: str, body: dict | None = None) -> tuple[int, dict[str, Any], float, int]:
        """A DdT's action: status, answer, the instant (ms) the answer was read and its size.
        The answer is the API's default: at this size, what the action changed."""
        answer = self.http.post(f"{self.url}/api/v1/tournaments/{self.tid}{path}",
                                json=body or {}, timeout=60)
        return answer.status_code, answer.json(), now_ms(), len(answer.content)

    def stop(self) -> None:
        if self.hosted:
            from hosted_topology import drop_database

            self.topology.stop()
            drop_database(self.database)
        else:
            self.process.terminate()
            self.process.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--phones", type=int, default=1000)
    parser.add_argument("--displays", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=60, help="one bust a second, this long")
    parser.add_argument("--workers", type=int, default=4, help="client processes")
    parser.add_argument("--hosted", action="store_true", help="nginx, two web processes, Redis")
    args = parser.parse_args()
    import urllib3

    urllib3.disable_warnings()

    load_before = os.getloadavg()[0]
    server = Server(args.hosted, args.players)
    rng = random.Random(14)
    workers: list[mp.Process] = []
    try:
        followed = rng.sample(server.seated, args.phones)
        specs = [{"audience": "phone", "join": {"tournament": server.slug, "player": player}}
                 for player in followed]
        specs += [{"audience": "display", "join": {"tournament": server.slug}}
                  for _ in range(args.displays)]
        specs.append({"audience": "td", "join": {"tournament": server.slug, "audience": "td"},
                      "headers": {"Cookie": server.session_cookie(0)}})
        for index, spec in enumerate(specs):
            spec.setdefault("headers", {}).update(server.routes(index))
        context = mp.get_context("spawn")
        ready, results, done = context.Queue(), context.Queue(), context.Event()
        for index in range(args.workers):
            process = context.Process(target=worker, args=(
                server.url, server.slug, specs[index :: args.workers], ready, done, results))
            process.start()
            workers.append(process)
        started = time.monotonic()
        connected = sum(ready.get(timeout=900) for _ in workers)
        print(f"{connected} clients connected and joined in {time.monotonic() - started:.1f} s")
        rss = {pid: rss_mb(pid)[0] for pid in server.pids()}
        peak = [sum(rss.values())]

        def watch() -> None:
            while not done.is_set():
                peak.append(sum(rss_mb(pid)[0] for pid in server.pids()))
                time.sleep(0.5)

        threading.Thread(target=watch, daemon=True).start()
        answered: dict[int, float] = {}
        kinds: dict[int, str] = {}
        in_play = list(server.seated)
        rng.shuffle(in_play)
        began = time.monotonic()
        server_cpu = -sum(cpu_seconds(pid) for pid in server.pids())
        action_ms = []
        answer_bytes = []
        for second in range(args.seconds):
            time.sleep(max(0.0, began + second - time.monotonic()))
            busted = in_play.pop()
            sent = now_ms()
            status, answer, at, size = server.act(f"/players/{busted}/bust")
            action_ms.append(at - sent)
            answer_bytes.append(size)
            if status == 200:
                answered[answer["version"]], kinds[answer["version"]] = at, "bust"
            status, answer, at, size = server.act("/moves", {"apply": "suggested"})
            if status == 200:
                answer_bytes.append(size)
                answered[answer["version"]], kinds[answer["version"]] = at, "moves"
        server_cpu += sum(cpu_seconds(pid) for pid in server.pids())
        acting = time.monotonic() - began
        done.set()
        gathered = [results.get(timeout=900) for _ in workers]
        pages = {}
        for page in ("", "/players", "/tables", "/tables?page=2", "/payouts", "/log", "/log?page=2"):
            sent = time.monotonic()
            shown = server.browser.get(f"{server.url}/td/t/{server.tid}{page}", timeout=60)
            pages[page or "/"] = ((time.monotonic() - sent) * 1000, shown.status_code,
                                  len(shown.content))
        views = {shape: len(server.http.get(f"{server.url}/api/v1/tournaments/{server.tid}",
                                             params={"view": shape}, timeout=60).content)
                 for shape in ("dashboard", "full")}
    finally:
        for process in workers:
            process.join(timeout=120)
            if process.is_alive():
                process.terminate()
        server.stop()

    records = [r for part in gathered for r in part["records"]]
    differ = sum(part["differ"] for part in gathered)
    where = "hosted: nginx, 2 web processes, Redis, PostgreSQL" if args.hosted else "one process, SQLite"
    print(f"set-up: {where}; machine: {os.cpu_count()} cores, load average {load_before:.1f} "
          f"before and {os.getloadavg()[0]:.1f} after (clients and server share these cores)")
    print(f"actions: {sum(1 for k in kinds.values() if k == 'bust')} busts, "
          f"{sum(1 for k in kinds.values() if k == 'moves')} applications of suggested moves; "
          f"the DdT's answer took median {statistics.median(action_ms):.0f} ms, "
          f"p99 {percentile(action_ms, 0.99):.0f} ms; answers median "
          f"{statistics.median(answer_bytes)} B, max {max(answer_bytes)} B (what the action changed)")
    goals = {"phone": 2048, "display": 8192, "td": 20480}
    for audience, goal in goals.items():
        mine = [r for r in records if r["audience"] == audience]
        sizes = [size for r in mine for kind, size, *_ in r["messages"][1:] if kind != "view"]
        joined = [r["messages"][0][1] for r in mine if r["messages"]]
        if not sizes:
            continue
        largest = [max((s for k, s, *_ in r["messages"][1:] if k != "view"), default=0) for r in mine]
        print(f"{audience:>7}: {len(mine)} clients; first view {statistics.median(joined) / 1024:.1f} KB; "
              f"messages after it: median {statistics.median(sizes)} B, p99 {percentile(sizes, 0.99)} B, "
              f"max {max(sizes)} B; each client's largest p99 {percentile(largest, 0.99)} B "
              f"(goal < {goal // 1024} KB)")
    told = [(r["audience"], kinds[version], at - answered[version], arrived - answered[version])
            for r in records for kind, _, version, at, own, arrived in r["messages"][1:]
            if kind == "delta" and not own and version in answered]
    if told:
        delays = [delay for *_, delay, _ in told]
        print(f"delivery after the action's answer: median {statistics.median(delays):.0f} ms, "
              f"p99 {percentile(delays, 0.99):.0f} ms, max {max(delays):.0f} ms (goal p99 < 250 ms; "
              f"negative: the push left before the answer)")
        print("  the same, stamped as each client's WebSocket reader handed the message over "
              "(before its handler waited in the event loop behind the other clients'):")
        parts = [(None, None)] + [(audience, action) for audience in ("phone", "display", "td")
                                  for action in ("bust", "moves")]
        for audience, action in parts:
            mine = [(delay, arrived) for who, what, delay, arrived in told
                    if audience in (None, who) and action in (None, what)]
            if mine:
                handled, read = zip(*mine, strict=True)
                print(f"  {audience or 'all':>7} {action or 'actions':>7}: read median "
                      f"{statistics.median(read):.0f} ms, p99 {percentile(read, 0.99):.0f} ms; "
                      f"handled median {statistics.median(handled):.0f} ms, "
                      f"p99 {percentile(handled, 0.99):.0f} ms ({len(mine)} deltas)")
    consoles = [r["messages"][0][1] for r in records if r["audience"] == "td" and r["messages"]]
    if consoles:
        print(f"the DdT's console joined with {consoles[0] / 1024:.1f} KB, the dashboard's part "
              f"(goal < 100 KB); the API's view: {views['dashboard'] / 1024:.1f} KB as the "
              f"dashboard's part, {views['full'] / 1024:.0f} KB whole (?view=full)")
    expected = len(answered) * len(records)
    got = sum(1 for r in records for kind, _, version, _, own, _ in r["messages"][1:]
              if kind == "delta" and not own and version in answered)
    print(f"deltas received: {got} of {expected}")
    heard = sum(1 for r in records for kind, *_ in r["messages"][1:] if kind != "view")
    clients_cpu = sum(part["cpu"] for part in gathered)
    print(f"CPU while the DdT acted ({acting:.0f} s): the server{'s web processes' if args.hosted else ''} "
          f"{server_cpu:.1f} s, the clients {clients_cpu:.1f} s "
          f"({clients_cpu / max(heard, 1) * 1e6:.0f} µs a message heard), on the same "
          f"{os.cpu_count()} cores: a client reads its message only once it gets a core")
    print(f"server RSS: {sum(rss.values()):.0f} MB with the clients joined, peak {max(peak):.0f} MB "
          f"(goal < 400 MB{'; both web processes' if args.hosted else ''})")
    print(f"joins again: {sum(r['joins'] - 1 for r in records)} (connections lost and made again: "
          f"{sum(r['drops'] for r in records)}; the rest: a missed or out-of-order message)")
    print(f"clients whose rebuilt view differs from a fresh join's: {differ} of {len(records)} (goal 0)")
    for page, (ms, status, size) in pages.items():
        print(f"DdT console page {page:<14} {ms:6.0f} ms  ({status}, {size / 1024:.0f} KB; goal < 1 s)")


if __name__ == "__main__":
    main()
