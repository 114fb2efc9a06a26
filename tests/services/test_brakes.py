"""The brakes on guessing: counted in the database, so that every process shares them; the
lockout may grow from one to the next; a success starts afresh."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tdapp.services import accounts, brakes

ROOT = Path(__file__).resolve().parents[2]
T0 = datetime(2026, 12, 3, 21, 0, tzinfo=UTC)
# A console's PIN, as the next issue wants it: 5 wrong in 5 minutes, then a lockout that doubles.
CONSOLE = brakes.Brake(
    threshold=5,
    window=timedelta(minutes=5),
    lockout=timedelta(minutes=1),
    growth=2,
    max_lockout=timedelta(minutes=10),
)


def _fail(brake: brakes.Brake, key: str, times: int, at: datetime) -> int:
    wait = 0
    for _ in range(times):
        wait = brake.failed(key, at)
    return wait


def test_the_threshold_within_the_window_locks_the_key_out(app):
    assert _fail(CONSOLE, "console-1", 4, T0) == 0
    assert CONSOLE.wait_seconds("console-1", T0) == 0
    assert _fail(CONSOLE, "console-1", 1, T0 + timedelta(seconds=10)) == 60
    assert CONSOLE.wait_seconds("console-1", T0 + timedelta(seconds=10)) == 60
    assert CONSOLE.wait_seconds("console-1", T0 + timedelta(seconds=69, milliseconds=500)) == 1
    assert CONSOLE.wait_seconds("console-1", T0 + timedelta(seconds=70)) == 0
    assert CONSOLE.wait_seconds("console-2", T0 + timedelta(seconds=10)) == 0


def test_failures_older_than_the_window_no_longer_count(app):
    _fail(CONSOLE, "console-1", 4, T0)
    assert _fail(CONSOLE, "console-1", 4, T0 + timedelta(minutes=5)) == 0
    assert CONSOLE.wait_seconds("console-1", T0 + timedelta(minutes=5)) == 0


def test_each_further_lockout_grows_up_to_its_cap_and_a_success_forgets_them(app):
    at = T0
    for expected in (60, 120, 240, 480, 600, 600):
        assert _fail(CONSOLE, "console-1", 5, at) == expected
        at += timedelta(seconds=expected)
    CONSOLE.succeeded("console-1")
    assert _fail(CONSOLE, "console-1", 5, at) == 60


def test_a_brake_refuses_a_lockout_longer_than_its_rows_are_kept():
    with pytest.raises(ValueError):
        brakes.Brake(threshold=5, window=timedelta(minutes=5), lockout=timedelta(days=2))


def test_a_very_long_key_keeps_its_own_count(app):
    long_name = "x" * 500
    _fail(CONSOLE, long_name, 5, T0)
    assert CONSOLE.wait_seconds(long_name, T0) == 60
    assert CONSOLE.wait_seconds(long_name[:-1] + "y", T0) == 0


_FAIL_IN_ANOTHER_PROCESS = """
import sys
from tdapp.services import accounts, database
database.open_database(None, ".")
for _ in range(int(sys.argv[1])):
    assert accounts.authenticate("giulia", "sbagliata", client="203.0.113.7") is None
"""


@pytest.mark.processes
def test_failures_in_several_processes_at_once_all_count(app, database_url):
    accounts.create_user("giulia", "una password lunga")
    env = dict(os.environ, DATABASE_URL=database_url)
    # Two other processes fail at the same time: with a count per process, each would see 2.
    others = [
        subprocess.Popen([sys.executable, "-c", _FAIL_IN_ANOTHER_PROCESS, "2"], cwd=ROOT, env=env)
        for _ in range(2)
    ]
    assert [process.wait(timeout=120) for process in others] == [0, 0]
    assert accounts.authenticate("giulia", "sbagliata", client="203.0.113.7") is None
    with pytest.raises(accounts.AccountError) as refused:
        accounts.authenticate("giulia", "una password lunga", client="203.0.113.7")
    assert refused.value.code == "TOO_MANY_ATTEMPTS"


def test_a_refused_login_is_logged_with_the_address_and_never_the_password(app, caplog):
    accounts.create_user("giulia", "una password lunga")
    with caplog.at_level(logging.WARNING, logger="tdapp.services.accounts"):
        accounts.authenticate("giulia", "password-sbagliata", client="203.0.113.7")
    line = caplog.text
    assert "giulia" in line and "203.0.113.7" in line
    assert "password-sbagliata" not in line
