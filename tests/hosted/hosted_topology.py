"""The hosted topology on this machine, as deploy/README.md sets it up: nginx with
deploy/nginx.conf (rendered for free ports, TLS with a throwaway certificate), two gunicorn web
processes from deploy/gunicorn.conf.py, two `tdapp scheduler` processes (the first started owns
the scheduler, the second waits as its standby), Redis on a channel of this run's own and a
throwaway PostgreSQL database and role made by deploy/create-database.sh (the app's role: no
superuser, so that row-level security binds it) and prepared by `tdapp db upgrade`.

- `topology` (per session): the running topology; see `Topology` for what a test can do with it.
- `Topology.client(port)`: the header that makes nginx send a client's requests to the web
  process on `port` (the test's nginx takes the client's address from it, as nginx behind a
  load balancer does, and hashes it), so that a test chooses which process serves which client.
  A tournament's own addresses go to one process whoever sends them (deploy/nginx.conf):
  `Topology.writer(tid)` says which.
- `screen(...)`: tests/web/screens.py's Screen through nginx (WebSocket or long-polling) to the
  web process a test chooses.

Nothing here is a double: every process is the one a hoster runs.
"""

from __future__ import annotations

import http.client as http_client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

from tests.web.screens import Screen

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / ".venv" / "bin"
POSTGRES_ADMIN_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
REDIS_URL = "redis://127.0.0.1:6379/0"
DDT = ("ddt", "correct horse battery")
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
UNVERIFIED = ssl._create_unverified_context()  # the test's own self-signed certificate


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(0.1)


def http(
    url: str,
    method: str = "GET",
    body: dict | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30,
) -> tuple[int, dict[str, str], Any]:
    """A request with JSON in and out; answers (status, headers, JSON or None)."""
    data = None if body is None else json.dumps(body).encode()
    wanted = {"Content-Type": "application/json", **(headers or {})}
    request = urllib.request.Request(url, data=data, method=method, headers=wanted)
    try:
        with urllib.request.urlopen(request, timeout=timeout, context=UNVERIFIED) as answer:
            status, got, raw = answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as refused:
        status, got, raw = refused.code, dict(refused.headers), refused.read()
    try:
        return status, got, json.loads(raw)
    except ValueError:
        return status, got, None


def answers(url: str) -> bool:
    """Whether `url` answers 200 now. A probe, polled by `wait_until`: a gunicorn whose worker is
    still booting (or waiting for a migration) accepts the connection and says nothing, and a
    probe waiting the full request timeout there cost the fresh-start test 90 s."""
    try:
        return http(url, timeout=2)[0] == 200
    except OSError:
        return False


def render_nginx(source: str, tls_port: int, http_port: int, web_ports: list[int], folder: Path) -> str:
    """deploy/nginx.conf as a hoster adapts it: its upstream servers, listening ports,
    certificate and static folder; every other line as shipped. A line the renderer expects
    and no longer finds fails the run, so the file under test is the one deployed."""
    replacements = [
        (r"\n(\s*)server 127\.0\.0\.1:\d+([^;\n]*);(?:\n\s*server 127\.0\.0\.1:\d+[^;\n]*;)*",
         lambda m: "".join(f"\n{m.group(1)}server 127.0.0.1:{port}{m.group(2)};" for port in web_ports)),
        (r"listen 443 ssl", f"listen 127.0.0.1:{tls_port} ssl"),
        (r"listen 80;", f"listen 127.0.0.1:{http_port};"),
        (r"ssl_certificate +\S+;", f"ssl_certificate {folder / 'cert.pem'};"),
        (r"ssl_certificate_key +\S+;", f"ssl_certificate_key {folder / 'key.pem'};"),
        (r"alias /srv/tdapp/static/;", f"alias {ROOT / 'static'}/;"),
    ]
    for pattern, replacement in replacements:
        source, found = re.subn(pattern, replacement, source)
        assert found, f"deploy/nginx.conf no longer has {pattern!r}"
    return source


