"""The club's games and league, pure engine speed (CPU time, the machine being shared).

1. Italian draw: random legal hands dealt by the engine, played from the invito to the end.
2. Telesina: random legal hands of each variant.
3. League: standings and the next night's tables from a recorded 25-night season.

    .venv/bin/python bench/italian.py [--hands 2000]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from tdapp.engine.draw.hand import DrawHand, Phase
from tdapp.engine.draw.table import DrawTable
from tdapp.engine.errors import IllegalAction
from tdapp.engine.telesina.hand import TelesinaHand
from tdapp.engine.telesina.variants import VARIANTS
from tdapp.league.results import Night, NightKind, table_result
from tdapp.league.rotation import next_night
from tdapp.league.standings import standings

ROOT = Path(__file__).resolve().parent.parent
SEATS = (1, 2, 3, 4, 5)


def play_draw(rng: random.Random) -> DrawHand:
    table = DrawTable.sit(SEATS, {s: 500 for s in SEATS}, 5)
    hand = table.deal(2, rng=rng)
    while hand.phase is not Phase.OVER:
        if hand.phase is Phase.DRAW:
            seat = hand.to_act
            hand = hand.draw(seat, hand.cards[seat][: rng.randint(0, 4)])
        elif hand.phase is Phase.SHOWDOWN:
            hand = hand.showdown()
        else:
            legal = hand.legal_actions()
            action = rng.choice(sorted(legal.actions))
            amount = rng.randint(legal.min_to, legal.max_to) if action in ("bet", "raise") else None
            try:
                hand = hand.act(legal.seat, action, amount)
            except IllegalAction:  # no openers
                hand = hand.act(legal.seat, "check" if legal.to_call == 0 else "fold")
    return hand


def play_telesina(rng: random.Random, key: str) -> TelesinaHand:
    hand = TelesinaHand.deal(VARIANTS[key], SEATS, 5, {s: 500 for s in SEATS}, rng)
    while not hand.over:
        if hand.to_exchange:
            hand = hand.exchange(hand.to_act, None)
            continue
        legal = hand.legal_actions()
        action = rng.choice(sorted(legal.actions - {"fold"}) or ["fold"])
        amount = rng.randint(legal.min_to, legal.max_to) if action in ("bet", "raise") else None
        hand = hand.act(legal.seat, action, amount)
    return hand


def timed(label: str, count: int, run) -> None:
    start = time.process_time()
    for i in range(count):
        run(i)
    spent = time.process_time() - start
    print(f"{label:<44} {count / spent:>10,.0f} /s   ({spent * 1000 / count:.3f} ms each)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000)
    hands = parser.parse_args().hands
    rng = random.Random(1)
    timed("Italian draw hand, invito to payout", hands, lambda _: play_draw(rng))
    for key in VARIANTS:
        timed(f"telesina {key} hand", hands // 4, lambda _, k=key: play_telesina(rng, k))
    season = json.loads((ROOT / "tests/league/season_2024.json").read_text())
    nights = [Night(n["day"], tuple(table_result(t["name"], t["chips"], t["poste"])
                                    for t in n["tables"]), NightKind(n["kind"]))
              for n in season["nights"]]
    members = season["members"]
    timed("league standings over 25 nights", 200,
          lambda i: standings(members, nights, random.Random(i)))
    timed("league next night's tables (rotation)", 2000,
          lambda i: next_night(members, nights[i % 19], set(), random.Random(i)))


if __name__ == "__main__":
    main()
