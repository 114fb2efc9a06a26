"""The landing page in a real Chromium against a real server with the demo tournament: on a phone
(360x640) a player reaches the wall clock and the players' page in one tap each, with nothing
wider than the screen; on a laptop the DdT logs in from it and reaches the console.

Screenshots go to shots/ at the repository root (home-*.png)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import screenshot

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "shots"
PASSWORD = "correct horse battery"
DEMO = "Torneo dimostrativo"


@pytest.fixture
def demo_server(ddt_server):
    return ddt_server("home", prepare=("demo",))


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=str(SHOTS / f"home-{name}.png"), full_page=True)


def overflow_px(page) -> int:
    return page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")


def test_home_leads_a_phone_to_the_clock_and_seats_and_the_ddt_to_the_console(
    demo_server, browser
):
    """One server for both visitors: the demo takes a while to build on a busy machine."""
    player_on_phone(demo_server, browser)
    ddt_on_laptop(demo_server, browser)


def player_on_phone(demo_server, browser) -> None:
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, device_scale_factor=2, is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.goto(demo_server.url + "/")
    card = page.locator(".home-card").first
    playwright.expect(card.locator("h2")).to_have_text(DEMO)
    playwright.expect(card.locator(".badge")).to_have_text("In corso")
    playwright.expect(page.locator("html")).to_have_attribute("lang", "it")
    assert overflow_px(page) <= 0
    # Every link a thumb's size (44 px, WCAG 2.5.5): the bar's language and login too.
    small = page.evaluate("""() => [...document.querySelectorAll('a, button, .lang strong')]
      .map((el) => [el.textContent.trim(), el.getBoundingClientRect()])
      .filter(([, box]) => box.width && (box.width < 44 || box.height < 44))
      .map(([text, box]) => `${text} ${Math.round(box.width)}x${Math.round(box.height)}`)""")
    assert small == []
    assert page.get_by_role("link", name="Console").count() == 0
    shot(page, "phone")

    card.get_by_role("link", name="Orologio in sala").click()
    page.wait_for_url("**/t/torneo-dimostrativo/clock")
    playwright.expect(page.locator("body")).to_contain_text(DEMO)

    page.go_back()
    page.locator(".home-card").first.get_by_role("link", name="Giocatori e posti").click()
    page.wait_for_url("**/t/torneo-dimostrativo")
    playwright.expect(page.locator("#players li").first).to_be_visible()


def ddt_on_laptop(demo_server, browser) -> None:
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.goto(demo_server.url + "/")
    page.locator("#director").get_by_role("link", name="Accedi").click()
    page.fill("#username", "ddt")
    page.fill("#password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url("**/td/tournaments")

    page.goto(demo_server.url + "/")
    page.locator(".home-card").first.get_by_role("link", name="Console").click()
    page.wait_for_url("**/td/t/*")
    playwright.expect(page.locator(".t-name")).to_have_text(DEMO)

    page.goto(demo_server.url + "/")
    page.locator(".lang").get_by_role("link", name="EN").click()
    playwright.expect(page.locator(".home-card .badge").first).to_have_text("Under way")
    assert overflow_px(page) <= 0
    shot(page, "laptop-en")
