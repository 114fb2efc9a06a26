"""A DdT of two clubs on a phone (issue 29, items 2 and 4): the hoster makes a second club with
the DdT as its owner (`POST /api/v1/clubs`); after logging in, the DdT is asked which club, on a
page that fits a 390x844 screen with 44-pixel targets and no blocking accessibility violation,
works in the club chosen (its name in the header) and switches to the other from the menu."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.conftest import DDT_PASSWORD

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
PASSWORD = "una password lunga"
AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("critical", "serious")


def _blocking_violations(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ["violations"]}))
        .violations.map((v) => ({rule: v.id, impact: v.impact}))""")
    return [f"{v['rule']} ({v['impact']})" for v in found if v["impact"] in BLOCKING]


def _fits_the_phone(page) -> None:
    assert not page.evaluate("document.scrollingElement.scrollWidth > window.innerWidth")


def _at_least_44_pixels(locator) -> None:
    for index in range(locator.count()):
        box = locator.nth(index).bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, box


def test_a_ddt_of_two_clubs_chooses_one_on_a_phone_and_switches(ddt_server, browser):
    server = ddt_server("two clubs",
                        prepare=("create-user", "host", "--hoster", "--password", PASSWORD))
    hoster = server.call("POST", "/api/v1/auth/token",
                         body={"username": "host", "password": PASSWORD})
    assert (hoster["club"], hoster["role"]) == (None, "hoster")
    server.call("POST", "/api/v1/clubs", hoster["token"], {
        "slug": "circolo-roma", "name": "Circolo Roma",
        "owner": {"username": "ddt", "password": DDT_PASSWORD},
    })

    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                  base_url=server.url)
    page = context.new_page()
    page.goto("/td/tournaments")
    page.fill("#username", "ddt")
    page.fill("#password", DDT_PASSWORD)
    page.press("#password", "Enter")

    expect(page.locator("h1")).to_have_text("Quale club?")
    choices = page.locator(".club-choice")
    expect(choices).to_have_count(2)
    expect(choices.nth(0)).to_contain_text("Club")
    expect(choices.nth(1)).to_contain_text("Circolo Roma")
    expect(choices.nth(1)).to_contain_text("Titolare")
    _fits_the_phone(page)
    _at_least_44_pixels(choices)
    assert _blocking_violations(page) == []

    choices.nth(1).tap()
    expect(page).to_have_url(f"{server.url}/td/tournaments")
    expect(page.locator("#club-name")).to_have_text("Circolo Roma")
    _fits_the_phone(page)

    # The menu folds the header's links on a phone (phone.js, loaded with the page).
    page.wait_for_load_state()
    page.locator("#menu-toggle").tap()
    expect(page.locator("#menu-toggle")).to_have_attribute("aria-expanded", "true")
    switch = page.locator("#switch-club")
    expect(switch).to_be_visible()
    expect(switch).to_have_text("Cambia club")
    _at_least_44_pixels(switch)
    switch.tap()
    expect(page.locator(".club-choice[aria-current]")).to_contain_text("Circolo Roma")
    page.locator(".club-choice", has_text="Club").filter(has_not_text="Roma").tap()
    expect(page).to_have_url(f"{server.url}/td/tournaments")
    expect(page.locator("#club-name")).to_have_text("Club")
    context.close()
