"""Hands at the tables through the services with a fake clock (issue 6; RULES.md HE-23..HE-25,
HE-33, HE-35, TO-14)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import col, select

from tdapp.kernel.refusals import DomainError
from tdapp.services import journal, tables, tournaments
from tdapp.storage import database as db
from tdapp.storage.tournaments import LoggedEvent
from tdapp.tournament.chips import ChipCount, CountChips
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.hands.table import TableHand
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import Settings
from tdapp.tournament.structure import Level, Structure

T0 = datetime(2027, 3, 1, 20, 0, tzinfo=UTC)


class FakeClock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def later(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch):
    """Time stands still unless a test moves it; chance (seat draw, first button) is seeded."""
    fake = FakeClock()
    monkeypatch.setattr(tournaments, "utcnow", fake)
    monkeypatch.setattr(tournaments, "_ctx", lambda now: Ctx(now=now, seed=2027))
    return fake


def night(players: int, stacks: list[int] | None = None, **options: str) -> tuple[int, int]:
    """A tournament at 25/50 with `players` at one table; `stacks` in seat order, if given."""
    settings = replace(
        Settings(name="Lunedì", structure=Structure((Level(25, 50, 1200),)), seats_per_table=9),
        options=options,
    )
    tid = tournaments.create_tournament(settings, "ddt").id
    for number in range(1, players + 1):
        tournaments.dispatch(tid, RegisterPlayer(f"P{number}"), "ddt")
    state = tournaments.dispatch(tid, DrawSeats(), "ddt")
    table = next(iter(state.tables))
    if stacks:
        seated = [pid for pid in state.tables[table] if pid is not None]
        counts = tuple(ChipCount(pid, stack) for pid, stack in zip(seated, stacks, strict=True))
        tournaments.dispatch(tid, CountChips(counts), "ddt")
    return tid, table


def hand_at(tid: int, table: int) -> TableHand:
    """The hand in play at the table, or the last one played there."""
    return tournaments.current(tid).play.hand(table)


def check_down(tid: int, table: int) -> None:
    hand = hand_at(tid, table)
    while hand.in_play and hand.engine.to_act is not None:
        legal = hand.engine.legal_actions()
        action = "check" if "check" in legal.actions else "call"
        tables.act(tid, table, legal.seat, action, None, "dealer")
        hand = hand_at(tid, table)


def test_absent_big_blind_checked_down_to_the_river_wins_with_the_best_hand_HE_25(app, clock):
    tid, table = night(3)
    first = tables.start_hand(tid, table, "dealer").play.hand(table)
    big_blind = first.positions.big_blind
    tables.misdeal(tid, table, "ddt")  # deal again, the same positions, with the BB away
    tournaments.dispatch(tid, SetAbsent(first.players[big_blind], True), "ddt")
    tables.start_hand(tid, table, "dealer")
    check_down(tid, table)
    hand = hand_at(tid, table)
    assert hand.engine.street.value == "showdown" and big_blind in hand.engine.live
    others = [seat for seat in hand.engine.live if seat != big_blind]
    cards = {big_blind: "Qs Qd", others[0]: "Kc 3d", others[1]: "7h 2c"}
    state = tables.showdown(tid, table, "dealer", cards=cards, board="Qh 9s 5d 4c Jh")
    assert state.player(first.players[big_blind]).stack == 5000 + 100


def test_absent_player_facing_a_bet_is_folded_HE_25(app, clock):
    tid, table = night(4)
    hand = tables.start_hand(tid, table, "dealer").play.hand(table)
    away = hand.positions.big_blind
    tournaments.dispatch(tid, SetAbsent(hand.players[away], True), "ddt")
    tables.act(tid, table, hand.engine.to_act, "raise", 200, "dealer")
    check_down(tid, table)
    assert away in hand_at(tid, table).engine.folded


def test_club_decision_limit_takes_away_the_raise_HE_23(app, clock):
    tid, table = night(3)
    hand = tables.start_hand(tid, table, "dealer").play.hand(table)
    due = tables.deadline_for(tid, tournaments.current(tid), table)
    assert due.when == T0 + timedelta(seconds=20)
    clock.later(19)
    assert not tables.decision_due(**due.kwargs)
    clock.later(1.05)
    assert tables.decision_due(**due.kwargs)
    after = hand_at(tid, table)
    assert (
        after.engine.to_act == hand.engine.to_act
        and "raise" not in after.engine.legal_actions().actions
    )
    assert after.deadline is None


def test_tda_decision_limit_folds_a_player_facing_a_bet_HE_24(app, clock):
    tid, table = night(3, decision_limit="tda")
    hand = tables.start_hand(tid, table, "dealer").play.hand(table)
    due = tables.deadline_for(tid, tournaments.current(tid), table)
    clock.later(21)
    assert tables.decision_due(**due.kwargs)
    assert hand.engine.to_act in hand_at(tid, table).engine.folded


def test_a_tablet_that_disconnects_mid_decision_still_has_the_limit_enforced_once(app, clock):
    tid, table = night(3, decision_limit="tda")
    tables.start_hand(tid, table, "dealer")
    due = tables.deadline_for(tid, tournaments.current(tid), table)
    version = tournaments.current(tid).version
    clock.later(60)  # nobody touches the console: the server's job alone acts
    assert tables.decision_due(**due.kwargs)
    assert not tables.decision_due(**due.kwargs)  # a repeated job changes nothing
    assert tournaments.current(tid).version == version + 1


def test_three_way_all_in_with_two_side_pots_and_an_odd_chip_HE_33_HE_35(app, clock):
    tid, table = night(5)
    hand = tables.start_hand(tid, table, "dealer").play.hand(table)
    tables.misdeal(tid, table, "ddt")  # learn the positions, then set the stacks by role
    button, small_blind = hand.positions.button, hand.positions.small_blind_seat
    others = [s for s in order_after(hand, button) if s != small_blind]
    short, middle, big, caller = others  # the big blind is among them
    roles = {short: 1000, middle: 2500, big: 4000, caller: 9000, small_blind: 5000}
    counts = tuple(ChipCount(hand.players[seat], chips) for seat, chips in roles.items())
    tournaments.dispatch(tid, CountChips(counts), "ddt")
    tables.start_hand(tid, table, "dealer")
    while (hand := hand_at(tid, table)).engine.to_act is not None:
        seat = hand.engine.to_act
        legal = hand.engine.legal_actions()
        action = {small_blind: "fold", caller: "call"}.get(seat, "all_in")
        tables.act(tid, table, seat, action if action in legal.actions else "call", None, "d")
    pots = [(p.amount, p.eligible) for p in hand_at(tid, table).engine.pots()]
    assert pots[:3] == [
        (4 * 1000 + 25, frozenset({short, middle, big, caller})),
        (3 * 1500, frozenset({middle, big, caller})),
        (2 * 1500, frozenset({big, caller})),
    ]
    state = tables.showdown(tid, table, "d", winners=[[short, middle], [middle], [big]])
    stacks = {seat: state.player(pid).stack for seat, pid in hand.players.items()}
    first = min((short, middle), key=order_after(hand, button).index)  # gets the odd chip
    second = middle if first == short else short
    assert stacks[first] - (4500 if first == middle else 0) == 2013
    assert stacks[second] - (4500 if second == middle else 0) == 2012
    assert stacks[big] == 3000 and stacks[caller] == 9000 - 4000
    assert stacks[small_blind] == 5000 - 25


def order_after(hand, button: int) -> list[int]:
    seats = sorted(hand.players)
    return [s for s in seats if s > button] + [s for s in seats if s <= button]


def test_double_bust_out_gives_places_by_starting_stack_TO_14(app, clock):
    tid, table = night(4, stacks=[1000, 2000, 8000, 9000])
    hand = tables.start_hand(tid, table, "dealer").play.hand(table)
    stack = {seat: hand.engine.starting_stacks[seat] for seat in hand.engine.seats}
    while (hand := hand_at(tid, table)).engine.to_act is not None:
        legal = hand.engine.legal_actions()
        seat = legal.seat
        if stack[seat] in (1000, 2000, 9000):
            action = "all_in" if "all_in" in legal.actions else "call"
        else:
            action = "fold"
        tables.act(tid, table, seat, action, None, "dealer")
    hand = hand_at(tid, table)
    big = next(s for s in stack if stack[s] == 9000)
    winners = [[big] for p in hand.engine.pots() if not p.returned]
    state = tables.showdown(tid, table, "dealer", winners=winners)
    small = next(s for s in stack if stack[s] == 1000)
    second = next(s for s in stack if stack[s] == 2000)
    assert state.player(hand.players[second]).place == 3
    assert state.player(hand.players[small]).place == 4
    assert state.players_left == 2


def test_refusals_change_nothing(app, clock):
    tid, table = night(3)
    state = tables.start_hand(tid, table, "dealer")
    hand = state.play.hand(table)
    with pytest.raises(DomainError) as refused:
        tables.act(tid, table, hand.engine.to_act, "raise", 60, "dealer")
    assert refused.value.code == "ILLEGAL_ACTION"
    with pytest.raises(DomainError):
        tables.act(tid, table, 99, "fold", None, "dealer")
    assert tournaments.current(tid).version == state.version


def test_hand_history_reads_in_words(app, clock):
    tid, table = night(3)
    hand = tables.start_hand(tid, table, "dealer").play.hand(table)
    tables.act(tid, table, hand.engine.to_act, "raise", 150, "dealer")
    lines = {entry.event: entry.text() for entry in journal.entries(tid)}
    raiser = tournaments.current(tid).player(hand.players[hand.engine.to_act]).name
    assert lines["HandStarted"].startswith(f"Table {table}, hand 1: button seat {hand.positions.button}")
    assert lines["HandStepped"] == f"Table {table}, hand 1: {raiser} raises to 150"


def test_console_actions_are_owned_by_their_table_and_the_decision_limit_by_the_clock(app, clock):
    tid, table = night(3, decision_limit="tda")
    hand = tables.start_hand(tid, table, "dealer").play.hand(table)
    due = tables.deadline_for(tid, tournaments.current(tid), table)
    clock.later(21)
    assert tables.decision_due(**due.kwargs)
    with db.session_scope() as session:
        rows = session.exec(select(LoggedEvent).where(LoggedEvent.tournament_id == tid)
                            .order_by(col(LoggedEvent.seq).desc()).limit(3)).all()
    assert [(r.name, r.actor, r.owner) for r in rows] == [
        ("HandStepped", "shot clock", "clock"),
        ("HandStarted", "dealer", f"table:{table}"),
        ("SeatsDrawn", "ddt", "ddt"),
    ]
    assert hand.engine.to_act in hand_at(tid, table).engine.folded


def test_a_console_puts_out_only_a_player_with_no_chips_HE_02(app, clock):
    tid, table = night(3)
    with pytest.raises(DomainError) as refused:
        tables.bust_at(tid, table, 1, "dealer")
    assert refused.value.code == "STILL_HAS_CHIPS"
