"""The scheduler's clock jobs follow the log: one per running tournament, at its next period end;
none once the tournament is finished. The decision limit's job follows the clock (issue 26)."""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest

from tdapp import scheduler
from tdapp.services import tables, tournaments
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.clock import rules
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import Settings
from tdapp.tournament.structure import Break, Level, Structure

STRUCTURE = Structure((Level(25, 50, 1200), Break(600, "Colour-up"), Level(50, 100, 1200)))


@pytest.fixture
def running_scheduler(app):
    scheduler.start()
    yield scheduler
    scheduler.shutdown()


def night() -> int:
    return tournaments.create_tournament(Settings(name="Job", structure=STRUCTURE), "test").id


def due(tournament_id: int) -> datetime | None:
    return scheduler.job_time(scheduler.clock_key(tournament_id))


def ends_at(state) -> datetime:
    from tdapp.tournament.clock.timing import next_change_at, unix_ms
    from tdapp.wallclock import utcnow

    at = next_change_at(state.settings.structure, state.clock, unix_ms(utcnow()))
    return datetime.fromtimestamp(at / 1000, UTC)


def test_a_clock_not_started_has_no_job(running_scheduler):
    assert due(night()) is None


def test_start_puts_the_job_at_the_level_end_and_pause_removes_it(running_scheduler):
    tid = night()
    state = tournaments.dispatch(tid, rules.StartClock(), "test")
    assert due(tid) == ends_at(state)
    tournaments.dispatch(tid, rules.PauseClock(), "test")
    assert due(tid) is None
    state = tournaments.dispatch(tid, rules.ResumeClock(), "test")
    assert due(tid) == ends_at(state)


def test_an_adjustment_moves_the_job_and_undo_moves_it_back(running_scheduler):
    tid = night()
    started = tournaments.dispatch(tid, rules.StartClock(), "test")
    tournaments.dispatch(tid, rules.AdjustClock(120), "test")
    assert due(tid) == ends_at(started) + timedelta(minutes=2)
    tournaments.undo(tid, "test")
    assert due(tid) == ends_at(started)


def test_one_job_per_tournament_even_after_many_changes(running_scheduler):
    tid = night()
    tournaments.dispatch(tid, rules.StartClock(), "test")
    for _ in range(3):
        tournaments.dispatch(tid, rules.AdjustClock(60), "test")
    tournaments.dispatch(tid, rules.NextLevel(), "test")
    scheduler.plan_waiting()
    jobs = [job for job in scheduler._scheduler.get_jobs() if job.id.endswith(f":{tid}")]
    assert len(jobs) == 1


def test_start_up_rebuilds_the_jobs_from_the_database(app):
    tid = night()
    state = tournaments.dispatch(tid, rules.StartClock(), "test")
    assert not scheduler.running()
    scheduler.start()
    try:
        assert due(tid) == ends_at(state)
    finally:
        scheduler.shutdown()


def test_overtime_leaves_nothing_to_schedule(running_scheduler):
    tid = night()
    tournaments.dispatch(tid, rules.StartClock(), "test")
    tournaments.dispatch(tid, rules.JumpToLevel(2), "test")
    tournaments.dispatch(tid, rules.AdjustClock(-1300), "test")  # 20-minute last level, 21:40 gone
    assert due(tid) is None


def test_other_areas_schedule_and_cancel_their_own_deadlines(running_scheduler):
    when = datetime.now(UTC) + timedelta(hours=1)
    scheduler.schedule("shot-clock:1:7", when, "tdapp.scheduler:rebuild")
    assert scheduler.job_time("shot-clock:1:7") == when
    scheduler.cancel("shot-clock:1:7")
    assert scheduler.job_time("shot-clock:1:7") is None
    with pytest.raises(ValueError):
        scheduler.schedule("naive", datetime.now(), "tdapp.scheduler:rebuild")


def test_the_scheduler_starts_only_where_asked_and_never_in_a_reloaders_parent(app, monkeypatch):
    app.config["SCHEDULER"] = True
    assert scheduler.wanted(app)
    app.debug = True
    monkeypatch.delenv("WERKZEUG_RUN_MAIN", raising=False)
    assert not scheduler.wanted(app)
    monkeypatch.setenv("WERKZEUG_RUN_MAIN", "true")
    assert scheduler.wanted(app)
    app.config["SCHEDULER"] = None
    monkeypatch.setenv("TDAPP_SCHEDULER", "0")
    assert not scheduler.wanted(app)


