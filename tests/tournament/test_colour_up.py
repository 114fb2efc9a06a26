"""Colour-up: the chip set, a stack's breakdown and the night's needs, the races the structure
plans, and the chip race itself by RULES.md TO-16."""

from __future__ import annotations

import pytest
from tournament_builders import STRUCTURE, tournament

from tdapp.engine.cards import parse_cards
from tdapp.kernel.refusals import DomainError
from tdapp.tournament.chips import ChipCount, CountChips
from tdapp.tournament.colour_up.chip_set import (
    ChipColour,
    breakdown,
    night_needs,
    planned_races,
)
from tdapp.tournament.colour_up.race import ChipsRaced, RaceEntry, race_table
from tdapp.tournament.colour_up.rules import RaceChips, RaceCount
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.registry import replay, view
from tdapp.tournament.settings import RebuyRules, Settings, validate
from tdapp.tournament.structure_templates import CLUB, TURBO

CHIPS = (
    ChipColour(25, "green", 400),
    ChipColour(100, "black", 600),
    ChipColour(500, "purple", 300),
    ChipColour(1000, "yellow", 200),
    ChipColour(5000, "orange", 50),
)


def test_a_stack_is_made_of_change_for_the_next_chip_up_then_the_largest_chips():
    # 8 x 25 change two 100s, 10 x 100 two 500s, 4 x 500 two 1,000s; the rest 1,800 as
    # 1,000 + 500 + 3 x 100.
    assert breakdown(5000, [25, 100, 500, 1000, 5000]) == (8, 13, 5, 1, 0)
    assert breakdown(9000, [25, 100, 500, 1000, 5000]) == (8, 13, 5, 0, 1)
    # Too small for the change of every colour: the rest in the largest chips that fit.
    assert breakdown(300, [25, 100, 500]) == (8, 1, 0)


def test_the_night_needs_each_colour_for_every_stack_rebuy_and_add_on():
    needs = night_needs(CHIPS, 5000, entries=30, rebuys=(10, 5000), add_ons=(20, 2000))
    green = needs[0]
    assert (green.per_stack, green.per_rebuy, green.per_add_on) == (8, 8, 8)
    assert green.needed == 30 * 8 + 10 * 8 + 20 * 8
    assert green.short == 80
    assert sum(n.needed * n.chip.value for n in needs) == 30 * 5000 + 10 * 5000 + 20 * 2000


def test_the_club_structure_races_the_25s_after_level_8_and_the_100s_after_level_12():
    races = planned_races(CLUB.structure, [25, 100, 500, 1000, 5000])
    periods = CLUB.structure.periods
    assert [(r.value, r.into) for r in races] == [(25, 100), (100, 500)]
    assert [sum(1 for p in periods[: r.period] if hasattr(p, "big_blind")) for r in races] == [8, 12]
    assert [(r.value, r.into) for r in planned_races(TURBO.structure, [25, 100, 500])] == [(25, 100)]


def test_only_the_chips_no_later_blind_or_ante_needs_are_raced():
    # After the break: 150/300 ante 300, 200/400 ante 400, 300/600 ante 600. All are multiples
    # of 50, so the 25s go into 50s; the 150 still needs the 50s, and with 100s next the 25s.
    assert [(r.value, r.into) for r in planned_races(STRUCTURE, [25, 50, 100])] == [(25, 50)]
    assert planned_races(STRUCTURE, [25, 100, 500]) == []


@pytest.mark.parametrize(
    ("chip_set", "code"),
    [
        ((ChipColour(25, "green", 10), ChipColour(100, "black", 10), ChipColour(250, "red", 1)), "BAD_CHIP_SET"),
        ((ChipColour(100, "black", 10), ChipColour(25, "green", 10)), "BAD_CHIP_SET"),
        ((ChipColour(25, "", 10),), "BAD_CHIP_SET"),
        ((ChipColour(25, "green", -1),), "BAD_CHIP_SET"),
        ((ChipColour(0, "green", 1),), "BAD_CHIP_SET"),
        ((ChipColour(100, "black", 10),), "CHIP_SET_CANNOT_PAY_LEVEL"),
        ((ChipColour(3, "blue", 10),), "CHIP_SET_CANNOT_MAKE_STACK"),
    ],
)
def test_a_chip_set_that_cannot_be_played_is_refused(chip_set, code):
    with pytest.raises(DomainError) as refusal:
        validate(Settings(structure=STRUCTURE, chip_set=chip_set))
    assert refusal.value.code == code


def entry(player_id: int, chips: int, stack: int) -> RaceEntry:
    return RaceEntry(player_id, seat=player_id, chips=chips, stack=stack)


