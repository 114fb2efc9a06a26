"""Due times into actions: APScheduler 3 (UTC) in the one process that owns it.

Each running tournament has one date job, keyed by the tournament, at its next period end. When
it fires it writes nothing (the level is derived from the log and `now`): it sends the new clock
to every screen with the level-change cue and what closed with the level, then plans the next
job. Every committed change re-plans its tournament, so a pause removes the job and a resume, an
adjustment or an undo puts it where the clock now says. Jobs live in memory and are rebuilt from
the database at start-up: a server that was down across level ends shows the right level at once.

Exactly one process per deployment may run this: `tdapp run` starts it unless told not to, a
hosted set-up enables it in one process only (`TDAPP_SCHEDULER=1`, see deploy/), and it never
starts in a reloader's watching parent. Should two processes on one database still want it, the
lock of `tdapp.storage.ownership` lets one run it; the other waits and takes over if the first dies. Other processes' changes reach the owner through Redis
(`TDAPP_CHANGES_URL`, usually the Socket.IO message queue's URL), the same messages the bus gives.

The owner beats in the database every second (what `/readyz` reads) and claims each level end
there before it sends it: a new owner announces, late, a level end of the last minute that no
owner claimed (its predecessor died just before it), and none is ever sent twice.

The same owner holds the tables' decision jobs (the 20-second limit): one per table with a
pending decision, at its deadline, replaced whenever the table's hand changes. The job sends an
`ExpireDecision` like any command, so a late or repeated job changes nothing. Start-up, a
takeover and a change made in another process re-plan both kinds of job; the owner of a hosted
set-up also looks every `RECONCILE_SECONDS` for a change nobody told it of.

Re-planning waits until the requests at hand are served: a committed change only joins the
changes waiting (the newest per tournament), and the planner, a thread (a greenlet under gevent)
of its own, plans from them once the process is idle, at most `IDLE_WAIT_SECONDS` later. When
every table acts at once, each table's push and answer then wait for the actions before it, not
for their jobs too, and a burst of one tournament's changes is planned once (issue 27,
docs/realtime.md). The owner of a hosted set-up, told of other processes' changes, gathers the
words of `TOLD_GATHER_SECONDS` and plans each tournament once. A deadline is an instant stored in
the hand, so planning it a little later moves nothing; `job_time` plans what waits before it
answers.

Where `TDAPP_SMTP_URL` names a mail server, the owner also sends the mail outbox's due letters
every few seconds (tdapp/mail/sender.py): one job, so one process sends, whichever queued them.

Jobs are `schedule(key, when, "module:function", kwargs)` and `cancel(key)`; a job's function
must be importable by that reference and take the kwargs.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
import time
from datetime import UTC, datetime
from typing import Any

from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.background import BackgroundScheduler
from flask import Flask

from tdapp import mail
from tdapp.kernel.refusals import DomainError
from tdapp.mail import sender
from tdapp.services import bus, clock_owner, database, tables, tenancy, tournaments
from tdapp.tournament.clock import timing as clock
from tdapp.tournament.clock.rules import closings
from tdapp.tournament.state import Tournament
from tdapp.wallclock import utcnow

log = logging.getLogger(__name__)

JOB_DEFAULTS = {
    # A job due while the process was busy or the machine asleep still runs, once.
    "misfire_grace_time": 3600,
    "coalesce": True,
    "max_instances": 1,
}

# How often a process that wants the scheduler, while another holds it, tries to take over, and
# how often the owner beats (`/readyz` takes an owner silent for 10 s for dead). With the start
# of the new owner's scheduler this bounds the gap of a failover: about 1.5 s measured.
STANDBY_RETRY_SECONDS = 1.0
# How far back a starting owner looks for a level end nobody announced: its predecessor died just
# before it. Older ones are not worth a late cue: the screens turned the level by themselves.
CATCH_UP_MS = 60_000

_scheduler: BackgroundScheduler | None = None
_lock = threading.Lock()
_changes_channel = "tdapp:changes"
_ownership = database.scheduler_lock()
_standby_over = threading.Event()
# Where a process that does not own the scheduler tells the owner of its changes (see `follow`).
_owner_channel: Any = None
# The hand and clock each table's decision job was last planned for: states are immutable, so a
# hand and clock that are the very objects seen last have not changed and the job stays where it
# is (a pause, a resume or a level move changes when a decision is due: hands/deadlines.py).
_planned_hands: dict[tuple[int, int], tuple[object, object]] = {}
_planned_lock = threading.Lock()
# How long the planner waits for the process to be idle before it plans anyway: a process never
# idle (a room of phones reconnecting) still gets its jobs planned. Half a second outlasts the
# burst of every table acting after a break (some 150 ms with thirty tables; at 0.1 s the
# planner's 10 ms for thirty tables fell in its middle) and is half the shortest decision time
# (1 s): a deadline is planned before it comes. A job not yet moved that fires meanwhile finds
# the state changed and does nothing.
IDLE_WAIT_SECONDS = 0.5
# How long the owner of a hosted set-up gathers other processes' words before it plans the
# tournaments they name, each once. A web process tells it of its changes as soon as it is idle,
# which between a dealer's actions it nearly always is: the owner got a word for almost every
# change (869 for the 500 actions of bench/tables.py --hosted) and read the tournament back at
# each, using as much CPU as the web process serving the tables. With the planner's wait before
# the word, a deadline is still planned within 0.75 s, before the shortest decision time.
TOLD_GATHER_SECONDS = 0.25
# How often the owner of a hosted set-up looks for a tournament whose version moved past the one
# its jobs were planned from: a web process stopped between a commit and its word (or Redis away
# then) would otherwise leave that change unplanned until the next word, and a clock started
# then would never end a level.
RECONCILE_SECONDS = 5.0
RECONCILE_JOB = "scheduler:reconcile"
# The version each tournament's jobs were last planned from, in the owner.
_planned_versions: dict[int, int] = {}
# The changes committed here and not yet planned from (or told to the owner), the newest per
# tournament; `_planning` keeps one planning at a time, so that an older change's jobs never
# land after a newer one's.
_waiting: dict[int, bus.Change] = {}
_waiting_lock = threading.Lock()
_planning = threading.Lock()
_planner_wake = threading.Event()
_planner: threading.Thread | None = None


def wanted(app: Flask) -> bool:
    """Whether this process should own the scheduler: asked for (config `SCHEDULER`, else the
    environment's `TDAPP_SCHEDULER`), and not the watching parent of a code reloader."""
    setting = app.config.get("SCHEDULER")
    if setting is None:
        setting = os.environ.get("TDAPP_SCHEDULER", "0").lower() in ("1", "true", "on", "yes")
    reloader_parent = app.debug and os.environ.get("WERKZEUG_RUN_MAIN") != "true"
    return bool(setting) and not reloader_parent


def init_app(app: Flask) -> None:
    from tdapp.realtime import channel

    global _changes_channel, _owner_channel
    _changes_channel = f"{channel(app)}:changes"
    _owner_channel = None
    if wanted(app):
        start_as_owner(changes_url(app))
    elif changes_url(app):
        import redis

        _owner_channel = redis.Redis.from_url(changes_url(app))


def follow(change: bus.Change) -> None:
    """The bus subscriber (wired by `tdapp.bootstrap`): the change waits for the planner, which
    re-plans the tournament's jobs in the owner, or tells the owner through Redis in a process
    that does not want the scheduler (the owner's `_follow_other_processes`); anywhere else a
    change plans nothing."""
    global _planner
    if _scheduler is None and _owner_channel is None:
        return
    with _waiting_lock:
        held = _waiting.get(change.tournament_id)
        if held is None or held.version < change.version:
            _waiting[change.tournament_id] = change
        if _planner is None:
            _planner = threading.Thread(target=_plan_when_idle, name="tdapp-planner", daemon=True)
            _planner.start()
    _planner_wake.set()


def _plan_when_idle() -> None:
    """The planner: woken by a change, it lets the process serve what is at hand, then plans."""
    while True:
        _planner_wake.wait()
        _planner_wake.clear()
        _until_idle()
        plan_waiting()


def _until_idle() -> None:
    """Under gevent, wait until the hub has nothing else ready (the requests of a burst, their
    pushes), for at most `IDLE_WAIT_SECONDS`. Threads (an app in-process) run side by side:
    there is nothing to wait for."""
    from tdapp.realtime.server import async_mode

    if async_mode() == "gevent":
        import gevent

        with gevent.Timeout(IDLE_WAIT_SECONDS, False):
            gevent.idle()


def plan_waiting() -> None:
    """Plan from the changes waiting now (or tell the owner of them), one tournament at a time."""
    with _planning:
        with _waiting_lock:
            waiting = list(_waiting.values())
            _waiting.clear()
        for change in waiting:
            if _scheduler is not None:
                with tenancy.in_tournament_club(change.tournament_id):
                    _plan(change.tournament_id, _state(change.tournament_id, change),
                          every=False)
            elif _owner_channel is not None:
                _owner_channel.publish(
                    _changes_channel, json.dumps({"tournament_id": change.tournament_id}))


def changes_url(app: Flask) -> str | None:
    return (
        app.config.get("TDAPP_CHANGES_URL")
        or os.environ.get("TDAPP_CHANGES_URL")
        or app.config.get("SOCKETIO_MESSAGE_QUEUE")
        or os.environ.get("SOCKETIO_MESSAGE_QUEUE")
    )


def start_as_owner(redis_url: str | None = None) -> bool:
    """Start the scheduler if this process can take the database's scheduler lock, and keep
    watching the lock in the background (see `_keep_ownership`). True if it started now."""
    _standby_over.clear()
    started = _ownership.try_take()
    if started:
        start(redis_url)
    else:
        log.warning("another process runs this database's scheduler: this one waits to take over")
    watcher = threading.Thread(
        target=_keep_ownership, args=(redis_url,), name="tdapp-scheduler-owner", daemon=True
    )
    watcher.start()
    return started


def _keep_ownership(redis_url: str | None) -> None:
    """Every few seconds: a waiting process tries to take over; an owner checks that its lock is
    still its own (a PostgreSQL restart drops it) and stops at once if not, so that a second
    scheduler never runs beside it for longer than one check."""
    while not _standby_over.wait(STANDBY_RETRY_SECONDS):
        if running():
            if not _ownership.still_held():
                log.error("the scheduler lock was lost: this process stops its scheduler")
                _stop()
            else:
                _beat()
        elif _ownership.try_take():
            log.warning("the scheduler's owner is gone: this process takes over")
            start(redis_url)


def _beat() -> None:
    try:
        clock_owner.beat()
    except Exception:  # a database hiccup: the next beat, a second later, tries again
        log.exception("the scheduler's heartbeat could not be written")


def start(redis_url: str | None = None) -> BackgroundScheduler:
    """Start this process's scheduler (once) and plan every tournament; from now on `follow`
    re-plans them as they change."""
    global _scheduler
    with _lock:
        if _scheduler is not None:
            return _scheduler
        _scheduler = BackgroundScheduler(
            timezone=UTC,
            job_defaults=JOB_DEFAULTS,
            executors={"default": ThreadPoolExecutor(8)},
        )
        _scheduler.start()
    if redis_url:
        _follow_other_processes(redis_url)
        _scheduler.add_job(f"{__name__}:reconcile", trigger="interval", seconds=RECONCILE_SECONDS,
                           id=RECONCILE_JOB, replace_existing=True)
    if mail.server() is not None:
        _scheduler.add_job(sender.TARGET, trigger="interval", seconds=sender.TICK_SECONDS,
                           id=sender.JOB, replace_existing=True)
    _beat()
    rebuild()
    catch_up()
    return _scheduler


def shutdown() -> None:
    """Stop the scheduler, stop waiting for it, and let the lock go to another process."""
    _standby_over.set()
    _stop()
    _ownership.release()


def _stop() -> None:
    global _scheduler
    with _lock:
        running, _scheduler = _scheduler, None
    with _planned_lock:
        _planned_hands.clear()
        _planned_versions.clear()
    with _waiting_lock:
        _waiting.clear()
    if running is not None:
        running.shutdown(wait=False)


def running() -> bool:
    return _scheduler is not None


def schedule(key: str, when: datetime, target: str, kwargs: dict[str, Any] | None = None) -> None:
    """Run `target` ("module:function") with `kwargs` at `when` (timezone-aware); a job with the
    same key is replaced, so one key never has two jobs. Does nothing where no scheduler runs."""
    if when.tzinfo is None:
        raise ValueError("schedule needs a timezone-aware time")
    if _scheduler is None:
        return
    _scheduler.add_job(
        target,
        trigger="date",
        run_date=when,
        id=key,
        kwargs=kwargs or {},
        replace_existing=True,
    )


def cancel(key: str) -> None:
    if _scheduler is None:
        return
    with contextlib.suppress(JobLookupError):
        _scheduler.remove_job(key)


def job_time(key: str) -> datetime | None:
    """When the job `key` is due, or None if there is none, once the changes waiting are
    planned."""
    plan_waiting()
    return _planned_time(key)


def _planned_time(key: str) -> datetime | None:
    job = _scheduler.get_job(key) if _scheduler is not None else None
    return job.next_run_time if job is not None else None


def clock_key(tournament_id: int) -> str:
    return f"clock:{tournament_id}"


def rebuild() -> None:
    """Every job from the database: each running clock's next period end, each pending decision,
    club by club."""
    for club_id in tenancy.club_ids():
        with tenancy.in_club(club_id):
            for tournament_id in tournaments.tournament_ids():
                _plan_now(tournament_id, every=True)


def catch_up() -> None:
    """Announce, late, each level end of the last `CATCH_UP_MS` that no owner announced: the
    previous owner died just before it, and the standby took over just after. The claim in
    `period_ended` keeps one that was sent from being sent again."""
    now_ms = clock.unix_ms(utcnow())
    for club_id in tenancy.club_ids():
        with tenancy.in_club(club_id):
            _catch_up_in_club(now_ms)


def _catch_up_in_club(now_ms: int) -> None:
    for tournament_id in tournaments.tournament_ids():
        try:
            state = tournaments.current(tournament_id)
        except DomainError:
            continue
        if not state.clock.running:
            continue
        began_ms = now_ms - clock.position(state.settings.structure, state.clock, now_ms).elapsed_ms
        # A period that began when the clock was set (a start, a jump) ended nothing by itself.
        if began_ms <= state.clock.at_ms or now_ms - began_ms > CATCH_UP_MS:
            continue
        last = clock_owner.last_announced(tournament_id)
        if last is None or last < began_ms:
            period_ended(tournament_id, began_ms)


def _state(tournament_id: int, change: bus.Change | None) -> Tournament | None:
    """The state to plan from: the one `change` produced, or the state now when planning without
    a change (at start-up, on another process's word); None when the tournament is gone."""
    try:
        return tournaments.current(tournament_id) if change is None else tournaments.state_of(change)
    except DomainError:
        return None


def _plan(tournament_id: int, state: Tournament | None, every: bool) -> None:
    """Put the tournament's clock job at its next period end (most changes, a table's action,
    leave it where it was), and each table's decision job at its hand's deadline (`every`
    table, or those whose hand or clock changed since last planned); remove those that have
    nothing coming. Called under `_planning`."""
    _plan_clock(tournament_id, state)
    if state is not None:
        _plan_tables(tournament_id, state, every)


def _plan_clock(tournament_id: int, state: Tournament | None) -> None:
    if state is None:
        cancel(clock_key(tournament_id))
        return
    with _planned_lock:
        _planned_versions[tournament_id] = state.version
    now_ms = clock.unix_ms(utcnow())
    due = clock.next_change_at(state.settings.structure, state.clock, now_ms)
    if due is None:
        cancel(clock_key(tournament_id))
        return
    when = datetime.fromtimestamp(due / 1000, UTC)
    planned = _planned_time(clock_key(tournament_id))
    # A job already due is about to run (a busy scheduler thread fires it late): replacing it
    # by the next level end would lose this one. It re-plans when it has run.
    if planned is not None and (planned == when or planned <= utcnow()):
        return
    schedule(
        clock_key(tournament_id),
        when,
        "tdapp.scheduler:period_ended",
        {"tournament_id": tournament_id, "due_ms": due},
    )


def _plan_tables(tournament_id: int, state: Tournament, every: bool) -> None:
    for table in state.tables:
        hand = state.play.hand(table)
        with _planned_lock:
            seen = _planned_hands.get((tournament_id, table))
            if not every and seen is not None and seen[0] is hand and seen[1] is state.clock:
                continue
            _planned_hands[(tournament_id, table)] = (hand, state.clock)
        deadline = tables.deadline_for(tournament_id, state, table)
        if deadline is None:
            cancel(tables.deadline_key(tournament_id, table))
        else:
            schedule(deadline.key, deadline.when, "tdapp.services.tables:decision_due",
                     deadline.kwargs)


def _plan_told(tournament_id: int) -> None:
    """Another process's word that the tournament changed (`follow`): the state read once, as
    this process catches up on the events appended since, its clock job, and the decision jobs
    of the tables whose hand or clock those events changed. Catching up keeps every other
    table's hand the very object it was; a rebuild makes them all new, and all are planned."""
    _plan_now(tournament_id, every=False)


def _plan_now(tournament_id: int, every: bool) -> None:
    """Plan the tournament's jobs from the state read now: its clock job and its tables'
    decision jobs (`every` table, or those whose hand or clock changed since last planned).
    Read and planned under `_planning`: start-up or a takeover, a period end, the listener, the
    look for missed words and the planner may plan one tournament at once, and an older read
    planned last would replace a newer change's jobs (a decision job gone, its 20 seconds never
    enforced)."""
    if _scheduler is None:
        return
    with _planning:
        _plan(tournament_id, _state(tournament_id, None), every)


def reconcile() -> None:
    """The owner's look, every `RECONCILE_SECONDS`, club by club, for a tournament whose version
    moved past the one its jobs were planned from: nobody told it of that change (see
    `RECONCILE_SECONDS`), and it is planned now as if told."""
    for club_id in tenancy.club_ids():
        with tenancy.in_club(club_id):
            for tournament_id, version in tournaments.versions().items():
                with _planned_lock:
                    planned = _planned_versions.get(tournament_id)
                if planned != version:
                    try:
                        _plan_told(tournament_id)
                    except Exception:  # one tournament's failure must not hold up the others
                        log.exception("could not plan tournament %s", tournament_id)


def period_ended(tournament_id: int, due_ms: int) -> None:
    """The job at a period end: the screens get the new period with its cue, then the next job;
    inside the tournament's club."""
    with tenancy.in_tournament_club(tournament_id):
        _period_ended(tournament_id, due_ms)


def _period_ended(tournament_id: int, due_ms: int) -> None:
    from tdapp import realtime

    fired_ms = clock.unix_ms(utcnow())
    try:
        state = tournaments.current(tournament_id)
    except DomainError:
        return
    structure = state.settings.structure
    before = clock.position(structure, state.clock, due_ms - 1).period
    after = clock.position(structure, state.clock, due_ms).period
    loaded_ms = clock.unix_ms(utcnow())
    # Claimed before it is sent: an owner that dies in between loses this one cue, where the
    # other order would let its successor send it a second time.
    if before != after and clock_owner.claim_level_end(tournament_id, due_ms):
        now_ms = clock.unix_ms(utcnow())
        # Never earlier than the instant the job was for: the view must show the new period.
        now = datetime.fromtimestamp(max(now_ms, due_ms) / 1000, UTC)
        realtime.announce_period(tournament_id, now, closings(state, before))
        # Where the delay of a level change goes on this side of the message queue.
        log.info(
            "level end announced (period %d): job fired %d ms after its instant, state loaded"
            " +%d ms, claimed +%d ms, published +%d ms",
            after,
            fired_ms - due_ms,
            loaded_ms - fired_ms,
            now_ms - loaded_ms,
            clock.unix_ms(utcnow()) - now_ms,
            extra={"tournament": tournament_id},
        )
    # Every table: a break that ends lets the decision limits run again; one that starts stops
    # them.
    _plan_now(tournament_id, every=True)


def _follow_other_processes(redis_url: str) -> None:
    """Changes committed by other app processes, as they publish them (see `announce`), while
    this process owns the scheduler."""
    import redis

    client = redis.Redis.from_url(redis_url)

    def listen() -> None:
        # Redis away for longer than its client's own retries: subscribe again once it is back
        # (the words published meanwhile are lost; `reconcile` finds their changes).
        while _scheduler is not None:
            try:
                _listen(client)
            except redis.RedisError as lost:
                log.warning("the owner lost the changes' channel (%s): subscribing again", lost)
                time.sleep(STANDBY_RETRY_SECONDS)

    threading.Thread(target=listen, name="tdapp-changes", daemon=True).start()


def _listen(client: Any) -> None:
    """Plans what other processes tell of, while this process owns the scheduler."""
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(_changes_channel)
    try:
        while _scheduler is not None:
            for tournament_id in _told(pubsub):
                try:
                    with tenancy.in_tournament_club(tournament_id):
                        _plan_told(tournament_id)
                except Exception:
                    log.exception("could not plan tournament %s as told", tournament_id)
    finally:
        pubsub.close()


def _told(pubsub: Any) -> list[int]:
    """The tournaments named by the words that come within `TOLD_GATHER_SECONDS` of the first,
    each once; none if no word comes for a second (the listener then looks whether this process
    still owns the scheduler)."""
    told: dict[int, None] = {}
    deadline = time.monotonic() + 1.0
    while (left := deadline - time.monotonic()) > 0:
        message = pubsub.get_message(timeout=left)
        if message is None:
            continue
        try:
            tournament_id = int(json.loads(message["data"])["tournament_id"])
        except (ValueError, KeyError, TypeError):
            log.exception("bad change message %r", message)
            continue
        if not told:
            deadline = time.monotonic() + TOLD_GATHER_SECONDS
        told[tournament_id] = None
    return list(told)
