"""The DdT's seating commands through decide/apply: suggested moves, moves by hand, table breaks,
the final table, the break order, hand-for-hand and the first buttons (TO-02, TO-05 to TO-13)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tournament_builders import T0, tournament

from tdapp.kernel.refusals import DomainError
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.button import Positions
from tdapp.tournament.chips import SetChips
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.registry import decide, replay, view
from tdapp.tournament.seating.balance import in_play
from tdapp.tournament.seating.rules import (
    ApplySuggested,
    BreakTable,
    ConfigureSeating,
    DrawButtons,
    FinalTableDrawn,
    MovePlayer,
    PlayersMoved,
    RedrawFinalTable,
    SetBreakOrder,
    SetHandForHand,
    TablesBroken,
    suggestions,
)


def bust_at(play, table: int, count: int) -> None:
    """Bust `count` players sitting at `table`."""
    for player_id in [p for p in play.state.tables[table] if p is not None][:count]:
        play.do(BustPlayer(player_id))


def sizes(play) -> dict[int, int]:
    return in_play(play.state.tables)


def test_applying_the_suggested_move_balances_nine_against_seven_TO_05_TO_07():
    play = tournament(players=18)
    bust_at(play, 2, 2)
    assert sizes(play) == {1: 9, 2: 7}
    suggested = view(play.state, T0, "td")["seating"]["suggestions"]["moves"]
    assert len(suggested) == 1 and suggested[0]["reason"] == "BALANCE"
    moved = play.do(ApplySuggested())
    assert isinstance(moved, PlayersMoved)
    assert sizes(play) == {1: 8, 2: 8}
    (move,) = moved.moves
    assert play.state.seating.last_moves[move.player_id].to_table == 2
    assert view(play.state, T0, "td")["seating"]["suggestions"]["moves"] == []


def test_a_suggested_move_applied_one_by_one_is_marked_balance_TO_07():
    play = tournament(players=18)
    bust_at(play, 2, 2)
    suggested = view(play.state, T0, "td")["seating"]["suggestions"]["moves"][0]
    params = suggested["params"]
    event = play.do(MovePlayer(suggested["player_id"], params["to_table"], params["to_seat"]))
    assert event.moves[0].reason == "BALANCE"


def test_the_ddt_moves_a_player_by_hand_to_any_open_seat():
    play = tournament(players=16)
    open_seat = play.state.tables[2].index(None) + 1
    player = play.state.tables[1][0]
    event = play.do(MovePlayer(player, 2, open_seat))
    assert event.moves[0].reason == "MANUAL"
    assert (play.player(player).table, play.player(player).seat) == (2, open_seat)


def test_a_move_into_a_taken_or_missing_seat_is_refused_and_changes_nothing():
    play = tournament(players=16)
    player = play.state.tables[1][0]
    taken = next(i for i, p in enumerate(play.state.tables[2], start=1) if p is not None)
    play.refused(MovePlayer(player, 2, taken), "SEAT_TAKEN")
    play.refused(MovePlayer(player, 2, 10), "NO_SUCH_SEAT")
    play.refused(MovePlayer(player, 7, 1), "UNKNOWN_TABLE")
    play.refused(MovePlayer(player, 1, 1), "ALREADY_THERE")
    play.refused(MovePlayer(999, 1, 1), "UNKNOWN_PLAYER")


def test_a_table_in_a_hand_does_not_give_a_player_until_it_ends_TO_09():
    play = tournament(players=18)
    bust_at(play, 2, 2)
    room = play.state.seating.hand_started(1, Positions(1, 2, 3))
    play.state = replace(play.state, seating=room)
    with pytest.raises(DomainError) as refused:
        decide(play.state, ApplySuggested(), Ctx(T0, 1))
    assert refused.value.code == "TABLE_IN_HAND"
    play.state = replace(play.state, seating=play.state.seating.hand_ended(1))
    (move,) = play.do(ApplySuggested()).moves
    assert (move.from_table, move.from_seat) == (1, 4), "the next big blind after BB in seat 3"


def test_nothing_to_apply_when_the_tables_are_balanced_TO_05():
    play = tournament(players=18)
    play.refused(ApplySuggested(), "NOTHING_TO_APPLY")


def test_a_table_breaks_when_the_others_can_seat_everybody_TO_10_TO_11():
    play = tournament(players=27)
    bust_at(play, 1, 5)
    bust_at(play, 2, 4)
    assert sum(sizes(play).values()) == 18
    breaks = view(play.state, T0, "td")["seating"]["suggestions"]["breaks"]
    assert [b["table"] for b in breaks] == [3]
    broken = play.do(ApplySuggested())
    assert isinstance(broken, TablesBroken) and broken.tables == (3,)
    assert sizes(play) == {1: 9, 2: 9}
    assert 3 not in play.state.tables
    assert {m.reason for m in broken.moves} == {"BREAK"}


def test_the_ddt_sets_the_break_order_TO_10():
    play = tournament(players=27)
    play.do(SetBreakOrder((1,)))
    bust_at(play, 2, 5)
    bust_at(play, 3, 4)
    assert play.do(ApplySuggested()).tables == (1,)
    assert play.state.seating.broken == (1,)


def test_a_bad_break_order_is_refused():
    play = tournament(players=27)
    play.refused(SetBreakOrder((1, 1)), "DUPLICATE_TABLE")
    play.refused(SetBreakOrder((4,)), "UNKNOWN_TABLE")


def test_the_ddt_breaks_a_table_out_of_order_TO_11():
    play = tournament(players=30, seats_per_table=10)
    bust_at(play, 1, 4)
    play.refused(BreakTable(2), "NO_OPEN_SEATS")
    bust_at(play, 3, 6)
    play.do(BreakTable(2))
    assert sizes(play) == {1: 10, 3: 10}


def test_the_last_table_cannot_break():
    play = tournament(players=8)
    play.refused(BreakTable(1), "LAST_TABLE")


def test_the_final_table_redraws_every_seat_and_the_button_TO_12():
    play = tournament(players=18)
    bust_at(play, 1, 5)
    bust_at(play, 2, 4)
    assert view(play.state, T0, "td")["seating"]["suggestions"]["final_table"] == 1
    drawn = play.do(ApplySuggested())
    assert isinstance(drawn, FinalTableDrawn)
    assert list(play.state.tables) == [1]
    assert len(drawn.moves) == 9 and {m.to_table for m in drawn.moves} == {1}
    assert drawn.button in {m.to_seat for m in drawn.moves}
    assert play.state.seating.first_buttons == {1: drawn.button}
    assert play.state.seating.final_table == 1


def test_the_final_table_cannot_be_drawn_while_players_do_not_fit_TO_12():
    play = tournament(players=18)
    play.refused(RedrawFinalTable(), "NOT_FINAL_YET")


def test_hand_for_hand_is_announced_and_switched_on_TO_13():
    play = tournament(players=18)
    play.do(SetHandForHand(True))
    codes = [w["code"] for w in view(play.state, T0, "public")["warnings"]]
    assert "HAND_FOR_HAND_ON" in codes
    play.refused(SetHandForHand(True), "ALREADY_HAND_FOR_HAND")
    play.do(SetHandForHand(False))
    assert not play.state.seating.hand_for_hand


def test_the_first_button_is_drawn_by_high_card_at_each_table_TO_02():
    play = tournament(players=18)
    drawn = play.do(DrawButtons())
    assert [b.table for b in drawn.buttons] == [1, 2]
    for table_button in drawn.buttons:
        assert table_button.button in {c.seat for c in table_button.cards}
    play.refused(DrawButtons(), "NO_BUTTON_TO_DRAW")
    bust_at(play, 2, 2)
    moves = view(play.state, T0, "td")["seating"]["suggestions"]["moves"]
    assert moves[0]["params"]["due_big_blind"] is True


def test_balance_settings_are_checked_TO_05():
    play = tournament(players=18)
    play.refused(ConfigureSeating(balance_diff=1), "BALANCE_DIFF_TOO_SMALL")
    play.refused(ConfigureSeating(final_table_seats=12), "BAD_FINAL_TABLE_SEATS")
    play.do(ConfigureSeating(balance_diff=3))
    bust_at(play, 2, 2)
    assert view(play.state, T0, "td")["seating"]["suggestions"]["moves"] == []


def test_undo_of_a_move_puts_the_player_back():
    play = tournament(players=18)
    bust_at(play, 2, 2)
    before = play.state
    play.do(ApplySuggested())
    assert replay(play.log[:-1]) == before


night_step = st.one_of(
    st.tuples(st.just("bust"), st.integers(0, 10_000)),
    st.tuples(st.just("late"), st.integers(0, 10_000)),
    st.tuples(st.just("move"), st.integers(0, 10_000)),
)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(10, 40), steps=st.lists(night_step, max_size=40))
def test_random_nights_through_the_tournament_stay_balanced_TO_05_TO_10(players, steps):
    """Registrations, late entries (seated by the registration rules), bust-outs, moves by hand,
    each followed by the suggested moves applied: the tables end within the balance limit, a
    balancing move takes the player due the big blind, and tables break in the set order."""
    play = tournament(players=players)
    play.do(DrawButtons())

    def settle() -> None:
        while not suggestions(play.state).empty:
            found = suggestions(play.state)
            order = play.state.seating.rules().order(in_play(play.state.tables))
            event = play.do(ApplySuggested())
            if isinstance(event, TablesBroken):
                assert list(event.tables) == order[: len(event.tables)]
            if isinstance(event, PlayersMoved):
                assert [m.player_id for m in event.moves] == [m.player for m in found.moves]
        counts = in_play(play.state.tables)
        assert max(counts.values()) - min(counts.values()) < 2

    settle()
    for action, pick in steps:
        seated_players = [p for seats in play.state.tables.values() for p in seats if p]
        if action == "bust" and len(seated_players) > 2:
            play.do(BustPlayer(seated_players[pick % len(seated_players)]))
        elif action == "late":
            play.do(RegisterPlayer(f"Late {play.state.players.next_id}"))
        elif action == "move":
            player = seated_players[pick % len(seated_players)]
            open_seats = [
                (t, s)
                for t, seats in sorted(play.state.tables.items())
                for s, p in enumerate(seats, start=1)
                if p is None
            ]
            if open_seats:
                table, seat = open_seats[pick % len(open_seats)]
                play.do(MovePlayer(player, table, seat))
        settle()
    assert replay(play.log) == play.state


def test_hand_for_hand_shows_the_tables_still_playing_TO_13():
    play = tournament(players=18)
    play.do(SetHandForHand(True))
    room = play.state.seating.hand_started(2, Positions(1, 2, 3))
    play.state = replace(play.state, seating=room)
    warnings = {w["code"]: w["params"] for w in view(play.state, T0, "td")["warnings"]}
    assert warnings["HAND_FOR_HAND_PLAYING"] == {"tables": "2"}
    play.state = replace(play.state, seating=play.state.seating.hand_ended(2))
    assert "HAND_FOR_HAND_PLAYING" not in [w["code"] for w in view(play.state, T0, "td")["warnings"]]


def test_a_player_moved_to_the_right_seat_keeps_the_current_stack_TO_01():
    play = tournament(players=16)
    player = play.state.tables[1][0]
    play.do(SetChips(player, 3800))
    open_seat = play.state.tables[2].index(None) + 1
    play.do(MovePlayer(player, 2, open_seat))
    assert play.player(player).stack == 3800
    assert (play.player(player).table, play.player(player).seat) == (2, open_seat)


def codes(play) -> list[str]:
    return [w["code"] for w in view(play.state, T0, "td")["warnings"]]


def test_hand_for_hand_is_suggested_one_off_the_money_or_at_the_set_trigger_TO_13():
    play = tournament(players=18)  # 18 entries: four places paid
    bust_at(play, 1, 8)
    assert play.state.players_left == 10 and "HAND_FOR_HAND_DUE" not in codes(play)
    play.do(ConfigureSeating(hand_for_hand_trigger=10))
    assert "HAND_FOR_HAND_DUE" in codes(play)
    play.do(ConfigureSeating())
    bust_at(play, 2, 5)
    assert play.state.players_left == 5 and "HAND_FOR_HAND_DUE" in codes(play)
    play.refused(ConfigureSeating(hand_for_hand_trigger=1), "BAD_HAND_FOR_HAND_TRIGGER")
