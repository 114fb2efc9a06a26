"""Chips pushed without a word at a table (RULES.md HE-14): the log keeps what the push became
beside what the dealer saw, the hand shows it, and the log line says both."""

from tdapp.tournament.hands.commands import PushChips, StartHand
from tdapp.tournament.hands.views import hand_view
from tdapp.tournament.journal import describe, render
from tdapp.tournament.registry import replay
from tests.tournament.test_journal import italian
from tests.tournament.tournament_builders import tournament


def dealt(players=3):
    """A hand at level 1 (25/50): the first to speak faces the 50 big blind."""
    play = tournament(players=players).at_level(1)
    table = play.player(1).table
    play.do(StartHand(table))
    return play, table


def test_the_event_records_what_a_single_oversized_chip_became_a_call_HE_14():
    play, table = dealt()
    seat = play.state.play.hands[table].engine.to_act
    stepped = play.do(PushChips(table, seat, pushed=500, pieces=1))
    (step,) = stepped.steps
    assert (step.kind, step.action, step.amount, step.pushed, step.pieces) == (
        "chips", "call", None, 500, 1)
    hand = play.state.play.hands[table]
    assert hand.engine.bets[seat] == 50
    assert hand_view(play.state, hand, play.now)["pushed"] == {
        "seat": seat, "pushed": 500, "pieces": 1,
        "became": {"action": "call", "amount": 50, "change": 450, "to_add": 0},
    }
    assert replay(play.log).play.hands[table].pushed == hand.pushed


def test_half_a_raise_over_the_call_becomes_the_full_minimum_raise_at_the_table_HE_14():
    play, table = dealt()
    seat = play.state.play.hands[table].engine.to_act
    # 50 to call and a full raise of 50 more: a 50 chip and a 25 are 25 over the call, and
    # the 25 could go with the call still made: half a raise, so the full raise, to 100.
    play.do(PushChips(table, seat, pushed=75, pieces=2, smallest=25))
    hand = play.state.play.hands[table]
    assert hand.engine.bets[seat] == 100
    became = hand_view(play.state, hand, play.now)["pushed"]["became"]
    assert became == {"action": "raise", "amount": 100, "change": 0, "to_add": 25}
    assert hand.engine.legal_actions().min_to == 150


def test_a_push_out_of_turn_is_refused_and_changes_nothing_HE_14():
    play, table = dealt()
    engine = play.state.play.hands[table].engine
    waiting = next(seat for seat in engine.seats if seat != engine.to_act)
    error = play.refused(PushChips(table, waiting, pushed=100, pieces=1), "ILLEGAL_ACTION")
    assert error.params["reason_code"] == "NOT_YOUR_TURN"
    play.refused(PushChips(table, engine.to_act, pushed=20, pieces=1), "ILLEGAL_ACTION")


def test_the_log_line_says_what_the_push_became_and_what_was_pushed_HE_14():
    play, table = dealt()
    before = play.state
    hand = before.play.hands[table]
    seat = hand.engine.to_act
    stepped = play.do(PushChips(table, seat, pushed=500, pieces=1))
    name = play.player(hand.players[seat]).name
    line = describe(stepped, before)
    assert render(*line) == (
        f"Table {table}, hand 1: {name} calls (chips pushed without a word: 500, chips: 1)")
    to_italian, euro_it = italian()
    assert render(*line, to_italian, euro_it) == (
        f"Tavolo {table}, mano 1: {name} vede (fiches spinte senza dire nulla: 500, fiches: 1)")
