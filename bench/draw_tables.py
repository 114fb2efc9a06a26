"""Draw tables through the services on the embedded SQLite: the time of one dealer action from
the service call to the commit (wall time, the machine being shared), and what a process that
holds no state pays to replay a table's whole night from its log.

    .venv/bin/python bench/draw_tables.py [--hands 60]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from tdapp.draw_table.commands import Act, Deal, Draw, Showdown
from tdapp.services import clubs, draw_tables, tenancy
from tdapp.services.draw_tables import Player
from tdapp.storage import database as db
from tdapp.storage.event_log import Cache

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")


def one_hand(table_id: int, timings: list[float]) -> None:
    """Seat in turn opens for the pot, one calls, the rest fold; both servito; checked down;
    the first caller's hand is tapped as the winner."""

    def timed(command) -> draw_tables.LoadedDrawTable:
        start = time.perf_counter()
        opened = draw_tables.dispatch(table_id, command, "bench")
        timings.append(time.perf_counter() - start)
        return opened

    hand = timed(Deal(1)).state.hand
    hand = timed(Act(hand.to_act, "bet", confirmed=True)).state.hand
    hand = timed(Act(hand.to_act, "call")).state.hand
    while hand.phase.value == "first_round":
        hand = timed(Act(hand.to_act, "fold")).state.hand
    while hand.phase.value == "draw":
        hand = timed(Draw(hand.to_act, 0)).state.hand
    while hand.phase.value == "second_round":
        legal = hand.legal_actions()
        action = "bet" if legal.to_call == 0 and "bet" in {a.value for a in legal.actions} \
            and not hand.round.bets.get(legal.seat) else "call"
        hand = timed(Act(legal.seat, action, 1 if action == "bet" else None)).state.hand
    if hand.phase.value == "showdown":
        timed(Showdown(winner=hand.live[0]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db.configure(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
        db.upgrade()
        tenancy.enter(clubs.club_id_for(None))  # the process acts in the server's club
        players = [Player(name, 100_000) for name in NAMES]
        table_id = draw_tables.create_table("Bench", players, 5, "bench").id
        timings: list[float] = []
        for _ in range(args.hands):
            one_hand(table_id, timings)
        timings.sort()
        p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
        print(f"{len(timings)} actions over {args.hands} hands: median "
              f"{statistics.median(timings) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms per action")
        events = len(draw_tables.history(table_id))
        start = time.perf_counter()
        cached = draw_tables.current(table_id)
        warm = time.perf_counter() - start
        draw_tables.LOG.cache = Cache()  # a process that holds nothing: reload from the log
        start = time.perf_counter()
        replayed = draw_tables.current(table_id)
        cold = time.perf_counter() - start
        assert replayed.state == cached.state
        print(f"reading the table: {warm * 1000:.2f} ms from memory, {cold * 1000:.1f} ms "
              f"loading {events} events (a snapshot every {draw_tables.LOG.snapshot_every}, "
              f"then the rest) ({cold / warm:.0f}x)")


if __name__ == "__main__":
    main()
