"""How long the pure model takes per action in a 3,000-player tournament.

Prints the median and 99th percentile of `decide` and of `apply` for a rebuy, a chip count and
a bust-out, the time of a whole view, and, as the reference measured in the same run, the cost of copying a 3,000-entry
dict (what a model that copied its players on every event would pay at least).

    .venv/bin/python bench/tournament_model.py
"""

from __future__ import annotations

import random
import statistics
import time
from datetime import UTC, datetime, timedelta

from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.chips import SetChips
from tdapp.tournament.clock.rules import StartClock
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.purchases import Rebuy
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.registry import apply, decide, view
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import RebuyRules, Settings
from tdapp.tournament.state import Tournament

PLAYERS = 3000
ROUNDS = 500
T0 = datetime(2027, 3, 1, 20, 0, tzinfo=UTC)


def build() -> Tournament:
    state = Tournament()
    settings = Settings(name="Bench", seats_per_table=9, rebuy=RebuyRules(6, 5000, 1000, 5000))
    for command in [ConfigureTournament(settings)] + [
        RegisterPlayer(f"Player {n}") for n in range(PLAYERS)
    ]:
        state = apply(state, decide(state, command, Ctx(T0)))
    for command in (DrawSeats(), StartClock()):
        state = apply(state, decide(state, command, Ctx(T0, seed=7)))
    return state


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    return f"median {statistics.median(ordered) * 1e6:7.1f} µs   p99 {p99 * 1e6:7.1f} µs"


def measure(state: Tournament, make, rng: random.Random) -> tuple[list[float], list[float]]:
    decided, applied = [], []
    now = T0 + timedelta(minutes=5)
    for _ in range(ROUNDS):
        command = make(state, rng)
        start = time.perf_counter()
        found = decide(state, command, Ctx(now, rng.getrandbits(32)))
        middle = time.perf_counter()
        state = apply(state, found)
        end = time.perf_counter()
        decided.append(middle - start)
        applied.append(end - middle)
    return decided, applied


def someone_in(state: Tournament, rng: random.Random) -> int:
    while True:
        player = state.players.get(rng.randint(1, PLAYERS))
        if player is not None and player.in_play:
            return player.id


def main() -> None:
    state = build()
    rng = random.Random(1)
    actions = {
        "rebuy": lambda s, r: Rebuy(someone_in(s, r), stack=0),
        "chip count": lambda s, r: SetChips(someone_in(s, r), 100),
        "bust": lambda s, r: BustPlayer(someone_in(s, r)),
    }
    print(f"{PLAYERS} players, {ROUNDS} actions each")
    for name, make in actions.items():
        decided, applied = measure(state, make, rng)
        print(f"{name:11} decide {percentiles(decided)}   apply {percentiles(applied)}")
    # The machine is shared: a view takes milliseconds, long enough for other processes to cut
    # in, so its figure is CPU time.
    view(state, T0, "td")
    for audience in ("public", "td"):
        times = []
        for _ in range(20):
            start = time.process_time()
            view(state, T0, audience)
            times.append(time.process_time() - start)
        print(f"view {audience:6} (CPU) {percentiles(times)}")
    big = {n: n for n in range(PLAYERS)}
    copies = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        dict(big)
        copies.append(time.perf_counter() - start)
    print(f"reference: copying a {PLAYERS}-entry dict {percentiles(copies)}")


if __name__ == "__main__":
    main()
