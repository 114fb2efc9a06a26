"""Undo by owner, revert of one earlier event and bringing back a busted player (issue 12),
through the services on SQLite and PostgreSQL: each place takes back its own steps, and a step
that later ones depend on is refused naming them."""

from __future__ import annotations

import pytest

from tdapp.kernel.refusals import DomainError
from tdapp.services import journal, phones, tables, tournaments
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.clock.rules import StartClock
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.phone_codes import IssuePhoneCode
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.reinstate import ReinstatePlayer
from tests.services.nights import a_bust_and_ten_steps_after, night


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """The seat draw and the first buttons are seeded."""
    monkeypatch.setattr(tournaments, "_ctx", lambda now: Ctx(now=now, seed=2027))


def fold_to_the_big_blind(tid: int, table: int) -> None:
    """Everyone folds: the big blind is paid the pot, and the hand is over."""
    hand = tournaments.current(tid).play.hand(table)
    while hand.in_play:
        tables.act(tid, table, hand.engine.to_act, "fold", None, f"table {table} console")
        hand = tournaments.current(tid).play.hand(table)


def player(tid: int, player_id: int):
    return tournaments.current(tid).player(player_id)


def refusal(action) -> DomainError:
    with pytest.raises(DomainError) as refused:
        action()
    return refused.value


def test_the_ddts_undo_after_a_tables_paid_pot_takes_back_the_ddts_own_step(app):
    tid = night(4)
    table = next(iter(tournaments.current(tid).tables))
    tables.start_hand(tid, table, "dealer")
    tournaments.dispatch(tid, StartClock(), "marco")
    fold_to_the_big_blind(tid, table)
    paid = [p.stack for p in tournaments.current(tid).players]
    assert paid != [tournaments.current(tid).settings.starting_stack] * 4

    state = tournaments.undo(tid, "marco")

    assert not state.clock.running
    assert not state.play.hand(table).in_play
    assert [p.stack for p in state.players] == paid
    assert [e.event for e in journal.entries(tid) if e.undone] == ["ClockStarted"]


def test_the_ddts_undo_never_takes_back_a_phones_away(app):
    tid = night(4)
    code = tournaments.dispatch(tid, IssuePhoneCode(2), "marco").player(2).phone_code
    tournaments.dispatch(tid, StartClock(), "marco")
    phones.set_presence(tid, 2, True, code, remembered=True)

    state = tournaments.undo(tid, "marco")

    assert state.player(2).absent
    assert not state.clock.running
    entry = next(e for e in journal.entries(tid) if e.event == "PresenceChanged")
    assert (entry.owner, entry.who_text(), entry.undone) == ("phone:2", "phone of P2", False)


def test_a_tables_undo_takes_back_its_own_last_step_not_another_tables(app):
    tid = night(12, seats_per_table=6)
    first, second = sorted(tournaments.current(tid).tables)
    tables.start_hand(tid, first, "table console")
    tables.start_hand(tid, second, "table console")

    state = tables.undo(tid, first, "table console")

    assert state.play.hand(first) is None
    assert state.play.hand(second).in_play
    with pytest.raises(DomainError) as refused:
        tables.undo(tid, first, "table console")
    assert refused.value.code == "NOTHING_TO_UNDO"


def test_each_owner_redoes_its_own_step_after_others_acted(app):
    tid = night(12, seats_per_table=6)
    first, second = sorted(tournaments.current(tid).tables)
    tables.start_hand(tid, first, "table console")
    tables.undo(tid, first, "table console")
    tables.start_hand(tid, second, "table console")
    tournaments.dispatch(tid, StartClock(), "marco")
    assert refusal(lambda: tournaments.redo(tid, "marco")).code == "NOTHING_TO_REDO"

    state = tables.redo(tid, first, "table console")

    assert state.play.hand(first).in_play and state.play.hand(second).in_play
    assert state.clock.running
    tournaments.undo(tid, "marco")
    fold_to_the_big_blind(tid, second)
    assert tournaments.redo(tid, "marco").clock.running
    assert [e.undone for e in journal.entries(tid)].count(True) == 0


