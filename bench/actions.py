"""Time of one DdT action through the service layer on SQLite, early and late in a long night.

A tournament of 3,000 players (300 tables of 10) is registered and seated; then bust-outs and
rebuys are timed (decide, one insert, commit, apply), first with the log short, then again after
many more events. Goal: p99 under 20 ms, the same whatever the log's length. It also times a
cold load (a restarted process: newest snapshot plus the events after it).

    .venv/bin/python bench/actions.py [--players 3000] [--filler 20000] [--samples 400]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tdapp import db
from tdapp.services import tournaments
from tdapp.services.tournaments import _Memory
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.chips import SetChips
from tdapp.tournament.clock_rules import StartClock
from tdapp.tournament.purchases import Rebuy
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.seat_draw import DrawSeats
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


def _phase(tid: int, players: list[int], samples: int) -> tuple[list[float], list[float]]:
    """`samples` actions alternating a rebuy and a bust-out, on players still in play."""
    busts, rebuys = [], []
    for index in range(samples):
        player_id = players.pop()
        if index % 2:
            busts.append(
                _timed(lambda p=player_id: tournaments.dispatch(tid, BustPlayer(p), ACTOR))
            )
        else:
            rebuys.append(_timed(lambda p=player_id: tournaments.dispatch(tid, Rebuy(p), ACTOR)))
    return busts, rebuys


def _report(label: str, events: int, busts: list[float], rebuys: list[float]) -> None:
    both = busts + rebuys
    print(
        f"{label:<28} log {events:>6} events | "
        f"median {statistics.median(both):6.2f} ms  p99 {_percentile(both, 0.99):6.2f} ms | "
        f"bust p99 {_percentile(busts, 0.99):6.2f} ms  rebuy p99 {_percentile(rebuys, 0.99):6.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--filler", type=int, default=20000, help="events added between phases")
    parser.add_argument("--samples", type=int, default=400, help="timed actions per phase")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="tdapp-bench-"))
    db.configure(f"sqlite:///{folder / 'bench.sqlite3'}")
    db.upgrade()

    started = time.perf_counter()
    tid = tournaments.create_tournament(_settings(), ACTOR).id
    for number in range(1, args.players + 1):
        tournaments.dispatch(tid, RegisterPlayer(f"Player {number}"), ACTOR)
    tournaments.dispatch(tid, DrawSeats(), ACTOR)
    tournaments.dispatch(tid, StartClock(), ACTOR)
    print(
        f"set-up: {args.players} players registered and seated in "
        f"{time.perf_counter() - started:.1f} s ({args.players + 3} events)"
    )

    in_play = list(range(1, args.players + 1))
    early = _phase(tid, in_play, args.samples)
    _report("early in the night", args.players + 3, *early)

    for index in range(args.filler):
        player_id = in_play[index % len(in_play)]
        tournaments.dispatch(tid, SetChips(player_id, 4000 + index % 1000), ACTOR)
    events = args.players + 3 + args.samples + args.filler
    late = _phase(tid, in_play, args.samples)
    _report("after many more events", events, *late)

    tournaments._memory = _Memory()  # as a process that just started
    cold = _timed(lambda: tournaments.current(tid))
    print(
        f"cold load (snapshot every {tournaments.SNAPSHOT_EVERY} events + the rest): {cold:.1f} ms"
    )
    print(f"database file: {folder / 'bench.sqlite3'}")


if __name__ == "__main__":
    main()
