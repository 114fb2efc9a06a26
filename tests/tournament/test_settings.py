"""Setting a tournament up: the club's limits (HE-01), table sizes, structures, payout tables."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tournament_builders import T0, settings, tournament

from tdapp.kernel.refusals import DomainError
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.registry import decide
from tdapp.tournament.settings import (
    AddOnRules,
    PayoutBracket,
    RebuyRules,
    ReEntryRules,
    Settings,
    entry_mismatches,
    validate,
)
from tdapp.tournament.state import Tournament
from tdapp.tournament.structure import Break, Level, Structure
from tdapp.tournament.structure_templates import TEMPLATES


def refusal(candidate: Settings) -> str:
    with pytest.raises(DomainError) as refused:
        validate(candidate)
    return refused.value.code


@pytest.mark.parametrize("stack", [4999, 9001, 0, -5000])
def test_starting_stack_outside_5000_to_9000_is_refused_HE_01(stack):
    assert refusal(settings(starting_stack=stack)) == "STARTING_STACK_OUT_OF_RANGE"


@pytest.mark.parametrize("stack", [5000, 7000, 9000])
def test_starting_stack_within_5000_to_9000_is_accepted_HE_01(stack):
    validate(settings(starting_stack=stack))


def test_refused_configuration_creates_nothing_HE_01():
    empty = Tournament()
    with pytest.raises(DomainError) as refused:
        decide(empty, ConfigureTournament(settings(starting_stack=10000)), Ctx(T0))
    assert refused.value.params == {"stack": 10000, "min": 5000, "max": 9000}
    assert "10000" in str(refused.value)
    assert not empty.created


def test_single_entry_whose_bonus_chips_pass_9000_is_refused_HE_01():
    play = tournament(players=0, starting_stack=8000)
    play.refused(RegisterPlayer("Gino", bonus_chips=1001), "STARTING_STACK_OUT_OF_RANGE")
    play.do(RegisterPlayer("Gino", bonus_chips=1000))
    assert play.player(1).starting_stack == 9000


@pytest.mark.parametrize("seats", [1, 11, 0])
def test_seats_per_table_must_be_between_2_and_10(seats):
    assert refusal(settings(seats_per_table=seats)) == "BAD_SEATS_PER_TABLE"


@pytest.mark.parametrize(
    "level",
    [
        Level(0, 50, 1200),
        Level(50, 25, 1200),
        Level(25, 50, 0),
        Level(25, 50, 1200, ante=-1),
    ],
)
def test_levels_need_positive_blinds_a_big_blind_no_smaller_than_the_small_and_a_duration(level):
    structure = Structure((Level(25, 50, 1200), level))
    assert refusal(settings(structure=structure)) == "BAD_LEVEL"


def test_structure_must_open_with_a_level_and_breaks_must_last():
    assert refusal(settings(structure=Structure((Break(600), Level(25, 50, 600))))) == (
        "STRUCTURE_STARTS_WITH_BREAK"
    )
    assert refusal(settings(structure=Structure((Level(25, 50, 600), Break(0))))) == "BAD_BREAK"
    assert refusal(settings(structure=Structure(()))) == "EMPTY_STRUCTURE"


def test_rules_must_name_levels_the_structure_has():
    eight = 7  # the builders' structure has 7 levels
    assert refusal(settings(late_registration_until_level=eight + 1)) == "NO_SUCH_LEVEL"
    assert refusal(settings(rebuy=RebuyRules(8, 5000, 1000))) == "NO_SUCH_LEVEL"
    assert refusal(settings(re_entry=ReEntryRules(0, 1000))) == "BAD_AMOUNT"


def test_add_on_without_rebuys_needs_its_last_level_HE_37():
    assert refusal(settings(add_on=AddOnRules(5000, 1000))) == "ADD_ON_NEEDS_WINDOW"
    validate(settings(add_on=AddOnRules(5000, 1000, until_level=4)))


def test_payout_shares_must_add_up_to_the_whole_pool():
    bad = (PayoutBracket(10, (5000, 3000, 1000)),)
    assert refusal(settings(payouts=bad)) == "BAD_PAYOUTS"
    shrinking = (PayoutBracket(10, (10000,)), PayoutBracket(5, (10000,)))
    assert refusal(settings(payouts=shrinking)) == "BAD_PAYOUTS"


def test_rule_options_are_known_keys_with_known_choices():
    assert refusal(settings(options={"no_such_rule": "club"})) == "UNKNOWN_OPTION"
    assert refusal(settings(options={"hand_for_hand_busts": "other"})) == "BAD_OPTION"
    chosen = settings(options={"hand_for_hand_busts": "tda"})
    validate(chosen)
    assert chosen.option("hand_for_hand_busts") == "tda"
    assert settings().option("hand_for_hand_busts") == "club"


def test_buy_in_and_starting_stack_cannot_change_once_players_have_paid():
    play = tournament(players=2, seats_drawn=False)
    play.refused(ConfigureTournament(settings(buy_in_cents=3000)), "SETTING_LOCKED")
    play.refused(ConfigureTournament(settings(starting_stack=6000)), "SETTING_LOCKED")
    play.do(ConfigureTournament(settings(name="Lunedì sera", rounding_cents=500)))
    assert play.state.settings.name == "Lunedì sera"


def test_nothing_but_the_set_up_is_decided_before_the_tournament_exists():
    with pytest.raises(DomainError) as refused:
        decide(Tournament(), RegisterPlayer("Gino"), Ctx(T0))
    assert refused.value.code == "NO_TOURNAMENT"


def test_the_three_shipped_structures_are_valid_club_configurations_HE_01():
    assert len(TEMPLATES) == 3
    assert any(t.key == "club" for t in TEMPLATES)
    for template in TEMPLATES:
        validate(
            replace(
                Settings(), starting_stack=template.starting_stack, structure=template.structure
            )
        )


def test_a_rebuy_and_add_on_tied_to_the_entry_follow_the_stack_and_buy_in_HE_36_HE_37():
    linked = settings(
        starting_stack=7000, buy_in_cents=2500,
        rebuy=RebuyRules(4, chips=5000, price_cents=2000, max_stack=5000,
                         chips_as_stack=True, price_as_buy_in=True),
        add_on=AddOnRules(chips=5000, price_cents=1000, chips_as_stack=True),
    )
    configured = decide(Tournament(), ConfigureTournament(linked), Ctx(T0, 1)).settings
    assert (configured.rebuy.chips, configured.rebuy.price_cents) == (7000, 2500)
    # Only what is tied follows: the add-on's price stays its own.
    assert (configured.add_on.chips, configured.add_on.price_cents) == (7000, 1000)
    assert entry_mismatches(configured) == ["add_on.price_cents"]


def test_an_untied_rebuy_keeps_its_amounts_and_is_named_as_a_mismatch():
    untied = settings(starting_stack=7000, buy_in_cents=2500,
                      rebuy=RebuyRules(4, chips=5000, price_cents=2000))
    configured = decide(Tournament(), ConfigureTournament(untied), Ctx(T0, 1)).settings
    assert (configured.rebuy.chips, configured.rebuy.price_cents) == (5000, 2000)
    assert entry_mismatches(configured) == ["rebuy.chips", "rebuy.price_cents"]


def test_the_ties_to_the_entry_must_be_yes_or_no():
    bad = settings(rebuy=RebuyRules(4, chips=5000, price_cents=2000, chips_as_stack="yes"))
    with pytest.raises(DomainError) as refused:
        decide(Tournament(), ConfigureTournament(bad), Ctx(T0, 1))
    assert refused.value.params == {"field": "same_as_entry"}
