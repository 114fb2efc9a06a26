"""The blind clock's arithmetic, with `now` injected: nothing here waits or counts ticks."""

from __future__ import annotations

import pytest

from tdapp.kernel.refusals import DomainError
from tdapp.tournament.clock import timing as c
from tdapp.tournament.structure import Break, Level, Structure

MIN = 60_000
T0 = 1_800_000_000_000  # an arbitrary Unix instant in ms: the moment the DdT starts the clock


def structure(*, minutes: int = 20, break_after: int | None = 2, levels: int = 4) -> Structure:
    """`levels` levels of `minutes` doubling the blinds, a 10-minute colour-up break after level `break_after`."""
    periods: list = []
    for number in range(1, levels + 1):
        periods.append(Level(100 * number, 200 * number, minutes * 60, ante=25 * (number - 1)))
        if number == break_after:
            periods.append(Break(600, note="Colour-up: the 25 chips leave play"))
    return Structure(tuple(periods))


def started(s: Structure, at: int = T0) -> c.Clock:
    return c.start(s, c.Clock(), at)


def test_a_clock_not_started_shows_level_one_in_full_and_does_not_run():
    s = structure()
    shown = c.view(s, c.Clock(), T0 + 5 * MIN)
    assert (shown["level"], shown["running"], shown["started"]) == (1, False, False)
    assert shown["remaining_ms"] == 20 * MIN
    assert shown["ends_at"] is None


def test_the_first_level_counts_down_from_start():
    s = structure()
    clock = started(s)
    shown = c.view(s, clock, T0 + 5 * MIN + 250)
    assert shown["level"] == 1
    assert shown["remaining_ms"] == 15 * MIN - 250
    assert shown["ends_at"] == T0 + 20 * MIN
    assert shown["server_now"] == T0 + 5 * MIN + 250


def test_levels_and_breaks_run_back_to_back():
    s = structure()
    clock = started(s)
    assert c.level_number(s, clock, T0 + 20 * MIN) == 2
    assert c.on_break(s, clock, T0 + 40 * MIN)
    assert c.level_number(s, clock, T0 + 45 * MIN) == 2  # the break keeps the level before it
    assert c.remaining_ms(s, clock, T0 + 45 * MIN) == 5 * MIN
    assert not c.on_break(s, clock, T0 + 50 * MIN)
    assert c.level_number(s, clock, T0 + 50 * MIN) == 3


def test_a_restart_after_several_level_ends_reads_the_right_level_from_the_stored_state():
    s = structure()
    stored = started(s)
    # The server was down from minute 10 to minute 63: only the stored clock and `now` matter.
    shown = c.view(s, stored, T0 + 63 * MIN + 400)
    assert shown["level"] == 3
    assert not shown["on_break"]
    assert shown["remaining_ms"] == 7 * MIN - 400
    assert shown["ends_at"] == T0 + 70 * MIN


def test_a_pause_freezes_the_time_left():
    s = structure()
    paused = c.pause(s, started(s), T0 + 7 * MIN)
    for later in (T0 + 7 * MIN, T0 + 90 * MIN):
        shown = c.view(s, paused, later)
        assert (shown["level"], shown["running"], shown["remaining_ms"]) == (1, False, 13 * MIN)
        assert shown["ends_at"] is None
    assert c.next_change_at(s, paused, T0 + 90 * MIN) is None


def test_resume_continues_from_the_time_left_at_the_pause():
    s = structure()
    paused = c.pause(s, started(s), T0 + 7 * MIN)
    resumed = c.resume(s, paused, T0 + 30 * MIN)
    assert c.remaining_ms(s, resumed, T0 + 31 * MIN) == 12 * MIN
    assert c.period_ends_at(s, resumed, T0 + 31 * MIN) == T0 + 43 * MIN


def test_undoing_a_pause_replays_the_start_alone_and_the_clock_has_kept_running():
    s = structure()
    log = [started(s)]
    log.append(c.pause(s, log[-1], T0 + 7 * MIN))
    assert c.view(s, log[-1], T0 + 25 * MIN)["level"] == 1
    # Undo rebuilds the state from the active events: each carries the clock's absolute state,
    # so the replay without the pause puts the room where it would be had nobody paused.
    replayed = log[:-1][-1]
    shown = c.view(s, replayed, T0 + 25 * MIN)
    assert (shown["level"], shown["running"], shown["remaining_ms"]) == (2, True, 15 * MIN)


