"""No scheduler job runs on for a finished tournament, and the decision limit's job follows the
clock: a pause takes it away, a resume plans it the full decision time later (issue 26)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tdapp import scheduler
from tdapp.services import tables, tournaments
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.clock import rules
from tdapp.tournament.clock.timing import next_change_at, unix_ms
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import Settings
from tdapp.tournament.structure import Break, Level, Structure
from tdapp.wallclock import utcnow

STRUCTURE = Structure((Level(25, 50, 1200), Break(600, "Colour-up"), Level(50, 100, 1200)))


@pytest.fixture
def running_scheduler(app):
    scheduler.start()
    yield scheduler
    scheduler.shutdown()


def night(players: int) -> tuple[int, int]:
    """`players` seated at one table, the clock running."""
    settings = Settings(name="Finale", structure=STRUCTURE, seats_per_table=9)
    tid = tournaments.create_tournament(settings, "test").id
    for number in range(1, players + 1):
        tournaments.dispatch(tid, RegisterPlayer(f"P{number}"), "test")
    state = tournaments.dispatch(tid, DrawSeats(), "test")
    tournaments.dispatch(tid, rules.StartClock(), "test")
    return tid, next(iter(state.tables))


def level_end(state) -> datetime:
    at = next_change_at(state.settings.structure, state.clock, unix_ms(utcnow()))
    return datetime.fromtimestamp(at / 1000, UTC)


def test_the_finishing_bust_removes_the_clock_job_and_its_undo_puts_it_back(running_scheduler):
    tid, _ = night(2)
    running = tournaments.current(tid)
    assert scheduler.job_time(scheduler.clock_key(tid)) == level_end(running)
    finished = tournaments.dispatch(tid, BustPlayer(2), "test")
    assert finished.finished
    assert scheduler.job_time(scheduler.clock_key(tid)) is None
    tournaments.undo(tid, "test")
    assert scheduler.job_time(scheduler.clock_key(tid)) == level_end(running)


def test_a_pause_takes_the_decision_job_away_and_a_resume_gives_the_full_time(running_scheduler):
    tid, table = night(3)
    tables.start_hand(tid, table, "dealer")
    key = tables.deadline_key(tid, table)
    assert scheduler.job_time(key) == tournaments.current(tid).play.hand(table).deadline
    tournaments.dispatch(tid, rules.PauseClock(), "test")
    assert scheduler.job_time(key) is None
    resumed = tournaments.dispatch(tid, rules.ResumeClock(), "test")
    at = datetime.fromtimestamp(resumed.clock.resumed_at_ms / 1000, UTC)
    assert scheduler.job_time(key) == at + timedelta(seconds=resumed.settings.decision_seconds)


def test_a_decision_pending_at_the_finish_has_no_job(running_scheduler):
    tid, table = night(3)
    tables.start_hand(tid, table, "dealer")
    key = tables.deadline_key(tid, table)
    assert scheduler.job_time(key) is not None
    tournaments.dispatch(tid, BustPlayer(3), "test")
    tournaments.dispatch(tid, BustPlayer(2), "test")
    assert scheduler.job_time(key) is None
