"""ICM deal speed: ten players, random stacks and a ten-place payout, as the deal page asks.

Three figures per run of random final tables:
- deal: `deal_amounts("icm", ...)`, what the API and the page call (floating point, falling back
  to exact fractions only when the rounding is too close to call);
- exact: `icm_shares` in exact fractions, the reference the deal's cents are checked against;
- ratio: exact / deal, so the figure means something on a slower or busier machine.
Goal: 10 players under 50 ms for the deal. Also counts how many deals needed the exact fallback.

    .venv/bin/python bench/icm.py [--tables 200] [--players 10] [--seed 2026]
"""

import argparse
import random
import statistics
import time

from tdapp.tournament import deals
from tdapp.tournament.deals import deal_amounts, icm_shares, largest_remainder


def random_table(chance: random.Random, players: int) -> tuple[list[int], list[int]]:
    stacks = [chance.randint(1, 400) * 250 for _ in range(players)]
    prizes = sorted((chance.randint(1, 5000) * 100 for _ in range(players)), reverse=True)
    return stacks, prizes


def timed(call, *args):
    start = time.perf_counter()
    result = call(*args)
    return result, (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    chance = random.Random(args.seed)
    fast: list[float] = []
    exact: list[float] = []
    fallbacks = 0
    original = deals.icm_shares

    def counting(stacks, prizes):
        nonlocal fallbacks
        fallbacks += 1
        return original(stacks, prizes)

    for _ in range(args.tables):
        stacks, prizes = random_table(chance, args.players)
        deals.icm_shares = counting
        amounts, ms = timed(deal_amounts, "icm", stacks, prizes)
        deals.icm_shares = original
        fast.append(ms)
        shares, ms = timed(icm_shares, stacks, prizes)
        exact.append(ms)
        if amounts != largest_remainder(shares):
            raise SystemExit(f"deal differs from the exact rounding: {stacks} {prizes}")
    fast.sort()
    exact.sort()
    p99 = fast[max(0, int(len(fast) * 0.99) - 1)]
    print(f"{args.players} players, {args.tables} tables")
    print(f"deal  median {statistics.median(fast):7.2f} ms  p99 {p99:7.2f} ms  max {fast[-1]:7.2f} ms")
    print(f"exact median {statistics.median(exact):7.2f} ms  max {exact[-1]:7.2f} ms")
    print(f"ratio exact/deal (median) {statistics.median(exact) / statistics.median(fast):.1f}")
    print(f"exact fallbacks {fallbacks} of {args.tables}")


if __name__ == "__main__":
    main()
