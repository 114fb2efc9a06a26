"""The suite's serial groups hold (tests/conftest.py): under `--dist loadgroup`, every test of
an `xdist_group` runs on one worker. pytest 9.2 keeps a test's id where pytest-xdist 3.8 cannot
add the group to it, and the groups then ran spread over every worker with nothing said."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

GROUPED = '''
import os
import time

import pytest


@pytest.mark.xdist_group("serial")
@pytest.mark.parametrize("n", range(6))
def test_grouped(n):
    time.sleep(0.1)  # long enough that an idle worker would take the next one
    with open(os.environ["WORKERS_FILE"], "a") as f:
        f.write(os.environ["PYTEST_XDIST_WORKER"] + "\\n")


@pytest.mark.parametrize("n", range(6))
def test_free(n):
    time.sleep(0.1)
'''


@pytest.mark.processes
def test_the_tests_of_a_group_run_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # not the project's settings
    workers_file = tmp_path / "workers.txt"
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "3",
         "--dist", "loadgroup", "test_grouped.py"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
        env={**os.environ, "WORKERS_FILE": str(workers_file), "PYTEST_ADDOPTS": ""})
    assert ran.returncode == 0, ran.stdout + ran.stderr
    workers = workers_file.read_text().split()
    assert len(workers) == 6
    assert len(set(workers)) == 1, f"the group ran on {sorted(set(workers))}"
