"""Hands at the tables through decide/apply (issue 6; RULES.md HE-05, HE-10, HE-21..HE-25,
TO-14, IR-09..IR-11)."""

from datetime import timedelta

from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.button import Positions, next_positions, waits_for_button
from tdapp.tournament.chips import ChipCount, CountChips
from tdapp.tournament.hands.commands import (
    ActOutOfTurn,
    ExpireDecision,
    Misdeal,
    PlayAbsent,
    RenewTableAccess,
    Showdown,
    StartHand,
    TakeAction,
    UseTimeBank,
)
from tdapp.tournament.hands.views import hand_view, table_seats
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.purchases import Rebuy
from tdapp.tournament.registry import view
from tdapp.tournament.seating.rules import MovePlayer
from tdapp.tournament.settings import RebuyRules
from tests.tournament.tournament_builders import tournament


def table_of(play, player_id=1):
    return play.player(player_id).table


def hand_at(play, table):
    return play.state.play.hands[table]


def one_table(players=3, **changes):
    """`players` at one table; seats as drawn, stacks as registered."""
    play = tournament(players=players, **changes)
    table = table_of(play)
    return play, table


def seat_of(play, player_id):
    return play.player(player_id).seat


def test_hand_uses_the_blinds_of_the_level_running_when_it_starts():
    play, table = one_table()
    play.at_level(2)
    play.do(StartHand(table))
    hand = hand_at(play, table)
    assert (hand.engine.stakes.small_blind, hand.engine.stakes.big_blind, hand.level) == (50, 100, 2)
    play.at_level(3)  # a new level applies from the next hand
    assert hand_at(play, table).engine.stakes.big_blind == 100


def test_big_blind_ante_level_posts_the_table_ante_HE_10():
    play, table = one_table(4)
    play.at_level(5)
    play.do(StartHand(table))
    engine = hand_at(play, table).engine
    assert engine.stakes.ante_mode.value == "big_blind" and engine.dead == 300


def play_to_end(play, table, action="call"):
    hand = hand_at(play, table)
    while hand.in_play and hand.engine.to_act is not None:
        legal = hand.engine.legal_actions()
        chosen = action if action in legal.actions else "check"
        play.do(TakeAction(table, legal.seat, chosen))
        hand = hand_at(play, table)
    return hand


def test_stacks_follow_the_hand_and_the_dead_button_moves_HE_05():
    play, table = one_table(3)
    play.do(StartHand(table))
    first = hand_at(play, table)
    hand = play_to_end(play, table)
    winner = hand.engine.live[0]
    play.do(Showdown(table, winners=((winner,),)))
    assert sum(play.player(p).stack for p in (1, 2, 3)) == 3 * play.state.settings.starting_stack
    assert play.player(first.players[winner]).stack > play.state.settings.starting_stack
    play.do(StartHand(table))
    second = hand_at(play, table)
    assert second.positions.button == first.positions.small_blind_seat
    assert second.number == first.number + 1


def test_misdeal_before_substantial_action_gives_everything_back_and_keeps_the_button_IR_10():
    play, table = one_table(4)
    play.do(StartHand(table))
    first = hand_at(play, table)
    play.do(TakeAction(table, first.engine.to_act, "fold"))
    play.do(Misdeal(table))
    assert all(play.player(p).stack == play.state.settings.starting_stack for p in (1, 2, 3, 4))
    play.do(StartHand(table))
    assert hand_at(play, table).positions == first.positions


def test_no_misdeal_after_substantial_action_IR_11():
    play, table = one_table(4)
    play.do(StartHand(table))
    play.do(TakeAction(table, hand_at(play, table).engine.to_act, "call"))
    play.do(TakeAction(table, hand_at(play, table).engine.to_act, "call"))
    play.refused(Misdeal(table), "NO_MISDEAL_AFTER_SA")


