"""A round of telesina at a draw table (TS-08, LG-07): between hands the table turns to the
variant named, the deal goes once around (one hand dealt by each player), the same players
play with the same resti, and the next deal is draw again. The draw's pots waiting in the
middle wait through the round. Refusals change nothing; the log replays to the same table."""

from __future__ import annotations

import pytest

from tdapp.draw_table.commands import (
    Act,
    Deal,
    Misdeal,
    PlayTelesinaRound,
    Showdown,
    TakePassate,
    TurnCards,
)
from tdapp.draw_table.events import TelesinaRoundStarted, from_record, to_record
from tdapp.draw_table.rules import apply, apply_new, chips_on_table, decide, open_table
from tdapp.draw_table.state import DrawTable, Table, TelesinaTable, opened
from tdapp.draw_table.view import view
from tdapp.kernel.refusals import DomainError

FIVE = [("Anna", 200), ("Bruno", 200), ("Carla", 200), ("Dario", 200), ("Elio", 200)]
UP = {1: "7h", 2: "Kh", 3: "Ah", 4: "8c", 5: "As", 6: "9d"}  # seat 3's ace speaks (TS-00)


def draw_table(players=FIVE, dealer: int = 1) -> DrawTable:
    return opened(open_table("Tavolo A", players, dealer))


def run(state: Table, *commands) -> Table:
    for command in commands:
        state = apply_new(state, decide(state, command))[1]
    return state


def refused(state: Table, command, code: str) -> None:
    """Refused with `code`, and the table as it was."""
    before = view(state, 1)
    with pytest.raises(DomainError) as caught:
        apply_new(state, decide(state, command))
    assert caught.value.code == code, caught.value
    assert view(state, 1) == before


def telesina_hand(state: TelesinaTable, *, called: bool = False) -> TelesinaTable:
    """One hand of the round: the up-cards entered, the first to speak bets the cip and the
    rest fold; or (`called`) the next one calls, and folds to the cip on the next street."""
    state = run(state, Deal(None))
    state = run(state, TurnCards(tuple((s, UP[s]) for s in state.hand.live)))
    state = run(state, Act(state.hand.to_act, "bet", 1))
    if called:
        state = run(state, Act(state.hand.to_act, "call"))
        while state.hand.round is not None:
            state = run(state, Act(state.hand.to_act, "fold"))
        state = run(state, TurnCards(tuple((s, "Jd" if s == 3 else "Td")
                                           for s in state.hand.live)))
        state = run(state, Act(state.hand.to_act, "bet", 1))
    while not state.hand.over:
        state = run(state, Act(state.hand.to_act, "fold"))
    return state


def test_a_round_goes_once_around_the_table_then_the_next_deal_is_draw():
    state = run(draw_table(), PlayTelesinaRound("cambio"))
    assert isinstance(state, TelesinaTable) and state.variant.key == "cambio"
    shown = view(state, 2)
    assert (shown["game"], shown["variant"], shown["dealer"]) == ("telesina", "cambio", 1)
    assert shown["round"] == {"hands": 5, "played": 0, "giri": False, "over": False,
                              "invito_max": 5, "waiting_pots": []}
    assert not shown["can_play_telesina"]
    dealers = []
    for _ in range(5):
        state = telesina_hand(state)
        dealers.append(state.hand.order[-1])
    assert dealers == [1, 2, 3, 4, 5]  # each player deals one hand
    assert state.round_over and view(state, 30)["round"]["over"]
    refused(state, Deal(None), "DRAW_INVITO_NEEDED")  # the next deal is draw: name its invito
    state = run(state, Deal(2))
    assert isinstance(state, DrawTable) and state.hand.dealer == 1
    assert view(state, 40)["game"] == "draw" and state.number == 6


def test_the_chips_won_at_telesina_stay_with_the_players_at_the_draw():
    state = run(draw_table(), PlayTelesinaRound("secca"))
    state = telesina_hand(state, called=True)  # seat 3 speaks, seat 4 calls, then folds
    won = dict(view(state, 9)["outcome"]["won"])
    assert won == {"3": 3}  # the cip called, and the cip of the next street
    for _ in range(4):
        state = telesina_hand(state)
    state = run(state, Deal(2))
    stacks = {seat: state.hand.start_stacks[seat] for seat in state.hand.start_stacks}
    assert (stacks[3], stacks[4]) == (201, 199)  # as the telesina left them
    assert chips_on_table(state) == 1000