def test_the_job_at_a_level_end_cues_the_displays_and_announces_what_closed_HE_36(
    running_scheduler, monkeypatch
):
    from tdapp import realtime
    from tdapp.tournament.clock.timing import unix_ms
    from tdapp.tournament.settings import RebuyRules

    sent = []
    monkeypatch.setattr(realtime, "announce_period", lambda *args: sent.append(args))
    rebuys = RebuyRules(until_level=1, chips=5000, price_cents=2000)
    settings = Settings(name="Rebuy", structure=STRUCTURE, rebuy=rebuys)
    tid = tournaments.create_tournament(settings, "test").id
    state = tournaments.dispatch(tid, rules.StartClock(), "test")
    level_end = unix_ms(ends_at(state))
    scheduler.period_ended(tid, level_end)
    [(to, now, notices)] = sent
    assert to == tid
    assert [n.code for n in notices] == ["REBUY_CLOSED"]
    assert unix_ms(now) >= level_end


def test_a_stale_job_after_a_pause_sends_no_cue(running_scheduler, monkeypatch):
    from tdapp import realtime
    from tdapp.tournament.clock.timing import unix_ms

    sent = []
    monkeypatch.setattr(realtime, "announce_period", lambda *args: sent.append(args))
    tid = night()
    state = tournaments.dispatch(tid, rules.StartClock(), "test")
    level_end = unix_ms(ends_at(state))
    tournaments.dispatch(tid, rules.PauseClock(), "test")
    scheduler.period_ended(tid, level_end)
    assert sent == []


# --- the finish and the decision limit (issue 26) ---------------------------------------------


def seated_night(players: int) -> tuple[int, int]:
    """`players` seated at one table, the clock running."""
    settings = Settings(name="Finale", structure=STRUCTURE, seats_per_table=9)
    tid = tournaments.create_tournament(settings, "test").id
    for number in range(1, players + 1):
        tournaments.dispatch(tid, RegisterPlayer(f"P{number}"), "test")
    state = tournaments.dispatch(tid, DrawSeats(), "test")
    tournaments.dispatch(tid, rules.StartClock(), "test")
    return tid, next(iter(state.tables))


def test_the_finishing_bust_removes_the_clock_job_and_its_undo_puts_it_back(running_scheduler):
    tid, _ = seated_night(2)
    running = tournaments.current(tid)
    assert scheduler.job_time(scheduler.clock_key(tid)) == ends_at(running)
    finished = tournaments.dispatch(tid, BustPlayer(2), "test")
    assert finished.finished
    assert scheduler.job_time(scheduler.clock_key(tid)) is None
    tournaments.undo(tid, "test")
    assert scheduler.job_time(scheduler.clock_key(tid)) == ends_at(running)


def test_a_pause_takes_the_decision_job_away_and_a_resume_gives_the_full_time(running_scheduler):
    tid, table = seated_night(3)
    tables.start_hand(tid, table, "dealer")
    key = tables.deadline_key(tid, table)
    assert scheduler.job_time(key) == tournaments.current(tid).play.hand(table).deadline
    tournaments.dispatch(tid, rules.PauseClock(), "test")
    assert scheduler.job_time(key) is None
    resumed = tournaments.dispatch(tid, rules.ResumeClock(), "test")
    at = datetime.fromtimestamp(resumed.clock.resumed_at_ms / 1000, UTC)
    assert scheduler.job_time(key) == at + timedelta(seconds=resumed.settings.decision_seconds)


def test_a_decision_pending_at_the_finish_has_no_job(running_scheduler):
    tid, table = seated_night(3)
    tables.start_hand(tid, table, "dealer")
    key = tables.deadline_key(tid, table)
    assert scheduler.job_time(key) is not None
    tournaments.dispatch(tid, BustPlayer(3), "test")
    tournaments.dispatch(tid, BustPlayer(2), "test")
    assert scheduler.job_time(key) is None


# --- planning after the requests at hand (issue 27) -------------------------------------------


@contextmanager
def planner_held(monkeypatch) -> Iterator[threading.Event]:
    """This process's planner stopped before it plans until the block ends or sets the event it
    gives: the changes made meanwhile wait, as a burst's do. The planner may still be planning
    the set-up's changes (woken by them, past its wait for the idle process): woken once more,
    it ends that round and then stops at the held wait, so that nothing of the round before
    plans what the block does."""
    busy, held = threading.Event(), threading.Event()

    def busy_process() -> None:
        held.set()
        busy.wait()

    monkeypatch.setattr(scheduler, "_until_idle", busy_process)
    scheduler._planner_wake.set()
    try:
        assert held.wait(10)
        scheduler.plan_waiting()
        yield busy
    finally:
        busy.set()