def test_a_race_deals_a_card_per_odd_chip_in_seat_order_and_the_highest_cards_win_TO_16():
    # 25s raced into 100s: seat 1 has 7 (one full set, 3 odd), seat 2 has 2, seat 3 has 1,
    # seat 4 none. The 6 odd chips are worth 150: one 100 and a remainder of 50, half a chip,
    # which makes one more. Seat 3's A♥ wins the first; K♠ beats K♦ for the second (♠ > ♦).
    deck = parse_cards("2c 9d Kd Ks 3h Ah Qs")
    raced = race_table(
        [entry(1, 7, 1000), entry(2, 2, 500), entry(3, 1, 25), entry(4, 0, 800)], 25, 100, deck
    )
    assert [r.cards for r in raced] == [("2c", "9d", "Kd"), ("Ks", "3h"), ("Ah",), ()]
    assert [r.won for r in raced] == [False, True, True, False]
    assert [r.stack for r in raced] == [1000 - 75, 500 - 50 + 100, 100, 800]


def test_a_remainder_worth_less_than_half_a_chip_is_taken_off_TO_16():
    # 5 odd chips of 25 are worth 125: one new 100 to the highest card; the 25 left goes.
    deck = parse_cards("Ac 2s 3s 4s 5s")
    raced = race_table([entry(1, 1, 1000), entry(2, 4 + 1, 1000), entry(3, 4 + 3, 1000)], 25, 100, deck)
    assert [r.odd_chips for r in raced] == [1, 1, 3]
    assert [r.won for r in raced] == [True, False, False]
    assert sum(r.stack for r in raced) == 3000 - 25


def test_one_chip_at_most_per_player_however_many_high_cards_TO_16():
    # Seat 1 holds the two highest cards but wins one chip; the second goes to seat 2.
    deck = parse_cards("As Ah Ad 2c 3c 4c")
    raced = race_table([entry(1, 3, 1000), entry(2, 3, 1000)], 25, 100, deck)
    assert [r.won for r in raced] == [True, True]


def test_nobody_is_raced_out_TO_16():
    # Seat 2's only chip is a green that loses the race: it gets one chip of 100.
    deck = parse_cards("As 2c 3c 4c")
    raced = race_table([entry(1, 3, 1000), entry(2, 1, 25)], 25, 100, deck)
    assert [(r.won, r.kept_in, r.stack) for r in raced] == [(True, False, 1025), (False, True, 100)]


def with_chip_set(players: int = 6):
    play = tournament(players=players, chip_set=CHIPS)
    return play


def test_the_race_records_the_new_stacks_in_one_event_and_undo_takes_it_back():
    play = with_chip_set()
    before = play.state
    seats = {p.id: (p.table, p.seat) for p in play.state.players}
    race = play.do(RaceChips(25, (RaceCount(1, 7), RaceCount(2, 2), RaceCount(3, 1))))
    assert isinstance(race, ChipsRaced) and (race.value, race.into) == (25, 100)
    raced = {r.player_id: r for t in race.tables for r in t.stacks}
    assert set(raced) == {1, 2, 3}
    assert all(play.player(pid).stack == r.stack for pid, r in raced.items())
    assert {(t.table, r.seat) for t in race.tables for r in t.stacks} == {seats[i] for i in (1, 2, 3)}
    assert play.state.ledger.chips_issued == before.ledger.chips_issued + race.chips_added
    assert [r.value for r in play.state.races] == [25]
    assert replay(play.log[:-1]) == before
    play.refused(RaceChips(25, ()), "RACE_WRONG_CHIP")


def test_a_race_is_refused_clearly_and_changes_nothing():
    play = with_chip_set()
    play.refused(RaceChips(100, ()), "RACE_WRONG_CHIP")
    play.refused(RaceChips(25, (RaceCount(1, 201),)), "RACE_MORE_THAN_STACK")
    play.refused(RaceChips(25, (RaceCount(1, -1),)), "BAD_RACE_COUNT")
    play.refused(RaceChips(25, (RaceCount(1, 1), RaceCount(1, 2))), "COUNTED_TWICE")
    play.refused(RaceChips(25, (RaceCount(99, 1),)), "UNKNOWN_PLAYER")
    plain = tournament(players=3)
    plain.refused(RaceChips(25, ()), "NO_CHIP_SET")


def test_the_view_names_the_race_due_at_the_break_in_play():
    chip_set = (ChipColour(25, "green", 200), ChipColour(50, "blue", 200), ChipColour(100, "black", 500))
    play = tournament(players=4, chip_set=chip_set, rebuy=RebuyRules(4, 5000, 2000, 5000))
    shown = view(play.state, play.now, "public")["colour_up"]
    assert [(r["value"], r["into"], r["after_level"]) for r in shown["planned"]] == [(25, 50, 4)]
    assert shown["due"] == []
    play.on_break_after(4)
    due = view(play.state, play.now, "public")["colour_up"]["due"]
    assert [(r["colour"], r["into_colour"]) for r in due] == [("green", "blue")]
    play.do(CountChips((ChipCount(1, 5000),)))
    play.do(RaceChips(25, ()))
    shown = view(play.state, play.now, "public")["colour_up"]
    assert shown["due"] == [] and shown["in_play"] == [50, 100]


def test_a_new_chip_set_keeps_the_races_already_run():
    play = with_chip_set()
    play.do(RaceChips(25, ()))
    play.do(ConfigureTournament(play.state.settings))
    assert [r.value for r in play.state.races] == [25]
