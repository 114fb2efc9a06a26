"""The table console on a landscape tablet (1024x768), issue 15 item 7: the pot is everything in
the middle (the blinds posted count before anyone matches them), the level, its blinds and the
time to the next level are on the console, and "Pay the pots" is on screen without scrolling.

Screenshots go to shots/ at the repository root (table-landscape-*.png)."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_table_console import changed, night, open_console, shot

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

__all__ = ["night"]  # the fixture, used by name

LANDSCAPE = {"width": 1024, "height": 768}


def test_the_landscape_console_shows_the_whole_pot_the_level_and_pay_the_pots(night, browser):
    server, api, tid, slug, table = night
    base = f"/tournaments/{tid}/tables/{table}"
    api.call("POST", f"/tournaments/{tid}/clock", {"action": "start"})
    tablet = open_console(api, browser, base, LANDSCAPE)
    errors: list[str] = []
    tablet.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tablet.on("pageerror", lambda e: errors.append(str(e)))
    # Between hands too: the level, its blinds and the time left in it, counting down (the
    # night has one level, so no "next level" to name).
    playwright.expect(tablet.locator("#blinds")).to_have_text("Livello 1: 25/50")
    playwright.expect(tablet.locator("#level-left")).to_have_text(re.compile(r"^(19|20):\d\d$"))
    tablet.click("#start")
    # 25 and 50 posted, nobody has matched the big blind yet: 75 are in the middle. Only once the
    # console shows it has the server dealt the hand (the click returns before its POST is sent).
    playwright.expect(tablet.locator("#pot-total")).to_have_text("75")
    answer = api.call("GET", base + "/hand")
    hand, version = answer["hand"], answer["version"]
    shot(tablet, "landscape-blinds")
    stacks = {s["seat"]: s["stack"] + s["committed"] for s in hand["seats"]}
    while hand["legal"]:
        tablet.click("#allin" if "all_in" in hand["legal"]["actions"] else "#call")
        hand = changed(api, base, version)
        version = api.call("GET", base + "/hand")["version"]
    playwright.expect(tablet.locator("#showdown")).to_be_visible()
    pay = tablet.locator("#pay").bounding_box()
    assert pay is not None and pay["y"] >= 0 and pay["y"] + pay["height"] <= LANDSCAPE["height"]
    assert tablet.evaluate("window.scrollY") == 0
    shot(tablet, "landscape-showdown")
    contested = [p for p in hand["pots"] if not p["returned"]]
    for index, pot in enumerate(contested):
        winner = max(pot["eligible"], key=lambda s: stacks[s])
        tablet.click(f".pick[data-pot='{index}'][data-seat='{winner}']")
    tablet.click("#pay")
    playwright.expect(tablet.locator("#result")).to_be_visible()
    assert errors == []
