"""Level changes in the hosted topology: 1,000 Socket.IO clients through nginx, split over two
gunicorn web processes, emits through Redis, the scheduler in a process of its own.

    .venv/bin/python bench/hosted.py [--clients 1000] [--levels 4] [--seconds 8] [--workers 4]

It starts the topology of tests/hosted (nginx with deploy/nginx.conf, two web processes from
deploy/gunicorn.conf.py, an owner and a standby `tdapp scheduler`, a throwaway PostgreSQL
database, a Redis channel of its own), connects the clients over WebSocket, half to each web
process (python-socketio's asyncio client, one event loop per worker process), starts a clock
whose levels last `--seconds`, and times when each client shows every new level against the
instant the level ended. A client shows it as the pages do (bench/clock.py `Screen`): at the
instant its clock announced (the view's `following`, at its version), by its own clock corrected
with sync.js's offset estimate, or on the level end's `clock` message if that came first. The
message's own delay after the instant is printed too. Then it SIGKILLs the owner 0.5 s before a
level end and times that level's `clock` message: from the kill, and from the level's instant.
Clients and server share this machine's clock, so the delays are measured directly.
Where the message's delay goes: the owner's stages up to Redis (from the line its log writes at
each level end), and how long one client process takes to hand a level change to all its
clients, which is the bench's own CPU (python-socketio parsing the message once per client).
Goals (issue 13): p99 delay of the level shown < 100 ms; failover gap from the kill < 3 s.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import re
import secrets
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "hosted"))
sys.path.insert(0, str(ROOT / "bench"))

from clock import Screen, level_delays, now_ms, percentile, where_the_delay_goes  # noqa: E402
from hosted_topology import Topology, create_database, drop_database  # noqa: E402


def worker(url: str, slug: str, routes: list[dict[str, str]], ready, done, results) -> None:
    asyncio.run(_screens(url, slug, routes, ready, done, results))


async def _screens(url: str, slug: str, routes: list[dict[str, str]], ready, done, results):
    """One worker's clients on one event loop, each a `Screen`: when it showed every period, and
    when the level end's `clock` message reached it."""
    import socketio

    screens, syncing = [], []
    for headers in routes:
        client = socketio.AsyncClient(reconnection=False, ssl_verify=False)
        screens.append(Screen(client, slug))
        for attempt in range(5):
            try:
                await client.connect(url, headers=headers, transports=["websocket"], wait_timeout=30)
                break
            except socketio.exceptions.ConnectionError:
                await asyncio.sleep(0.5 * (attempt + 1))
        await screens[-1].join()
        syncing.append(asyncio.create_task(screens[-1].synchronise()))
    await asyncio.gather(*syncing)
    ready.put(len(screens))
    await asyncio.get_running_loop().run_in_executor(None, done.wait)
    results.put([(screen.shown, screen.pushed, screen.twice, screen.offset) for screen in screens])
    await asyncio.gather(*(screen.client.disconnect() for screen in screens))


STAGES = re.compile(
    r"job fired (-?\d+) ms after its instant, state loaded \+(\d+) ms, claimed \+(\d+) ms,"
    r" published \+(\d+) ms"
)


