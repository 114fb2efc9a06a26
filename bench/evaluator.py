"""Hand evaluation speed: tdapp's STANDARD and italian(7) against treys, on the same seeded hands.

Prints hands per second for the value primitive (`ranking.evaluate_five(codes)` and
`ranking.evaluate(codes)`, against treys' `_five` and `_seven`) and for `best_hand()` (which adds input checks and the Hand object), and the ratio
tdapp/treys. Each figure is the best of a few repeats, since the machine is shared.

    .venv/bin/python bench/evaluator.py [--hands 100000] [--seed 2026]
"""

import argparse
import random
import time
from collections.abc import Callable, Sequence

from treys import Card as TreysCard
from treys import Evaluator

from tdapp.engine.cards import Card, deck_cards
from tdapp.engine.hands import STANDARD, best_hand, italian

REPEATS = 3


def per_second(function: Callable, hands: Sequence) -> float:
    """Hands per second of `function` over `hands`, best of REPEATS runs."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for hand in hands:
            function(hand)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def deal_hands(rng: random.Random, deck: Sequence[Card], size: int, count: int) -> list[list[Card]]:
    return [rng.sample(deck, size) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per measurement")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    treys = Evaluator()
    treys_by_size = {5: treys._five, 7: treys._seven}
    club = italian(7)
    decks = {"52 cards": deck_cards(2), "32 cards": deck_cards(7)}

    print(f"{'measure':<44}{'tdapp/s':>12}{'treys/s':>12}{'ratio':>8}")
    for deck_name, deck in decks.items():
        rankings = [("STANDARD", STANDARD)] if deck_name == "52 cards" else [("italian(7)", club)]
        for size in (5, 7):
            hands = deal_hands(rng, deck, size, args.hands)
            codes = [[card.code for card in hand] for hand in hands]
            treys_hands = [[TreysCard.new(str(card)) for card in hand] for hand in hands]
            treys_rate = per_second(treys_by_size[size], treys_hands)
            for name, ranking in rankings:
                # Italian seven-card hands try 21 fives each: fewer hands keep the run short.
                sample = slice(None) if ranking is STANDARD or size == 5 else slice(args.hands // 10)
                evaluate = ranking.evaluate_five if size == 5 else ranking.evaluate
                value_rate = per_second(evaluate, codes[sample])
                hand_rate = per_second(lambda cards, r=ranking: best_hand(cards, r), hands[sample])
                label = f"{name} {size}-card value, {deck_name}"
                print(f"{label:<44}{value_rate:>12,.0f}{treys_rate:>12,.0f}"
                      f"{value_rate / treys_rate:>8.2f}")
                label = f"{name} {size}-card best_hand(), {deck_name}"
                print(f"{label:<44}{hand_rate:>12,.0f}{treys_rate:>12,.0f}"
                      f"{hand_rate / treys_rate:>8.2f}")


if __name__ == "__main__":
    main()
