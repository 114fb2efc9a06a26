"""The finish (issue 26): the bust that leaves one player ends the tournament in the log, and
undoing that bust puts everything back; breaks and pauses stop the tables (ON_BREAK, no
decision limit)."""

from __future__ import annotations

from datetime import timedelta

from test_hands import all_in_to_showdown, hand_at, one_table
from tournament_builders import tournament

from tdapp.tournament.busts import BustPlayer, PlayersBusted
from tdapp.tournament.chips import SetChips
from tdapp.tournament.clock import timing
from tdapp.tournament.clock.rules import (
    AdjustClock,
    JumpToBreak,
    NextLevel,
    PauseClock,
    ResumeClock,
    StartClock,
)
from tdapp.tournament.events import from_record, to_record
from tdapp.tournament.hands.commands import ExpireDecision, StartHand, UseTimeBank
from tdapp.tournament.hands.deadlines import decision_deadline
from tdapp.tournament.hands.views import hand_view
from tdapp.tournament.journal import describe, render
from tdapp.tournament.payouts import place_amounts
from tdapp.tournament.purchases import AddOn, Rebuy
from tdapp.tournament.registration import ReEnterPlayer, RegisterPlayer
from tdapp.tournament.registry import replay, view
from tdapp.tournament.reinstate import ReinstatePlayer
from tdapp.tournament.settings import AddOnRules, RebuyRules, ReEntryRules

REBUYS = RebuyRules(until_level=4, chips=5000, price_cents=1000, max_stack=5000)
ADD_ON = AddOnRules(6000, 1500)


def down_to_two(players=4, **changes):
    """A night at level 2 with rebuys on, every player but P1 and P2 out."""
    play = tournament(players=players, rebuy=REBUYS, add_on=ADD_ON, **changes)
    play.at_level(2).minutes_later(5)
    for player_id in range(players, 2, -1):
        play.do(BustPlayer(player_id))
    return play


def test_the_bust_that_leaves_one_player_finishes_the_tournament_and_stops_the_clock():
    play = down_to_two()
    assert not play.state.finished and play.state.clock.running
    play.do(BustPlayer(2))
    bust = play.log[-1]
    assert isinstance(bust, PlayersBusted) and bust.finish is not None
    assert bust.finish.winner == 1
    assert play.state.finished and play.state.finish.winner == 1
    assert not play.state.clock.running
    shown = view(play.state, play.now + timedelta(minutes=30))
    # The clock stays where the finish stopped it: no level ends after the winner is known.
    assert shown["clock"]["running"] is False and shown["clock"]["level"] == 2
    assert timing.next_change_at(play.state.settings.structure, play.state.clock,
                                 timing.unix_ms(play.now + timedelta(hours=2))) is None
    assert shown["tournament"]["finished"] is True
    assert shown["tournament"]["winner"] == {"player_id": 1, "name": "P1"}
    first = next(row for row in shown["players"] if row["id"] == 1)
    assert (first["place"], first["prize_cents"]) == (1, place_amounts(play.state)[0])
    assert shown["results"]["finished"] is True
    paid = len(place_amounts(play.state))
    assert [row["place"] for row in shown["results"]["paid"]] == list(range(1, paid + 1))
    assert shown["results"]["paid"][0] == {
        "place": 1, "tied": 1, "player_id": 1, "name": "P1",
        "prize_cents": place_amounts(play.state)[0]}


def test_after_the_finish_rebuys_add_ons_registration_and_the_clock_are_refused():
    play = down_to_two(re_entry=ReEntryRules(4, 2000))
    play.do(BustPlayer(2))
    play.do(SetChips(1, 4000))
    for command in (Rebuy(1, stack=0), AddOn(1), RegisterPlayer("Late"), ReEnterPlayer(2),
                    ResumeClock(), NextLevel(), JumpToBreak(), AdjustClock(60)):
        play.refused(command, "TOURNAMENT_FINISHED")
    play.refused(BustPlayer(1), "CANNOT_BUST_EVERYONE")


def test_the_finish_says_no_rebuy_or_add_on_is_on_offer_any_more():
    play = down_to_two()
    play.on_break_after(4)
    assert "ADD_ON_OPEN" in {w["code"] for w in view(play.state, play.now)["warnings"]}
    play.do(BustPlayer(2))
    codes = {w["code"] for w in view(play.state, play.now, "td")["warnings"]}
    assert not codes & {"ADD_ON_OPEN", "REBUY_PERIOD_ENDING", "STRUCTURE_ENDING"}


def test_undoing_the_finishing_bust_puts_the_clock_running_at_its_level_and_rebuys_open():
    play = down_to_two()
    before = play.state
    play.do(BustPlayer(2))
    play.minutes_later(3)  # the DdT notices the mistake three minutes later
    play.log.pop()  # an undo: the log replays without the bust
    undone = replay(play.log)
    assert undone == before and not undone.finished
    assert undone.clock.running
    shown = view(undone, play.now)["clock"]
    # As if the clock had never stopped: level 2, three more minutes played.
    played_ms = timing.position(undone.settings.structure, undone.clock,
                                timing.unix_ms(play.now)).elapsed_ms
    assert shown["level"] == 2 and played_ms == (5 + 3 + 0.5) * 60_000
    play.state = undone
    play.do(SetChips(2, 0))
    play.do(Rebuy(2))  # the rebuy period is open again
    assert play.player(2).rebuys == 1