def test_pause_and_resume_refuse_what_makes_no_sense():
    s = structure()
    with pytest.raises(DomainError) as refused:
        c.pause(s, c.Clock(), T0)
    assert refused.value.code == "CLOCK_NOT_RUNNING"
    with pytest.raises(DomainError) as refused:
        c.resume(s, c.Clock(), T0)
    assert refused.value.code == "CLOCK_NOT_STARTED"
    with pytest.raises(DomainError) as refused:
        c.resume(s, started(s), T0 + MIN)
    assert refused.value.code == "CLOCK_ALREADY_RUNNING"
    with pytest.raises(DomainError) as refused:
        c.start(s, started(s), T0 + MIN)
    assert refused.value.code == "CLOCK_ALREADY_STARTED"


def test_adding_a_minute_extends_the_level_in_play():
    s = structure()
    clock = c.adjust(s, started(s), T0 + 19 * MIN, 60)
    assert c.remaining_ms(s, clock, T0 + 19 * MIN) == 2 * MIN
    assert c.level_number(s, clock, T0 + 20 * MIN + 59_000) == 1
    assert c.level_number(s, clock, T0 + 21 * MIN) == 2


def test_added_time_may_exceed_the_level_length():
    s = structure()
    clock = c.adjust(s, started(s), T0 + MIN, 5 * 60)
    assert c.remaining_ms(s, clock, T0 + MIN) == 24 * MIN


def test_removing_a_minute_shortens_the_level_in_play_even_while_paused():
    s = structure()
    paused = c.pause(s, started(s), T0 + 5 * MIN)
    clock = c.adjust(s, paused, T0 + 6 * MIN, -60)
    assert c.remaining_ms(s, clock, T0 + 30 * MIN) == 14 * MIN
    assert not clock.running


def test_removing_more_than_is_left_carries_into_the_next_period():
    s = structure()
    clock = c.adjust(s, started(s), T0 + 15 * MIN, -8 * 60)  # 5 left, 8 removed
    shown = c.view(s, clock, T0 + 15 * MIN)
    assert (shown["level"], shown["remaining_ms"]) == (2, 17 * MIN)


def test_adjustments_refuse_zero_fractions_and_absurd_amounts():
    s = structure()
    for bad in (0, 1.5, "60", True, 25 * 3600, -25 * 3600):
        with pytest.raises(DomainError):
            c.adjust(s, started(s), T0, bad)


def test_next_level_starts_the_following_period_in_full_and_keeps_running():
    s = structure()
    clock = c.next_period(s, started(s), T0 + 3 * MIN)
    shown = c.view(s, clock, T0 + 4 * MIN)
    assert (shown["level"], shown["remaining_ms"], shown["running"]) == (2, 19 * MIN, True)


def test_next_from_the_level_before_a_break_starts_the_break():
    s = structure()
    clock = c.next_period(s, started(s), T0 + 25 * MIN)  # in level 2
    assert c.on_break(s, clock, T0 + 25 * MIN)
    assert c.remaining_ms(s, clock, T0 + 25 * MIN) == 10 * MIN


def test_previous_level_starts_the_previous_period_again_in_full():
    s = structure()
    clock = c.previous_period(s, started(s), T0 + 25 * MIN)
    shown = c.view(s, clock, T0 + 25 * MIN)
    assert (shown["level"], shown["remaining_ms"]) == (1, 20 * MIN)


def test_there_is_no_level_before_the_first_or_after_the_last():
    s = structure()
    with pytest.raises(DomainError) as refused:
        c.previous_period(s, started(s), T0 + MIN)
    assert refused.value.code == "NO_PREVIOUS_LEVEL"
    with pytest.raises(DomainError) as refused:
        c.next_period(s, started(s), T0 + 200 * MIN)
    assert refused.value.code == "NO_NEXT_LEVEL"


def test_jump_to_a_level_counts_levels_not_breaks():
    s = structure()
    clock = c.jump_to_level(s, started(s), T0 + MIN, 3)
    assert clock.period == 3  # after level 1, level 2 and the break
    shown = c.view(s, clock, T0 + 2 * MIN)
    assert (shown["level"], shown["on_break"], shown["remaining_ms"]) == (3, False, 19 * MIN)


