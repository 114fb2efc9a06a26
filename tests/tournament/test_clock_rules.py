"""The clock's commands through the tournament's decide/apply/replay, and what the views show."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tdapp.kernel.refusals import DomainError
from tdapp.tournament.clock import rules
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import from_record, to_record
from tdapp.tournament.registry import apply, decide, replay, view
from tdapp.tournament.settings import AddOnRules, RebuyRules, Settings
from tdapp.tournament.structure import Break, Level, Structure

T0 = datetime(2027, 1, 15, 20, 0, tzinfo=UTC)


def at(minutes: float) -> Ctx:
    return Ctx(now=T0 + timedelta(minutes=minutes))


def tournament(**settings):
    """A configured tournament with four 20-minute levels and a break after level 2."""
    structure = Structure(
        (
            Level(25, 50, 1200),
            Level(50, 100, 1200),
            Break(600, note="Colour-up"),
            Level(75, 150, 1200, ante=150, big_blind_ante=True),
            Level(100, 200, 1200, ante=200, big_blind_ante=True),
        )
    )
    configure = ConfigureTournament(Settings(structure=structure, **settings))
    return [decide(replay([]), configure, at(-60))]


def run(log: list, command, minutes: float) -> list:
    """The log with the event `command` produces at `minutes` after T0."""
    state = replay(log)
    return [*log, decide(state, command, at(minutes))]


def test_each_clock_event_survives_the_log_record_round_trip():
    log = tournament()
    log = run(log, rules.StartClock(), 0)
    log = run(log, rules.AdjustClock(-90), 3)
    log = run(log, rules.JumpToLevel(3), 4)
    log = run(log, rules.SetDisplayLayout("bar", "rotate", 30), 5)
    for item in log[1:]:
        assert from_record(to_record(item)) == item


def test_the_view_carries_the_clock_the_displays_count_down_from():
    log = run(tournament(), rules.StartClock(), 0)
    shown = view(replay(log), T0 + timedelta(minutes=25), "public")
    clock = shown["clock"]
    assert (clock["level"], clock["on_break"], clock["running"]) == (2, False, True)
    assert clock["remaining_ms"] == 15 * 60_000
    assert clock["ends_at"] == int((T0 + timedelta(minutes=40)).timestamp() * 1000)
    assert shown["version"] == 2


def test_undo_of_a_pause_replays_the_log_without_it_and_the_clock_runs_on():
    log = run(tournament(), rules.StartClock(), 0)
    log = run(log, rules.PauseClock(), 10)
    later = T0 + timedelta(minutes=45)
    assert view(replay(log), later)["clock"]["level"] == 1
    undone = replay(log[:-1])
    clock = view(undone, later)["clock"]
    assert clock["on_break"] and clock["running"]
    assert clock["remaining_ms"] == 5 * 60_000


def test_a_refused_clock_command_changes_nothing():
    state = replay(tournament())
    with pytest.raises(DomainError) as refused:
        decide(state, rules.PauseClock(), at(1))
    assert refused.value.code == "CLOCK_NOT_RUNNING"
    assert replay(tournament()) == state


def test_the_level_change_event_names_the_level_for_the_logs_reader():
    log = run(tournament(), rules.StartClock(), 0)
    log = run(log, rules.JumpToBreak(), 2)
    assert (log[-1].level, log[-1].on_break) == (2, True)
    log = run(log, rules.NextLevel(), 3)
    assert (log[-1].level, log[-1].on_break) == (3, False)
    log = run(log, rules.PreviousLevel(), 4)
    assert log[-1].on_break


def test_a_screen_is_set_to_rotate_between_layouts():
    log = run(tournament(), rules.SetDisplayLayout("lobby", "rotate", 15), 0)
    assert view(replay(log), T0)["displays"] == {"lobby": {"layout": "rotate", "seconds": 15}}


@pytest.mark.parametrize(
    ("command", "code"),
    [
        (rules.SetDisplayLayout("Lobby!", "clock"), "BAD_SCREEN_NAME"),
        (rules.SetDisplayLayout("lobby", "poster"), "BAD_LAYOUT"),
        (rules.SetDisplayLayout("lobby", "rotate", 2), "BAD_ROTATE_SECONDS"),
        (rules.AdjustClock(0), "BAD_ADJUSTMENT"),
        (rules.JumpToLevel(9), "LEVEL_OUT_OF_RANGE"),
    ],
)
def test_bad_display_and_clock_settings_are_refused(command, code):
    with pytest.raises(DomainError) as refused:
        decide(replay(tournament()), command, at(0))
    assert refused.value.code == code


def test_the_console_is_warned_before_the_structure_runs_out_and_in_overtime():
    log = run(tournament(), rules.StartClock(), 0)
    state = replay(log)
    codes = lambda minutes, audience="td": [  # noqa: E731
        w["code"] for w in view(state, T0 + timedelta(minutes=minutes), audience)["warnings"]
    ]
    assert "STRUCTURE_ENDING" not in codes(5)
    assert "STRUCTURE_ENDING" in codes(65)
    assert "STRUCTURE_OVERTIME" in codes(95)
    assert "STRUCTURE_OVERTIME" not in codes(95, "public")


def test_rebuys_close_with_their_level_and_the_add_on_with_the_break_after_it_HE_36_HE_37():
    log = tournament(
        late_registration_until_level=2,
        rebuy=RebuyRules(until_level=2, chips=5000, price_cents=2000),
        add_on=AddOnRules(chips=5000, price_cents=2000),
    )
    state = apply(replay(log[:-1]), log[-1])
    level_two, the_break = 1, 2
    assert {n.code for n in rules.closings(state, level_two)} == {
        "LATE_REGISTRATION_CLOSED",
        "REBUY_CLOSED",
    }
    assert [n.code for n in rules.closings(state, the_break)] == ["ADD_ON_CLOSED"]
    assert rules.closings(state, 0) == []
