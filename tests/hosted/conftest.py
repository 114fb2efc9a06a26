"""The hosted topology, shared by every test of this folder (see hosted_topology.py)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from hosted_topology import NGINX, Topology, create_database, drop_database


@pytest.fixture(scope="session")
def topology(tmp_path_factory) -> Iterator[Topology]:
    if not Path(NGINX).exists():
        pytest.fail("nginx is missing: scripts/test.sh installs Debian's nginx")
    name = f"tdapp_hosted_{secrets.token_hex(6)}"
    try:
        database_url = create_database(name)
    except Exception as unreachable:
        pytest.skip(f"PostgreSQL is not reachable: {unreachable}")
    running = Topology(tmp_path_factory.mktemp("hosted"), database_url, f"tdapp-hosted-{secrets.token_hex(6)}")
    try:
        running.start()
        yield running
    finally:
        running.stop()
        drop_database(name)