def report_stages(owner_log: str, received: list[dict[int, float]], instants: dict[int, float],
                  args: argparse.Namespace) -> None:
    """Where the `clock` message's delay goes: the owner's stages up to the message queue (from
    its log), and the spread of one level change over one client process's clients, which is (at most) the time that
    process's event loop takes to parse the message for each of its clients in turn."""
    stages = [tuple(int(x) for x in found) for found in STAGES.findall(owner_log)]
    if stages:
        published = [sum(stage) for stage in stages]
        print(
            "owner, per level end (ms): fired after the instant "
            + ", ".join(str(stage[0]) for stage in stages)
            + "; published to Redis after the instant " + ", ".join(str(p) for p in published)
        )
    per_process = len(received) // args.workers
    spreads = []
    for index in range(args.workers):
        screens = received[index * per_process : (index + 1) * per_process]
        for period in range(1, args.levels + 1):
            times = [screen[period] for screen in screens if period in screen]
            if times:
                spreads.append((min(times) - instants[period], max(times) - min(times)))
    if spreads:
        print(
            "per client process and level: first receipt after the instant p50 "
            f"{percentile([s[0] for s in spreads], 0.5):.0f} ms; first to last receipt p50 "
            f"{percentile([s[1] for s in spreads], 0.5):.0f} ms, max {max(s[1] for s in spreads):.0f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--levels", type=int, default=4)
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()

    name = f"tdapp_bench_{secrets.token_hex(6)}"
    topology = Topology(
        Path(tempfile.mkdtemp(prefix="tdapp-hosted-bench-")),
        create_database(name),
        f"tdapp-bench-{secrets.token_hex(6)}",
    )
    workers: list[mp.Process] = []
    try:
        topology.start()
        levels = [
            {"small_blind": 25 * 2**n, "big_blind": 50 * 2**n, "ante": 0, "seconds": args.seconds}
            for n in range(args.levels + 2)
        ]
        created = topology.call(
            "POST", "/api/v1/tournaments",
            {"name": "Bench", "starting_stack": 5000, "buy_in": 2000, "seats_per_table": 9,
             "levels": levels},
        )
        routes = [topology.client(topology.web_ports[i % 2]) for i in range(args.clients)]
        ready, results, done = mp.Queue(), mp.Queue(), mp.Event()
        for index in range(args.workers):
            process = mp.Process(
                target=worker,
                args=(topology.url, created["slug"], routes[index :: args.workers], ready, done, results),
            )
            process.start()
            workers.append(process)
        connected = sum(ready.get(timeout=300) for _ in workers)
        print(f"{connected} clients connected through nginx, half to each web process")

        started = topology.call("POST", f"/api/v1/tournaments/{created['id']}/clock", {"action": "start"})
        first_end = started["clock"]["ends_at"]
        instants = {period: first_end + (period - 1) * args.seconds * 1000 for period in range(1, args.levels + 2)}
        # Measured level ends 1..levels; then the owner dies 0.5 s before the next one.
        kill_at = instants[args.levels + 1] - 500
        time.sleep(max(0.0, (kill_at - now_ms()) / 1000))
        owner = topology.owner()
        killed = now_ms()
        owner.kill()
        time.sleep(max(0.0, (instants[args.levels + 1] + 6000 - now_ms()) / 1000))
        done.set()
        gathered = [screen for _ in workers for screen in results.get(timeout=120)]
        shown = [screen[0] for screen in gathered]
        pushed = [screen[1] for screen in gathered]

        measured = {period: instants[period] for period in range(1, args.levels + 1)}
        delays, missing = level_delays(shown, measured)
        print(f"level changes: {len(delays)} shown, {missing} missing")
        if delays:
            print(
                f"new level shown, after the scheduled instant: p50 {percentile(delays, 0.5):.0f} ms, "
                f"p99 {percentile(delays, 0.99):.0f} ms, max {max(delays):.0f} ms, "
                f"min {min(delays):.0f} ms (goal p99 < 100 ms)"
            )
            print(where_the_delay_goes(shown, [screen[3] for screen in gathered], measured))
        pushes, _ = level_delays(pushed, measured)
        if pushes:
            print(
                f"the level end's `clock` message received after the instant: p50 "
                f"{percentile(pushes, 0.5):.0f} ms, p99 {percentile(pushes, 0.99):.0f} ms, "
                f"max {max(pushes):.0f} ms"
            )
        last = args.levels + 1
        failover = [times[last] for times in pushed if last in times]
        print(f"failover: {len(failover)} of {len(pushed)} clients got the level end after the kill")
        if failover:
            print(
                f"failover gap from the owner's SIGKILL: p50 {percentile([a - killed for a in failover], 0.5):.0f} ms, "
                f"max {max(failover) - killed:.0f} ms (goal < 3 s); "
                f"late after the level's instant by max {max(failover) - instants[last]:.0f} ms"
            )
        turned, _ = level_delays(shown, {last: instants[last]})
        if turned:
            print(
                f"that level shown meanwhile, after its instant: p99 {percentile(turned, 0.99):.0f} ms,"
                f" max {max(turned):.0f} ms (the screens turned by themselves)"
            )
        report_stages(topology.schedulers[0].output(), pushed, instants, args)
        print(f"level ends received twice: {sum(screen[2] for screen in gathered)}")
    finally:
        for process in workers:
            process.join(timeout=30)
            if process.is_alive():
                process.terminate()
        topology.stop()
        drop_database(name)
        print(f"the processes' logs are in {topology.folder}")


if __name__ == "__main__":
    main()