def test_absent_big_blind_checked_down_wins_with_the_best_hand_HE_25():
    play, table = one_table(3)
    play.do(StartHand(table))  # learn the positions, then deal again with the BB away
    big_blind = hand_at(play, table).positions.big_blind
    play.do(Misdeal(table))
    absent = hand_at(play, table).players[big_blind]
    play.do(SetAbsent(absent, True))
    play.do(StartHand(table))
    hand = play_to_end(play, table, action="call")
    assert hand.engine.street.value == "showdown" and big_blind in hand.engine.live
    assert all(s.kind == "absent" for s in play.log[-1].steps if s.seat == big_blind)
    others = [s for s in hand.engine.live if s != big_blind]
    cards = {big_blind: "As Ad", others[0]: "Kc Kd", others[1]: "7h 2c"}
    play.do(Showdown(table, cards=cards, board="Ah 9s 5d 4c Jh"))
    assert play.player(absent).stack == play.state.settings.starting_stack + 2 * 50


def test_absent_player_facing_a_bet_is_folded_HE_25():
    play, table = one_table(3)
    play.do(StartHand(table))
    hand = hand_at(play, table)
    small_blind = hand.positions.small_blind_seat
    play.do(TakeAction(table, hand.engine.to_act, "raise", 200))
    assert hand_at(play, table).engine.to_act == small_blind
    play.do(SetAbsent(hand.players[small_blind], True))  # leaves while in turn
    play.do(PlayAbsent(table))
    assert small_blind in hand_at(play, table).engine.folded


def test_absent_player_is_folded_as_soon_as_a_bet_reaches_them_HE_25():
    play, table = one_table(3)
    play.do(StartHand(table))
    hand = hand_at(play, table)
    small_blind = hand.positions.small_blind_seat
    play.do(SetAbsent(hand.players[small_blind], True))
    play.do(TakeAction(table, hand.engine.to_act, "raise", 200))
    hand = hand_at(play, table)
    assert small_blind in hand.engine.folded and hand.engine.to_act == hand.positions.big_blind
    assert play.log[-1].steps[-1].kind == "absent"


def test_decision_limit_club_rule_takes_away_the_raise_HE_23():
    play, table = one_table(3)
    play.do(StartHand(table))
    hand = hand_at(play, table)
    assert hand.deadline == play.now + timedelta(seconds=20)
    seat = hand.engine.to_act
    expire = ExpireDecision(table, hand.number, hand.step)
    play.refused(expire, "DEADLINE_NOT_DUE")
    play.minutes_later(0.5)
    play.do(expire)
    hand = hand_at(play, table)
    assert hand.engine.to_act == seat and seat in hand.reminded
    assert "raise" not in hand.engine.legal_actions().actions
    play.refused(expire, "STALE_DEADLINE")  # a repeated job changes nothing


def test_decision_limit_tda_rule_folds_facing_a_bet_HE_24():
    play, table = one_table(3, options={"decision_limit": "tda"})
    play.do(StartHand(table))
    hand = hand_at(play, table)
    seat = hand.engine.to_act
    play.minutes_later(1)
    play.do(ExpireDecision(table, hand.number, hand.step))
    assert seat in hand_at(play, table).engine.folded


def test_time_bank_extends_the_decision_once():
    play, table = one_table(3, options={"time_bank": "1"})
    play.do(StartHand(table))
    hand = hand_at(play, table)
    play.do(UseTimeBank(table, hand.engine.to_act))
    assert hand_at(play, table).deadline == hand.deadline + timedelta(seconds=20)
    play.refused(UseTimeBank(table, hand.engine.to_act), "NO_TIME_BANK")


def test_out_of_turn_fold_is_binding_and_bet_loses_the_raise_HE_21():
    play, table = one_table(5)
    play.do(StartHand(table))
    hand = hand_at(play, table)
    order = [s for s in hand.engine.betting.order]
    play.do(ActOutOfTurn(table, order[1], "check"))
    assert order[1] in hand_at(play, table).engine.folded
    play.do(ActOutOfTurn(table, order[2], "bet"))
    play.do(TakeAction(table, order[0], "raise", 300))
    assert hand_at(play, table).engine.to_act == order[2]
    assert "raise" not in hand_at(play, table).engine.legal_actions().actions


