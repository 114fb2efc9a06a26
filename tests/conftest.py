"""Fixtures shared by every test folder.

- `database_url` (per session, parametrised "sqlite" and "postgresql"): the URL of a throwaway
  database with every migration applied. SQLite is a file in a temporary folder; PostgreSQL is a
  database with a random name created on 127.0.0.1:5432 (user postgres) and dropped at the end.
  `TDAPP_TEST_DATABASES=sqlite` (or `postgresql`) runs one backend only.
- `empty_database_url` (per test, both backends): a database with no schema, for migration tests.
- `sqlite_url`: the SQLite one alone, for tests that need no second run (browsers, sockets).
- `app`: `create_app` on `database_url` with TESTING on; every table is emptied after the test
  (the brakes on logins and PINs with them) and the in-process bus is reset.
- `client`: `app.test_client()`.
- `ddt`: a DdT account (`ddt.username`, password `DDT_PASSWORD`).
- `ddt_client`: a test client logged in as that DdT through the session, as the console is; its
  `csrf` attribute holds the session's CSRF token for pages and session-authenticated API writes.
- `api`: a test client whose every request carries the DdT's bearer token.
- `start_server(database_url)`: starts `tdapp run` in a real process on a free port, waits until
  it answers, and returns a `Server` (`.url`, `.process`, `.call(method, path, token, body)` for
  a JSON API request, `.kill()` for a SIGKILL); every server started is stopped at the end of
  the test.
- `ddt_server(name, prepare=("db", "upgrade"))`: `start_server` on a fresh SQLite file that the
  CLI has prepared (`prepare`, e.g. `("demo",)`) and given the DdT account (`DDT_PASSWORD`).
- `browser`: Debian Chromium through Playwright with the flags this machine needs; skipped
  where Playwright is not installed.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

DDT_PASSWORD = "correct horse battery"
POSTGRES_ADMIN_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
ROOT = Path(__file__).resolve().parent.parent


def _wanted_backends() -> list[str]:
    chosen = os.environ.get("TDAPP_TEST_DATABASES", "sqlite,postgresql")
    return [name.strip() for name in chosen.split(",") if name.strip()]


def _postgres_database(name: str) -> Iterator[str]:
    admin = create_engine(POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as unreachable:  # the server may simply not run on this machine
        admin.dispose()
        pytest.skip(f"PostgreSQL is not reachable: {unreachable}")
    try:
        yield POSTGRES_ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(scope="session", params=_wanted_backends())
def database_url(request: pytest.FixtureRequest, tmp_path_factory) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'tdapp.sqlite3'}"
    elif request.param == "postgresql":
        yield from _postgres_database(f"tdapp_test_{secrets.token_hex(6)}")
    else:
        raise ValueError(f"unknown test database {request.param!r}")


@pytest.fixture(params=_wanted_backends())
def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database with no schema at all, for migration tests; dropped after the test."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    else:
        yield from _postgres_database(f"tdapp_empty_{secrets.token_hex(6)}")


@pytest.fixture(scope="session")
def sqlite_url(tmp_path_factory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('db') / 'tdapp.sqlite3'}"


def _empty_every_table(engine) -> None:
    tables = [t for t in inspect(engine).get_table_names() if t != "alembic_version"]
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            if tables:
                quoted = ", ".join(f'"{t}"' for t in tables)
                connection.execute(text(f"TRUNCATE {quoted} RESTART IDENTITY CASCADE"))
        else:
            connection.exec_driver_sql("PRAGMA defer_foreign_keys=ON")
            for table in tables:
                connection.exec_driver_sql(f'DELETE FROM "{table}"')


@pytest.fixture
def app(database_url: str):
    from tdapp import create_app
    from tdapp.services import bus
    from tdapp.storage import database as db

    application = create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "test"})
    # Kept here: a test that builds a second app on another database moves the storage's engine.
    engine = db.engine()
    with application.app_context():
        yield application
    _empty_every_table(engine)
    engine.dispose()
    bus.unsubscribe_all()


@pytest.fixture
def client(app):
    return app.test_client()


@dataclass(frozen=True)
class Ddt:
    id: int
    username: str
    password: str


@pytest.fixture
def ddt(app) -> Ddt:
    from tdapp.services import accounts

    account = accounts.create_user("ddt", DDT_PASSWORD)
    return Ddt(account.id, account.username, DDT_PASSWORD)


@pytest.fixture
def ddt_client(app, ddt: Ddt):
    test_client = app.test_client()
    test_client.csrf = secrets.token_urlsafe(16)
    with test_client.session_transaction() as session:
        session["user_id"] = ddt.id
        session["username"] = ddt.username
        session["csrf_token"] = test_client.csrf
    return test_client


@pytest.fixture
def api(app, ddt: Ddt):
    from tdapp.services import accounts

    token = accounts.issue_token(accounts.account(ddt.id))
    test_client = app.test_client()
    test_client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return test_client


@dataclass
class Server:
    url: str
    process: subprocess.Popen

    def call(self, method: str, path: str, token: str | None = None, body: object = None):
        """The JSON answer of one API request (an HTTPError for a 4xx or 5xx)."""
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(
            self.url + path,
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers=headers,
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, as a power cut or the OOM killer would do it."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_until_up(server: Server, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"the server exited with {server.process.returncode}")
        try:
            with urllib.request.urlopen(server.url + "/", timeout=2):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    raise RuntimeError(f"the server did not answer within {timeout} s")


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[Callable[[str], Server]]:
    started: list[Server] = []

    def start(database_url: str) -> Server:
        port = _free_port()
        env = dict(os.environ, DATABASE_URL=database_url, PYTHONUNBUFFERED="1")
        log = (tmp_path / f"server-{port}.log").open("w")
        process = subprocess.Popen(
            [sys.executable, "-m", "tdapp.cli", "run", "--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        server = Server(f"http://127.0.0.1:{port}", process)
        started.append(server)
        _wait_until_up(server)
        # Other test runs share the machine: if one of their servers took the port first, ours
        # exits on the failed bind while theirs answered the probe. Ours must still be running.
        time.sleep(0.5)
        if process.poll() is not None:
            raise RuntimeError(f"the server on port {port} exited: the port was taken")
        return server

    yield start
    for server in started:
        if server.process.poll() is None:
            server.process.terminate()
            try:
                server.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
    for log in sorted(tmp_path.glob("server-*.log")):
        text = log.read_text(errors="replace")
        if "Traceback" in text:  # shown with the test's output when it fails
            print(f"--- {log.name}\n{text}")


@pytest.fixture
def ddt_server(start_server, tmp_path: Path) -> Callable[..., Server]:
    """Browser tests log in and call the API as the DdT of a server of their own."""

    def start(name: str, prepare: tuple[str, ...] = ("db", "upgrade")) -> Server:
        database_url = f"sqlite:///{tmp_path / f'{name}.sqlite3'}"
        env = dict(os.environ, DATABASE_URL=database_url)
        for command in (list(prepare), ["create-user", "ddt", "--password", DDT_PASSWORD]):
            subprocess.run(
                [sys.executable, "-m", "tdapp.cli", *command], cwd=ROOT, env=env, check=True,
                capture_output=True,
            )
        return start_server(database_url)

    return start


@dataclass
class DdtApi:
    """The DdT's JSON API on a running server, with the DdT's bearer token."""

    server: Server
    token: str

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        sent = None if method == "GET" else (body or {})
        return self.server.call(method, "/api/v1" + path, self.token, sent)


@pytest.fixture
def ddt_api(ddt_server) -> Callable[[str], DdtApi]:
    """A server of the test's own (see `ddt_server`) and its DdT, logged in to the API."""

    def start(name: str) -> DdtApi:
        server = ddt_server(name)
        login = {"username": "ddt", "password": DDT_PASSWORD}
        return DdtApi(server, server.call("POST", "/api/v1/auth/token", body=login)["token"])

    return start


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture
def browser():
    """Debian's Chromium, not Playwright's download: the only browser on the machine."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield launched
        launched.close()
