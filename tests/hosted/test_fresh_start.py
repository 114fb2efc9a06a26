"""Web processes started together on a fresh PostgreSQL database, before and after
`tdapp db upgrade` (issue 13: two of three crashed, each migrating at start)."""

from __future__ import annotations

import concurrent.futures
import secrets

import pytest
from hosted_topology import (
    answers,
    create_database,
    drop_database,
    environment,
    free_port,
    tdapp,
    wait_until,
    web_process,
)

pytestmark = [pytest.mark.hosted, pytest.mark.clockless]


@pytest.fixture
def fresh_database():
    name = f"tdapp_fresh_{secrets.token_hex(6)}"
    try:
        url = create_database(name)
    except Exception as unreachable:
        pytest.skip(f"PostgreSQL is not reachable: {unreachable}")
    yield url
    drop_database(name)


def test_three_web_processes_on_a_fresh_database_wait_for_the_upgrade_and_none_crashes(
    fresh_database, tmp_path
):
    env = environment(fresh_database, f"tdapp-fresh-{secrets.token_hex(6)}")
    ports = [free_port() for _ in range(3)]
    web = [web_process(f"web{port}", port, env, tmp_path) for port in ports]
    try:
        # Each says once, in one line, what it waits for.
        wait_until(
            lambda: all("waiting for `tdapp db upgrade`" in w.output() for w in web), 60,
            "every web process saying it waits for the upgrade",
        )
        assert not any(answers(f"http://127.0.0.1:{port}/healthz") for port in ports)
        # Three hosts' deploy scripts upgrading at once: the lock lets one migrate.
        with concurrent.futures.ThreadPoolExecutor(3) as pool:
            upgrades = list(pool.map(lambda _: tdapp(env, "db", "upgrade"), range(3)))
        assert [u.returncode for u in upgrades] == [0, 0, 0], [u.stderr for u in upgrades]
        for port in ports:
            wait_until(lambda p=port: answers(f"http://127.0.0.1:{p}/healthz"), 30, f"web on {port}")
        assert all(w.alive() for w in web)
        for w in web:
            assert "Traceback" not in w.output()
            assert w.output().count("lacks migrations") == 1
    finally:
        for w in web:
            w.stop()


def test_a_process_left_facing_a_pending_migration_exits_with_one_line(fresh_database):
    env = {**environment(fresh_database, "unused"), "TDAPP_SCHEMA_WAIT": "0"}
    refused = tdapp(env, "scheduler")
    assert refused.returncode != 0
    assert "Traceback" not in refused.stderr
    assert refused.stderr.strip().splitlines()[-1].startswith(
        "tdapp: the database lacks migrations"
    )
