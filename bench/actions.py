"""Time of one DdT action through the service layer on SQLite, early and late in a long night.

Two tournaments of 3,000 players (300 tables of 10) are registered and seated, one of them with
many more events in its log; then bust-outs and rebuys are timed on both in turn (decide, one
insert, commit, apply). Goal: p99 under 20 ms, the same whatever the log's length. It also
times a cold load (a restarted process: newest snapshot plus the events after it).

    .venv/bin/python bench/actions.py [--players 3000] [--filler 20000] [--samples 400]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tdapp.services import clubs, tenancy, tournaments
from tdapp.storage import database as db
from tdapp.storage.event_log import Cache
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.chips import SetChips
from tdapp.tournament.clock.rules import StartClock
from tdapp.tournament.purchases import Rebuy
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import RebuyRules, Settings
from tdapp.tournament.structure import Level, Structure

ACTOR = "bench"


def _settings() -> Settings:
    # Long levels so that the rebuy period lasts the whole run.
    levels = tuple(Level(25 * n, 50 * n, 3600) for n in range(1, 11))
    return Settings(
        name="Bench",
        seats_per_table=10,
        starting_stack=5000,
        structure=Structure(levels),
        rebuy=RebuyRules(until_level=10, chips=5000, price_cents=2000, max_stack=5000),
    )


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def _new_tournament(players: int) -> int:
    tid = tournaments.create_tournament(_settings(), ACTOR).id
    for number in range(1, players + 1):
        tournaments.dispatch(tid, RegisterPlayer(f"Player {number}"), ACTOR)
    tournaments.dispatch(tid, DrawSeats(), ACTOR)
    tournaments.dispatch(tid, StartClock(), ACTOR)
    return tid


def _log_length(tid: int) -> int:
    return tournaments.current(tid).version


class _Timings:
    def __init__(self) -> None:
        self.busts: list[float] = []
        self.rebuys: list[float] = []

    def report(self, label: str, events: int) -> None:
        both = self.busts + self.rebuys
        print(
            f"{label:<22} log {events:>6} events | "
            f"median {statistics.median(both):5.2f} ms  p99 {_percentile(both, 0.99):6.2f} ms | "
            f"bust median {statistics.median(self.busts):5.2f} p99 "
            f"{_percentile(self.busts, 0.99):6.2f} | rebuy median "
            f"{statistics.median(self.rebuys):5.2f} p99 {_percentile(self.rebuys, 0.99):6.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--filler", type=int, default=20000, help="extra events in the long log")
    parser.add_argument("--samples", type=int, default=400, help="timed actions per tournament")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="tdapp-bench-"))
    db.configure(f"sqlite:///{folder / 'bench.sqlite3'}")
    db.upgrade()
    tenancy.enter(clubs.club_id_for(None))  # the process acts in the server's club throughout

    started = time.perf_counter()
    short = _new_tournament(args.players)
    long = _new_tournament(args.players)
    for index in range(args.filler):
        player_id = 1 + index % args.players
        tournaments.dispatch(long, SetChips(player_id, 4000 + index % 1000), ACTOR)
    print(
        f"set-up: two tournaments of {args.players} players seated, one with {args.filler} more "
        f"events, in {time.perf_counter() - started:.0f} s"
    )

    # The two tournaments take turns, so that whatever else the machine does hits both alike.
    timings = {short: _Timings(), long: _Timings()}
    for index in range(args.samples):
        player_id = args.players - index
        # Who goes first alternates too: the first of a pair may pay for the other's leftovers.
        for tid, timing in sorted(timings.items(), reverse=bool(index % 4 // 2)):
            if index % 2:
                command, kept = BustPlayer(player_id), timing.busts
            else:
                command, kept = Rebuy(player_id), timing.rebuys
            kept.append(_timed(lambda t=tid, c=command: tournaments.dispatch(t, c, ACTOR)))
    timings[short].report("short log", _log_length(short))
    timings[long].report("long log", _log_length(long))
    ratio = statistics.median(timings[long].busts + timings[long].rebuys) / statistics.median(
        timings[short].busts + timings[short].rebuys
    )
    print(f"median long / short: {ratio:.2f}")

    tournaments.LOG.cache = Cache()  # as a process that just started
    cold = _timed(lambda: tournaments.current(long))
    print(
        f"cold load of the long log (a snapshot every {tournaments.LOG.snapshot_every} events, "
        f"then the rest): {cold:.0f} ms"
    )


if __name__ == "__main__":
    main()
