"""Deals at the final table: ICM (Malmuth-Harville) and the chip-chop, checked against published
worked examples, rounded to whole cents that add up to the prizes."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from tournament_builders import tournament

from tdapp.kernel.refusals import DomainError
from tdapp.tournament.busts import BustPlayers
from tdapp.tournament.chips import ChipCount, CountChips
from tdapp.tournament.deal_proposal import propose_deal
from tdapp.tournament.deals import (
    chip_chop_shares,
    deal_amounts,
    icm_cents,
    icm_shares,
    largest_remainder,
)
from tdapp.tournament.payouts import AdjustPayouts, place_amounts, prizes


def test_icm_matches_the_wikipedia_example_of_three_players_and_two_prizes():
    # Independent Chip Model (Wikipedia): 50 %, 30 %, 20 % of the chips, prizes 70 and 30;
    # A = 70(0.3 + 0.2) + 30(0.3 x 0.5/0.7 + 0.2 x 0.5/0.8) = 45.18, B = 32.25, C = 22.57.
    assert icm_shares([50, 30, 20], [70, 30]) == [
        Fraction(35) + 30 * Fraction(3, 10) * Fraction(5, 7) + 30 * Fraction(2, 10) * Fraction(5, 8),
        Fraction(129, 4),
        Fraction(158, 7),
    ]


def test_icm_matches_the_sit_and_go_example_of_a_38_39_percent_share():
    # Stacks 10,000 / 6,000 / 4,000 and a 50/30/20 payout: A's stack is worth 38.39 % of the pool
    # (the six finishing orders 30 %, 20 %, 21.43 %, 8.57 %, 12.5 %, 7.5 %).
    shares = icm_shares([10000, 6000, 4000], [5000, 3000, 2000])
    assert round(float(shares[0]) / 100, 2) == 38.39
    assert sum(shares) == 10000


def test_icm_gives_equal_stacks_equal_shares_and_heads_up_is_proportional_to_the_gap():
    assert icm_shares([3000, 3000, 3000], [5000, 3000, 1000]) == [Fraction(3000)] * 3
    # Heads-up: second prize each, and the difference in proportion to chips.
    assert icm_shares([7500, 2500], [10000, 6000]) == [Fraction(9000), Fraction(7000)]


def test_icm_rounded_to_cents_adds_up_exactly_to_the_prizes_and_matches_exact_fractions():
    chance = random.Random(16)
    for _ in range(200):
        players = chance.randint(2, 8)
        stacks = [chance.choice([chance.randint(1, 40), chance.randint(1, 90000)]) for _ in range(players)]
        prizes_cents = sorted((chance.randint(0, 300000) for _ in range(chance.randint(1, players))), reverse=True)
        prizes_cents[0] += 1
        amounts = icm_cents(stacks, prizes_cents)
        assert sum(amounts) == sum(prizes_cents)
        assert amounts == largest_remainder(icm_shares(stacks, prizes_cents))


def test_ten_players_are_computed_exactly():
    stacks = [123457, 98761, 87643, 65431, 54329, 43217, 32111, 21013, 17771, 9973]
    paid = [500000, 300000, 200000, 150000, 120000, 100000, 80000, 60000, 50000, 40000]
    amounts = deal_amounts("icm", stacks, paid)
    assert amounts == largest_remainder(icm_shares(stacks, paid))
    assert amounts == sorted(amounts, reverse=True)
    assert sum(amounts) == sum(paid)


def test_the_missing_cents_go_to_the_largest_remainders_ties_to_the_player_listed_first():
    # 1,000 cents in three equal thirds: 333.33 each, the one cent left to the first listed.
    assert largest_remainder([Fraction(1000, 3)] * 3) == [334, 333, 333]
    assert largest_remainder([Fraction(201, 4), Fraction(101, 2), Fraction(393, 4)]) == [50, 51, 98]
    assert icm_cents([5, 5, 5], [700, 300]) == [334, 333, 333]
    # Half a cent each at the cut with different stacks: decided on the exact fractions.
    assert icm_cents([1, 3], [2]) == [1, 1]
    assert icm_cents([3, 1], [2]) == [2, 0]


def test_chip_chop_pays_everyone_the_smallest_prize_then_shares_the_rest_by_chips():
    # Three left, prizes 500 / 300 / 200 euros: each takes 200, the 400 left goes 50/30/20.
    assert chip_chop_shares([50000, 30000, 20000], [50000, 30000, 20000]) == [
        Fraction(40000),
        Fraction(32000),
        Fraction(28000),
    ]
    assert deal_amounts("chip_chop", [1, 1, 1], [1000, 600, 400]) == [667, 667, 666]


def test_keep_for_winner_comes_off_first_place_before_sharing():
    # 100 euros kept: 400 / 300 / 200 are shared, 200 each and the 300 left by chips
    # (150 / 90 / 60); the winner adds the 100.
    assert deal_amounts("chip_chop", [50, 30, 20], [50000, 30000, 20000], 10000) == [
        35000,
        29000,
        26000,
    ]
    with pytest.raises(DomainError) as refusal:
        deal_amounts("icm", [50, 30, 20], [50000, 30000, 20000], 20001)
    assert refusal.value.code == "DEAL_KEEP_TOO_LARGE"
    assert refusal.value.params["max"] == 20000


@pytest.mark.parametrize(
    ("stacks", "paid", "code"),
    [
        ([], [100], "DEAL_NEEDS_PLAYERS"),
        ([100, 0], [100], "DEAL_BAD_STACK"),
        ([100, True], [100], "DEAL_BAD_STACK"),
        ([100, 50], [100, -1], "DEAL_BAD_PRIZE"),
        ([100, 50], [], "DEAL_NO_PRIZES"),
        ([100, 50], [0, 0], "DEAL_NO_PRIZES"),
        ([100, 50], [100, 50, 25], "DEAL_MORE_PRIZES_THAN_PLAYERS"),
        ([100, 50], [50, 100], "DEAL_PRIZES_NOT_IN_ORDER"),
        ([1] * 11, [100], "DEAL_ICM_TOO_MANY_PLAYERS"),
    ],
)
def test_a_deal_refuses_what_it_cannot_share(stacks, paid, code):
    with pytest.raises(DomainError) as refusal:
        deal_amounts("icm", stacks, paid)
    assert refusal.value.code == code


def test_the_chip_chop_takes_any_number_of_players():
    amounts = deal_amounts("chip_chop", list(range(1, 31)), [10000, 6000, 4000])
    assert sum(amounts) == 20000


def final_table(stacks: list[int]):
    """Ten players at 10 euros (50/30/20 payout), all but len(stacks) busted, stacks counted."""
    play = tournament(players=10, buy_in_cents=1000)
    out = len(stacks) + 1
    for player_id in range(10, len(stacks), -1):
        play.do(BustPlayers((player_id,)))
        out += 1
    counts = tuple(ChipCount(i + 1, stack) for i, stack in enumerate(stacks))
    play.do(CountChips(counts))
    return play


def test_a_proposal_shares_the_prizes_still_to_play_for_largest_stack_first():
    play = final_table([5000, 10000, 7500])
    deal = propose_deal(play.state, "icm")
    assert deal.prizes_cents == (5000, 3000, 2000)
    assert [s.player.id for s in deal.shares] == [2, 3, 1]
    assert sum(s.amount_cents for s in deal.shares) == 10000
    assert deal.payouts_cents == tuple(s.amount_cents for s in deal.shares)


def test_an_accepted_deal_pays_each_player_their_amount_when_they_finish_in_chip_order():
    play = final_table([5000, 10000, 7500])
    deal = propose_deal(play.state, "chip_chop", keep_for_winner_cents=1000)
    play.do(AdjustPayouts(deal.payouts_cents))
    play.do(BustPlayers((1,)))
    play.do(BustPlayers((3,)))
    amount = {s.player.id: s.amount_cents for s in deal.shares}
    assert prizes(play.state) == {1: amount[1], 3: amount[3], 2: amount[2] + 1000}
    assert sum(place_amounts(play.state)) == 10000


def test_a_proposal_with_more_players_than_prizes_shares_in_icm_and_keeps_decided_places():
    play = final_table([5000, 10000, 7500, 2500])
    deal = propose_deal(play.state, "icm")
    assert deal.prizes_cents == (5000, 3000, 2000, 0)
    assert all(s.amount_cents > 0 for s in deal.shares)
    play.do(BustPlayers((4,)))
    play.do(BustPlayers((1,)))
    heads_up = propose_deal(play.state, "icm")
    assert heads_up.prizes_cents == (5000, 3000)
    assert heads_up.payouts_cents[2:] == (2000,)
    assert sum(heads_up.payouts_cents) == 10000


def test_a_proposal_needs_counted_stacks_and_two_players():
    play = tournament(players=10, buy_in_cents=1000)
    for player_id in range(10, 2, -1):
        play.do(BustPlayers((player_id,)))
    play.do(CountChips((ChipCount(2, 0),)))
    with pytest.raises(DomainError) as refusal:
        propose_deal(play.state, "icm")
    assert refusal.value.code == "DEAL_STACK_NOT_COUNTED"
    play.do(BustPlayers((2,)))
    with pytest.raises(DomainError) as refusal:
        propose_deal(play.state, "chip_chop")
    assert refusal.value.code == "DEAL_TOO_FEW_PLAYERS"
