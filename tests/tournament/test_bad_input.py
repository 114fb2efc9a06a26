"""Commands built from outside input with the wrong shapes are refused and change nothing."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest
from tournament_builders import settings, tournament

from tdapp.tournament.busts import BustPlayer, BustPlayers
from tdapp.tournament.chips import CountChips, SetChips
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.payouts import AdjustPayouts
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.purchases import Rebuy
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import RebuyRules
from tdapp.tournament.structure import Level, Structure


@pytest.mark.parametrize(
    ("command", "code"),
    [
        (RegisterPlayer(5), "BAD_PLAYER_NAME"),
        (RegisterPlayer("Gino", roster_id="7"), "BAD_ROSTER_ID"),
        (RegisterPlayer("Gino", bonus_chips=1.5), "BAD_BONUS"),
        (BustPlayer("1"), "UNKNOWN_PLAYER"),
        (BustPlayer(1, hand_stack=-3), "BAD_STACK"),
        (BustPlayers(7), "NO_BUSTS"),
        (SetChips(1, "5000"), "BAD_STACK"),
        (SetChips(None, 5000), "UNKNOWN_PLAYER"),
        (CountChips(5), "NO_COUNTS"),
        (CountChips(({"player_id": 1, "stack": 10},)), "NO_COUNTS"),
        (SetAbsent(1, "yes"), "BAD_ABSENT"),
        (AdjustPayouts(5), "BAD_PAYOUT_AMOUNT"),
        (AdjustPayouts((1.5,)), "BAD_PAYOUT_AMOUNT"),
        (DrawSeats(tables="2"), "SEATS_ALREADY_DRAWN"),
        (Rebuy(1, stack=-1), "REBUYS_NOT_OFFERED"),
    ],
)
def test_malformed_commands_are_refused_with_a_code(command, code):
    tournament(players=4).refused(command, code)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"date": "2027-03-01"}, "date"),
        ({"structure": ((25, 50, 600),)}, "structure"),
        ({"structure": Structure(((25, 50, 600),))}, "structure"),
        ({"structure": Structure((Level(25, 50, 600, big_blind_ante=1),))}, "big_blind_ante"),
        ({"rebuy": {"until_level": 2}}, "rebuy"),
        ({"payouts": [1, 2]}, "payouts"),
        ({"options": {"stack_cap": 1}}, "options"),
    ],
)
def test_settings_of_the_wrong_form_are_refused(changes, field):
    play = tournament(players=0)
    error = play.refused(ConfigureTournament(replace(settings(), **changes)), "BAD_SETTING")
    assert error.params == {"field": field}


def test_rebuy_with_a_negative_stack_is_refused():
    play = tournament(players=4, rebuy=RebuyRules(3, 5000, 1000)).at_level(1)
    play.refused(Rebuy(1, stack=-1), "BAD_STACK")


def test_decisions_take_timezone_aware_time_only():
    with pytest.raises(ValueError):
        Ctx(datetime(2027, 3, 1, 20, 0))
    assert Ctx(datetime(2027, 3, 1, 20, 0, tzinfo=UTC), seed=5).rng().random() == (
        Ctx(datetime(2027, 3, 1, 21, 0, tzinfo=UTC), seed=5).rng().random()
    )