def nginx_main(folder: Path) -> str:
    """The nginx.conf around the included file: its own prefix, pid and logs. The client's
    address comes from `X-Test-Client` (realip), and each answer names its upstream."""
    user = "user root;\n" if os.geteuid() == 0 else ""
    temp = "\n".join(
        f"  {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return f"""{user}worker_processes 1;
pid {folder / 'nginx.pid'};
error_log {folder / 'error.log'};
events {{ worker_connections 8192; }}
http {{
  access_log off;
{temp}
  set_real_ip_from 127.0.0.1;
  real_ip_header X-Test-Client;
  add_header X-Test-Upstream $upstream_addr always;
  include {folder / 'tdapp.conf'};
}}
"""


class Process:
    """One process of the topology, its output in a file of the run's folder."""

    def __init__(self, name: str, command: list[str], env: dict[str, str], folder: Path) -> None:
        self.name, self.command, self.env = name, command, env
        self.log = folder / f"{name}.log"
        self.popen: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        with open(self.log, "ab") as output:
            self.popen = subprocess.Popen(
                self.command, cwd=ROOT, env=self.env, stdout=output, stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def signal(self, number: int) -> None:
        if self.alive():
            os.killpg(self.popen.pid, number)

    def stop(self, timeout: float = 20) -> None:
        """SIGTERM (gunicorn's graceful stop), then SIGKILL if it lingers."""
        if not self.alive():
            return
        self.signal(signal.SIGTERM)
        try:
            self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.signal(signal.SIGKILL)
            self.popen.wait(10)

    def kill(self) -> None:
        self.signal(signal.SIGKILL)
        if self.popen is not None:
            self.popen.wait(10)

    def output(self) -> str:
        return self.log.read_text(errors="replace")


def environment(database_url: str, channel: str) -> dict[str, str]:
    """What /etc/tdapp/tdapp.env gives every unit (deploy/tdapp.env.example)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TDAPP_", "SOCKETIO_"))}
    env.update(
        DATABASE_URL=database_url,
        SECRET_KEY=secrets.token_hex(16),
        SOCKETIO_MESSAGE_QUEUE=REDIS_URL,
        SOCKETIO_CHANNEL=channel,
        TDAPP_SCHEDULER="0",
        TDAPP_MIGRATE_ON_START="0",
        PYTHONUNBUFFERED="1",
    )
    return env


def tdapp(env: dict[str, str], *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(BIN / "tdapp"), *args], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=timeout,
    )


def create_database(name: str) -> str:
    """A role and a database of that name, made as a hoster makes them: deploy/create-database.sh
    run by PostgreSQL's superuser. The role (no superuser, no BYPASSRLS) owns the database, and
    the returned URL connects as it, with its password: the topology runs as the app's role."""
    password = secrets.token_urlsafe(16)
    made = subprocess.run(
        ["sh", str(ROOT / "deploy" / "create-database.sh"), name, name], cwd=ROOT,
        env={**os.environ, "PGHOST": "127.0.0.1", "PGUSER": "postgres",
             "TDAPP_DB_PASSWORD": password},
        capture_output=True, text=True, timeout=60,
    )
    if made.returncode != 0:
        raise RuntimeError(made.stderr)
    return f"postgresql://{name}:{password}@127.0.0.1:5432/{name}"


def drop_database(name: str) -> None:
    """The database and its role, gone (the role owns nothing once the database is)."""
    admin = create_engine(POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        connection.execute(text(f'DROP ROLE IF EXISTS "{name}"'))
    admin.dispose()


def web_process(name: str, port: int, env: dict[str, str], folder: Path) -> Process:
    command = [str(BIN / "gunicorn"), "-c", "deploy/gunicorn.conf.py", "tdapp:create_app()"]
    return Process(name, command, {**env, "PORT": str(port)}, folder)


class Topology:
    """The running deployment. `url` is nginx's HTTPS address; `web[port]` and `schedulers`
    are the processes (the owner first)."""

    def __init__(self, folder: Path, database_url: str, channel: str) -> None:
        self.folder, self.env = folder, environment(database_url, channel)
        self.web_ports = [free_port(), free_port()]
        self.tls_port, self.http_port = free_port(), free_port()
        self.url = f"https://127.0.0.1:{self.tls_port}"
        self.processes: list[Process] = []
        self.web: dict[int, Process] = {}
        self.schedulers: list[Process] = []
        self.routes: dict[int, str] = {}
        self.token = ""

    # -- starting -------------------------------------------------------------------------
    def start(self) -> None:
        upgraded = tdapp(self.env, "db", "upgrade")
        assert upgraded.returncode == 0, upgraded.stderr
        created = tdapp(self.env, "create-user", DDT[0], "--password", DDT[1])
        assert created.returncode == 0, created.stderr
        for number, port in enumerate(self.web_ports, 1):
            self.start_web(port, f"web{number}")
        for port in self.web_ports:
            wait_until(lambda p=port: answers(f"http://127.0.0.1:{p}/healthz"), 60, f"web on {port}")
        self.start_scheduler("scheduler1")
        wait_until(self.ready, 30, "the first scheduler owns the clock")
        self.start_scheduler("scheduler2")
        self.start_nginx()
        self.find_routes()
        self.token = self.call("POST", "/api/v1/auth/token", {"username": DDT[0], "password": DDT[1]})["token"]

    def start_web(self, port: int, name: str) -> Process:
        process = web_process(name, port, self.env, self.folder)
        self.web[port] = process
        self.processes.append(process)
        return process

    def reload_web(self, port: int) -> None:
        """What `systemctl reload tdapp-web@PORT` does (SIGHUP to the gunicorn master): a new
        worker with freshly imported code on the same listening socket, the old one finishing
        its requests; returns once the new worker has booted."""
        process = self.web[port]
        booted = process.output().count("Booting worker")
        os.kill(process.popen.pid, signal.SIGHUP)
        wait_until(lambda: process.output().count("Booting worker") > booted, 60, "a new worker")

    def start_scheduler(self, name: str) -> Process:
        process = Process(name, [str(BIN / "tdapp"), "scheduler"], self.env, self.folder)
        self.schedulers.append(process)
        self.processes.append(process)
        return process

    def start_nginx(self) -> None:
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-subj", "/CN=127.0.0.1", "-keyout", str(self.folder / "key.pem"),
             "-out", str(self.folder / "cert.pem")],
            check=True, capture_output=True,
        )
        source = (ROOT / "deploy" / "nginx.conf").read_text()
        (self.folder / "tdapp.conf").write_text(
            render_nginx(source, self.tls_port, self.http_port, self.web_ports, self.folder)
        )
        (self.folder / "nginx.conf").write_text(nginx_main(self.folder))
        command = [NGINX, "-p", str(self.folder), "-e", str(self.folder / "error.log"),
                   "-c", str(self.folder / "nginx.conf")]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        nginx = Process("nginx", [*command, "-g", "daemon off;"], self.env, self.folder)
        self.processes.append(nginx)
        wait_until(lambda: answers(f"{self.url}/healthz"), 20, "nginx")

    def find_routes(self) -> None:
        """For each web process, a client address that nginx sends to it."""
        for third in range(1, 255):
            address = f"10.0.{third}.1"
            _, headers, _ = http(f"{self.url}/healthz", headers={"X-Test-Client": address})
            port = int(headers["X-Test-Upstream"].rsplit(":", 1)[1])
            self.routes.setdefault(port, address)
            if len(self.routes) == len(self.web_ports):
                return
        raise AssertionError("nginx sent every address to one process")

    # -- using ----------------------------------------------------------------------------
    def client(self, port: int) -> dict[str, str]:
        return {"X-Test-Client": self.routes[port]}

    def call(self, method: str, path: str, body: dict | None = None, via: int | None = None) -> Any:
        """A DdT's API request through nginx from a client that `via`'s process serves (which
        serves the request itself unless it is a tournament's: see `writer`)."""
        headers = self.client(via) if via else {}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        status, _, answer = http(self.url + path, method, body, headers)
        assert status < 400, (status, answer)
        return answer

    def serving(self, path: str, via: int | None = None) -> int:
        """The port of the web process that nginx sends `path` to, from the client of `via`."""
        connection = http_client.HTTPSConnection("127.0.0.1", self.tls_port, timeout=30,
                                                 context=UNVERIFIED)
        try:  # not urllib: a redirect (a page asking for a login) would be followed elsewhere
            connection.request("GET", path, headers=self.client(via) if via else {})
            upstream = connection.getresponse().getheader("X-Test-Upstream")
        finally:
            connection.close()
        return int(upstream.rsplit(":", 1)[1])

    def writer(self, tid: int) -> int:
        """The web process that serves tournament `tid`'s requests, whichever client sends them."""
        return self.serving(f"/api/v1/tournaments/{tid}")

    def ready(self, port: int | None = None) -> bool:
        port = port or next(p for p in self.web_ports if self.web[p].alive())
        return http(f"http://127.0.0.1:{port}/readyz")[0] == 200

    def readiness(self) -> tuple[int, Any]:
        status, _, report = http(f"{self.url}/readyz")
        return status, report

    def owner(self) -> Process:
        """The scheduler process that holds the lock (the one the heartbeat names)."""
        _, report = self.readiness()
        assert report["checks"]["scheduler"]["ok"], report
        pids = {process.popen.pid: process for process in self.schedulers if process.alive()}
        owner_pid = _heartbeat_pid(self.env["DATABASE_URL"])
        return pids[owner_pid]

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.stop()


def _heartbeat_pid(database_url: str) -> int:
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as connection:
        pid = connection.execute(text("SELECT pid FROM scheduler_heartbeat")).scalar_one()
    engine.dispose()
    return pid


def screen(topology: Topology, slug: str, port: int, transport: str, **joining: Any) -> Screen:
    """A display (or, with `player=<id>`, a phone) through nginx to the web process on `port`,
    over `transport`, once it holds its first view (tests/web/screens.py)."""
    shown = Screen(topology.url, slug, headers=topology.client(port), transport=transport, **joining)
    shown.wait_for(lambda view: True, timeout=15)
    return shown
