"""The wall display in a real Chromium: sizes of a TV and a projector, the break screen, the
seating layout, the lost-connection warning. Screenshots go to `shots/` for a person to judge."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.conftest import DDT_PASSWORD, in_the_club_of, screenshot

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "shots"
BLINDS = ((100, 200), (200, 400), (300, 600), (400, 800), (500, 1000), (800, 1600), (1500, 3000),
          (2000, 4000), (3000, 6000), (5000, 10000))
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Marco", "Nicolò", "Olga", "Paolo", "Rita", "Sergio", "Tina"]


def _an_evening(server) -> tuple:
    """A night of 28 entries at 4 tables, 6 out, one moved by hand, late registration until the
    end of level 1, twenty-minute levels with a big blind ante from
    level 3 and colour-up breaks after levels 4 and 8, written into the database of `server`
    (a running `tdapp run` with the DdT's account), which reads it from there as it would a night
    another process made. Returns (server, tournament id, slug, token)."""
    from tdapp.services import tournaments
    from tdapp.tournament.busts import BustPlayer
    from tdapp.tournament.registration import RegisterPlayer
    from tdapp.tournament.seating.opening_draw import DrawSeats
    from tdapp.tournament.seating.rules import MovePlayer
    from tdapp.tournament.settings import Settings
    from tdapp.tournament.structure import Break, Level, Structure

    with in_the_club_of(server):
        periods = []
        for number, (small, big) in enumerate(BLINDS, start=1):
            periods.append(Level(small, big, 1200, ante=big if number >= 3 else 0, big_blind_ante=True))
            if number in (4, 8):
                periods.append(Break(600, note=f"Colour-up: via le fiches da {25 * number // 4}"))
        settings = Settings(
            name="Torneo del Lunedì",
            structure=Structure(tuple(periods)),
            late_registration_until_level=1,
        )
        created = tournaments.create_tournament(settings, "test")
        for number in range(28):
            name = f"{NAMES[number % len(NAMES)]} {chr(65 + number // len(NAMES))}."
            tournaments.dispatch(created.id, RegisterPlayer(name), "test")
        tournaments.dispatch(created.id, DrawSeats(tables=4), "test")
        for player_id in (3, 9, 14, 20, 22, 27):
            tournaments.dispatch(created.id, BustPlayer(player_id), "test")
        state = tournaments.current(created.id)
        open_seat = next(
            (table, seat)
            for table in (1, 2)
            for seat, sitting in enumerate(state.tables[table], start=1)
            if sitting is None
        )
        mover = next(p.id for p in state.players if p.in_play and p.table == 4)
        tournaments.dispatch(created.id, MovePlayer(mover, *open_seat), "test")
    token = _post(f"{server.url}/api/v1/auth/token", {"username": "ddt", "password": DDT_PASSWORD})
    return server, created.id, created.slug, token["token"]


@pytest.fixture
def evening(shared_ddt_server):
    """The night as a tournament of the test's own on this worker's shared server (a server's
    start costs more than most of these tests)."""
    return _an_evening(shared_ddt_server)


@pytest.fixture
def own_evening(ddt_server):
    """The night on a server of the test's own, for a test that stops the server."""
    return _an_evening(ddt_server("evening"))


def _post(url: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def _clock(evening, **body) -> dict:
    server, tid, _slug, token = evening
    return _post(f"{server.url}/api/v1/tournaments/{tid}/clock", body, token)


def _open(browser, evening, width: int, height: int, query: str = ""):
    server, _tid, slug, _token = evening
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{server.url}/t/{slug}/clock{query}")
    page.wait_for_function("window.tdDisplay && window.tdDisplay.sync.measured()")
    return page


def _box(page, selector: str) -> dict:
    return page.locator(selector).bounding_box()


def _font_px(page, selector: str) -> float:
    return page.eval_on_selector(selector, "e => parseFloat(getComputedStyle(e).fontSize)")


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1366, 768)])
def test_the_countdown_is_the_largest_thing_and_everything_fits_the_screen(browser, evening, width, height):
    _clock(evening, action="start")
    _clock(evening, action="jump", level=7)
    page = _open(browser, evening, width, height)
    page.wait_for_function("document.getElementById('level').textContent === '7'")
    countdown = _font_px(page, "#countdown")
    for other in ("#blinds", "#ante", "#level", "#players", "#pool", "#next-level", ".name"):
        assert countdown > _font_px(page, other), other
    assert countdown >= 0.3 * height  # a third of the screen: legible at 10 m on a TV
    assert _font_px(page, "#blinds") >= 0.1 * height
    for selector in ("#countdown", "#blinds", "#ante", "#level", ".stats", ".qr svg", "#next-break"):
        box = _box(page, selector)
        assert box and box["x"] >= 0 and box["y"] >= 0, selector
        assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, selector
    assert re.fullmatch(r"\d{1,2}:\d\d", page.text_content("#countdown"))  # 20:00 or less
    assert page.text_content("#players") == "22 / 28"
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=SHOTS / f"clock-{width}x{height}.png")


