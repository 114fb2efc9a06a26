"""Applying the hands' events: the engine replays the recorded steps; nothing is decided."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tdapp.engine.holdem import Move
from tdapp.tournament.busts import Finish, PlayersBusted
from tdapp.tournament.finish import TournamentFinish
from tdapp.tournament.hands.events import (
    DecisionExtended,
    HandMisdealt,
    HandShownDown,
    HandStarted,
    HandStepped,
    TableAccessRenewed,
)
from tdapp.tournament.hands.steps import deal, run_step, table_hand
from tdapp.tournament.hands.table import Pushed, Step, TableAccess, TableHand
from tdapp.tournament.registry import applies
from tdapp.tournament.registry import apply as apply_event

if TYPE_CHECKING:
    from tdapp.tournament.state import Tournament


def _with_hand(state: Tournament, hand: TableHand, **changes: object) -> Tournament:
    play = state.play
    return replace(state, play=replace(play, hands={**play.hands, hand.table: hand}, **changes))


def _finish(
    state: Tournament,
    hand: TableHand,
    finishes: tuple[Finish, ...],
    finish: TournamentFinish | None,
) -> Tournament:
    """When the engine's hand is over: stacks move by what each player won or lost, the busted
    players take their places (the last of them may end the tournament), and the table may be
    balanced again."""
    if not hand.engine.complete:
        return state
    for seat, change in hand.engine.payoffs.items():
        player = state.player(hand.players[seat])
        state = state.with_player(replace(player, stack=max(player.stack + change, 0)))
    if finishes:
        state = apply_event(state, PlayersBusted(finishes, finish))
    return replace(state, seating=state.seating.hand_ended(hand.table))


@applies(HandStarted)
def _started(state: Tournament, started: HandStarted) -> Tournament:
    if started.out_of_chips:
        state = apply_event(state, PlayersBusted(started.out_of_chips))
    engine = deal(started)
    for step in started.steps:
        engine = run_step(engine, step)
    previous = state.seating.last_hands.get(started.table)
    hand = table_hand(started, engine, previous)
    state = replace(state, seating=state.seating.hand_started(started.table, started.positions))
    state = _with_hand(state, hand, dealt=started.number)
    return _finish(state, hand, started.finishes, started.finish)


@applies(HandStepped)
def _stepped_applied(state: Tournament, stepped: HandStepped) -> Tournament:
    hand = state.play.hands[stepped.table]
    engine = hand.engine
    pushed = hand.pushed
    for step in stepped.steps:
        made = len(engine.moves)
        engine = run_step(engine, step)
        if step.kind == "chips":
            pushed = _pushed(step, engine.moves[made])
    declared = dict(hand.declared)
    for step in stepped.steps:
        if step.kind == "declared":
            declared[step.seat] = step
        else:
            declared.pop(step.seat, None)  # any later move of that seat settles its early action
    hand = replace(
        hand,
        engine=engine,
        deadline=stepped.deadline,
        reminded=hand.reminded | set(stepped.reminded),
        declared=declared,
        pushed=pushed,
    )
    return _finish(_with_hand(state, hand), hand, stepped.finishes, stepped.finish)


def _pushed(step: Step, move: Move) -> Pushed:
    assert step.pushed is not None and step.pieces is not None
    return Pushed(step.seat, step.pushed, step.pieces, step.action, move.to, move.chips)


@applies(DecisionExtended)
def _extended(state: Tournament, extended: DecisionExtended) -> Tournament:
    hand = replace(state.play.hands[extended.table], deadline=extended.deadline)
    used = dict(state.play.time_banks_used)
    used[extended.player_id] = used.get(extended.player_id, 0) + 1
    return _with_hand(state, hand, time_banks_used=used)


@applies(HandShownDown)
def _shown_down(state: Tournament, shown: HandShownDown) -> Tournament:
    hand = state.play.hands[shown.table]
    engine = hand.engine.showdown(winners=shown.winners)
    hand = replace(
        hand,
        engine=engine,
        deadline=None,
        cards_shown=dict(shown.cards),
        board_shown=shown.board,
    )
    return _finish(_with_hand(state, hand), hand, shown.finishes, shown.finish)


@applies(HandMisdealt)
def _misdealt(state: Tournament, misdealt: HandMisdealt) -> Tournament:
    hand = state.play.hands[misdealt.table]
    room = state.seating
    # IR-10: the re-deal replays the hand: the button stays where it was.
    last_hands = dict(room.last_hands)
    first_buttons = dict(room.first_buttons)
    if hand.previous is None:
        last_hands.pop(hand.table, None)
        first_buttons[hand.table] = hand.positions.button  # a drawn button is not drawn again
    else:
        last_hands[hand.table] = hand.previous
    room = replace(room, last_hands=last_hands, first_buttons=first_buttons)
    room = room.hand_ended(hand.table)
    state = replace(state, seating=room)
    return _with_hand(state, replace(hand, voided=True, deadline=None))


@applies(TableAccessRenewed)
def _access(state: Tournament, renewed: TableAccessRenewed) -> Tournament:
    play = state.play
    access = {**play.access, renewed.table: TableAccess(renewed.token, renewed.pin)}
    return replace(state, play=replace(play, access=access))
