"""A colleague joins the club as floor staff (issue 29, item 3, 5 and 7): the owner makes an
invitation link, the floor member accepts it on a phone (390x844), logs in, records a bust and a
rebuy, and finds no clock, set-up or delete control; the owner removes them, and the page they
still have open is refused at its next action."""

from __future__ import annotations

import re
import secrets

import pytest
from playwright.sync_api import expect

from tests.conftest import DDT_PASSWORD

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
PASSWORD = "una password lunga"


@pytest.fixture
def night(ddt_api):
    """Six players seated, the clock running in level 1, rebuys open for a stack of 2,000 at most;
    one player down to 1,500 chips."""
    api = ddt_api("floor staff night")
    tid = api.call("POST", "/tournaments", {
        "name": "Serata col floor", "starting_stack": 5000, "buy_in": 2000,
        "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1800}],
        "rebuy": {"until_level": 1, "chips": 5000, "price": 2000, "max_stack": 2000},
    })["id"]
    for name in ("Anna Bianchi", "Bruno Colombo", "Carla Esposito", "Dario Ferrari",
                 "Elena Galli", "Rita Russo"):
        api.call("POST", f"/tournaments/{tid}/players", {"name": name})
    api.call("POST", f"/tournaments/{tid}/seats/draw")
    api.call("POST", f"/tournaments/{tid}/clock", {"action": "start"})
    short = _player(api, tid, "Rita Russo")
    api.call("POST", f"/tournaments/{tid}/chips",
             {"counts": [{"player": short["id"], "stack": 1500}]})
    return api, tid


def _player(api, tid: int, name: str) -> dict:
    return next(p for p in api.call("GET", f"/tournaments/{tid}")["players"] if p["name"] == name)


def _log_in(page, username: str, password: str) -> None:
    page.fill("#username", username)
    page.fill("#password", password)
    # The login's answer lands before the caller asks for another page.
    with page.expect_navigation():
        page.press("#password", "Enter")


def _find(page, name: str):
    page.locator("#find-player").tap()
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    # The search's own page loaded to its end (its deferred bust.js run), so a row's button opens
    # the bust dialog instead of busting at once as it does without a script. Waiting for the
    # load state alone raced the navigation: it answered for the dashboard still on screen.
    page.wait_for_url(re.compile(r"/players\?q="))
    card = page.locator("#players-table tbody tr:visible")
    expect(card).to_have_count(1)
    return card


def test_an_invited_floor_member_runs_the_night_and_is_shut_out_when_removed(night, browser):
    api, tid = night
    base = api.server.url
    username = f"floor-{secrets.token_hex(3)}"

    # The owner makes an invitation link for the floor.
    owner = browser.new_context(viewport=LAPTOP, base_url=base).new_page()
    owner.goto("/td/members")
    _log_in(owner, "ddt", DDT_PASSWORD)
    expect(owner.locator("#invite-form")).to_be_visible()
    owner.select_option("#invite-role", "floor")
    owner.click("#invite-form button[type=submit]")
    link = owner.locator("#invitation-url").input_value()
    expect(owner.locator("#new-invitation svg")).to_be_visible()

    # The floor member accepts it on a phone, with no sideways scroll.
    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, base_url=base)
    page = phone.new_page()
    page.goto(link)
    expect(page.locator("h1")).to_contain_text("Entra in")
    assert not page.evaluate("document.scrollingElement.scrollWidth > window.innerWidth")
    page.fill("#username", username)
    page.fill("#password", PASSWORD)
    page.fill("#confirm", PASSWORD)
    page.locator("#accept-form button[type=submit]").tap()
    expect(page.locator(".flash").first).to_contain_text(username)
    _log_in(page, username, PASSWORD)
    page.goto(f"/td/t/{tid}")
    expect(page.locator("#club-name")).to_have_text("Club")

    # No clock control, no set-up, no delete or new tournament for the floor.
    expect(page.locator("#clock-panel")).to_be_visible()
    expect(page.locator("[data-clock]")).to_have_count(0)
    expect(page.locator(".tnav a[data-key=s]")).to_have_count(0)

    # A bust (nobody knocked them out) and a rebuy, each told on the page.
    page.goto(f"/td/t/{tid}")
    _find(page, "Carla Esposito").get_by_role("button", name="Elimina").tap()
    page.locator("#bust-nobody").tap()
    expect(page.locator("#undo-toast")).to_contain_text("Carla Esposito")
    assert _player(api, tid, "Carla Esposito")["place"] is not None
    page.goto(f"/td/t/{tid}")
    _find(page, "Rita Russo").get_by_role("button", name="Rebuy").tap()
    expect(page.locator(".flash").first).to_contain_text("Rebuy registrato per Rita Russo")
    assert _player(api, tid, "Rita Russo")["rebuys"] == 1
    page.goto("/td/tournaments")
    expect(page.locator(f"#tournament-{tid}")).to_be_visible()
    expect(page.locator("details.delete")).to_have_count(0)
    expect(page.locator("#new-tournament")).to_have_count(0)

    # The page left open on the phone, when the owner removes the member.
    page.goto(f"/td/t/{tid}")
    card = _find(page, "Anna Bianchi")
    owner.goto("/td/members")
    owner.once("dialog", lambda dialog: dialog.accept())
    owner.locator(f"#members tr:has-text('{username}') button.danger").click()
    expect(owner.locator("#members")).not_to_contain_text(username)

    card.get_by_role("button", name="Elimina").tap()
    page.locator("#bust-nobody").tap()
    expect(page.locator(".flash").first).to_contain_text("Non sei più membro di questo club")
    expect(page.locator("#password")).to_be_visible()
    assert _player(api, tid, "Anna Bianchi")["place"] is None



def _until(page, condition, seconds: float = 15) -> None:
    """Lets the page run (and the socket routes answer) until `condition()` holds."""
    for _ in range(int(seconds * 20)):
        if condition():
            return
        page.wait_for_timeout(50)
    raise AssertionError("the page never got there")


def test_a_removed_members_open_dashboard_says_so_when_its_live_connection_joins_again(
    night, browser
):
    """A removed member's console page kept showing the night as if it were live: its socket,
    joining again after a dropped connection, was refused without a word. The page says why."""
    api, tid = night
    server = api.server
    username = f"floor-{secrets.token_hex(3)}"
    code = api.call("POST", "/club/invitations", {"role": "floor"})["code"]
    member = server.call("POST", f"/api/v1/club/invitations/{code}/accept",
                         body={"username": username, "password": PASSWORD})["user_id"]
    page = browser.new_context(viewport=PHONE, base_url=server.url).new_page()
    sockets, views = [], []

    def pass_through(route) -> None:
        sockets.append(route)
        to_server = route.connect_to_server()

        def from_server(message) -> None:
            if isinstance(message, str) and message.startswith('42["view"'):
                views.append(message)
            route.send(message)

        to_server.on_message(from_server)

    page.route_web_socket(re.compile(r".*/socket\.io/.*"), pass_through)
    page.goto("/login")
    _log_in(page, username, PASSWORD)
    page.goto(f"/td/t/{tid}")
    _until(page, lambda: views)
    expect(page.locator("#refused")).to_be_hidden()

    api.call("DELETE", f"/club/members/{member}")
    sockets[-1].close()  # the connection drops; socket.io connects and joins again
    expect(page.locator("#refused")).to_contain_text("Non sei più collegato", timeout=15_000)
    assert len(sockets) >= 2
