"""Seating speed: 3,000 players at 300 tables of 10, busted one at a time down to the final table.

Each step busts one player, asks for the suggestions (balance moves, table breaks, the final
table) and applies them, as the DdT's "apply all suggested" does. Two runs:

- pure: the seating functions alone on the tables; every table has a button and a hand is dealt
  at a few tables between busts, so the big blind and worst seat come from real positions;
- tournament: the same night through decide/apply, as a service runs it (BustPlayer, then
  ApplySuggested while the view's suggestions are not empty), with each table's first button
  drawn (TO-02). No database: this measures the rules, not the storage.

Prints the median and p99 time of a step (goal: p99 under 5 ms), and the same for steps that
broke a table.

    .venv/bin/python bench/seating.py [--players 3000] [--tables 300] [--seed 2026]
"""

import argparse
import random
import time
from datetime import UTC, datetime

from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.button import draw_button, first_positions, next_positions
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.registry import apply, decide
from tdapp.tournament.seating import (
    BalanceRules,
    Buttons,
    apply_moves,
    break_tables,
    draw_final_table,
    draw_seats,
    suggest,
)
from tdapp.tournament.seating.balance import in_play, seated
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.seating.rules import ApplySuggested, DrawButtons, suggestions
from tdapp.tournament.settings import Settings
from tdapp.tournament.state import Tournament

SEATS = 10

# CPU time of this thread: the machine is shared, and wall time would also count the other
# processes that the scheduler runs in the middle of a step. `--wall` measures wall time.
CLOCK = time.thread_time


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def pure_run(players: int, table_count: int, rng: random.Random) -> tuple[list[float], list[float]]:
    """Step times (all, and those that broke a table) of the seating functions alone."""
    rules = BalanceRules()
    numbers = range(1, table_count + 1)
    draw = draw_seats(list(range(players)), {t: SEATS for t in numbers}, rng)
    rows = {t: [None] * SEATS for t in numbers}
    for player, seat in draw.items():
        rows[seat.table][seat.seat - 1] = player
    tables = {t: tuple(row) for t, row in rows.items()}
    last_hands = {
        t: first_positions(draw_button(seated(row), rng).button, seated(row))
        for t, row in tables.items()
    }
    where = {p: (s.table, s.seat) for p, s in draw.items()}

    steps: list[float] = []
    break_steps: list[float] = []
    while len(in_play(tables)) > 1:
        victim = rng.choice(list(where))
        table, seat = where.pop(victim)
        for _ in range(3):
            dealt = rng.choice(list(in_play(tables)))
            occupied = seated(tables[dealt])
            if len(occupied) >= 2:
                last_hands[dealt] = next_positions(last_hands[dealt], occupied)

        start = CLOCK()
        tables = {**tables, table: tables[table][: seat - 1] + (None,) + tables[table][seat:]}
        broke = False
        while True:
            found = suggest(tables, rules, Buttons(last_hands=last_hands))
            if found.breaks:
                moves = break_tables(tables, {b.table for b in found.breaks}, rng)
                broke = True
            elif found.final_table is not None:
                moves, _ = draw_final_table(tables, found.final_table, SEATS, rng)
                broke = True
            elif found.moves:
                moves = found.moves
            else:
                break
            tables = apply_moves(tables, moves)
            for move in moves:
                where[move.player] = (move.to_table, move.to_seat)
        elapsed = CLOCK() - start

        steps.append(elapsed)
        if broke:
            break_steps.append(elapsed)
    return steps, break_steps


def tournament_run(
    players: int, table_count: int, rng: random.Random
) -> tuple[list[float], list[float]]:
    """Step times of the same night through the tournament's decide and apply."""
    now = datetime(2027, 3, 1, 20, 0, tzinfo=UTC)
    state = Tournament()

    def do(command):
        nonlocal state
        happened = decide(state, command, Ctx(now, rng.getrandbits(64)))
        state = apply(state, happened)
        return happened

    do(ConfigureTournament(Settings(name="Bench", seats_per_table=SEATS)))
    for number in range(players):
        do(RegisterPlayer(f"Player {number}"))
    do(DrawSeats(tables=table_count))
    do(DrawButtons())

    steps: list[float] = []
    break_steps: list[float] = []
    while len(in_play(state.tables)) > 1:
        victim = rng.choice([p for seats in state.tables.values() for p in seats if p])
        start = CLOCK()
        do(BustPlayer(victim))
        tables_before = len(state.tables)
        while not suggestions(state).empty:
            do(ApplySuggested())
        elapsed = CLOCK() - start
        steps.append(elapsed)
        if len(state.tables) < tables_before:
            break_steps.append(elapsed)
    return steps, break_steps


def report(name: str, steps: list[float], break_steps: list[float]) -> None:
    def ms(values: list[float], share: float) -> str:
        return f"{percentile(values, share) * 1000:.3f} ms"

    print(f"{name}: {len(steps)} busts, {len(break_steps)} with a table break")
    print(f"  step (bust + suggest + apply): median {ms(steps, 0.5)}, p99 {ms(steps, 0.99)}, "
          f"max {max(steps) * 1000:.3f} ms")
    print(f"  steps with a table break:      median {ms(break_steps, 0.5)}, "
          f"p99 {ms(break_steps, 0.99)}")
    print(f"  goal p99 < 5 ms: {'met' if percentile(steps, 0.99) < 0.005 else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--wall", action="store_true", help="measure wall time, not CPU time")
    args = parser.parse_args()
    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter
    print(f"{args.players} players, {args.tables} tables of {SEATS}, busted to the final table; "
          f"{'wall' if args.wall else 'CPU'} time per step")
    report("pure", *pure_run(args.players, args.tables, random.Random(args.seed)))
    report("tournament", *tournament_run(args.players, args.tables, random.Random(args.seed)))


if __name__ == "__main__":
    main()
