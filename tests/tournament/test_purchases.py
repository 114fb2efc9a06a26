"""Rebuys (HE-36) and the add-on (HE-37), with the absent player's rights (HE-26)."""

from __future__ import annotations

from tournament_builders import tournament

from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.chips import ChipCount, CountChips, SetChips
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.purchases import AddOn, Rebuy, may_rebuy
from tdapp.tournament.settings import AddOnRules, RebuyRules

REBUYS = RebuyRules(until_level=4, chips=5000, price_cents=1000, max_stack=5000, max_per_player=2)
ADD_ON = AddOnRules(chips=6000, price_cents=1500)


def rebuy_tournament(**changes):
    return tournament(players=6, rebuy=REBUYS, add_on=ADD_ON, **changes)


def test_rebuy_adds_chips_and_money_when_the_stack_is_at_most_the_limit_HE_36():
    play = rebuy_tournament().at_level(2)
    play.do(SetChips(1, 3000))
    play.do(Rebuy(1))
    player = play.player(1)
    assert (player.stack, player.rebuys) == (8000, 1)
    ledger = play.state.ledger
    assert (ledger.rebuys, ledger.rebuy_cents, ledger.rebuy_chips) == (1, 1000, 5000)
    assert ledger.chips_issued == 6 * 5000 + 5000


def test_rebuy_refused_above_the_stack_limit_HE_36():
    play = rebuy_tournament().at_level(1)
    error = play.refused(Rebuy(1, stack=5001), "REBUY_STACK_TOO_HIGH")
    assert error.params == {"name": "P1", "stack": 5001, "max": 5000}


def test_rebuy_only_at_zero_when_the_rule_says_so_HE_36():
    rules = RebuyRules(until_level=4, chips=5000, price_cents=1000, max_stack=0)
    play = tournament(players=4, rebuy=rules).at_level(1)
    play.refused(Rebuy(1), "REBUY_NEEDS_EMPTY_STACK")
    play.do(Rebuy(1, stack=0))
    assert play.player(1).stack == 5000


def test_rebuy_refused_after_the_rebuy_period_HE_36():
    play = rebuy_tournament().at_level(4)
    play.do(Rebuy(1, stack=0))
    play.on_break_after(4)
    play.refused(Rebuy(2, stack=0), "REBUY_PERIOD_OVER")


def test_rebuys_stop_at_the_limit_per_player_HE_36():
    play = rebuy_tournament().at_level(1)
    play.do(Rebuy(1, stack=0))
    play.do(Rebuy(1, stack=0))
    play.refused(Rebuy(1, stack=0), "REBUY_LIMIT")


def test_a_busted_player_cannot_rebuy_HE_02():
    play = rebuy_tournament().at_level(1)
    play.do(BustPlayer(1))
    play.refused(Rebuy(1, stack=0), "ALREADY_OUT")


def test_absent_player_keeps_rebuy_and_add_on_rights_HE_26():
    play = rebuy_tournament().at_level(3)
    play.do(SetAbsent(1, True))
    play.do(Rebuy(1, stack=1000))
    play.on_break_after(4)
    play.do(AddOn(1))
    assert play.player(1).stack == 1000 + 5000 + 6000


def test_add_on_once_during_the_break_after_the_rebuy_period_HE_37():
    play = rebuy_tournament().at_level(4)
    play.refused(AddOn(1), "ADD_ON_NOT_OPEN")
    play.on_break_after(4)
    play.do(AddOn(1))
    play.do(AddOn(2))
    assert play.player(1).add_ons == 1
    assert play.state.ledger.add_on_cents == 3000
    play.refused(AddOn(1), "ADD_ON_TAKEN")


def test_no_add_on_after_its_break_HE_37():
    play = rebuy_tournament().at_level(5)
    play.refused(AddOn(1), "ADD_ON_NOT_OPEN")


def test_add_on_for_any_stack_HE_37():
    play = rebuy_tournament().on_break_after(4)
    play.do(CountChips((ChipCount(1, 9000), ChipCount(2, 1000))))
    play.do(AddOn(1))
    assert play.player(1).stack == 15000


def test_add_on_until_a_level_when_the_settings_name_one_HE_37():
    play = tournament(players=4, add_on=AddOnRules(5000, 1000, until_level=2)).at_level(2)
    play.do(AddOn(1))
    play.at_level(3)
    play.refused(AddOn(2), "ADD_ON_NOT_OPEN")


def test_no_rebuys_or_add_on_when_the_tournament_offers_none():
    play = tournament(players=3).at_level(1)
    play.refused(Rebuy(1, stack=0), "REBUYS_NOT_OFFERED")
    play.refused(AddOn(1), "ADD_ON_NOT_OFFERED")


def test_stack_cap_option_keeps_every_stack_within_9000_HE_01():
    play = rebuy_tournament(options={"stack_cap": "total"}).at_level(1)
    play.refused(Rebuy(1, stack=4500), "STACK_CAP")
    play.do(Rebuy(1, stack=4000))
    assert play.player(1).stack == 9000


def test_a_player_with_no_chips_may_still_rebuy_only_within_the_rules_HE_02():
    play = rebuy_tournament().at_level(1)
    assert may_rebuy(play.state, 1, play.now)
    play.do(Rebuy(1, stack=0))
    play.do(Rebuy(1, stack=0))
    assert not may_rebuy(play.state, 1, play.now)
    assert may_rebuy(play.state, 2, play.now)
    play.on_break_after(4)
    assert not may_rebuy(play.state, 2, play.now)
