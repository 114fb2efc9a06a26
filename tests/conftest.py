"""Fixtures shared by every test folder.

- `database_url` (per session, parametrised "sqlite" and "postgresql"): the URL of a throwaway
  database with every migration applied. SQLite is a file in a temporary folder (a copy of one
  migrated once per run); PostgreSQL is a
  database with a random name created on 127.0.0.1:5432 by user postgres, owned by and connected
  to as a role that is no superuser (tests/postgresql.py: row-level security binds it), dropped
  at the end.
  `TDAPP_TEST_DATABASES=sqlite` (or `postgresql`) runs one backend only.
- `empty_database_url` (per test, both backends): a database with no schema, for migration tests.
- `sqlite_url`: a migrated SQLite database alone, for tests that need no second run.
- `app`: the app on `database_url` (TESTING on, no migration check: `database_url` migrated),
  built once per test process and database and shared by its tests: `tdapp.testing.reset`
  brings it back to a fresh start after each test (every table emptied, the brakes with them,
  the in-memory states, the bus, the sockets, the scheduler and the config).
- `own_app(**config)`: an app of the test's own on its database, built with more config.
- `client`: `app.test_client()`.
- `ddt`: a DdT account (`ddt.username`, password `DDT_PASSWORD`).
- `ddt_client`: a test client logged in as that DdT through the session, as the console is; its
  `csrf` attribute holds the session's CSRF token for pages and session-authenticated API writes.
- `console_client(app, user_id, username)` (a function): the same for any account, a floor
  member's, say.
- `api`: a test client whose every request carries the DdT's bearer token.
- `start_server(database_url)`: starts `tdapp run` in a real process on a free port, waits until
  it answers, and returns a `Server` (`.url`, `.process`, `.database_url` to start it again on,
  `.call(method, path, token, body)` for a JSON API request, `.kill()` for a SIGKILL); every
  server started is stopped at the end of the test.
- `ddt_server(name, prepare=("db", "upgrade"))`: `start_server` on a fresh SQLite file that the
  CLI has prepared (`prepare`, e.g. `("demo",)`) and given the DdT account (`DDT_PASSWORD`);
  the CLI migrates once per run and each server gets a copy of that database.
- `shared_ddt_server` (per session): the same, started once and shared by the tests that only
  add their own tournaments (never for a test that kills the server or needs an empty database).
- `ddt_api(name)`: the DdT's JSON API on `shared_ddt_server`, with a token of the test's own.
- `in_the_club_of(server)`: act in the club of a running server's database from the test's
  process, to write a night into it with the services.
- `browser`: Debian Chromium through Playwright with the flags this machine needs, launched once
  per module; the test's contexts are closed after it. Skipped where Playwright is missing.
- `screenshot(page, **options)` (a function): `page.screenshot` once the page has painted.
"""

from __future__ import annotations

import fcntl
import functools
import gc
import json
import os
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import jinja2
import pytest

from tests import postgresql

DDT_PASSWORD = "correct horse battery"
ROOT = Path(__file__).resolve().parent.parent


HOSTED_GROUP = "hosted"
SERVERS_GROUP = "servers"
# A test that asks one of these drives `tdapp run` processes: marked `processes`.
SERVER_FIXTURES = {"start_server", "ddt_server", "shared_ddt_server", "ddt_api"}


