"""The server's CPU per table action, in one process: a figure the machine's load does not move.

`bench/tables.py` times request → push through a real server, which on a shared machine mostly
measures the others' work. Every table acting at once is a queue (docs/realtime.md, "All tables
at once"): its tail is about 25 actions' whole cost, so the cost of one action in CPU is what
decides it. This builds the app in-process on a throwaway SQLite database with its scheduler
(the decision jobs re-planned as in `tdapp run`), seats `--tables` tables of `--players`, joins a
Socket.IO test client per table as its console, then has the tables act in turn through the API
and counts the process's CPU (every thread: the scheduler's included) over the timed actions.
The tables act with a DdT's bearer token, as `bench/tables.py` does, or with `--consoles` as the
dealers' tablets do: each table's console opened with its PIN in a browser session of its own,
its writes carrying that session's CSRF token.

    .venv/bin/python bench/table_cpu.py [--tables 30] [--players 6] [--actions 300] [--runs 3]
                                        [--consoles] [--postgresql] [--profile FILE]

`--postgresql` runs the same on a throwaway PostgreSQL database made as the hosted topology
makes one (tests/hosted: the app's own role, row-level security on), instead of SQLite.

Prints the CPU per action of each run (the mean over its actions) and their median. `--profile`
writes a cProfile of the last run's actions to FILE (read it with `python -m pstats FILE`).
"""

from __future__ import annotations

import argparse
import cProfile
import re
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tdapp import create_app, settle_heap
from tdapp.realtime import socketio
from tdapp.services import accounts

PASSWORD = "bench password 123"
ROOT = Path(__file__).resolve().parent.parent


class Tables:
    """The tables of one tournament, acting through the API like their consoles."""

    def __init__(self, app: Any, tables: int, players: int, consoles: bool) -> None:
        user = accounts.create_user("bench", PASSWORD)
        self.client = app.test_client()
        self.client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {accounts.issue_token(user)}"
        # Each table's browser: the DdT's token, or the console's session (`--consoles`).
        self.browsers: dict[int, tuple[Any, dict[str, str]]] = {}
        created = self._call("/tournaments", {
            "name": "Bench", "starting_stack": 9000, "buy_in": 2000, "seats_per_table": players,
            "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 7200}],
            "decision_seconds": 20})
        self.tid = created["id"]
        for number in range(1, tables * players + 1):
            self._call(f"/tournaments/{self.tid}/players", {"name": f"Player {number}"})
        seated = self._call(f"/tournaments/{self.tid}/seats/draw")["players"]
        self.numbers = sorted({p["table"] for p in seated})
        for table in self.numbers:
            self.browsers[table] = (
                self._opened(app, table) if consoles else (self.client, {}))
        self.consoles = []
        for table in self.numbers:
            console = socketio.test_client(app, flask_test_client=self.browsers[table][0])
            joined = console.emit("join_table", {"tournament": created["slug"], "table": table},
                                  callback=True)
            assert joined == {"joined": True}, joined
            self.consoles.append(console)
        self.hands: dict[int, dict | None] = dict.fromkeys(self.numbers)

    def _opened(self, app: Any, table: int) -> tuple[Any, dict[str, str]]:
        """A tablet's browser that opened the table's console with its PIN, and the header its
        writes carry."""
        access = self._call(f"/tournaments/{self.tid}/tables/{table}/access")
        page = "/" + access["url"].split("/", 3)[3]
        browser = app.test_client()
        form = browser.get(page).get_data(as_text=True)
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
        assert browser.post(page, data={"pin": access["pin"], "csrf_token": csrf}).status_code == 302
        console = browser.get(page).get_data(as_text=True)
        return browser, {"X-CSRF-Token": re.search(r'data-csrf="([^"]+)"', console).group(1)}

    def _call(self, path: str, body: dict | None = None, table: int | None = None) -> dict:
        client, headers = (self.client, {}) if table is None else self.browsers[table]
        answer = client.post("/api/v1" + path, json=body or {}, headers=headers)
        assert answer.status_code < 300, answer.get_json()
        return answer.get_json()

    def next_action(self, table: int) -> tuple[str, dict]:
        """The table's next request: a new hand, a showdown, or the seat in turn checks or calls."""
        base = f"/tournaments/{self.tid}/tables/{table}"
        hand = self.hands[table]
        if hand is None or not hand["in_play"]:
            return base + "/hands", {}
        if hand["street"] == "showdown":
            winners = [[p["eligible"][0]] for p in hand["pots"] if not p["returned"]]
            return base + "/hand/showdown", {"winners": winners}
        legal = hand["legal"]
        action = "check" if "check" in legal["actions"] else "call"
        return base + "/hand/actions", {"seat": legal["seat"], "action": action}

    def act(self, table: int) -> bool:
        """The table's next request; True when it was a player's action (the ones timed)."""
        path, body = self.next_action(table)
        self.hands[table] = self._call(path, body, table)["hand"]
        for console in self.consoles:
            console.get_received()  # what a tablet reads, dropped so nothing piles up
        return path.endswith("/actions")


def _run(tables: Tables, actions: int, profile: cProfile.Profile | None) -> float:
    """CPU ms per timed action over `actions` of them, the tables acting in turn. The requests
    that start a hand or settle a showdown run too, untimed."""
    spent = 0.0
    done = 0
    while done < actions:
        for table in tables.numbers:
            path, _ = tables.next_action(table)
            timed = path.endswith("/actions")
            if profile is not None and timed:
                profile.enable()
            started = time.process_time()
            tables.act(table)
            if timed:
                spent += time.process_time() - started
                done += 1
                if profile is not None:
                    profile.disable()
            if done >= actions:
                break
    return spent * 1000 / done


@contextmanager
def _database(postgresql: bool, folder: str) -> Iterator[str]:
    """The URL of a throwaway database: SQLite in `folder`, or PostgreSQL's."""
    if not postgresql:
        yield f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        return
    sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "hosted")]
    from hosted_topology import create_database, drop_database

    name = f"tdapp_bench_{secrets.token_hex(6)}"
    try:
        yield create_database(name)
    finally:
        drop_database(name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--actions", type=int, default=300, help="timed actions per run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--consoles", action="store_true",
                        help="the tables act as their consoles opened with the PIN, not a token")
    parser.add_argument("--postgresql", action="store_true",
                        help="a throwaway PostgreSQL database instead of SQLite")
    parser.add_argument("--profile", type=Path, help="write a cProfile of the last run here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, _database(args.postgresql, folder) as url:
        app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench", "SCHEDULER": True})
        try:
            with app.app_context():
                tables = Tables(app, args.tables, args.players, args.consoles)
                settle_heap()  # as a serving process does once loaded
                _run(tables, args.actions // 3, None)  # warm: every statement compiled once
                figures = []
                for run in range(args.runs):
                    profile = cProfile.Profile(time.process_time) if args.profile and run == args.runs - 1 else None
                    figures.append(_run(tables, args.actions, profile))
                    if profile is not None:
                        profile.dump_stats(args.profile)
        finally:
            from tdapp import scheduler

            scheduler.shutdown()
    shown = ", ".join(f"{figure:.2f}" for figure in figures)
    print(f"{args.tables} tables x {args.players} players"
          f"{', as consoles opened with the PIN' if args.consoles else ', a bearer token'}"
          f"{', PostgreSQL' if args.postgresql else ', SQLite'}, "
          f"{args.actions} actions a run: server "
          f"CPU per table action {shown} ms (median {statistics.median(figures):.2f} ms)")


if __name__ == "__main__":
    main()