def test_a_hand_whose_showdown_busts_the_last_opponent_finishes_the_tournament():
    play, table = one_table(2)
    play.at_level(2)
    play.do(SetChips(2, 1000))
    play.do(SetChips(1, 9000))  # P1 covers P2
    play.do(StartHand(table))
    hand = all_in_to_showdown(play, table, winner_id=1)
    assert not hand.in_play
    assert play.state.finished and play.state.finish.winner == 1
    assert play.player(2).place == 2 and not play.state.clock.running
    play.refused(StartHand(table), "TOURNAMENT_FINISHED")
    assert replay(play.log) == play.state


def test_bringing_a_player_back_after_the_finish_reopens_the_tournament_with_the_clock_stopped():
    play = down_to_two()
    play.do(BustPlayer(2))
    play.do(ReinstatePlayer(2, 3000))
    assert not play.state.finished and not play.state.clock.running
    play.do(ResumeClock())
    assert play.state.clock.running


def test_a_bust_recorded_before_the_finish_existed_replays_as_it_did():
    play = down_to_two()
    play.do(BustPlayer(2))
    record = to_record(play.log[-1])
    old = {"name": "PlayersBusted", "version": 1,
           "payload": {"finishes": record["payload"]["finishes"]}}
    assert from_record(old).finish is None


def test_a_finish_without_a_clock_leaves_the_clock_not_started():
    play = tournament(players=2)
    play.do(BustPlayer(2))
    assert play.state.finished and not play.state.clock.started
    play.refused(StartClock(), "TOURNAMENT_FINISHED")


# --- breaks and pauses at the tables ---------------------------------------------------------


def test_no_hand_starts_during_a_break():
    play, table = one_table(3)
    play.on_break_after(4)
    play.refused(StartHand(table), "ON_BREAK")
    play.minutes_later(10)  # the break is over
    play.do(StartHand(table))


def test_a_paused_clock_still_lets_a_hand_start():
    play, table = one_table(3)
    play.at_level(2)
    play.do(PauseClock())
    play.do(StartHand(table))


def test_every_screen_shows_the_level_after_the_break_during_it():
    play = tournament(players=3)
    play.on_break_after(4)
    clock = view(play.state, play.now)["clock"]
    assert clock["on_break"] and clock["after_break"]
    assert clock["blinds_shown"] == clock["next_level"]
    assert (clock["blinds_shown"]["small_blind"], clock["blinds_shown"]["big_blind"]) == (150, 300)
    assert clock["blinds"]["big_blind"] == 200  # the level in force stays what it was
    play.minutes_later(10)
    after = view(play.state, play.now)["clock"]
    assert not after["after_break"] and after["blinds_shown"] == after["blinds"]


def test_the_decision_limit_does_not_run_out_during_a_break_and_restarts_after_it_HE_23():
    play, table = one_table(3)
    play.at_level(4)
    play.minutes_later(19.25)  # 15 s before the break (the level began 30 s ago)
    play.do(StartHand(table))
    hand = hand_at(play, table)
    expire = ExpireDecision(table, hand.number, hand.step)
    play.minutes_later(1)  # on the break, the stored 20 s long gone
    assert view(play.state, play.now)["clock"]["on_break"]
    assert decision_deadline(play.state, hand, play.now) is None
    assert hand_view(play.state, hand, play.now)["deadline_ms"] is None
    play.refused(expire, "DEADLINE_NOT_DUE")
    play.refused(UseTimeBank(table, hand.engine.to_act), "NO_DECISION_LIMIT")
    # When the break ends, the player in turn gets the full 20 s again.
    break_end = _break_end(play)
    play.now = break_end + timedelta(seconds=10)
    assert decision_deadline(play.state, hand, play.now) == break_end + timedelta(seconds=20)
    play.refused(expire, "DEADLINE_NOT_DUE")
    play.now = break_end + timedelta(seconds=20)
    play.do(expire)
    assert hand.engine.to_act in hand_at(play, table).reminded


def _break_end(play):
    structure, clock = play.state.settings.structure, play.state.clock
    now_ms = timing.unix_ms(play.now)
    where = timing.position(structure, clock, now_ms)
    assert play.state.settings.structure.periods[where.period].seconds == 600
    return play.now + timedelta(milliseconds=where.remaining_ms)


def test_a_paused_clock_stops_the_decision_limit_and_resuming_gives_the_full_time_HE_23():
    play, table = one_table(3)
    play.at_level(2)
    play.do(StartHand(table))
    hand = hand_at(play, table)
    expire = ExpireDecision(table, hand.number, hand.step)
    play.now += timedelta(seconds=15)
    play.do(PauseClock())
    play.minutes_later(4)
    play.refused(expire, "DEADLINE_NOT_DUE")
    play.do(ResumeClock())
    resumed = play.now
    play.now += timedelta(seconds=19)
    play.refused(expire, "DEADLINE_NOT_DUE")
    play.now = resumed + timedelta(seconds=20)
    play.do(expire)


def test_a_decision_made_in_play_keeps_its_own_deadline():
    play, table = one_table(3)
    play.at_level(2)
    play.do(StartHand(table))
    hand = hand_at(play, table)
    assert decision_deadline(play.state, hand, play.now) == hand.deadline



def test_the_log_says_who_won_with_the_finishing_bust():
    play = down_to_two()
    before = play.state
    play.do(BustPlayer(2))
    code, params = describe(play.log[-1], before)
    assert render(code, params) == "P2 is out in place 2; the tournament is over: P1 wins"