def test_illegal_action_is_refused_with_the_reason_and_changes_nothing():
    play, table = one_table(3)
    play.do(StartHand(table))
    hand = hand_at(play, table)
    error = play.refused(TakeAction(table, hand.engine.to_act, "raise", 10), "ILLEGAL_ACTION")
    assert "minimum raise" in str(error)
    play.refused(StartHand(table), "HAND_IN_PLAY")


def test_double_bust_takes_places_by_starting_stack_TO_14():
    play, table = one_table(3)
    play.do(StartHand(table))
    hand = hand_at(play, table)
    ids = [hand.players[s] for s in hand.engine.seats]
    play.do(Misdeal(table))
    stacks = {ids[0]: 5000, ids[1]: 2000, ids[2]: 3000}
    play.do(CountChips(tuple(ChipCount(p, s) for p, s in stacks.items())))
    play.do(StartHand(table))
    hand = hand_at(play, table)
    while hand.engine.to_act is not None:
        legal = hand.engine.legal_actions()
        action = "all_in" if "all_in" in legal.actions else "call"
        play.do(TakeAction(table, legal.seat, action))
        hand = hand_at(play, table)
    big = [s for s, p in hand.players.items() if p == ids[0]][0]
    winners = tuple((big,) for pot in hand.engine.pots() if not pot.returned)
    play.do(Showdown(table, winners=winners))
    assert play.player(ids[2]).place == 2 and play.player(ids[1]).place == 3
    assert play.player(ids[0]).stack == 10_000


def test_table_access_is_only_in_the_td_view():
    play, table = one_table(3)
    play.do(RenewTableAccess(table))
    access = play.state.play.access[table]
    assert len(access.pin) == 6 and access.pin.isdigit() and len(access.token) >= 16
    assert view(play.state, play.now, "td")["table_access"][str(table)]["pin"] == access.pin
    assert view(play.state, play.now, "public")["table_access"] == {}


def test_hand_view_shows_pots_and_legal_actions():
    play, table = one_table(3)
    play.do(StartHand(table))
    line = view(play.state, play.now, "public")["hands"][str(table)]
    assert line["pot_total"] == 75 and line["deadline_ms"] is not None
    shown = hand_view(play.state, hand_at(play, table), play.now)
    assert shown["legal"]["min_to"] == 100 and shown["pot_total"] == 75
    assert [p["amount"] for p in shown["pots"]] == [50] and len(shown["seats"]) == 3  # 25 unmatched


def upcoming_positions(state, table: int) -> Positions:
    """The button and blinds the next hand at `table` will have, after a hand played there."""
    seated = [
        number
        for number, pid in enumerate(state.tables[table], start=1)
        if pid is not None and state.player(pid).in_play and state.player(pid).stack > 0
    ]
    return next_positions(state.seating.last_hands[table], seated, state.settings.option("button"))


def test_newcomer_between_small_blind_and_button_waits_for_the_button_TO_04():
    play = tournament(players=10)  # two tables of five in nine seats: open seats between
    table = table_of(play)
    between: list[int] = []
    while not between:  # the button goes round until an open seat follows it
        play.do(StartHand(table))
        play_to_end(play, table, action="fold")
        upcoming = upcoming_positions(play.state, table)
        between = [
            number
            for number, occupant in enumerate(play.state.tables[table], start=1)
            if occupant is None and waits_for_button(number, upcoming)
        ]
    mover = next(p for p in play.state.players if p.table != table)
    play.do(MovePlayer(mover.id, table, between[0]))
    play.do(StartHand(table))
    assert mover.id not in hand_at(play, table).players.values()


def test_tda_out_of_turn_action_stands_if_the_action_is_unchanged_HE_22():
    play, table = one_table(5, options={"out_of_turn": "tda"})
    play.do(StartHand(table))
    order = list(hand_at(play, table).engine.betting.order)
    play.do(ActOutOfTurn(table, order[2], "bet", 300))  # "raise 300", as the dealer heard it
    assert hand_at(play, table).engine.to_act == order[0]  # the action backs up
    play.do(TakeAction(table, order[0], "call"))
    play.do(TakeAction(table, order[1], "call"))
    hand = hand_at(play, table)
    assert hand.engine.bets[order[2]] == 300 and hand.engine.to_act == order[3]
    assert play.log[-1].steps[-1].kind == "declared_stands" and not hand.declared


