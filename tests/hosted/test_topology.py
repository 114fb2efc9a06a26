"""The hosted topology at work (issue 13): clients on both web processes, through nginx, with
the scheduler in processes of its own, its owner killed at the worst moments."""

from __future__ import annotations

import re
import signal
import threading
import time
import urllib.request

import pytest
from hosted_topology import (
    POSTGRES_ADMIN_URL,
    UNVERIFIED,
    Screen,
    Topology,
    answers,
    screen,
    wait_until,
)
from sqlalchemy import create_engine, text

from tdapp.realtime.protocol import settled

pytestmark = [
    pytest.mark.hosted,
    # The test certificate is self-signed; the clients are told not to verify it.
    pytest.mark.filterwarnings("ignore::urllib3.exceptions.InsecureRequestWarning"),
]

CLOSES_WITH_LEVEL_1 = {"LATE_REGISTRATION_CLOSED", "REBUY_CLOSED", "ADD_ON_CLOSED"}


def tournament(
    topology: Topology, first_level_seconds: int, short_levels: int = 1, **settings
) -> tuple[int, str]:
    """A tournament whose first `short_levels` levels are short and whose late registration,
    rebuys and add-on close with the first; then a level that lasts."""
    body = {
        "name": f"Hosted {time.monotonic_ns()}",
        "starting_stack": 5000,
        "buy_in": 2000,
        "seats_per_table": 9,
        "levels": [
            *(
                {"small_blind": 25 * n, "big_blind": 50 * n, "ante": 0, "seconds": first_level_seconds}
                for n in range(1, short_levels + 1)
            ),
            {"small_blind": 50 * short_levels, "big_blind": 100 * short_levels, "ante": 0, "seconds": 3600},
        ],
        "late_registration_until_level": 1,
        "rebuy": {"until_level": 1, "chips": 5000, "price": 2000},
        "add_on": {"chips": 5000, "price": 2000, "until_level": 1},
        **settings,
    }
    created = topology.call("POST", "/api/v1/tournaments", body)
    return created["id"], created["slug"]


def level_ends(shown: Screen) -> list[dict]:
    return [message for kind, message in shown.messages if kind == "clock" and message["cue"] == "level"]


def is_level_end(shown: dict) -> bool:
    return shown.get("event") == "clock" and shown["cue"] == "level"


def test_a_level_end_and_a_ddts_action_reach_the_clients_of_both_web_processes(topology):
    first, second = topology.web_ports
    tid, slug = tournament(topology, first_level_seconds=4)
    on_first = screen(topology, slug, first, "websocket")
    on_second = screen(topology, slug, second, "polling")
    try:
        topology.call("POST", f"/api/v1/tournaments/{tid}/players", {"name": "Ada"})
        # A wall display holds the counts, not the field's rows (it pages the seating over HTTP).
        on_first.wait_for(lambda view: view.get("ledger", {}).get("entries") == 1)
        topology.call("POST", f"/api/v1/tournaments/{tid}/clock", {"action": "start"})
        on_second.wait_for(lambda view: view["clock"]["running"])
        for shown in (on_first, on_second):
            message = shown.wait_for(is_level_end)
            assert message["clock"]["level"] == 2
            assert {notice["code"] for notice in message["notices"]} == CLOSES_WITH_LEVEL_1
    finally:
        on_first.close()
        on_second.close()


def test_a_change_made_in_one_web_process_reaches_the_phones_of_the_other_as_deltas(topology):
    """The process that made the change computes it once and sends it through Redis: a phone
    and a display served by the other process rebuild what a fresh join there shows."""
    tid, slug = tournament(topology, first_level_seconds=1200)
    # The tournament's changes are made in its own process; the phones are on the other.
    other = next(port for port in topology.web_ports if port != topology.writer(tid))
    for name in ("Ada", "Bea", "Cloe"):
        topology.call("POST", f"/api/v1/tournaments/{tid}/players", {"name": name})
    seated = topology.call("POST", f"/api/v1/tournaments/{tid}/seats/draw", {})
    ada = next(p["id"] for p in seated["players"] if p["name"] == "Ada")
    phone = screen(topology, slug, other, "websocket", player=ada)
    display = screen(topology, slug, other, "polling")
    try:
        busted = topology.call("POST", f"/api/v1/tournaments/{tid}/players/{ada}/bust", {})
        for following in (phone, display):
            shown = following.wait_version(busted["version"])
            fresh = screen(topology, slug, other, "websocket", **(
                {"player": ada} if following is phone else {}))
            try:
                assert settled(shown) == settled(fresh.follower.view)
            finally:
                fresh.close()
        assert phone.follower.view["player"]["status"] == "busted"
        # It came as deltas after the join's view.
        heard = [kind for kind, _ in phone.messages if kind in ("view", "delta")]
        assert heard[:1] == ["view"] and "delta" in heard
    finally:
        phone.close()
        display.close()


