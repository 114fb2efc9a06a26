"""The draw table's pure rules: any command either moves the table on or is refused with a
DomainError and changes nothing; replaying the events rebuilds the same table; chips are never
created or lost (RULES.md IT-23, IT-24; DESIGN.md "A tournament is its log")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdapp.draw_table.commands import (
    Act,
    Deal,
    DeclareFalseOpening,
    Draw,
    Misdeal,
    OpenTogether,
    Showdown,
    TakePassate,
)
from tdapp.draw_table.events import Event, TableOpened
from tdapp.draw_table.rules import apply_new, decide
from tdapp.draw_table.state import DrawTable, opened
from tdapp.engine.draw.hand import Phase
from tdapp.kernel.refusals import DomainError

HANDS = ("Ah Kh Qh Jh Th", "7s 8s 9s Ts Js", "7c 7d 9c 9d Ac", "As Ks Qs Js 9s")
MISDEALS = ("exposed_cards", "dealer_error", "void_before_opening", "stub_miscount",
            "six_and_four", "unknown")


def a_command(rng: random.Random, state):
    """Mostly a legal move of the hand in play, sometimes anything at all."""
    hand = state.hand
    seat = rng.randint(0, 7)
    if state.in_play and rng.random() < 0.75:
        if hand.phase is Phase.DRAW:
            return Draw(hand.to_act, rng.randint(0, 4))
        if hand.phase is Phase.SHOWDOWN:
            if rng.random() < 0.5:
                return Showdown(winner=rng.choice(hand.live), opener_shows=rng.random() < 0.8)
            return Showdown(shown=tuple((s, rng.choice(HANDS)) for s in hand.live))
        legal = hand.legal_actions()
        action = rng.choice(sorted(a.value for a in legal.actions))
        amount = None
        if action in ("bet", "raise"):
            amount = rng.randint(legal.min_to, legal.max_to)
        return Act(legal.seat, action, amount, confirmed=True)
    return rng.choice([
        Deal(rng.randint(0, 6), rng.randint(0, 4), rng.random() < 0.2),
        Act(seat, rng.choice(["fold", "check", "call", "bet", "raise", "all_in", "shove"]),
            rng.choice([None, rng.randint(-5, 200)]), rng.random() < 0.7),
        OpenTogether(seat, rng.randint(0, 7), rng.choice([None, rng.randint(1, 60)]), True),
        Draw(seat, rng.randint(-1, 5)),
        Showdown(rng.choice([None, seat]), rng.choice([None, ((seat, "Ah Kh Qh Jh Th"),)])),
        DeclareFalseOpening(rng.choice([None, seat]), rng.random() < 0.5),
        Misdeal(rng.choice(MISDEALS), rng.randint(0, 3), rng.random() < 0.5,
                rng.random() < 0.5, rng.choice(["no_cut", "unknown"]),
                rng.choice([None, seat]), rng.choice([None, seat]),
                rng.choice([None, rng.randint(0, 7)])),
        TakePassate(seat, rng.randint(-1, 3)),
    ])


def play(state: DrawTable, command) -> tuple[Event, DrawTable]:
    """A command as the service plays it: decided, then applied once and checked."""
    return apply_new(state, decide(state, command))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_any_command_is_played_or_refused_and_the_log_replays_to_the_same_table(
        random_play, seed):
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    first = TableOpened(tuple((s, f"P{s}") for s in range(1, players + 1)),
                        tuple((s, rng.randint(0, 80)) for s in range(1, players + 1)),
                        rng.randint(1, players), passata=50)
    random_play(first, a_command, rng)


def test_a_deal_that_leaves_nobody_able_to_bet_is_refused_IT_24():
    state = opened(TableOpened(((1, "A"), (2, "B")), ((1, 1), (2, 50)), 1))
    with pytest.raises(DomainError) as refused:
        play(state, Deal(1))  # seat 1 pays its invito with its last chip
    assert refused.value.code == "DRAW_NOBODY_TO_BET"


def test_two_openers_must_be_two_seats_in_the_hand_IT_09():
    state = opened(TableOpened(tuple((s, f"P{s}") for s in (1, 2, 3)),
                               tuple((s, 100) for s in (1, 2, 3)), 3))
    _dealt, state = play(state, Deal(1))
    for first, second, code in ((1, 1, "DRAW_TWO_OPENERS"), (1, 7, "DRAW_NOT_IN_HAND")):
        with pytest.raises(DomainError) as refused:
            decide(state, OpenTogether(first, second, confirmed=True))
        assert refused.value.code == code
