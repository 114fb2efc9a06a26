"""An Italian draw hand on the draw console in a real Chromium at 768x1024 (issue 7): the dealer
opens the console with the PIN, deals, confirms the opener's claim, enters the draw, and at the
showdown enters the hands shown; a resto all-in makes a side pot and the club's order pays both.

Screenshots go to shots/ at the repository root (draw-*.png)."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import screenshot

playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "shots"
PASSWORD = "correct horse battery"
PLAYERS = [("Anna", 300), ("Bruno", 300), ("Carla", 47), ("Dario", 300), ("Elena", 300)]


def call(url: str, method: str, path: str, body: dict | None = None, token: str = "") -> dict:
    request = urllib.request.Request(
        url + "/api/v1" + path, method=method,
        data=None if method == "GET" else json.dumps(body or {}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=20) as answer:
        return json.loads(answer.read())


@pytest.fixture
def draw_table(ddt_server):
    server = ddt_server("draw")
    token = call(server.url, "POST", "/auth/token", {"username": "ddt", "password": PASSWORD})
    created = call(server.url, "POST", "/draw-tables", {
        "name": "Tavolo del lunedì", "dealer": 5, "invito_max": 5,
        "players": [{"name": n, "resto": r} for n, r in PLAYERS]}, token["token"])
    return server, created


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=str(SHOTS / f"draw-{name}.png"), full_page=True)


def tap(page, selector: str) -> None:
    """Tap and wait until the answer is drawn (the console's version moves)."""
    before = page.get_attribute("#console", "data-ready")
    page.click(selector)
    page.wait_for_function(
        f"document.getElementById('console').dataset.ready !== '{before}'")


def test_an_italian_draw_hand_with_a_side_pot_played_on_the_console_IT_14_IT_23(
        draw_table, browser):
    server, created = draw_table
    tablet = browser.new_page(viewport={"width": 768, "height": 1024})
    tablet.goto(created["url"])
    tablet.fill("#pin", created["pin"])
    tablet.click("button[type=submit]")
    tablet.wait_for_selector("#console[data-ready]")
    expect(tablet.locator("#level")).to_have_attribute("data-level", "jacks")
    tablet.select_option("#invito", "2")
    tap(tablet, "#deal")
    expect(tablet.locator("#turn")).to_contain_text("1 Anna")
    expect(tablet.locator("#bet")).to_be_hidden()  # before the opening a bet is an opening
    tablet.fill("#amount", "10")
    tablet.click("#open")
    expect(tablet.locator("#confirm")).to_be_visible()
    shot(tablet, "opening-confirm")
    tap(tablet, "#confirm-yes")
    expect(tablet.locator("#turn")).to_contain_text("2 Bruno")
    tap(tablet, "#call")
    tap(tablet, "#call")  # Carla
    tap(tablet, "#fold")  # Dario
    tap(tablet, "#fold")  # Elena
    expect(tablet.locator("#drawing")).to_be_visible()
    shot(tablet, "draw")
    tablet.click("#tools summary")
    tablet.select_option("#misdeal-kind", "six_and_four")
    expect(tablet.locator("#misdeal-six")).to_be_visible()
    shot(tablet, "tools")
    tablet.click("#tools summary")
    tap(tablet, "#draw-buttons [data-cards='3']")
    tap(tablet, "#draw-buttons [data-cards='2']")
    tap(tablet, "#draw-buttons [data-cards='0']")
    expect(tablet.locator("#turn")).to_contain_text("1 Anna")  # the opener speaks first
    tablet.fill("#amount", "40")
    tap(tablet, "#bet")
    tap(tablet, "#call")
    tap(tablet, "#allin")  # Carla has 35 left: a side pot for the others
    expect(tablet.locator("#showdown")).to_be_visible()
    pots = tablet.locator(".pot")
    expect(pots.nth(0)).to_contain_text("145")
    expect(pots.nth(0)).to_contain_text("1, 2, 3")
    expect(pots.nth(1)).to_contain_text("10")
    expect(pots.nth(1)).to_contain_text("1, 2")
    tablet.fill("#shown-1", "Jh Jd 7c 8d 9c")
    tablet.fill("#shown-2", "Qh Qd Ah 7d 8c")
    tablet.fill("#shown-3", "Ks Kd Kc 9h Th")
    shot(tablet, "showdown")
    tap(tablet, "#by-cards")
    expect(tablet.locator("#result")).to_contain_text("3 Carla")
    expect(tablet.locator("#result")).to_contain_text("2 Bruno")
    expect(tablet.locator(".seat[data-seat='3'] .stack")).to_have_text("145")
    expect(tablet.locator(".seat[data-seat='2'] .stack")).to_have_text(str(300 - 52 + 10))
    shot(tablet, "paid")
    tablet.set_viewport_size({"width": 360, "height": 640})
    expect(tablet.locator("#deal")).to_be_visible()
    shot(tablet, "paid-phone")

    # a second device opened with the PIN hears the next deal pushed to it
    laptop = browser.new_page(viewport={"width": 1024, "height": 768})
    laptop.goto(created["url"])
    laptop.fill("#pin", created["pin"])
    laptop.click("button[type=submit]")
    laptop.wait_for_selector("#console[data-live]")
    expect(laptop.locator("#phase")).to_have_attribute("data-phase", "over")
    tap(tablet, "#deal")
    expect(laptop.locator("#phase")).to_have_attribute("data-phase", "first_round")
    expect(laptop.locator("#turn")).to_contain_text("2 Bruno")  # Anna deals now


def test_the_ddt_opens_a_draw_table_and_the_console_shows_its_pin_and_qr(draw_table, browser):
    server, _ = draw_table
    laptop = browser.new_page(viewport={"width": 1366, "height": 768})
    laptop.goto(server.url + "/login")
    laptop.fill("#username", "ddt")
    laptop.fill("#password", PASSWORD)
    laptop.press("#password", "Enter")
    laptop.wait_for_url("**/td/**")
    laptop.goto(server.url + "/draw-tables/")
    expect(laptop.locator("a", has_text="Tavolo del lunedì")).to_be_visible()
    laptop.fill("#name", "Tavolo 2")
    laptop.fill("#players", "Anna, 200\nBruno, 200\nCarla\nDario, 200")
    laptop.fill("#dealer", "4")
    laptop.click("form.panel button[type=submit]")
    expect(laptop.locator(".error")).to_contain_text("Carla")  # a resto is missing
    laptop.fill("#players", "Anna, 200\nBruno, 200\nCarla, 200\nDario, 200")
    shot(laptop, "ddt-new")
    laptop.click("form.panel button[type=submit]")
    laptop.wait_for_selector("#console[data-ready]")
    expect(laptop.locator(".access .pin-code")).to_have_text(re.compile(r"^\d{6}$"))
    expect(laptop.locator(".seat")).to_have_count(4)
    shot(laptop, "ddt-console")


class HeldJoin:
    """A page's first `event` frame (its join) held on its way to the server, every other frame
    passed on, until `release`."""

    def __init__(self, page, event: str) -> None:
        self.event, self.held, self.servers = event, [], []
        page.route_web_socket(re.compile(r".*/socket\.io/.*"), self._route)
        self.page = page

    def _route(self, page_side) -> None:
        server_side = page_side.connect_to_server()
        self.servers.append(server_side)

        def to_server(message):
            if isinstance(message, str) and f'"{self.event}"' in message and not self.held:
                self.held.append(message)
            else:
                server_side.send(message)

        page_side.on_message(to_server)

    def wait(self) -> None:
        for _ in range(100):
            if self.held:
                return
            self.page.wait_for_timeout(100)
        raise AssertionError(f"the page never sent {self.event}: the test proves nothing")

    def release(self) -> None:
        self.servers[-1].send(self.held[0])


def test_a_deal_made_while_the_console_joins_is_shown_once_it_has_joined(draw_table, browser):
    """The console reads the table once its socket has joined the table's room: a change pushed
    before the join reached nobody, and a read made before the join may not have it. Here the
    join is held on its way while the DdT deals through the API."""
    server, created = draw_table
    token = call(server.url, "POST", "/auth/token", {"username": "ddt", "password": PASSWORD})
    tablet = browser.new_page(viewport={"width": 768, "height": 1024})
    join = HeldJoin(tablet, "join_draw_table")
    tablet.goto(created["url"])
    tablet.fill("#pin", created["pin"])
    tablet.click("button[type=submit]")
    tablet.wait_for_selector("#console[data-ready]")
    join.wait()
    tablet.wait_for_load_state("networkidle")  # what it read on connecting has been answered
    call(server.url, "POST", f"/draw-tables/{created['id']}/deal", {"invito": 2}, token["token"])
    expect(tablet.locator("#phase")).to_have_attribute("data-phase", "waiting")

    join.release()
    expect(tablet.locator("#console")).to_have_attribute("data-live", "1")
    expect(tablet.locator("#phase")).to_have_attribute("data-phase", "first_round")
