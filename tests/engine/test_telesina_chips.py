"""Property: whatever legal sequence a hand of telesina takes, in every variant, with the engine's
deck or a physical one, no chip is made or lost and every chip won goes to a seat still in
that could win it (RULES.md TS-00 .. TS-06, IT-23)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tdapp.engine.cards import Deck
from tdapp.engine.errors import IllegalAction
from tdapp.engine.pots import split_pots
from tdapp.engine.telesina.hand import TelesinaHand
from tdapp.engine.telesina.variants import VARIANTS


def on_the_table(hand: TelesinaHand) -> int:
    if hand.over:
        return sum(hand.stacks.values())
    behind = {**hand.stacks, **(hand.round.stacks if hand.round is not None else {})}
    bets = sum(hand.round.bets.values()) if hand.round is not None else 0
    return sum(behind.values()) + hand.dead + sum(hand.committed.values()) + bets


def a_move(data, hand: TelesinaHand) -> TelesinaHand:
    if hand.to_exchange:
        seat = hand.to_act
        held = None if hand.physical else data.draw(st.sampled_from(
            [None, *(c.card for c in hand.own[seat])]))
        return hand.exchange(seat, held)
    if hand.awaiting_cards or hand.awaiting_showdown:
        unseen = [c for c in Deck(hand.lowest_rank).cards if c not in set(hand._known())]
        random.Random(data.draw(st.integers(0, 2**16))).shuffle(unseen)
        if hand.awaiting_cards:
            up = {s: [unseen.pop() for _ in range(hand.up_to_enter)] for s in hand.live}
            return hand.turn(up if hand.up_to_enter else {},
                             vele=[unseen.pop() for _ in range(hand.vele_to_enter)])
        if data.draw(st.booleans()):
            return hand.showdown(winner=data.draw(st.sampled_from(hand.live)))
        return hand.showdown({s: [unseen.pop() for _ in range(hand.held_down)] for s in hand.live})
    legal = hand.legal_actions()
    action = data.draw(st.sampled_from(sorted(legal.actions)))
    amount = None
    if action in ("bet", "raise"):
        amount = data.draw(st.integers(legal.min_to, legal.max_to))
    return hand.act(legal.seat, action, amount)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_no_chip_is_made_or_lost_and_every_chip_won_goes_to_a_seat_still_in(data):
    variant = data.draw(st.sampled_from(list(VARIANTS.values())))
    players = data.draw(st.integers(2, 8))
    seats = list(range(1, players + 1))
    stacks = {s: data.draw(st.integers(6, 300)) for s in seats}
    physical = data.draw(st.booleans())
    try:
        hand = TelesinaHand.deal(
            variant, seats, data.draw(st.sampled_from(seats)), stacks,
            None if physical else random.Random(data.draw(st.integers(0, 2**32))),
            min_bet=data.draw(st.integers(1, 5)))
    except IllegalAction:
        return  # too many players for the deck, or a resto short of the invito
    total = sum(stacks.values())
    assert on_the_table(hand) == total
    for _ in range(120):
        if hand.over:
            break
        try:
            after = a_move(data, hand)
        except IllegalAction:
            continue
        assert on_the_table(after) == total
        assert all(chips >= 0 for chips in after.stacks.values())
        if after.over:  # the pots as they stood when the hand ended
            assert set(after.won) <= set(hand.live) and not set(after.won) & after.folded
            pots = split_pots(after.committed, after.folded, dead=after.dead)
            assert sum(after.won.values()) == sum(p.amount for p in pots)
            for seat, chips in after.won.items():
                assert chips <= sum(p.amount for p in pots if seat in p.eligible), (seat, pots)
        assert after.over or after.to_act is not None or after.awaiting_cards \
            or after.awaiting_showdown  # never stuck with nobody to move
        hand = after