def test_jump_to_an_unknown_level_is_refused():
    s = structure()
    for bad in (0, 5, -1, "3", None):
        with pytest.raises(DomainError) as refused:
            c.jump_to_level(s, started(s), T0, bad)
        assert refused.value.code == "LEVEL_OUT_OF_RANGE"


def test_jump_to_the_next_break_starts_it_now_in_full():
    s = structure()
    clock = c.jump_to_break(s, started(s), T0 + 3 * MIN)
    shown = c.view(s, clock, T0 + 3 * MIN)
    assert shown["on_break"] and shown["remaining_ms"] == 10 * MIN
    assert shown["break_note"].startswith("Colour-up")
    with pytest.raises(DomainError) as refused:
        c.jump_to_break(s, clock, T0 + 20 * MIN)  # now in level 3: no break ahead
    assert refused.value.code == "NO_BREAK_AHEAD"


def test_jumps_before_the_start_set_where_play_will_begin():
    s = structure()
    clock = c.jump_to_level(s, c.Clock(), T0 - 10 * MIN, 2)
    assert not clock.running
    clock = c.start(s, clock, T0)
    assert c.level_number(s, clock, T0 + 5 * MIN) == 2


def test_the_next_level_and_the_time_to_the_break_skip_over_what_lies_between():
    s = structure()
    clock = started(s)
    shown = c.view(s, clock, T0 + 5 * MIN)
    assert shown["next_level"]["big_blind"] == 400
    assert shown["next_break_in_ms"] == 35 * MIN
    assert shown["next_break_at"] == T0 + 40 * MIN
    on_break = c.view(s, clock, T0 + 42 * MIN)
    assert on_break["next_level"]["big_blind"] == 600 and on_break["next_level_number"] == 3
    assert on_break["next_break_in_ms"] is None


def test_after_the_last_level_the_clock_holds_its_blinds_and_counts_overtime():
    s = structure()
    clock = started(s)
    end = T0 + 90 * MIN  # 4 levels of 20 and a 10-minute break
    shown = c.view(s, clock, end + 3 * MIN)
    assert shown["level"] == 4 and shown["blinds"]["big_blind"] == 800
    assert shown["remaining_ms"] == 0 and shown["overtime_ms"] == 3 * MIN
    assert shown["ends_at"] == end
    assert shown["warning"] == "overtime"
    assert shown["next_level"] is None
    assert c.next_change_at(s, clock, end + 3 * MIN) is None


def test_the_console_is_warned_before_the_structure_runs_out():
    s = structure()
    clock = started(s)
    end = T0 + 90 * MIN
    assert c.view(s, clock, end - 31 * MIN)["warning"] is None
    assert c.view(s, clock, end - 29 * MIN)["warning"] == "structure_ending"


def test_the_next_change_is_the_end_of_the_period_in_play():
    s = structure()
    clock = started(s)
    assert c.next_change_at(s, clock, T0 + 5 * MIN) == T0 + 20 * MIN
    assert c.next_change_at(s, clock, T0 + 41 * MIN) == T0 + 50 * MIN


def test_instants_must_carry_a_timezone():
    from datetime import UTC, datetime

    assert c.unix_ms(datetime(2027, 1, 15, 8, 0, tzinfo=UTC)) == 1_800_000_000_000
    with pytest.raises(ValueError):
        c.unix_ms(datetime(2027, 1, 15, 8, 0))


def test_the_view_carries_the_next_period_as_it_will_read_when_this_one_ends():
    s = structure()
    shown = c.view(s, started(s), T0 + 35 * MIN)
    coming = shown["following"]
    assert (coming["on_break"], coming["level"], coming["remaining_ms"]) == (True, 2, 10 * MIN)
    assert coming["server_now"] == shown["ends_at"] == T0 + 40 * MIN
    assert coming["ends_at"] == T0 + 50 * MIN
    assert coming["following"] is None  # one step ahead is enough: the push comes meanwhile


def test_nothing_follows_a_paused_clock_or_overtime():
    s = structure()
    assert c.view(s, c.pause(s, started(s), T0 + MIN), T0 + 2 * MIN)["following"] is None
    assert c.view(s, started(s), T0 + 95 * MIN)["following"] is None
