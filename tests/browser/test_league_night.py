"""A whole short league night in a real Chromium against a real server (issue 17): the secretary
opens day 1's two draw tables in one step, the night's screen counts a telesina round called by
a full vestito, a giri hand is dealt on table A's console, the giri run to the tappo at both
tables, and the result read off the tables is confirmed into the league without retyping.

The telesina round of the giri is recorded on the night's screen as played: the telesina table
itself is another issue's console. The giri hands after the first are dealt through the draw
tables' JSON API, the same calls the console makes, to keep the test short.

Screenshots go to shots/ at the repository root (night-*.png)."""

from __future__ import annotations

from datetime import datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from tests.browser.test_draw_console import PASSWORD, call, tap

playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "shots"
ROME = ZoneInfo("Europe/Rome")
MEMBERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Gina", "Ugo", "Ivo", "Lia"]


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"night-{name}.png"), full_page=True)


def giri_hand(url: str, token: str, table_id: int, passes: int) -> None:
    """A giri hand won uncontested: the first `passes` to speak pass, the next opens and
    everyone folds to it."""
    table = call(url, "POST", f"/draw-tables/{table_id}/deal", {"invito": 5, "giri": True},
                 token)
    for _ in range(passes):
        table = call(url, "POST", f"/draw-tables/{table_id}/actions",
                     {"seat": table["to_act"], "action": "check"}, token)
    table = call(url, "POST", f"/draw-tables/{table_id}/actions",
                 {"seat": table["to_act"], "action": "bet", "amount": 10, "confirmed": True},
                 token)
    while table["outcome"] is None:
        table = call(url, "POST", f"/draw-tables/{table_id}/actions",
                     {"seat": table["to_act"], "action": "fold"}, token)


@pytest.fixture
def league(ddt_server):
    server = ddt_server("night")
    token = call(server.url, "POST", "/auth/token", {"username": "ddt", "password": PASSWORD})
    league_id = call(server.url, "POST", "/leagues",
                     {"name": "Club del Lunedì", "members": MEMBERS}, token["token"])["id"]
    return server, token["token"], league_id


def test_a_whole_short_night_from_the_tables_into_the_league_LG_07(league, browser):
    server, token, league_id = league
    laptop = browser.new_page(viewport={"width": 1366, "height": 768})
    laptop.goto(server.url + "/lang/en")
    laptop.goto(server.url + "/login")
    laptop.fill("#username", "ddt")
    laptop.fill("#password", PASSWORD)
    laptop.press("#password", "Enter")
    laptop.wait_for_url("**/td/**")

    # the secretary opens both tables of day 1 in one step
    laptop.goto(f"{server.url}/leagues/{league_id}/secretary")
    laptop.click("#open-night")
    laptop.wait_for_url(f"**/leagues/{league_id}/nights/1/live")
    expect(laptop.locator("section.night-table")).to_have_count(2)
    night = call(server.url, "GET", f"/leagues/{league_id}/live-nights/1", token=token)
    giri_at = datetime.fromisoformat(night["giri_at"]).astimezone(ROME)
    assert time(23, 0) <= giri_at.time() <= time(23, 15)  # LG-07, whenever the test runs
    expect(laptop.locator("#giri-at")).to_have_text(giri_at.strftime("%H:%M"))
    tables = {t["name"]: t["draw_table_id"] for t in night["tables"]}

    # a full vestito shown at A calls a telesina round; once played, none is due
    laptop.locator("#table-A button", has_text="Full vestito shown").click()
    expect(laptop.locator("#table-A .due")).to_contain_text("full vestito shown")
    laptop.locator("#table-A button", has_text="Telesina round played").click()
    expect(laptop.locator("#table-A .due")).to_have_count(0)
    expect(laptop.locator("#table-A .telesina")).to_contain_text("1 called, 1 played")
    shot(laptop, "screen-laptop")

    # the giri: the first hand dealt as giri on table A's console
    laptop.locator("#table-A a", has_text="console").click()
    laptop.wait_for_selector("#console[data-ready]")
    expect(laptop.locator("#deck")).to_have_text("6–A")
    expect(laptop.locator("#league-night")).to_be_visible()
    laptop.check("#giri")
    laptop.select_option("#invito", "5")
    tap(laptop, "#deal")
    laptop.fill("#amount", "10")
    laptop.click("#open")
    tap(laptop, "#confirm-yes")
    for _ in range(4):
        tap(laptop, "#fold")
    expect(laptop.locator("#result")).to_be_visible()
    laptop.click("#league-night")
    laptop.wait_for_url(f"**/leagues/{league_id}/nights/1/live")
    expect(laptop.locator("#table-A .phase")).to_have_attribute("data-phase", "giri")
    expect(laptop.locator("#table-A .round-on")).to_contain_text("fixed round 1 of 2")
    expect(laptop.locator("#table-A .round-on")).to_contain_text("9 hands left")
    tappo = laptop.locator("#table-A .tappo strong").inner_text()
    assert tappo == night["tables"][0]["tappo"]["player"]  # the one before the first giri dealer

    # the rest of the giri, to the tappo's hand, at both tables
    for hand in range(9):
        giri_hand(server.url, token, tables["A"], hand % 3)
    for hand in range(10):
        giri_hand(server.url, token, tables["B"], hand % 2)
    laptop.reload()
    expect(laptop.locator("#table-B .round-on")).to_contain_text("Round on: telesina")
    expect(laptop.locator("#confirm-night")).to_have_count(0)  # the giri are not over
    for name in ("A", "B"):
        laptop.locator(f"#table-{name} button.giri-telesina").click()
        expect(laptop.locator(f"#table-{name} .phase")).to_have_attribute("data-phase", "over")
    shot(laptop, "over-laptop")
    laptop.set_viewport_size({"width": 390, "height": 844})
    assert laptop.evaluate("document.documentElement.scrollWidth") <= 390
    shot(laptop, "over-phone")
    laptop.set_viewport_size({"width": 1366, "height": 768})

    # the result read off the tables goes into the league with one tap
    proposed = call(server.url, "GET", f"/leagues/{league_id}/live-nights/1",
                    token=token)["proposal"]
    assert any(c != 500 for t in proposed for c in t["chips"].values())
    laptop.click("#confirm-night")
    laptop.wait_for_url(f"**/leagues/{league_id}/nights/1")
    expect(laptop.locator("section.night-table")).to_have_count(2)
    entered = call(server.url, "GET", f"/leagues/{league_id}/nights/1", token=token)
    assert {p["player"]: p["chips"] for t in entered["tables"] for p in t["players"]} == \
        {p: c for t in proposed for p, c in t["chips"].items()}
    laptop.goto(f"{server.url}/leagues/{league_id}")
    expect(laptop.locator("#standings tbody tr")).to_have_count(10)
    expect(laptop.locator("#readings")).to_be_visible()
    shot(laptop, "standings-laptop")