def test_a_tournaments_requests_reach_one_process_whichever_client_sends_them(topology):
    """deploy/nginx.conf: a tournament's API and console addresses go to one process, any other
    address by the client's, so that each client's socket stays on its process. nginx routes by
    the address alone: most of the tournaments asked here do not exist."""
    writers = {}
    for tid in range(1, 41):
        writers[tid] = topology.writer(tid)
        for port in topology.web_ports:
            for path in (f"/api/v1/tournaments/{tid}/players?page=1", f"/td/tournaments/{tid}",
                         f"/td/tournaments/{tid}/table/3"):
                assert topology.serving(path, via=port) == writers[tid], (path, port)
            # An address that only begins like a tournament's goes by the client.
            assert topology.serving(f"/api/v1/tournaments/{tid}x", via=port) == port
    for port in topology.web_ports:
        assert topology.serving("/healthz", via=port) == port
        assert topology.serving("/api/v1/tournaments", via=port) == port
    # The tournaments are spread over the processes, not all sent to one.
    assert set(writers.values()) == set(topology.web_ports)


def hand_through(topology: Topology, decision_limit: str) -> tuple[str, dict]:
    """A hand started at a table; its tournament's requests are served by a web process, which
    runs no scheduler."""
    tid, _ = tournament(
        topology, first_level_seconds=1200, decision_seconds=2, options={"decision_limit": decision_limit}
    )
    for name in ("Ada", "Bruno", "Carla"):
        topology.call("POST", f"/api/v1/tournaments/{tid}/players", {"name": name})
    drawn = topology.call("POST", f"/api/v1/tournaments/{tid}/seats/draw", {})
    base = f"/api/v1/tournaments/{tid}/tables/{drawn['players'][0]['table']}"
    hand = topology.call("POST", f"{base}/hands", {})["hand"]
    return base, hand


def expired(topology: Topology, base: str, hand: dict, decision_limit: str) -> bool:
    """Whether the seat to act at `hand` lost its decision to the limit (HE-23 club: no raise;
    HE-24 TDA: folded facing a bet)."""
    now = topology.call("GET", f"{base}/hand")["hand"]
    if decision_limit == "tda":
        return now["legal"]["seat"] != hand["legal"]["seat"]
    return "raise" not in now["legal"]["actions"]


@pytest.mark.parametrize("decision_limit", ["club", "tda"])
def test_the_decision_limit_holds_for_a_hand_played_through_a_process_without_the_scheduler(
    topology, decision_limit
):
    base, hand = hand_through(topology, decision_limit)
    seat = hand["legal"]["seat"]
    hand = topology.call("POST", f"{base}/hand/actions", {"seat": seat, "action": "call"})["hand"]
    assert "raise" in hand["legal"]["actions"]
    wait_until(lambda: expired(topology, base, hand, decision_limit), 15, "the limit")


def test_the_standby_enforces_a_decision_limit_when_the_owner_dies_mid_decision(topology):
    base, hand = hand_through(topology, "tda")
    topology.owner().kill()
    try:
        wait_until(lambda: expired(topology, base, hand, "tda"), 20, "the limit")
    finally:
        topology.start_scheduler(f"standby{time.monotonic_ns()}")


def test_the_owner_killed_just_before_a_level_end_the_standby_announces_it_once(topology):
    first, second = topology.web_ports
    tid, slug = tournament(topology, first_level_seconds=3)
    screens = [screen(topology, slug, first, "websocket"), screen(topology, slug, second, "websocket")]
    try:
        started = topology.call("POST", f"/api/v1/tournaments/{tid}/clock", {"action": "start"})
        level_end = time.time() + started["clock"]["remaining_ms"] / 1000
        owner = topology.owner()
        standby = next(p for p in topology.schedulers if p.alive() and p is not owner)
        time.sleep(max(0.0, level_end - 0.5 - time.time()))
        # The standby, held still, takes over only after the level end has passed, as a
        # standby that retries every second may (the issue saw 1.2 to 1.5 s).
        standby.signal(signal.SIGSTOP)
        owner.kill()
        time.sleep(max(0.0, level_end + 1.0 - time.time()))
        standby.signal(signal.SIGCONT)
        for shown in screens:
            message = shown.wait_for(is_level_end, timeout=20)
            assert message["clock"]["level"] == 2
            assert {notice["code"] for notice in message["notices"]} == CLOSES_WITH_LEVEL_1
        # Whatever else comes, from the new owner or a late job of the old one, is no second cue.
        time.sleep(3)
        for shown in screens:
            assert len(level_ends(shown)) == 1
    finally:
        for shown in screens:
            shown.close()
        topology.start_scheduler(f"standby{time.monotonic_ns()}")


def test_readyz_says_what_is_wrong_once_no_scheduler_owner_is_alive(topology):
    status, report = topology.readiness()
    assert status == 200 and report["ready"], report
    for scheduler in topology.schedulers:
        scheduler.kill()
    try:
        wait_until(lambda: topology.readiness()[0] == 503, 15, "/readyz turning 503")
        status, report = topology.readiness()
        assert report["checks"]["database"]["ok"] and report["checks"]["redis"]["ok"]
        assert "no scheduler owner" in report["checks"]["scheduler"]["problem"]
    finally:
        topology.start_scheduler(f"owner{time.monotonic_ns()}")
        wait_until(topology.ready, 30, "a new owner")
    assert topology.call("GET", "/healthz") == {"ok": True}


