"""Reverting one earlier event (issue 12): each event declares what it touches, and a revert is
refused while a later event depends on it."""

from __future__ import annotations

import pytest
from tournament_builders import check_invariants, tournament

from tdapp.kernel.refusals import DomainError
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.chips import SetChips
from tdapp.tournament.clock.rules import NextLevel, PauseClock, ResumeClock
from tdapp.tournament.events import registered_events
from tdapp.tournament.hands.commands import StartHand, TakeAction
from tdapp.tournament.payouts import AdjustPayouts
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.purchases import Rebuy
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.registry import replay
from tdapp.tournament.reinstate import ReinstatePlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import BountyRules, RebuyRules
from tdapp.tournament.touches import declared, touches
from tdapp.tournament.undo import check_revert, revert_conflicts


def numbered(play) -> list[tuple[int, object]]:
    return list(enumerate(play.log, start=1))


def seq_of(play, event) -> int:
    return next(seq for seq, item in numbered(play) if item is event)


def test_every_event_type_declares_what_it_touches():
    ours = {
        name: kind
        for name, kind in registered_events().items()
        if kind.__module__.startswith("tdapp.")  # tests register events of their own
    }
    assert len(ours) >= 31
    undeclared = sorted(name for name, kind in ours.items() if not declared(kind))
    assert undeclared == []


def test_a_later_bust_depends_on_an_earlier_one_its_place_was_counted_after_it_TO_14():
    play = tournament(players=6).at_level(1)
    first = play.do(BustPlayer(1))
    second = play.do(BustPlayer(2))
    assert revert_conflicts(numbered(play), seq_of(play, first)) == [seq_of(play, second)]
    assert revert_conflicts(numbered(play), seq_of(play, second)) == []


def test_a_bust_is_reverted_alone_when_later_events_touch_other_things():
    play = tournament(players=6, rebuy=RebuyRules(until_level=4, chips=5000, price_cents=1000))
    play.at_level(1)
    bust = play.do(BustPlayer(1))
    play.do(Rebuy(2, stack=0))
    play.do(SetAbsent(3, True))
    play.do(PauseClock())
    play.do(SetChips(4, 4000))
    assert revert_conflicts(numbered(play), seq_of(play, bust)) == []


