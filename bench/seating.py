"""Seating speed: 3,000 players at 300 tables of 10, busted one at a time down to the final table.

Each step busts one player, asks for the suggestions (balance moves, table breaks, the final
table) and applies them, as the DdT's "apply all suggested" does. Every table has a button, and
a hand is dealt at a few tables between busts, so the big blind and worst seat are worked out
from real positions. Prints the median and p99 time of a step (goal: p99 under 5 ms), and the
same for steps that broke a table.

    .venv/bin/python bench/seating.py [--players 3000] [--tables 300] [--seed 2026]
"""

import argparse
import random
import statistics
import time

from tdapp.tournament.button import draw_button, first_positions, next_positions
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

SEATS = 10


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rules = BalanceRules()

    numbers = range(1, args.tables + 1)
    draw = draw_seats(list(range(args.players)), {t: SEATS for t in numbers}, rng)
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
    moves_made = 0
    while len(in_play(tables)) > 1:
        victim = rng.choice(list(where))
        table, seat = where.pop(victim)
        for _ in range(3):
            dealt = rng.choice(list(in_play(tables)))
            occupied = seated(tables[dealt])
            if len(occupied) >= 2:
                last_hands[dealt] = next_positions(last_hands[dealt], occupied)

        start = time.perf_counter()
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
            moves_made += len(moves)
        elapsed = time.perf_counter() - start

        steps.append(elapsed)
        if broke:
            break_steps.append(elapsed)

    print(f"{args.players} players, {args.tables} tables of {SEATS}: {len(steps)} busts, "
          f"{moves_made} moves, {len(break_steps)} table breaks")
    print(f"step (bust + suggest + apply): median {statistics.median(steps) * 1000:.3f} ms, "
          f"p99 {percentile(steps, 0.99) * 1000:.3f} ms, max {max(steps) * 1000:.3f} ms")
    print(f"steps with a table break:      median {statistics.median(break_steps) * 1000:.3f} ms, "
          f"p99 {percentile(break_steps, 0.99) * 1000:.3f} ms")
    print(f"goal p99 < 5 ms: {'met' if percentile(steps, 0.99) < 0.005 else 'NOT met'}")


if __name__ == "__main__":
    main()
