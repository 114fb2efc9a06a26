"""The table console's "chips pushed" button (RULES.md HE-14) in a real Chromium at 1024x768:
the dealer types what a player pushed without a word and the console says what it became.

Screenshots go to shots/ at the repository root (table-pushed-*.png)."""

from __future__ import annotations

import pytest

from tests.browser.test_table_console import changed, night, open_console, shot  # noqa: F401

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1024, "height": 768}


def test_chips_pushed_button_records_an_oversized_chip_as_a_call_HE_14(night, browser):  # noqa: F811
    server, api, tid, slug, table = night
    base = f"/tournaments/{tid}/tables/{table}"
    tablet = open_console(api, browser, base, LAPTOP)
    tablet.click("#start")
    playwright.expect(tablet.locator("#turn")).to_be_visible()
    hand = api.call("GET", base + "/hand")
    seat, version = hand["hand"]["legal"]["seat"], hand["version"]
    assert tablet.locator("#pushed-form").is_hidden()
    tablet.get_by_role("button", name="Fiches spinte").click()
    playwright.expect(tablet.locator("#pushed-open")).to_have_attribute("aria-expanded", "true")
    # More chips than the player has: refused in Italian, the hand unchanged.
    tablet.fill("#pushed-total", "50000")
    tablet.fill("#pushed-pieces", "1")
    tablet.get_by_role("button", name="Registra").click()
    playwright.expect(tablet.locator("#message")).to_contain_text("non 50.000")
    assert api.call("GET", base + "/hand")["version"] == version
    shot(tablet, "pushed-form")
    # One 500 chip facing the 50 big blind (every stack is 1,000 or more): a call, 450 back.
    tablet.fill("#pushed-total", "500")
    tablet.get_by_role("button", name="Registra").click()
    became = tablet.locator("#became")
    playwright.expect(became).to_contain_text("Call 50")
    playwright.expect(became).to_contain_text("resto 450")
    assert tablet.locator("#pushed-form").is_hidden()
    after = changed(api, base, version)
    mine = next(s for s in after["seats"] if s["seat"] == seat)
    assert mine["bet"] == 50 and after["pushed"]["became"]["action"] == "call"
    assert after["legal"]["seat"] != seat
    shot(tablet, "pushed-became")
