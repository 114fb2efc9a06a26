"""Property: whatever legal sequence a hand of Italian draw takes, including the dealer's moves
(two openers, false openings, dealing errors, a player put out), no chip is made or lost and
every chip won goes to a seat that could win it (RULES.md IT-05, IT-09, IT-14 .. IT-17, IT-23,
IT-25 .. IT-29)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tdapp.engine.cards import Deck
from tdapp.engine.draw.false_opening import false_opening
from tdapp.engine.draw.hand import DrawHand, Phase
from tdapp.engine.draw.misdeal import (
    VoidReason,
    dealer_error,
    exposed_cards,
    six_and_four,
    stub_miscount,
    void_before_opening,
)
from tdapp.engine.errors import IllegalAction
from tdapp.engine.pots import split_pots

# The strategies are built once: a strategy made anew at each draw (a `|` of two, a list sampled)
# costs Hypothesis more than the hand's own move, some forty thousand times a run.
SEAT_PICK = st.integers(0, 17)  # 0..8: a seat dealt in; 9..17: seat 0..8, where 1..6 may sit
DEALER_MOVES = st.sampled_from((
    "open_together", "exposed", "dealer_error", "void", "stub", "six_and_four", "false_opening",
    "remove"))
OPENING = st.none() | st.integers(1, 80)
VOID_REASONS = st.sampled_from(tuple(VoidReason))


def a_seat(data, hand: DrawHand) -> int:
    """Half the time a seat dealt in, else any seat at all."""
    pick = data.draw(SEAT_PICK)
    return hand.order[pick % len(hand.order)] if pick < 9 else pick - 9


def one_of(data, choices):
    """One of `choices` (a sequence), drawn as its index."""
    return choices[data.draw(st.integers(0, len(choices) - 1))]


def behind(hand: DrawHand, seat: int) -> int:
    betting = hand.phase in (Phase.FIRST_ROUND, Phase.SECOND_ROUND) and hand.round is not None
    return hand.round.stacks[seat] if betting and seat in hand.round.stacks else hand.stacks[seat]


def on_the_table(hand: DrawHand) -> int:
    """Chips behind plus the middle in play, or what stays in the middle once the hand is over."""
    if hand.outcome is not None:
        return sum(hand.stacks.values()) + sum(hand.outcome.carry)
    return sum(behind(hand, s) for s in hand.start_stacks) + hand.middle


def stuck(hand: DrawHand) -> bool:
    """A betting round nobody can act in that never closed: nothing could move the hand on."""
    return hand.phase in (Phase.FIRST_ROUND, Phase.SECOND_ROUND) and hand.to_act is None


def out_of_the_hand(hand: DrawHand) -> frozenset[int]:
    folded = hand.round.folded if hand.round is not None else frozenset()
    return hand.folded_before_draw | folded | (frozenset(hand.start_stacks) - set(hand.order))


def check_the_winners(before: DrawHand, after: DrawHand) -> None:
    """Chips won go to seats still in the hand; at a showdown no more than the pots they are
    eligible for, and the whole middle is paid."""
    won = after.outcome.won
    if not won:
        return
    assert set(won) <= set(before.live), (won, before.live)
    assert not set(won) & out_of_the_hand(after), (won, out_of_the_hand(after))
    if after.outcome.kind == "showdown":
        pots = split_pots(before.committed, out_of_the_hand(before) & set(before.order),
                          dead=before.initial_pot)
        for seat, chips in won.items():
            assert chips <= sum(p.amount for p in pots if seat in p.eligible), (seat, pots)
        assert sum(won.values()) == before.middle


def a_dealer_move(data, hand: DrawHand):
    """A move by the dealer rather than a player: most are refused at most moments."""
    seat, other = a_seat(data, hand), a_seat(data, hand)
    move = data.draw(DEALER_MOVES)
    match move:
        case "open_together":
            return hand.open_together(seat, other, data.draw(OPENING),
                                      confirmed=data.draw(st.booleans()))
        case "exposed":
            return exposed_cards(hand, data.draw(st.integers(0, 3)),
                                 receiver_demands=data.draw(st.booleans()))
        case "dealer_error":
            return dealer_error(hand, before_first_players_second_card=data.draw(st.booleans()))
        case "void":
            return void_before_opening(hand, data.draw(VOID_REASONS),
                                       ruled_valid_for=seat if data.draw(st.booleans()) else None)
        case "stub":
            return stub_miscount(hand)
        case "six_and_four":
            return six_and_four(hand, seat, other)
        case "false_opening":
            return false_opening(hand, new_opener=seat if data.draw(st.booleans()) else None,
                                 raiser_has_openers=data.draw(st.booleans()))
    return hand.remove_player(seat)


def a_player_move(data, hand: DrawHand):
    if hand.phase is Phase.DRAW:
        seat = hand.to_act
        if hand.cards is None:
            return hand.draw(seat, data.draw(st.integers(0, 4)))
        held = list(hand.cards[seat])
        thrown = [card for card in held if data.draw(st.booleans())][:4]
        return hand.draw(seat, thrown)
    if hand.phase is Phase.SHOWDOWN:
        opener_shows = data.draw(st.booleans())
        if hand.cards is not None:
            return hand.showdown(opener_shows=opener_shows)
        if data.draw(st.booleans()):
            return hand.showdown(winner=one_of(data, hand.live),
                                 opener_shows=opener_shows)
        deck = Deck(hand.lowest_rank)
        deck.shuffle(random.Random(data.draw(st.integers(0, 2**16))))
        showing = [s for s in hand.live if data.draw(st.booleans())] or [one_of(data, hand.live)]
        return hand.showdown({s: deck.deal(5) for s in showing}, opener_shows=opener_shows)
    legal = hand.legal_actions()
    action = one_of(data, sorted(legal.actions))
    amount = None
    if action in ("bet", "raise"):
        amount = data.draw(st.integers(legal.min_to, legal.max_to))
    if action == "bet" and hand.phase is Phase.FIRST_ROUND and data.draw(st.booleans()):
        amount = None  # an opening with no amount named is the pot (IT-08)
    return hand.act(legal.seat, action, amount, confirmed=data.draw(st.booleans()))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_no_chip_is_made_or_lost_and_every_chip_won_goes_to_a_seat_still_in(data):
    players = data.draw(st.integers(2, 6))
    seats = list(range(1, players + 1))
    stacks = {s: data.draw(st.integers(30, 250)) for s in seats}
    short = data.draw(st.sampled_from(seats))
    stacks[short] = data.draw(st.sampled_from((stacks[short], stacks[short], 3, 8, 15, 26)))
    dealer = data.draw(st.sampled_from(seats))
    carry = data.draw(st.sampled_from((0, 0, 12, 40)))
    physical = data.draw(st.booleans())
    try:
        hand = DrawHand.deal(
            seats, dealer, stacks, data.draw(st.integers(1, 5)), carry=carry,
            blind_steps=data.draw(st.sampled_from((0, 0, 0, 1, 2, 3))),
            rng=None if physical else random.Random(data.draw(st.integers(0, 2**32))),
            salto_pays_invito=data.draw(st.booleans()),
            parola_pay_in=data.draw(st.booleans()),
            pot_after_call=data.draw(st.booleans()),
            four_in_two=data.draw(st.booleans()),
            absent=data.draw(st.sets(st.sampled_from(seats), max_size=1)) - {dealer})
    except IllegalAction:
        return  # a resto short of the invito or of a blind: refused, nothing dealt
    # all but one all in for the invito and no blind: nobody can speak, the draw table refuses
    # such a deal (IT-24), and only the dealer's moves may end the hand
    assert not (stuck(hand) and hand.blind_seats)
    total = sum(stacks.values()) + carry
    assert on_the_table(hand) == total
    for _ in range(200):
        if hand.phase is Phase.OVER and hand.outcome.kind != "won":
            break
        dealer_moves = stuck(hand) or hand.phase is Phase.OVER \
            or data.draw(st.integers(0, 4)) == 0
        try:
            after = a_dealer_move(data, hand) if dealer_moves else a_player_move(data, hand)
        except IllegalAction:
            continue  # refused: the hand is as it was
        assert on_the_table(after) == total
        assert after is hand or not stuck(after)
        assert all(chips >= 0 for chips in after.stacks.values())
        if after.outcome is not None and after.outcome != hand.outcome:
            check_the_winners(hand, after)
        if hand.phase is Phase.OVER:
            break  # the false opening of a finished hand was judged
        hand = after
