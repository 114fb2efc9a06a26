"""One scheduler per database: the lock that lets one process run it dies with that process."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from tdapp import scheduler
from tdapp.storage import database as db
from tdapp.storage.ownership import Ownership

ROOT = Path(__file__).resolve().parents[2]

TRY_TAKE = """
import sys, time
from tdapp.storage import database as db
from tdapp.storage.ownership import Ownership
db.configure(sys.argv[1])
owner = Ownership()  # kept: the lock lives as long as its holder
taken = owner.try_take()
print(taken, flush=True)
if taken and len(sys.argv) > 2:
    time.sleep(float(sys.argv[2]))
"""


def _url() -> str:
    return db.engine().url.render_as_string(hide_password=False)


def _other_process_takes(*hold: str) -> bool:
    answer = subprocess.run(
        [sys.executable, "-c", TRY_TAKE, _url(), *hold],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return answer.stdout.strip() == "True"


@pytest.mark.processes
def test_while_one_process_holds_the_lock_no_other_can_take_it(app):
    mine = Ownership()
    assert mine.try_take() and mine.try_take()  # taking it again keeps it
    assert not _other_process_takes()
    mine.release()
    assert _other_process_takes()


@pytest.mark.processes
def test_a_process_killed_with_sigkill_leaves_the_lock_to_the_next(app):
    holder = subprocess.Popen(
        [sys.executable, "-c", TRY_TAKE, _url(), "60"], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "True"
        mine = Ownership()
        assert not mine.try_take()
        holder.kill()  # no clean-up in the holder: the kernel or the database drops the lock
        holder.wait(timeout=10)
        deadline = time.monotonic() + 10
        while not mine.try_take():
            assert time.monotonic() < deadline, "the lock outlived its process"
            time.sleep(0.1)
        mine.release()
    finally:
        holder.kill()


def test_a_second_owner_waits_and_starts_when_the_first_lets_go(app, monkeypatch):
    monkeypatch.setattr(scheduler, "STANDBY_RETRY_SECONDS", 0.1)
    first = Ownership()
    assert first.try_take()
    try:
        assert scheduler.start_as_owner() is False
        time.sleep(0.3)
        assert not scheduler.running()
        first.release()
        deadline = time.monotonic() + 10
        while not scheduler.running():
            assert time.monotonic() < deadline, "the waiting process never took over"
            time.sleep(0.01)
    finally:
        scheduler.shutdown()
        first.release()
    assert _other_process_takes()  # shutting down let the lock go


def test_an_owner_whose_database_session_is_ended_stops_its_scheduler_until_it_has_the_lock_again(
    app, monkeypatch
):
    if db.engine().url.get_backend_name() != "postgresql":
        pytest.skip("a file lock cannot be taken from its process")
    from sqlalchemy import text

    from tdapp.storage.ownership import ADVISORY_KEY

    monkeypatch.setattr(scheduler, "STANDBY_RETRY_SECONDS", 0.5)
    assert scheduler.start_as_owner()
    owner_session = scheduler._ownership._connection
    take = text("SELECT pg_try_advisory_lock(:k)")
    try:
        lock_session = owner_session.execute(text("SELECT pg_backend_pid()")).scalar()
        owner_session.commit()
        with db.engine().connect() as other:
            # A database restart as the owner sees it: its session ends, another takes the lock.
            other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": lock_session})
            # The session ends a moment after it is told to; the owner looks every 0.5 s.
            _wait_until(lambda: other.execute(take, {"k": ADVISORY_KEY}).scalar(), "not freed", 2)
            other.commit()
            _wait_until(lambda: not scheduler.running(), "the owner kept its scheduler")
            time.sleep(1.2)
            assert not scheduler.running()  # the lock is someone else's: it waits
            other.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": ADVISORY_KEY})
            other.commit()
            _wait_until(scheduler.running, "the owner never took its lock back")
    finally:
        scheduler.shutdown()


def _wait_until(condition, failure: str, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, failure
        time.sleep(0.01)