def test_the_break_screen_counts_down_the_break_and_shows_the_colour_up(browser, evening):
    _clock(evening, action="start")
    _clock(evening, action="break")
    page = _open(browser, evening, 1920, 1080)
    assert "on-break" in page.get_attribute("#display", "class")
    assert re.fullmatch(r"10:00|9:[45]\d", page.text_content("#countdown"))
    assert page.text_content("#break-note").strip()
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=SHOTS / "clock-break-1920x1080.png")


def test_a_paused_clock_says_so_and_stands_still(browser, evening):
    _clock(evening, action="start")
    _clock(evening, action="adjust", seconds=-125)
    _clock(evening, action="pause")
    page = _open(browser, evening, 1366, 768)
    first = page.text_content("#countdown")
    page.wait_for_timeout(1500)
    assert page.text_content("#countdown") == first
    assert page.text_content("#state").strip()
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=SHOTS / "clock-paused-1366x768.png")


def test_the_seating_layout_shows_tables_and_payouts(browser, evening):
    server, tid, _slug, token = evening
    _post(f"{server.url}/api/v1/tournaments/{tid}/displays/bar", {"layout": "seating"}, token)
    page = _open(browser, evening, 1920, 1080, "?screen=bar")
    assert page.locator(".screen-seating").is_visible()
    assert not page.locator(".screen-clock").is_visible()
    assert page.locator(".table").count() == 4
    assert page.locator("#payouts li").count() >= 2
    assert page.locator("#moves li").count() == 1
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=SHOTS / "clock-seating-1920x1080.png")


def test_the_seating_turns_its_pages_and_follows_a_bust_on_the_page_shown(browser, evening):
    server, tid, slug, token = evening
    _post(f"{server.url}/api/v1/tournaments/{tid}/displays/bar", {"layout": "seating", "seconds": 5},
          token)
    page = _open(browser, evening, 1920, 1080, "?screen=bar&size=2")  # two tables a page
    tables = page.locator("#seating .table h3")
    expect(tables).to_have_text([re.compile(r" 1$"), re.compile(r" 2$")])
    expect(tables).to_have_text([re.compile(r" 3$"), re.compile(r" 4$")], timeout=15_000)
    seating = json.loads(urllib.request.urlopen(
        f"{server.url}/t/{slug}/seating?page=2&size=2", timeout=10).read())
    seat = next(s for s in seating["tables"][0]["seats"] if s["player_id"])
    _post(f"{server.url}/api/v1/tournaments/{tid}/players/{seat['player_id']}/bust", {}, token)
    # The page shown is asked for again, and the pages go round.
    expect(page.locator("#seating")).not_to_contain_text(seat["name"])
    expect(tables).to_have_text([re.compile(r" 1$"), re.compile(r" 2$")], timeout=15_000)


def test_a_lost_connection_is_shown_while_the_countdown_keeps_going(browser, own_evening):
    _clock(own_evening, action="start")
    page = _open(browser, own_evening, 1366, 768)
    assert page.locator("#offline").is_hidden()
    own_evening[0].kill()
    page.wait_for_selector("#offline", state="visible", timeout=15_000)
    first = page.text_content("#countdown")
    page.wait_for_function(f"document.getElementById('countdown').textContent !== '{first}'")


def _watch_level(page) -> None:
    """From now on the page notes each level it shows, with the server's time by its own clock."""
    page.evaluate(
        """() => { window.__levels = [];
          new MutationObserver(() => window.__levels.push([
              document.getElementById('level').textContent, window.tdDisplay.sync.serverNow()]))
            .observe(document.getElementById('level'), {childList: true, characterData: true, subtree: true}); }"""
    )