def test_an_owners_undo_that_later_steps_depend_on_is_refused_naming_them(app):
    tid = night(4)
    table = next(iter(tournaments.current(tid).tables))
    seq = len(journal.entries(tid)) + 1
    tournaments.dispatch(tid, RegisterPlayer("Late"), "marco")  # seated at the table
    tables.start_hand(tid, table, "dealer")  # deals the late player in

    refused = refusal(lambda: tournaments.undo(tid, "marco"))

    assert refused.code == "REVERT_CONFLICT"
    assert refused.params["conflicts"] == [seq + 1]
    assert not any(e.undone for e in journal.entries(tid))


def test_a_wrong_bust_ten_steps_ago_is_reverted_alone(app):
    tid = night(6)
    bust = len(journal.entries(tid)) + 1
    a_bust_and_ten_steps_after(tid)

    state = tournaments.revert(tid, bust, "giulia")

    assert state.player(1).place is None and state.player(1).stack == state.settings.starting_stack
    assert [p.absent for p in state.players] == [False, False, False, False, True, True]
    assert state.clock.started and not state.clock.running
    entries = journal.entries(tid)
    assert [e.seq for e in entries if e.undone] == [bust]
    assert next(e for e in entries if e.seq == bust).undone_by == "giulia"


def test_a_bust_others_depend_on_is_refused_and_the_player_brought_back_instead(app):
    tid = night(6)
    first_bust = len(journal.entries(tid)) + 1
    tournaments.dispatch(tid, BustPlayer(1), "marco")
    tournaments.dispatch(tid, IssuePhoneCode(4), "marco")
    tournaments.dispatch(tid, BustPlayer(2), "marco")  # its place counts from the players left
    assert (player(tid, 1).place, player(tid, 2).place) == (6, 5)

    refused = refusal(lambda: tournaments.revert(tid, first_bust, "marco"))

    assert refused.code == "REVERT_CONFLICT"
    assert refused.params["conflicts"] == [first_bust + 2]
    assert refused.params["bring_back"] == [1]
    assert player(tid, 1).place == 6

    state = tournaments.dispatch(tid, ReinstatePlayer(1, 3000), "marco")
    back = state.player(1)
    assert (back.place, back.stack) == (None, 3000)
    assert back.table is not None and back.seat is not None
    assert state.tables[back.table][back.seat - 1] == 1
    assert state.player(2).place == 6
    state = tournaments.dispatch(tid, BustPlayer(3), "marco")
    assert sorted(p.place for p in state.players if p.place is not None) == [5, 6]
    assert refusal(lambda: tournaments.dispatch(tid, ReinstatePlayer(4, 3000), "marco")).code == "NOT_OUT"


def test_revert_refuses_the_set_up_and_events_not_in_force(app):
    tid = night(2)
    tournaments.dispatch(tid, IssuePhoneCode(1), "marco")
    newest = len(journal.entries(tid))
    tournaments.undo(tid, "marco")
    assert refusal(lambda: tournaments.revert(tid, 1, "marco")).code == "SET_UP_STAYS"
    assert refusal(lambda: tournaments.revert(tid, newest, "marco")).code == "NOT_IN_LOG"
    assert refusal(lambda: tournaments.revert(tid, newest + 1, "marco")).code == "NOT_IN_LOG"


def test_the_buttons_follow_the_owner(app):
    tid = night(4)
    table = next(iter(tournaments.current(tid).tables))
    assert tournaments.can_undo_redo(tid, f"table:{table}") == (False, False)
    tables.start_hand(tid, table, "dealer")
    assert tournaments.can_undo_redo(tid, f"table:{table}") == (True, False)
    tables.undo(tid, table, "dealer")
    assert tournaments.can_undo_redo(tid, f"table:{table}") == (False, True)
    assert tournaments.can_undo_redo(tid) == (True, False)


def test_redo_retraces_a_tables_undos_in_reverse_so_each_step_follows_the_one_before(app):
    tid = night(4)
    table = next(iter(tournaments.current(tid).tables))
    tables.start_hand(tid, table, "dealer")
    tournaments.dispatch(tid, StartClock(), "marco")
    hand = tournaments.current(tid).play.hand(table)
    tables.act(tid, table, hand.engine.to_act, "fold", None, "dealer")
    played = tournaments.current(tid).play.hand(table)
    tables.undo(tid, table, "dealer")
    tables.undo(tid, table, "dealer")
    assert tournaments.current(tid).play.hand(table) is None

    tables.redo(tid, table, "dealer")
    assert tournaments.current(tid).play.hand(table) == hand
    state = tables.redo(tid, table, "dealer")

    assert state.play.hand(table) == played and state.clock.running