def test_a_burst_of_changes_is_planned_once_when_the_process_is_idle(running_scheduler,
                                                                      monkeypatch):
    """Every table acting at once: the actions commit and push without planning a job; the
    planner waits for the process to be idle, then plans from the newest change alone."""
    tid, table = seated_night(3)
    with planner_held(monkeypatch) as busy:
        planned: list[int] = []
        plan_tables = scheduler._plan_tables

        def recorded(tournament_id, state, every):
            planned.append(state.version)
            plan_tables(tournament_id, state, every)

        monkeypatch.setattr(scheduler, "_plan_tables", recorded)
        tables.start_hand(tid, table, "dealer")
        hand = tournaments.current(tid).play.hand(table)
        for _ in range(2):
            state = tables.act(tid, table, hand.engine.to_act, "call", None, "dealer")
            hand = state.play.hand(table)
        key = tables.deadline_key(tid, table)
        assert planned == [] and scheduler._planned_time(key) is None

        busy.set()
        assert scheduler.job_time(key) == state.play.hand(table).deadline
        assert planned == [state.version]


def test_another_processs_word_moves_only_the_jobs_of_the_tables_it_changed(running_scheduler,
                                                                            monkeypatch):
    """The owner told through Redis that a tournament changed in a web process reads the state
    once and re-plans the tables whose hand changed: thirty tables' jobs replaced at every word
    were most of the owner's CPU while every table acted (bench/tables.py --hosted). A state
    rebuilt from the database holds no hand it planned for, and every table is planned again."""
    settings = Settings(name="Two tables", structure=STRUCTURE, seats_per_table=3)
    tid = tournaments.create_tournament(settings, "test").id
    for number in range(1, 7):
        tournaments.dispatch(tid, RegisterPlayer(f"P{number}"), "test")
    first, second = sorted(tournaments.dispatch(tid, DrawSeats(), "test").tables)
    tournaments.dispatch(tid, rules.StartClock(), "test")
    # This process's own planner is held, as if the changes below were made elsewhere.
    with planner_held(monkeypatch):
        for table in (first, second):
            tables.start_hand(tid, table, "dealer")
        scheduler._plan_told(tid)
        planned: list[str] = []
        schedule = scheduler.schedule
        monkeypatch.setattr(scheduler, "schedule",
                            lambda key, *args: planned.append(key) or schedule(key, *args))
        hand = tournaments.current(tid).play.hand(first)
        state = tables.act(tid, first, hand.engine.to_act, "call", None, "dealer")
        scheduler._plan_told(tid)
        assert planned == [tables.deadline_key(tid, first)]
        for table in (first, second):
            assert scheduler.job_time(tables.deadline_key(tid, table)) == \
                state.play.hand(table).deadline

        planned.clear()
        tournaments.forget()
        scheduler._plan_told(tid)
        assert sorted(planned) == sorted(tables.deadline_key(tid, t) for t in (first, second))


def test_the_owner_plans_a_tournament_once_for_the_words_of_a_quarter_second(app, monkeypatch):
    """The owner of a hosted set-up, told through Redis (for real) of a tournament's changes,
    plans it once for all the words that came together: a web process tells it of nearly every
    change, and each plan reads the tournament back."""
    import redis

    monkeypatch.setattr(scheduler, "_changes_channel", f"tdapp-test-{secrets.token_hex(4)}:changes")
    planned: list[int] = []
    monkeypatch.setattr(scheduler, "_plan_told", planned.append)
    client = redis.Redis.from_url("redis://127.0.0.1:6379/0")
    scheduler.start("redis://127.0.0.1:6379/0")
    try:
        assert scheduler._scheduler.get_job(scheduler.RECONCILE_JOB) is not None
        tid = night()
        # The listener has subscribed once a word reaches it.
        deadline = time.monotonic() + 10
        while not planned and time.monotonic() < deadline:
            client.publish(scheduler._changes_channel, json.dumps({"tournament_id": tid}))
            time.sleep(0.05)
        time.sleep(1)
        planned.clear()
        # Another tournament's word in the same quarter second is planned too, once.
        for _ in range(10):
            client.publish(scheduler._changes_channel, json.dumps({"tournament_id": tid}))
        client.publish(scheduler._changes_channel, json.dumps({"tournament_id": tid + 1}))
        client.publish(scheduler._changes_channel, b"not a word")
        deadline = time.monotonic() + 10
        while len(planned) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)
        assert planned == [tid, tid + 1]
    finally:
        scheduler.shutdown()
        client.close()


