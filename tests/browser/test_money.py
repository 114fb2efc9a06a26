"""Issue 16 in a real Chromium against a real server: the set-up page takes a fee and a
progressive bounty, the DdT busts a player naming who knocked them out, and the dashboard's
ledger, the payouts page, the wall display and the eliminator's phone show the money in euros.

Screenshots go to shots/ at the repository root (money-*.png), at 1366x768 and 390x844."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import screenshot

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "shots"
PASSWORD = "correct horse battery"  # the password tests/conftest.py's ddt_server gives the DdT
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def euros(amount: int) -> re.Pattern[str]:
    """An amount as the page writes it, in either language: "€ 15", "€15", "15 €"."""
    return re.compile(rf"(€\s?{amount}\b|\b{amount}\s?€)")


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=str(SHOTS / f"money-{name}.png"), full_page=True)


@pytest.fixture
def night(ddt_api):
    """Six players at one table, a €20 buy-in, no fee nor bounty yet: the set-up page adds them."""
    api = ddt_api("money")
    created = api.call(
        "POST",
        "/tournaments",
        {
            "name": "Taglie del giovedì",
            "starting_stack": 5000,
            "buy_in": 2000,
            "seats_per_table": 9,
            "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200}],
        },
    )
    return api.server, api, created["id"], created["slug"]


def log_in(page, server) -> None:
    page.goto(f"{server.url}/lang/en?next=/login")
    page.goto(f"{server.url}/login")
    page.fill("#username", "ddt")
    page.fill("#password", PASSWORD)
    page.click("button[type=submit]")


def test_fee_and_pko_bounty_from_set_up_to_the_screens(night, browser):
    server, api, tid, slug = night
    desk = browser.new_context(viewport=LAPTOP).new_page()
    log_in(desk, server)

    desk.goto(f"{server.url}/td/t/{tid}/setup")
    desk.fill("#f-fee", "30")  # a fee above the €20 buy-in is refused, and nothing changes
    desk.click("#setup-form button[type=submit].primary")
    playwright.expect(desk.locator("#form-error")).to_contain_text("fee")
    shot(desk, "setup-refused")
    assert api.call("GET", f"/tournaments/{tid}/settings")["fee"] == 0

    desk.fill("#f-fee", "5")
    desk.check("input[name=bounty]")
    desk.fill("#f-bounty_amount", "10")
    desk.check("input[name=bounty_progressive]")
    desk.click("#setup-form button[type=submit].primary")
    # The click returns before the form's POST is answered: the page says when it was saved.
    playwright.expect(desk.locator(".flash-success")).to_contain_text("Set-up saved")
    settings = api.call("GET", f"/tournaments/{tid}/settings")
    assert settings["fee"] == 500
    assert settings["bounty"] == {"cents": 1000, "progressive": True}
    desk.goto(f"{server.url}/td/t/{tid}/setup")
    playwright.expect(desk.locator("#f-fee")).to_have_value("5")
    playwright.expect(desk.locator("#f-bounty_amount")).to_have_value("10")
    shot(desk, "setup")

    for name in ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"):
        api.call("POST", f"/tournaments/{tid}/players", {"name": name})
    api.call("POST", f"/tournaments/{tid}/seats/draw")

    # The DdT busts Bruno, knocked out by Anna, from the players page.
    desk.goto(f"{server.url}/td/t/{tid}/players")
    shot(desk, "players")
    desk.click("#player-2 button[value=bust-2]")
    desk.click("#bust-mates button[value='1']")
    playwright.expect(desk.locator("#player-1")).to_contain_text(euros(15))
    view = api.call("GET", f"/tournaments/{tid}")
    anna = next(p for p in view["players"] if p["id"] == 1)
    assert (anna["bounty_cents"], anna["bounties_won_cents"]) == (1500, 500)

    desk.goto(f"{server.url}/td/t/{tid}")
    playwright.expect(desk.locator("#prize-pool")).to_have_text(euros(120))
    playwright.expect(desk.locator("#fees")).to_have_text(euros(30))
    playwright.expect(desk.locator("#bounties-in")).to_have_text(euros(60))
    playwright.expect(desk.locator("#taken-in")).to_have_text(euros(210))
    playwright.expect(desk.locator("#bounty-ledger")).to_contain_text(euros(5))
    shot(desk, "dashboard")

    desk.goto(f"{server.url}/td/t/{tid}/payouts")
    playwright.expect(desk.locator("#bounties")).to_contain_text("Anna")
    playwright.expect(desk.locator("#bounties")).to_contain_text(euros(5))
    shot(desk, "payouts")

    wall = browser.new_context(viewport=LAPTOP).new_page()
    wall.goto(f"{server.url}/t/{slug}/clock")
    playwright.expect(wall.locator("#pool")).to_contain_text("120")
    shot(wall, "display-clock")  # the pool only: fees and bounties stay off the clock
    api.call("POST", f"/tournaments/{tid}/displays/main", {"layout": "seating"})
    playwright.expect(wall.locator("#display")).to_have_class(re.compile("layout-seating"))
    playwright.expect(wall.locator("#seating")).to_contain_text(euros(15))
    playwright.expect(wall.locator("#bounties")).to_contain_text("Anna")
    shot(wall, "display-seating")

    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    phone.goto(f"{server.url}/t/{slug}/p/1")
    playwright.expect(phone.locator("#my-bounty")).to_contain_text("15")
    playwright.expect(phone.locator("#my-bounties-won")).to_contain_text("5")
    phone.wait_for_function("() => typeof io === 'function'")
    # Anna knocks Carla out too: the phone follows without a reload (€10 head: 5 cash, 5 on hers).
    api.call("POST", f"/tournaments/{tid}/players/3/bust", {"eliminated_by": [1]})
    playwright.expect(phone.locator("#my-bounty")).to_contain_text("20", timeout=10_000)
    playwright.expect(phone.locator("#my-bounties-won")).to_contain_text("10")
    shot(phone, "phone")