def test_a_rolling_reload_of_the_web_processes_loses_no_action_and_no_level_end(topology):
    # Registration stays open: the actions are new players, all night.
    tid, slug = tournament(
        topology, first_level_seconds=2, short_levels=60, late_registration_until_level=60
    )
    topology.call("POST", f"/api/v1/tournaments/{tid}/clock", {"action": "start"})
    sent: list[str] = []
    # The tournament's own process first: it serves every action, so they reach it while it reloads.
    writer = topology.writer(tid)
    for reloading in sorted(topology.web_ports, key=lambda port: port != writer):
        other = next(port for port in topology.web_ports if port != reloading)
        watching = screen(topology, slug, other, "websocket")
        try:
            stopping = threading.Thread(target=topology.reload_web, args=(reloading,))
            stopping.start()
            # Actions sent the whole time.
            while stopping.is_alive() or len(sent) % 5:
                name = f"Player {len(sent) + 1}"
                topology.call("POST", f"/api/v1/tournaments/{tid}/players", {"name": name})
                sent.append(name)
            stopping.join()
            wait_until(lambda p=reloading: answers(f"http://127.0.0.1:{p}/healthz"), 60, "reloaded")
            now = topology.call("GET", f"/api/v1/tournaments/{tid}")["clock"]["period"]
            watching.wait_for(lambda m, n=now: is_level_end(m) and m["clock"]["period"] == n + 1)
            periods = [message["clock"]["period"] for message in level_ends(watching)]
            # Every level end from the first this screen saw to the next after the reload, once.
            assert periods == list(range(periods[0], now + 2))
        finally:
            watching.close()
    shown = topology.call("GET", f"/api/v1/tournaments/{tid}")
    assert [p["name"] for p in shown["players"]] == sent


def test_each_web_process_has_a_control_socket_of_its_own(topology):
    sockets = {
        port: re.findall(r"Control socket listening at (\S+)", topology.web[port].output())
        for port in topology.web_ports
    }
    assert all(sockets.values()), sockets
    assert len({found[-1] for found in sockets.values()}) == len(topology.web_ports)


def test_the_app_connects_as_a_role_that_row_level_security_binds(topology):
    """Every connection the web processes and the schedulers hold is the role the deploy script
    made, which is no superuser and no BYPASSRLS and owns the tables (tests/web/
    test_row_level_security.py checks which are club-owned, with their forced policies): the
    policies bind it, so that a raw read as it with no club set finds none of the tournaments
    the topology's requests wrote, and across clubs finds them."""
    tid, _ = tournament(topology, 600)
    for port in topology.web_ports:  # the list is served by the client's process: both connect
        topology.call("GET", "/api/v1/tournaments", via=port)
    url = topology.env["DATABASE_URL"].replace("postgresql://", "postgresql+psycopg://")
    database = url.rsplit("/", 1)[1]
    admin = create_engine(POSTGRES_ADMIN_URL.rsplit("/", 1)[0] + f"/{database}")
    app = create_engine(url)
    try:
        with admin.connect() as connection:
            users = connection.execute(text(
                "SELECT DISTINCT usename FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()")).scalars().all()
            role = connection.execute(text(
                "SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = :name"),
                {"name": database}).one()
            owner = connection.execute(text(
                "SELECT tableowner FROM pg_tables WHERE tablename = 'tournaments'")).scalar()
        with app.connect() as connection:
            unset = connection.execute(text("SELECT count(*) FROM tournaments")).scalar()
            connection.execute(text("SELECT set_config('tdapp.club', '*', true)"))
            across = connection.execute(text("SELECT count(*) FROM tournaments")).scalar()
    finally:
        admin.dispose()
        app.dispose()
    assert users == [database]
    assert tuple(role) == (False, False)
    assert owner == database
    assert (unset, across > 0) == (0, True)


def test_nginx_keeps_a_static_file_linked_with_its_version_for_good(topology):
    """deploy/nginx.conf serves /static/ itself: a file under the address the pages link (its
    content's version, tdapp/web/static_files.py) is kept for good, any other address an hour."""
    with urllib.request.urlopen(f"{topology.url}/login", context=UNVERIFIED, timeout=30) as page:
        linked = re.findall(r'(?:src|href)="(/static/[^"]+\?v=[0-9a-f]+)"', page.read().decode())
    assert linked
    for address, kept in ((linked[-1], "max-age=315360000"),
                          (linked[-1].split("?")[0], "max-age=3600")):
        with urllib.request.urlopen(topology.url + address, context=UNVERIFIED, timeout=30) as answer:
            assert answer.status == 200
            assert answer.headers["Cache-Control"] == kept, address