def test_the_draw_pots_waiting_wait_through_the_round():
    state = run(draw_table(), Deal(2), *(Act(s, "check") for s in (2, 3, 4, 5, 1)))
    assert state.next_table.carries == (10,)  # nobody opened: the inviti wait (IT-06)
    state = run(state, PlayTelesinaRound("secca", giri=False))
    assert view(state, 7)["round"]["waiting_pots"] == [10]
    assert chips_on_table(state) == 1000
    for _ in range(5):
        state = telesina_hand(state)
        assert chips_on_table(state) == 1000
    state = run(state, Deal(2))
    assert state.hand.middle == 20  # the waiting pot and the new inviti
    assert view(state, 40)["level"] == "queens"  # after a passed deal, queens to open


def test_the_round_is_refused_mid_hand_while_it_goes_around_and_at_a_telesina_table():
    table = draw_table()
    refused(run(table, Deal(2)), PlayTelesinaRound("secca"), "DRAW_HAND_IN_PLAY")
    refused(table, PlayTelesinaRound("tre_vele"), "TELESINA_ROUND_VARIANT")  # TS-07
    on = run(table, PlayTelesinaRound("secca"))
    refused(on, PlayTelesinaRound("texas"), "TELESINA_ROUND_ON")
    refused(run(on, Deal(None)), PlayTelesinaRound("secca"), "DRAW_HAND_IN_PLAY")
    refused(run(on, Deal(None)), Misdeal("stub_miscount"), "TABLE_WRONG_GAME")
    refused(on, Deal(3), "TELESINA_INVITO")
    allday = opened(open_table("Telesina", FIVE, 1, game="telesina", variant="secca"))
    refused(allday, PlayTelesinaRound("secca"), "TABLE_WRONG_GAME")


def test_a_passata_between_the_round_s_hands_and_a_second_round_at_once_TS_08():
    state = run(draw_table(), PlayTelesinaRound("secca"), TakePassate(2))
    assert chips_on_table(state) == 1200
    for _ in range(5):
        state = telesina_hand(state)
    state = run(state, PlayTelesinaRound("texas", giri=True))  # called twice: the next round
    shown = view(state, 1)
    assert (shown["variant"], shown["round"]["giri"], shown["invito"]) == ("texas", True, 5)
    assert state.table.stacks[2] == 400 and chips_on_table(state) == 1200


def test_six_at_the_table_each_deals_once_col_salto():
    six = [*FIVE, ("Fede", 200)]
    state = run(draw_table(six, dealer=3), PlayTelesinaRound("secca"))
    dealers = []
    for _ in range(6):
        state = telesina_hand(state)
        dealers.append(state.hand.order[-1])
    assert dealers == [3, 4, 5, 6, 1, 2] and state.round_over


def test_the_log_replays_and_dropping_the_last_event_is_the_table_before_it():
    state = draw_table()
    log = [open_table("Tavolo A", FIVE, 1)]
    for command in (PlayTelesinaRound("una_vela"), Deal(None),
                    TurnCards(tuple((s, UP[s]) for s in range(1, 6))), Act(3, "bet", 1),
                    Act(4, "call"), *(Act(s, "fold") for s in (5, 1, 2))):
        event, after = apply_new(state, decide(state, command))
        log.append(event)
        state = after
    replayed = None
    for event in log:
        replayed = apply(replayed, from_record(to_record(event)))
    assert view(replayed, 9) == view(state, 9)
    assert isinstance(log[1], TelesinaRoundStarted) and to_record(log[1])["version"] == 1
    before_undo = None
    for event in log[:2]:
        before_undo = apply(before_undo, event)
    assert view(before_undo, 1)["round"]["played"] == 0  # undo of the deal: the round waits
    assert isinstance(apply(None, log[0]), DrawTable)  # undo of the round: draw again


def test_the_showdown_of_a_round_hand_is_telesina_s():
    state = run(draw_table(), PlayTelesinaRound("secca"), Deal(None),
                TurnCards(tuple((s, UP[s]) for s in range(1, 6))))
    while state.hand.round is not None:
        state = run(state, Act(state.hand.to_act, "check"))
    for street in ({1: "7d", 2: "9h", 3: "9c", 4: "Td", 5: "6s"},
                   {1: "Tc", 2: "Th", 3: "Jc", 4: "Qd", 5: "6d"},
                   {1: "Jd", 2: "Jh", 3: "Kc", 4: "Qs", 5: "Ks"}):
        state = run(state, TurnCards(tuple(street.items())))
        while state.hand.round is not None:
            state = run(state, Act(state.hand.to_act, "check"))
    state = run(state, Showdown(winner=5))
    assert state.hand.over and view(state, 30)["round"]["played"] == 1