def test_tda_out_of_turn_action_lapses_when_the_action_changed_HE_22():
    play, table = one_table(5, options={"out_of_turn": "tda"})
    play.do(StartHand(table))
    order = list(hand_at(play, table).engine.betting.order)
    play.do(ActOutOfTurn(table, order[2], "call"))
    play.do(TakeAction(table, order[0], "raise", 300))
    play.do(TakeAction(table, order[1], "call"))
    hand = hand_at(play, table)
    assert hand.engine.to_act == order[2] and hand.engine.bets[order[2]] == 0
    assert "raise" in hand.engine.legal_actions().actions  # every option is open again
    play.do(ActOutOfTurn(table, order[4], "fold"))  # an early fold is binding all the same
    assert order[4] in hand_at(play, table).engine.folded


REBUYS = RebuyRules(until_level=3, chips=5000, price_cents=1000, max_stack=5000)


def all_in_to_showdown(play, table, winner_id):
    """Everyone all-in (or calling) until the showdown; `winner_id` takes every pot."""
    hand = hand_at(play, table)
    while hand.engine.to_act is not None:
        legal = hand.engine.legal_actions()
        action = "all_in" if "all_in" in legal.actions else "call"
        play.do(TakeAction(table, legal.seat, action))
        hand = hand_at(play, table)
    seat = next(s for s, p in hand.players.items() if p == winner_id)
    play.do(Showdown(table, winners=tuple((seat,) for p in hand.engine.pots() if not p.returned)))
    return hand_at(play, table)


def test_no_chips_while_a_rebuy_is_possible_is_not_a_bust_HE_02_HE_36():
    play, table = one_table(3, rebuy=REBUYS)
    play.at_level(1)
    play.do(StartHand(table))
    all_in_to_showdown(play, table, winner_id=1)
    for loser in (2, 3):
        assert play.player(loser).place is None and play.player(loser).stack == 0
        assert play.player(loser).table == table
    line = {s["player_id"]: s for s in table_seats(play.state, table, play.now)}
    assert line[2]["out_of_chips"] and line[2]["may_rebuy"]
    play.do(Rebuy(2))
    play.do(BustPlayer(3))
    assert play.player(2).stack == 5000 and play.player(3).place == 3
    play.do(StartHand(table))
    assert set(hand_at(play, table).players.values()) == {1, 2}


def test_no_chips_after_the_rebuy_period_busts_at_once_with_a_place_HE_02():
    play, table = one_table(3, rebuy=REBUYS)
    play.at_level(4)
    play.do(StartHand(table))
    all_in_to_showdown(play, table, winner_id=1)
    assert (play.player(2).place, play.player(2).tied) == (2, 2)
    assert (play.player(3).place, play.player(3).tied) == (2, 2)


def test_a_player_with_rebought_chips_behind_is_not_busted_HE_36():
    play, table = one_table(3, rebuy=REBUYS)
    play.at_level(1)
    play.do(StartHand(table))
    play.do(Rebuy(2))  # declared during the hand: chips behind, not in play in this hand
    hand = all_in_to_showdown(play, table, winner_id=1)
    assert hand.engine.stacks[next(s for s, p in hand.players.items() if p == 2)] == 0
    assert play.player(2).place is None and play.player(2).stack == 5000


def test_a_player_still_without_chips_when_the_rebuys_end_is_out_before_the_next_deal_HE_02():
    play, table = one_table(3, rebuy=REBUYS)
    play.at_level(3)
    play.do(StartHand(table))
    all_in_to_showdown(play, table, winner_id=1)
    assert play.player(2).place is None
    play.do(Rebuy(3))
    play.at_level(4)
    started = play.do(StartHand(table))
    assert [(f.player_id, f.place) for f in started.out_of_chips] == [(2, 3)]
    assert play.player(2).place == 3 and play.player(2).table is None