def test_a_change_nobody_told_the_owner_of_is_planned_at_its_next_look(running_scheduler,
                                                                     monkeypatch):
    """A web process stopped between a commit and its word to the owner (or Redis away then):
    the owner's look for versions that moved (`reconcile`, every RECONCILE_SECONDS where it
    follows other processes) plans the change as if told; here a clock started unheard, which
    would otherwise never end a level."""
    tid = night()
    with planner_held(monkeypatch):
        started = tournaments.dispatch(tid, rules.StartClock(), "test")
        key = scheduler.clock_key(tid)
        assert scheduler._planned_time(key) is None  # (`due` would have the planner plan it)
        scheduler.reconcile()
        assert scheduler._planned_time(key) == ends_at(started)
        told: list[int] = []
        monkeypatch.setattr(scheduler, "_plan_told", told.append)
        scheduler.reconcile()
        assert told == []  # planned from the version it has: nothing to look at again


def test_the_owner_subscribes_again_when_redis_drops_its_channel(app, monkeypatch):
    """Redis away for longer than its client's own retries ended the owner's listener for good:
    from then on no word was heard. It subscribes again and goes on."""
    import redis

    monkeypatch.setattr(scheduler, "_changes_channel", f"tdapp-test-{secrets.token_hex(4)}:changes")
    planned: list[int] = []
    monkeypatch.setattr(scheduler, "_plan_told", planned.append)
    told, dropped = scheduler._told, []

    def dropped_once(pubsub):
        if not dropped:
            dropped.append(True)
            raise redis.ConnectionError("Redis went away")
        return told(pubsub)

    monkeypatch.setattr(scheduler, "_told", dropped_once)
    client = redis.Redis.from_url("redis://127.0.0.1:6379/0")
    scheduler.start("redis://127.0.0.1:6379/0")
    try:
        tid = night()  # planned by this process itself: the look for missed words leaves it
        deadline = time.monotonic() + 15
        while tid not in planned and time.monotonic() < deadline:
            client.publish(scheduler._changes_channel, json.dumps({"tournament_id": tid}))
            time.sleep(0.1)
        assert dropped and tid in planned
    finally:
        scheduler.shutdown()
        client.close()


def older_read_planned_last(monkeypatch, plans: Callable[[int, int], None]) -> None:
    """`plans(tournament, clock_started_ms)` (a period end, a takeover) reads the tournament in
    a thread of its own and is held after its read while a player acts; then it goes on. Its
    decision job must be the action's, the newer: planned from the older read after the
    planner planned the action, the old deadline would replace the new, its job would find that
    decision gone and do nothing, and the player's 20 seconds would never be enforced."""
    tid, table = seated_night(3)
    tables.start_hand(tid, table, "dealer")
    key = tables.deadline_key(tid, table)
    read, go = threading.Event(), threading.Event()
    plan_tables = scheduler._plan_tables

    def slow_after_reading(tournament_id, state, every):
        if threading.current_thread().name == "older read":
            read.set()
            go.wait(10)
        plan_tables(tournament_id, state, every)

    monkeypatch.setattr(scheduler, "_plan_tables", slow_after_reading)
    started_ms = tournaments.current(tid).clock.resumed_at_ms
    older = threading.Thread(target=plans, args=(tid, started_ms), name="older read")
    older.start()
    assert read.wait(10)
    hand = tournaments.current(tid).play.hand(table)
    acted = tables.act(tid, table, hand.engine.to_act, "call", None, "dealer")
    deadline = acted.play.hand(table).deadline
    # The planner's chance to plan the action first, as it did before one planning at a time
    # held it back (`job_time` would wait for the held planning: the job is looked up as is).
    stop = time.monotonic() + 0.5
    while scheduler._planned_time(key) != deadline and time.monotonic() < stop:
        time.sleep(0.01)
    go.set()
    older.join(10)
    assert scheduler.job_time(key) == deadline
    time.sleep(0.1)  # anything still planning lands
    assert scheduler.job_time(key) == deadline


def test_a_period_ends_older_read_never_replaces_a_newer_changes_decision_job(running_scheduler,
                                                                              monkeypatch):
    """The job at a period end reads the tournament, then plans every table's decision job."""
    older_read_planned_last(monkeypatch, lambda tid, started_ms: scheduler.period_ended(
        tid, started_ms + 1))


def test_a_takeovers_rebuild_never_replaces_a_newer_changes_decision_job(running_scheduler,
                                                                         monkeypatch):
    """A process that takes the scheduler over (or starts) rebuilds every job from the
    database while the web processes go on serving the tables."""
    older_read_planned_last(monkeypatch, lambda tid, started_ms: scheduler.rebuild())
