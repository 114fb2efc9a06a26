"""A league night played on its draw tables (LG-07): opened in one step from the day's plan,
its schedule read from the tables, its result confirmed into the league without retyping."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from tdapp.draw_table.commands import (
    Act,
    Deal,
    Draw,
    PlayTelesinaRound,
    Showdown,
    TakePassate,
    TurnCards,
)
from tdapp.draw_table.state import DrawTable, TelesinaTable
from tdapp.kernel.refusals import DomainError
from tdapp.league.errors import LeagueError
from tdapp.league.schedule import Phase
from tdapp.services import draw_tables, league_nights
from tdapp.services import league as leagues

ROME = ZoneInfo("Europe/Rome")
MEMBERS = [f"P{i}" for i in range(1, 11)]  # ten: two tables of five


@pytest.fixture
def league_id(app) -> int:
    return leagues.create_league("Lunedì", MEMBERS)


def night(league_id: int, now: datetime | None = None) -> league_nights.LiveNight:
    return league_nights.live_night(league_id, 1, ROME, now)


def play_a_pot(table_id: int, invito: int = 2, *, giri: bool = False, winner: int = 1,
               shown: tuple[str, str] | None = None) -> None:
    """A hand where the first to speak opens, the next calls, both change, the opener bets,
    the caller calls and the hand is shown down: the opener's and the caller's cards if
    `shown`, else the winner (1: the opener, 2: the caller) tapped."""
    draw_tables.dispatch(table_id, Deal(invito, giri=giri), "dealer")
    state = draw_tables.current(table_id).state
    order = state.hand.order
    opener, caller = order[0], order[1]
    draw_tables.dispatch(table_id, Act(opener, "bet", 10, confirmed=True), "dealer")
    draw_tables.dispatch(table_id, Act(caller, "call"), "dealer")
    for seat in order[2:]:
        draw_tables.dispatch(table_id, Act(seat, "fold"), "dealer")
    draw_tables.dispatch(table_id, Draw(opener, 1), "dealer")
    draw_tables.dispatch(table_id, Draw(caller, 2), "dealer")
    draw_tables.dispatch(table_id, Act(opener, "bet", 20), "dealer")
    draw_tables.dispatch(table_id, Act(caller, "call"), "dealer")
    if shown:
        cards = ((opener, shown[0]), (caller, shown[1]))
        draw_tables.dispatch(table_id, Showdown(shown=cards), "dealer")
    else:
        draw_tables.dispatch(table_id, Showdown(winner=opener if winner == 1 else caller),
                             "dealer")


UP = {1: "7h", 2: "Kh", 3: "Ah", 4: "8c", 5: "As", 6: "9d"}


def telesina_hands(table_id: int, count: int) -> None:
    """`count` hands of the round going on at the night's draw table: the up-cards entered,
    the first to speak bets the cip, the next calls and the rest fold; on the next street the
    first to speak bets the cip again and the other folds."""
    def dispatch(command) -> Any:
        return draw_tables.dispatch(table_id, command, "dealer").state.hand

    for _ in range(count):
        hand = dispatch(Deal(None))
        hand = dispatch(TurnCards(tuple((s, UP[s]) for s in hand.live)))
        hand = dispatch(Act(hand.to_act, "bet", 1))
        hand = dispatch(Act(hand.to_act, "call"))
        while hand.round is not None:
            hand = dispatch(Act(hand.to_act, "fold"))
        hand = dispatch(TurnCards(tuple((s, "Jd" if s == min(hand.live) else "Td")
                                        for s in hand.live)))
        hand = dispatch(Act(hand.to_act, "bet", 1))
        dispatch(Act(hand.to_act, "fold"))


def finish_giri(league_id: int, table: league_nights.NightTable) -> None:
    """The telesina round of the giri marked as played, then two fixed rounds of pots."""
    league_nights.record(league_id, 1, table.name, "giri_telesina", "secretary")
    for _ in range(2 * len(table.end.hands.seats)):
        play_a_pot(table.draw_table_id, giri=True)


def test_a_night_opens_its_tables_from_the_plan_in_one_step(league_id):
    day = league_nights.open_night(league_id, (), "secretary")
    assert day == 1
    opened = night(league_id)
    plan = leagues.upcoming(leagues.league(league_id)).plan
    assert [t.name for t in opened.tables] == [t.name for t in plan.tables]
    for table, planned in zip(opened.tables, plan.tables, strict=True):
        state = draw_tables.current(table.draw_table_id).state
        assert tuple(state.names.values()) == planned.players
        assert set(state.next_table.stacks.values()) == {500}  # a posta each (LG-02)
        assert state.passata == 500
        assert draw_tables.current(table.draw_table_id).league_id == league_id
        assert league_nights.night_of_table(table.draw_table_id) == (league_id, 1)


def test_a_night_opens_once(league_id):
    league_nights.open_night(league_id, (), "secretary")
    with pytest.raises(LeagueError) as refused:
        league_nights.open_night(league_id, (), "secretary")
    assert refused.value.code == "NIGHT_ALREADY_OPEN"


def test_the_schedule_counts_the_hands_and_a_vestito_shown_at_the_tables_TS_08(league_id):
    league_nights.open_night(league_id, (), "secretary")
    table = night(league_id).tables[0]
    play_a_pot(table.draw_table_id, shown=("Jh Jd Jc 7s 7h", "Ah Kd 9c 8s 7d"))
    play_a_pot(table.draw_table_id, shown=("Th Td Tc 7s 7d", "Ac Kc 9c 8s 6d"))  # full of tens
    later = datetime.now(UTC) + timedelta(minutes=1)
    on = night(league_id, later).schedule.tables[0]
    assert on.hands == 2
    assert on.telesina_due == ("vestito",)
    league_nights.record(league_id, 1, table.name, "telesina", "secretary")
    assert night(league_id, later + timedelta(minutes=1)).schedule.tables[0].telesina_due == ()


def test_the_night_records_only_its_own_marks_at_its_own_tables(league_id):
    league_nights.open_night(league_id, (), "secretary")
    with pytest.raises(LeagueError) as refused:
        league_nights.record(league_id, 1, "Z", "telesina", "secretary")
    assert refused.value.code == "NIGHT_UNKNOWN_TABLE"
    with pytest.raises(LeagueError) as refused:
        league_nights.record(league_id, 1, "A", "poker", "secretary")
    assert refused.value.code == "NIGHT_UNKNOWN_MARK"
    assert night(league_id).recorded == ()


def test_the_result_is_read_off_the_tables_and_confirmed_into_the_league_LG_02(league_id):
    league_nights.open_night(league_id, (), "secretary")
    first, second = night(league_id).tables
    draw_tables.dispatch(first.draw_table_id, TakePassate(4, 1), "dealer")  # a second posta
    play_a_pot(first.draw_table_id)
    with pytest.raises(DomainError) as refused:
        league_nights.confirm(league_id, 1, ROME, "secretary")
    assert refused.value.code == "NIGHT_NOT_OVER"
    finish_giri(league_id, first)
    finish_giri(league_id, second)
    proposal = night(league_id).proposal()
    a = proposal[0]
    player_4 = draw_tables.current(first.draw_table_id).state.names[4]
    assert a["poste"][player_4] == 2
    assert sum(a["chips"].values()) == 500 * sum(a["poste"].values())
    entered = league_nights.confirm(league_id, 1, ROME, "secretary")
    assert [t.name for t in entered.tables] == ["A", "B"]
    assert entered.tables[0].seat(player_4).chips == a["chips"][player_4]
    assert night(league_id).confirmed
    assert leagues.league(league_id).night(1).tables[0].nets == entered.tables[0].nets


def test_a_hand_in_play_or_chips_in_the_middle_hold_the_result_back(league_id):
    league_nights.open_night(league_id, (), "secretary")
    first, second = night(league_id).tables
    finish_giri(league_id, second)
    league_nights.record(league_id, 1, first.name, "giri_telesina", "secretary")
    for _ in range(9):
        play_a_pot(first.draw_table_id, giri=True)
    draw_tables.dispatch(first.draw_table_id, Deal(2, giri=True), "dealer")  # the tappo's
    with pytest.raises(DomainError) as refused:
        league_nights.confirm(league_id, 1, ROME, "secretary")
    assert refused.value.code == "NIGHT_NOT_OVER"  # the last hand is in play
    assert night(league_id).problems[0].code == "NIGHT_NOT_OVER"
    for seat in draw_tables.current(first.draw_table_id).state.hand.order:
        draw_tables.dispatch(first.draw_table_id, Act(seat, "check"), "dealer")
    # nobody opened the tappo's hand: it counts, the night is over, the inviti wait
    with pytest.raises(DomainError) as refused:
        league_nights.confirm(league_id, 1, ROME, "secretary")
    assert refused.value.code == "NIGHT_CHIPS_IN_MIDDLE"
    draw_tables.dispatch(first.draw_table_id, Deal(2), "dealer")  # one more, to play it out
    with pytest.raises(DomainError) as refused:
        league_nights.confirm(league_id, 1, ROME, "secretary")
    assert refused.value.code == "NIGHT_HAND_IN_PLAY"
    assert leagues.league(league_id).nights == ()


def test_the_giri_start_at_the_tables_and_end_with_the_tappo_LG_07(league_id):
    league_nights.open_night(league_id, (), "secretary")
    opened = night(league_id)
    # Five minutes into the giri: opened after their latest time (23:15 in Rome), they are due
    # from the start.
    times = opened.schedule.times
    late = max(times.giri_at, times.start) + timedelta(minutes=5)
    table = opened.tables[0]
    assert night(league_id, late).schedule.tables[0].phase is Phase.GIRI_DUE
    players = len(table.end.hands.seats)
    league_nights.record(league_id, 1, table.name, "giri_telesina", "secretary")
    for _ in range(2 * players):
        play_a_pot(table.draw_table_id, giri=True)
    on = night(league_id, late).schedule.tables[0]
    assert on.phase is Phase.OVER and on.tappo == table.end.hands.seats[-1]


def test_the_giri_invito_goes_up_to_ten_IT_04(league_id):
    league_nights.open_night(league_id, (), "secretary")
    table = night(league_id).tables[0].draw_table_id
    with pytest.raises(DomainError):
        draw_tables.dispatch(table, Deal(10), "dealer")
    draw_tables.dispatch(table, Deal(10, giri=True), "dealer")


def test_the_giri_s_telesina_round_is_played_at_the_night_s_table_LG_07(league_id):
    league_nights.open_night(league_id, (), "secretary")
    opened = night(league_id)
    late = opened.schedule.times.giri_at + timedelta(minutes=5)
    first, second = opened.tables
    players = len(first.end.hands.seats)
    draw_tables.dispatch(first.draw_table_id, PlayTelesinaRound("cambio", giri=True), "dealer")
    telesina_hands(first.draw_table_id, 2)
    on = night(league_id, late).schedule.tables[0]
    assert (on.phase, on.round_on) == (Phase.GIRI, "telesina")
    assert (on.telesina_on.variant, on.telesina_on.played) == ("cambio", 2)
    state = draw_tables.current(first.draw_table_id).state
    assert isinstance(state, TelesinaTable) and sum(state.next_table.stacks.values()) == 2500
    with pytest.raises(DomainError) as refused:
        draw_tables.dispatch(first.draw_table_id, Deal(2, giri=True), "dealer")
    assert refused.value.code == "TELESINA_INVITO"  # the round is still going around
    telesina_hands(first.draw_table_id, players - 2)  # the rest of the round: one each
    on = night(league_id, late).schedule.tables[0]
    assert on.round_on == "fixed" and on.telesina_on is None and on.giri_telesina_played
    for _ in range(2 * players):
        play_a_pot(first.draw_table_id, giri=True)
    assert night(league_id, late).schedule.tables[0].phase is Phase.OVER
    finish_giri(league_id, second)
    entered = league_nights.confirm(league_id, 1, ROME, "secretary")
    assert sum(entered.tables[0].nets.values()) == 0  # LG-02, the telesina's chips included
    assert all(r.table == second.name for r in night(league_id).recorded)  # none marked at A


def test_a_round_called_before_the_giri_played_at_the_table_and_undone_TS_08(league_id):
    league_nights.open_night(league_id, (), "secretary")
    table = night(league_id).tables[0]
    for _ in range(5):  # five hands without an opening make a round compulsory
        draw_tables.dispatch(table.draw_table_id, Deal(1), "dealer")
        for seat in draw_tables.current(table.draw_table_id).state.hand.order:
            draw_tables.dispatch(table.draw_table_id, Act(seat, "check"), "dealer")
    soon = datetime.now(UTC) + timedelta(minutes=1)
    assert night(league_id, soon).schedule.tables[0].telesina_due == ("no_opening",)
    draw_tables.dispatch(table.draw_table_id, PlayTelesinaRound("texas"), "dealer")
    on = night(league_id, soon).schedule.tables[0]
    assert on.telesina_due == () and on.round_on == "telesina" and on.hands == 5
    state = draw_tables.current(table.draw_table_id).state
    assert state.table.carries and night(league_id).tables[0].end.in_middle == sum(
        state.table.carries)  # the draw's pots wait through the round
    undone = draw_tables.undo(table.draw_table_id, "dealer")
    assert isinstance(undone.state, DrawTable) and undone.state.next_table.carries
    assert night(league_id, soon).schedule.tables[0].telesina_due == ("no_opening",)