def _holds(page, ends_at: int) -> None:
    """Waits until the page holds a clock ending at `ends_at` (the adjustment's push arrived)."""
    page.wait_for_function(f"window.tdDisplay.view() && window.tdDisplay.view().clock.ends_at === {ends_at}",
                           timeout=15_000)


def test_the_display_turns_to_the_next_level_at_its_instant_even_with_the_server_gone(browser, own_evening):
    # The page is open and synchronised before the level is brought to its last seconds, so
    # that a slow page load on a loaded machine never starts it past the instant.
    _clock(own_evening, action="start")
    page = _open(browser, own_evening, 1366, 768)
    turn = _clock(own_evening, action="adjust", seconds=-(1200 - 6))["clock"]["ends_at"]  # in 6 s
    _holds(page, turn)
    assert page.text_content("#level") == "1"
    _watch_level(page)
    own_evening[0].kill()  # no push can come now: the display turns by what it holds
    page.wait_for_function("document.getElementById('level').textContent === '2'", timeout=15_000)
    (level, at), *_ = page.evaluate("window.__levels")
    assert level == "2" and at >= turn  # not a moment before the level's instant
    assert re.fullmatch(r"(20:00|19:[45]\d)", page.text_content("#countdown"))
    assert page.text_content("#blinds") == "200 / 400"


def test_the_display_does_not_turn_when_the_ddt_pauses_a_second_before_the_level_end(browser, evening):
    _clock(evening, action="start")
    page = _open(browser, evening, 1366, 768)
    turn = _clock(evening, action="adjust", seconds=-(1200 - 8))["clock"]["ends_at"]
    _holds(page, turn)
    _watch_level(page)
    page.wait_for_function(f"window.tdDisplay.sync.serverNow() >= {turn - 1000}", timeout=15_000)
    assert _clock(evening, action="pause")["clock"]["level"] == 1  # it came before the end
    page.wait_for_function(f"window.tdDisplay.sync.serverNow() >= {turn + 1500}", timeout=15_000)
    assert page.evaluate("window.__levels") == []
    assert page.text_content("#level") == "1"
    assert "paused" in page.get_attribute("#display", "class")


def test_the_room_is_told_when_late_registration_closes_with_its_level(browser, evening):
    # The notice comes with the level end's push: the page listens before the level's last
    # seconds begin (opened after them, on a loaded machine, it joined a level already ended).
    _clock(evening, action="start")
    page = _open(browser, evening, 1920, 1080)
    _holds(page, _clock(evening, action="adjust", seconds=-(1200 - 3))["clock"]["ends_at"])
    page.wait_for_selector("#notices", state="visible", timeout=15_000)
    assert page.text_content("#notices").strip()
    assert page.text_content("#level") == "2"
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=SHOTS / "clock-notice-1920x1080.png")


def test_a_display_whose_join_goes_unanswered_says_it_is_reconnecting_and_joins_again(browser, evening):
    """A join whose answer never comes (lost between the process and the screen) left a wall
    display out of its tournament's room all night, showing what it drew at load. Here the
    first answer is dropped on the way: the display says it is reconnecting, connects again,
    joins, and follows the clock the DdT starts."""
    server, _tid, slug, _token = evening
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.add_init_script("""window.__offlineShown = false;
      document.addEventListener('DOMContentLoaded', () => new MutationObserver(() => {
          if (!document.getElementById('offline').hidden) window.__offlineShown = true; })
        .observe(document.getElementById('offline'), {attributes: true}));""")
    dropped: list[str] = []

    def lose_the_first_view(route) -> None:
        to_server = route.connect_to_server()

        def from_server(message) -> None:
            if not dropped and isinstance(message, str) and message.startswith('42["view"'):
                dropped.append(message)
                return
            route.send(message)

        to_server.on_message(from_server)

    page.route_web_socket(re.compile(r".*/socket\.io/.*"), lose_the_first_view)
    page.goto(f"{server.url}/t/{slug}/clock")
    page.wait_for_function("window.__offlineShown === true", timeout=15_000)
    assert dropped
    _clock(evening, action="start")
    page.wait_for_function("window.tdDisplay.view().clock.running === true", timeout=15_000)
    expect(page.locator("#offline")).to_be_hidden()