def pytest_collection_finish(session: pytest.Session) -> None:
    """A test process keeps what it imported and collected (the app's modules, SQLAlchemy's,
    3,200 test items) to its end, as a server keeps its start-up's (`tdapp.settle_heap`): frozen
    out of the collector's walks, and with collections rarer than Python's default of one every
    700 allocations, which walked the young objects of every request a test makes. The quick
    tier took 4–8 % less CPU (74.1 s of user time against 68.1, 68.9 and 70.9 s), a clean
    clone's whole run 7 % less (586 s against 546 s)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> Iterator[None]:
    """Under `pytest -n 3 --dist loadgroup` (scripts/test.sh), the tests that kill servers, take
    the clock over and wait for level ends within a second run one after the other, so that
    no second such test loads the machine past their windows: those of a hosted topology
    (`hosted`) on one worker, those driving server processes of their own through Socket.IO and
    signals (`start_server` outside the browser tests) on another. A hosted test marked
    `clockless` (a fresh install, a clean venv) times no level end and runs beside the others;
    so do browser tests, which wait on what the page shows with timeouts of seconds."""
    for item in items:
        if SERVER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.processes)
        if item.get_closest_marker("hosted"):
            if not item.get_closest_marker("clockless"):
                item.add_marker(pytest.mark.xdist_group(HOSTED_GROUP))
        elif "start_server" in getattr(item, "fixturenames", ()) and not item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.xdist_group(SERVERS_GROUP))
    # pytest-xdist reads the groups from the markers, and pytest groups the tests by database.
    yield
    items[:] = _handed_out_order(items)


BROWSER_SPREAD = 0.7


def _handed_out_order(items: list[pytest.Item]) -> list[pytest.Item]:
    """The order xdist hands the tests out in (after the two groups, its largest units). The
    `slow` tests go first: a minute-long test handed out last would keep one worker busy while
    the others wait at the end of the run. The browser tests are spread among the first 70% of
    the others instead of coming all at once: a browser test mostly waits (for the page, the
    server, a level end), so three workers all in browser tests left a core idle, and three all
    in the database tests at the end queued for the two cores. Mixed, the cores stay busy."""
    slow = [item for item in items if item.get_closest_marker("slow")]
    browser = [item for item in items
               if item.get_closest_marker("browser") and not item.get_closest_marker("slow")]
    taken = {id(item) for item in slow + browser}
    rest = [item for item in items if id(item) not in taken]
    # Browser test i of n goes before the other test numbered i * spread / n.
    spread = len(rest) * BROWSER_SPREAD
    slots = [int(i * spread / len(browser)) for i in range(len(browser))]
    order = list(slow)
    for index, item in enumerate(rest):
        while browser and slots[0] <= index:
            order.append(browser.pop(0))
            slots.pop(0)
        order.append(item)
    return order + browser


def _wanted_backends() -> list[str]:
    chosen = os.environ.get("TDAPP_TEST_DATABASES", "sqlite,postgresql")
    return [name.strip() for name in chosen.split(",") if name.strip()]


def _postgres_database(name: str) -> Iterator[str]:
    """A throwaway database, connected to as a role like the app's (tests/postgresql.py), so
    that row-level security binds the test as it binds the app; dropped at the end."""
    try:
        url = postgresql.create_database(name)
    except Exception as unreachable:  # the server may simply not run on this machine
        pytest.skip(f"PostgreSQL is not reachable: {unreachable}")
    try:
        yield url
    finally:
        postgresql.drop_database(name)


def _migrated(url: str) -> str:
    """Run the migrations once, as a first start of `tdapp run` does: the `app` of each test then
    starts without the Alembic check, which costs more than most tests."""
    from tdapp import create_app

    create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "test"})
    return url


def _made_once(tmp_path_factory: pytest.TempPathFactory, name: str,
               make: Callable[[Path], object]) -> Path:
    """The SQLite file `name`, made by `make(path)` once per run: the xdist workers of a run
    share the parent of their temporary folders, and the first to ask makes the file there
    while the others wait for it. Callers copy it (`_copy_of`) before writing to it."""
    if "PYTEST_XDIST_WORKER" not in os.environ:  # without xdist the parent outlives the run
        made = tmp_path_factory.mktemp("made") / name
        make(made)
        return made
    shared = tmp_path_factory.getbasetemp().parent
    made = shared / name
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            # Made aside, then copied whole: a worker that finds `made` finds it complete.
            aside = tmp_path_factory.mktemp("made") / name
            make(aside)
            _copy_of(aside, made.with_suffix(".partial"))
            made.with_suffix(".partial").rename(made)
    return made


def _migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A migrated SQLite database of the test process's own, a copy of the run's."""
    migrated = _made_once(tmp_path_factory, "migrated.sqlite3",
                          lambda path: _migrated(f"sqlite:///{path}"))
    return _copy_of(migrated, tmp_path_factory.mktemp("db") / "tdapp.sqlite3")


@pytest.fixture(scope="session", params=_wanted_backends())
def database_url(request: pytest.FixtureRequest, tmp_path_factory) -> Iterator[str]:
    if request.param == "sqlite":
        yield _migrated_sqlite(tmp_path_factory)
    elif request.param == "postgresql":
        for url in _postgres_database(f"tdapp_test_{secrets.token_hex(6)}"):
            yield _migrated(url)
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
    return _migrated_sqlite(tmp_path_factory)