def test_purchases_add_up_in_any_order_but_a_deal_depends_on_the_pool_they_made():
    play = tournament(players=4, rebuy=RebuyRules(until_level=4, chips=5000, price_cents=1000))
    play.at_level(1)
    first = play.do(Rebuy(1, stack=0))
    second = play.do(Rebuy(2, stack=0))
    assert revert_conflicts(numbered(play), seq_of(play, first)) == []
    pool = play.state.ledger.money_in_cents
    deal = play.do(AdjustPayouts((pool // 2, pool - pool // 2)))
    assert revert_conflicts(numbered(play), seq_of(play, second)) == [seq_of(play, deal)]
    assert revert_conflicts(numbered(play), seq_of(play, deal)) == []


def test_a_deal_depends_on_the_players_left_when_it_was_made():
    play = tournament(players=4).at_level(1)
    bust = play.do(BustPlayer(4))
    pool = play.state.ledger.money_in_cents
    deal = play.do(AdjustPayouts((pool // 2, pool - pool // 2)))
    assert revert_conflicts(numbered(play), seq_of(play, bust)) == [seq_of(play, deal)]


def test_a_players_own_later_events_depend_on_their_registration_and_so_do_later_numbers():
    play = tournament(players=2, seats_drawn=False)
    first = play.do(RegisterPlayer("Anna Rossi"))
    presence = play.do(SetAbsent(first.player_id, True))
    later = play.do(RegisterPlayer("Marco Bianchi"))
    assert revert_conflicts(numbered(play), seq_of(play, first)) == [
        seq_of(play, presence), seq_of(play, later)
    ]


def test_a_hand_depends_on_the_level_its_blinds_came_from_not_on_a_pause():
    play = tournament(players=3).at_level(1)
    pause = play.do(PauseClock())
    play.do(ResumeClock())
    level = play.do(NextLevel())
    table = play.player(1).table
    started = play.do(StartHand(table))
    # The clock's later changes were made from the paused clock; the hand was not.
    assert revert_conflicts(numbered(play), seq_of(play, pause)) == [
        seq_of(play, pause) + 1, seq_of(play, level)
    ]
    assert revert_conflicts(numbered(play), seq_of(play, level)) == [seq_of(play, started)]


def test_a_hand_action_depends_on_the_deal_and_touches_the_stacks_of_the_players_in_it():
    play = tournament(players=3).at_level(1)
    table = play.player(1).table
    started = play.do(StartHand(table))
    hand = play.state.play.hands[table]
    stepped = play.do(TakeAction(table, hand.engine.to_act, "fold"))
    assert revert_conflicts(numbered(play), seq_of(play, started)) == [seq_of(play, stepped)]
    counted = play.do(SetChips(1, play.player(1).stack))
    assert seq_of(play, counted) in revert_conflicts(numbered(play), seq_of(play, stepped))


def test_a_seat_draw_is_in_the_way_of_what_was_done_to_the_seated_players():
    play = tournament(players=4, seats_drawn=False)
    play.do(RegisterPlayer("Late"))
    draw = play.do(DrawSeats())
    count = play.do(SetChips(5, 5000))
    assert revert_conflicts(numbered(play), seq_of(play, draw)) == [seq_of(play, count)]


def test_the_refusal_names_the_events_in_the_way():
    play = tournament(players=5).at_level(1)
    first = play.do(BustPlayer(1))
    play.do(BustPlayer(2))
    play.do(ReinstatePlayer(1, stack=3000))
    with pytest.raises(DomainError) as refusal:
        check_revert(numbered(play), seq_of(play, first))
    assert refusal.value.code == "REVERT_CONFLICT"
    assert refusal.value.params["conflicts"] == [seq_of(play, first) + 1, seq_of(play, first) + 2]
    with pytest.raises(DomainError) as missing:
        check_revert(numbered(play), 999)
    assert missing.value.code == "NOT_IN_LOG"


def test_whatever_has_no_conflict_replays_cleanly_without_it():
    """The declarations are exact enough for replay: taking back any event nothing depends on
    leaves a log that still folds, with chips, seats and places consistent."""
    play = tournament(
        players=8,
        rebuy=RebuyRules(until_level=4, chips=5000, price_cents=1000),
        late_registration_until_level=3,
    )
    play.at_level(1)
    play.do(BustPlayer(1))
    play.do(Rebuy(2, stack=0))
    play.do(SetAbsent(3, True))
    play.do(BustPlayer(4))
    play.do(RegisterPlayer("Late"))
    table = play.player(5).table
    play.do(StartHand(table))
    play.do(TakeAction(table, play.state.play.hands[table].engine.to_act, "fold"))
    play.do(PauseClock())
    play.do(ReinstatePlayer(1, stack=2000))
    play.do(BustPlayer(6))
    log = numbered(play)
    free = [seq for seq, _ in log if seq > 1 and not revert_conflicts(log, seq)]
    assert free  # the log above has events that stand alone
    for seq in free:
        kept = [item for s, item in log if s != seq]
        state = replay(kept)
        check_invariants(state, kept)


def test_a_knockout_touches_the_eliminator_whose_head_and_winnings_it_changed():
    play = tournament(players=6, bounty=BountyRules(cents=1000, progressive=True))
    before = play.state
    knockout = play.do(BustPlayer(2, eliminated_by=(1,)))
    touched = touches(knockout, before)
    assert {("player", 2), ("player", 1)} <= touched.changes
    assert ("money",) in touched.adds
    count = play.do(SetChips(1, 4000))  # the eliminator's later record relies on the knockout
    assert seq_of(play, count) in revert_conflicts(numbered(play), seq_of(play, knockout))
