"""The deploy extra alone, as a hoster installs it (issue 13: gunicorn's gevent worker died on a
module that only the test extras happened to bring)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hosted_topology import ROOT, answers, free_port, wait_until

pytestmark = [pytest.mark.hosted, pytest.mark.clockless, pytest.mark.slow]


def test_a_clean_venv_with_the_deploy_extra_serves_through_gunicorns_gevent_worker(tmp_path):
    venv = tmp_path / "venv"
    # The venv gets no pip of its own: the test's pip installs into it (`--python`), as the
    # venv's would, from the same index. Bootstrapping a pip into the venv, and that older pip's
    # slower resolver, cost 9 of the test's 22 s of CPU, and the app never runs pip.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "-q",
         "-e", f"{ROOT}[deploy]"],
        capture_output=True, text=True, timeout=600,
    )
    assert installed.returncode == 0, installed.stderr
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TDAPP_", "SOCKETIO_"))}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'club.sqlite3'}", SECRET_KEY="deploy-extra")
    upgraded = subprocess.run(
        [str(venv / "bin" / "tdapp"), "db", "upgrade"], env=env, capture_output=True, text=True
    )
    assert upgraded.returncode == 0, upgraded.stderr
    port = free_port()
    log = tmp_path / "gunicorn.log"
    with open(log, "wb") as output:
        gunicorn = subprocess.Popen(
            [str(venv / "bin" / "gunicorn"), "-c", "deploy/gunicorn.conf.py", "tdapp:create_app()"],
            cwd=ROOT, env={**env, "PORT": str(port)}, stdout=output, stderr=subprocess.STDOUT,
        )
    try:
        wait_until(
            lambda: answers(f"http://127.0.0.1:{port}/healthz") or gunicorn.poll() is not None,
            60, "gunicorn answering",
        )
        assert gunicorn.poll() is None, log.read_text()
        assert "ModuleNotFoundError" not in log.read_text()
    finally:
        gunicorn.terminate()
        gunicorn.wait(20)