class _CompiledTemplates(jinja2.BytecodeCache):
    """Templates compiled once per test process and shared by every test's app: compiling the
    console's templates costs more than most tests. Jinja checks each entry against its
    template's source, so an edited template is compiled again."""

    def __init__(self) -> None:
        self._compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self._compiled:
            bucket.bytecode_from_string(self._compiled[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = _CompiledTemplates()


@pytest.fixture(scope="session", autouse=True)
def _passwords_hashed_once() -> Iterator[None]:
    """scrypt is slow on purpose (0.13 s here) to slow down guessing; the suite makes the DdT
    account with the same password hundreds of times and checks the same pairs again and again.
    Both answers depend only on their arguments, so each is computed once per test process."""
    from tdapp.services import accounts

    patch = pytest.MonkeyPatch()
    for name in ("generate_password_hash", "check_password_hash"):
        patch.setattr(accounts, name, functools.cache(getattr(accounts, name)))
    yield
    patch.undo()


@pytest.fixture(scope="session", autouse=True)
def _url_builders_compiled_once() -> Iterator[None]:
    """Werkzeug compiles two URL builder functions (an AST, then `compile`) for every rule of
    every app: 85% of `create_app`, which nearly every test calls. A builder depends only on the
    rule's text, its parsed parts and its defaults (the rule comes in as an argument when it
    runs), so each is compiled once per test process and handed to every app's copy of the rule."""
    from werkzeug.routing import Rule

    compile_builder = Rule._compile_builder
    compiled: dict[tuple, Callable] = {}

    def compiled_once(rule: Rule, append_unknown: bool = True) -> Callable:
        defaults = tuple(sorted((name, repr(value)) for name, value in (rule.defaults or {}).items()))
        key = (rule.rule, tuple(rule._trace), defaults, append_unknown)
        if key not in compiled:
            compiled[key] = compile_builder(rule, append_unknown)
        return compiled[key]

    patch = pytest.MonkeyPatch()
    patch.setattr(Rule, "_compile_builder", compiled_once)
    yield
    patch.undo()


@pytest.fixture(scope="session", autouse=True)
def _schemas_reflected_once() -> Iterator[None]:
    """A backup, a club's export and its import each reflect the database's tables first (a fifth
    of a second, more than a small club's rows take to write), and the club files' tests count
    every table's rows that way before and after each import: some hundred reflections a run,
    of databases that hold the migrations' schema. What a reflection finds depends only on the
    database, the revision its schema is at and the tables it has, so each is made once per
    test process and handed out again (a list of its own each time)."""
    from tdapp.storage import backup

    reflect = backup.tables
    reflected: dict[tuple, list] = {}

    def reflected_once(connection) -> list:
        key = (connection.engine.url.render_as_string(hide_password=False),
               tuple(backup.schema_revisions(connection)),
               tuple(sorted(connection.dialect.get_table_names(connection))))
        if key not in reflected:
            reflected[key] = reflect(connection)
        return list(reflected[key])

    patch = pytest.MonkeyPatch()
    patch.setattr(backup, "tables", reflected_once)
    yield
    patch.undo()


TEST_CONFIG = {"TESTING": True, "SECRET_KEY": "test"}


def in_the_server_club():
    """Act inside the server's club (made if the database has none yet), as a one-club
    server's commands do: for set-ups run in the test's process without the `app` fixture."""
    from tdapp.services import clubs, tenancy

    return tenancy.in_club(clubs.club_id_for(None))


def in_the_club_of(server: Server):
    """Act inside the server's club on the database of `server`, a running `tdapp run`, as a
    second process of it would: for a test that writes its night there with the services
    rather than through the API. The server migrated its database, so no migration is checked;
    the server reads what is written as it reads another process's changes."""
    from tdapp import create_app

    create_app({"DATABASE_URL": server.database_url, "SCHEDULER": False,
                "MIGRATE_ON_START": False, "AWAIT_SCHEMA": False})
    return in_the_server_club()


def _built_app(database_url: str, **config):
    """`create_app` on `database_url` (migrated once: `database_url`) with TESTING on, without
    the migration check, which costs more than most tests."""
    from tdapp import create_app

    application = create_app({**TEST_CONFIG, "DATABASE_URL": database_url,
                              "MIGRATE_ON_START": False, "AWAIT_SCHEMA": False, **config})
    application.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    return application


@pytest.fixture(scope="session")
def _shared_apps() -> dict[str, object]:
    """The app of each database this test process has used, built at its first test."""
    return {}


@pytest.fixture
def app(database_url: str, _shared_apps: dict):
    """The app on `database_url`, shared by every test of this process on that database and
    brought back to a fresh start after each (`tdapp.testing.reset`): a new app per test cost
    more than most tests. A test that needs an app built with another config asks `own_app`."""
    from tdapp import testing
    from tdapp.services import clubs, tenancy

    application = _shared_apps.get(database_url)
    if application is None:
        application = _shared_apps[database_url] = _built_app(database_url)
        testing.reset(application)
    elif not testing.holds(application):
        # A test in between pointed the process at another database or app.
        testing.reset(application)
    # A test acts inside the server's club, as a one-club server's requests and commands do;
    # each request then sets its own club (tdapp/web/acting_club.py), whatever the test's is.
    with application.app_context(), tenancy.in_club(clubs.club_id_for(None)):
        yield application
    testing.reset(application)


@pytest.fixture
def own_app(app, database_url: str) -> Callable[..., object]:
    """`own_app(**config)`: an app of the test's own on its database, built with `config` on
    top of the test config (settings read at creation, such as the proxies believed). It takes
    the process over from the shared `app`, which gets it back after the test."""

    def build(**config):
        return _built_app(database_url, **config)

    return build


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


def console_client(app, user_id: int, username: str):
    """A test client logged in to the console as that account, as the console is; its `csrf`
    attribute holds the session's CSRF token."""
    test_client = app.test_client()
    test_client.csrf = secrets.token_urlsafe(16)
    with test_client.session_transaction() as session:
        session["user_id"] = user_id
        session["username"] = username
        session["csrf_token"] = test_client.csrf
    return test_client


@pytest.fixture
def ddt_client(app, ddt: Ddt):
    return console_client(app, ddt.id, ddt.username)


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
    database_url: str

    def call(self, method: str, path: str, token: str | None = None, body: object = None):
        """The JSON answer of one API request, None for a 204 (an HTTPError for a 4xx or 5xx)."""
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
            content = answer.read()
        return json.loads(content) if content else None

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, as a power cut or the OOM killer would do it."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_until_up(server: Server, timeout: float = 120.0) -> None:
    """Until the server answers. A server that dies fails at once; one still starting is waited
    for generously: it starts in two or three seconds, but on a machine loaded ten times over
    (seen: load 14 on two cores, other runs beside the suite) it took more than 30 s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"the server exited with {server.process.returncode}")
        try:
            with urllib.request.urlopen(server.url + "/healthz", timeout=2):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    raise RuntimeError(f"the server did not answer within {timeout} s")


def _listens(pid: int, port: int) -> bool:
    """Whether process `pid` holds the socket listening on 127.0.0.1:`port` (Linux's /proc: the
    listening sockets' inodes, then the process's open files)."""
    listening = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1] == f"0100007F:{port:04X}" and fields[3] == "0A":  # 127.0.0.1, LISTEN
            listening.add(f"socket:[{fields[9]}]")
    return any(_link(fd) in listening for fd in Path(f"/proc/{pid}/fd").iterdir())


def _link(fd: Path) -> str:
    try:
        return os.readlink(fd)
    except OSError:  # closed since the folder was listed
        return ""


def _launch(database_url: str, logs: Path, env: dict[str, str] | None = None) -> Server:
    """`tdapp run` on a free port, once it answers; its output goes to a log in `logs`; `env`
    adds to the environment (a room's time zone)."""
    port = _free_port()
    env = dict(os.environ, DATABASE_URL=database_url, PYTHONUNBUFFERED="1", **(env or {}))
    log = (logs / f"server-{port}.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "tdapp.cli", "run", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    server = Server(f"http://127.0.0.1:{port}", process, database_url)
    try:
        _wait_until_up(server)
        # Other test runs share the machine: if one of their servers took the port first, theirs
        # answered the probe and ours fails to bind. The listening socket must be ours.
        if not _listens(process.pid, port):
            raise RuntimeError(f"the server on port {port} is another process's: the port was taken")
    except RuntimeError:
        server.kill()
        raise
    return server


def _stop(servers: list[Server], logs: Path) -> None:
    for server in servers:
        if server.process.poll() is None:
            server.process.terminate()
            try:
                server.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
    for log in sorted(logs.glob("server-*.log")):
        text = log.read_text(errors="replace")
        if "Traceback" in text:  # shown with the test's output when it fails
            print(f"--- {log.name}\n{text}")


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[Callable[[str], Server]]:
    started: list[Server] = []

    def start(database_url: str, env: dict[str, str] | None = None) -> Server:
        server = _launch(database_url, tmp_path, env)
        started.append(server)
        return server

    yield start
    _stop(started, tmp_path)


def _prepare_ddt_database(database_url: str, prepare: tuple[str, ...]) -> None:
    """The CLI prepares the database (`prepare`) and makes the DdT account, as an installer does."""
    env = dict(os.environ, DATABASE_URL=database_url)
    for command in (list(prepare), ["create-user", "ddt", "--password", DDT_PASSWORD]):
        subprocess.run(
            [sys.executable, "-m", "tdapp.cli", *command], cwd=ROOT, env=env, check=True,
            capture_output=True,
        )


INSTALLED = ("db", "upgrade")


@pytest.fixture(scope="session")
def _installed_ddt_database(tmp_path_factory) -> Path:
    """A SQLite file the CLI has migrated and given the DdT account, made once per run (the two
    CLI runs cost seconds of CPU): each server of the tests below starts on a copy."""
    return _made_once(tmp_path_factory, "installed.sqlite3",
                      lambda path: _prepare_ddt_database(f"sqlite:///{path}", INSTALLED))


def _copy_of(installed: Path, target: Path) -> str:
    """`installed` copied to `target` through SQLite's backup (whole, whatever its journal);
    answers the copy's URL."""
    source, copy = sqlite3.connect(installed), sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        source.close()
        copy.close()
    return f"sqlite:///{target}"


@pytest.fixture
def ddt_server(start_server, tmp_path: Path, request: pytest.FixtureRequest) -> Callable[..., Server]:
    """Browser tests that need a database of their own (a demo, an account page listing every
    token) log in and call the API as the DdT of a server of their own. A database only migrated
    is a copy of `_installed_ddt_database`; any other `prepare` runs the CLI for the test."""

    def start(name: str, prepare: tuple[str, ...] = INSTALLED,
              env: dict[str, str] | None = None) -> Server:
        target = tmp_path / f"{name}.sqlite3"
        if prepare == INSTALLED:
            database_url = _copy_of(request.getfixturevalue("_installed_ddt_database"), target)
        else:
            database_url = f"sqlite:///{target}"
            _prepare_ddt_database(database_url, prepare)
        return start_server(database_url, env)

    return start


@pytest.fixture(scope="session")
def shared_ddt_server(tmp_path_factory, _installed_ddt_database: Path) -> Iterator[Server]:
    """One `tdapp run` for the whole session (per xdist worker), with the DdT account, for tests
    that only add their own tournaments, leagues or tables and never stop the server: starting a
    server and preparing its database costs more than most of those tests."""
    folder = tmp_path_factory.mktemp("shared-server")
    database_url = _copy_of(_installed_ddt_database, folder / "shared.sqlite3")
    server = _launch(database_url, folder)
    yield server
    _stop([server], folder)


@dataclass
class DdtApi:
    """The DdT's JSON API on a running server, with the DdT's bearer token."""

    server: Server
    token: str

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        sent = None if method == "GET" else (body or {})
        return self.server.call(method, "/api/v1" + path, self.token, sent)


@pytest.fixture
def ddt_api(shared_ddt_server: Server) -> Callable[[str], DdtApi]:
    """The session's shared server (see `shared_ddt_server`) and its DdT, logged in to the API
    with a token of the test's own; the test adds what it needs (`name` says what for)."""

    def start(name: str) -> DdtApi:
        server = shared_ddt_server
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


# Two animation frames: by then what the page's scripts did is painted (a page just navigated
# to, an answer just drawn).
PAINTED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def screenshot(page, **options) -> None:
    """`page.screenshot(**options)` once the page has painted. Chromium refuses to capture a page
    that has no frame yet ("Unable to capture screenshot"): seen once in a whole run, right after
    a navigation whose scripts and styles came from the browser's cache, so that the page had
    loaded before it was first drawn. Refused all the same, the capture is tried once more after
    two more frames."""
    page.evaluate(PAINTED)
    try:
        page.screenshot(**options)
    except Exception as refused:
        if "Unable to capture screenshot" not in str(refused):
            raise
        page.evaluate(PAINTED)
        page.screenshot(**options)


@pytest.fixture(scope="session")
def _chromium() -> Iterator[Callable[[], object]]:
    """Debian's Chromium, not Playwright's download: the only browser on the machine. One per
    test process, launched at its first browser test: a Playwright driver and a Chromium cost
    about two seconds of CPU to start, and the browser tests are spread over the run
    (`_handed_out_order`), so one per module started some forty a run. Launched again if a test
    left it crashed, so that one crash fails one test, not the rest of the worker's."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as driver:
        held: list = []

        def running():
            if not held or not held[-1].is_connected():
                held.append(driver.chromium.launch(executable_path="/usr/bin/chromium",
                                                   args=CHROMIUM_ARGS))
            return held[-1]

        yield running
        for launched in held:
            if launched.is_connected():
                launched.close()


@pytest.fixture
def browser(_chromium):
    """The worker's Chromium; every context (and page) the test opened is closed after it, so
    each test starts with no cookies, storage or pages of another."""
    launched = _chromium()
    yield launched
    for context in list(launched.contexts):
        context.close()
