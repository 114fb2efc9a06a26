"""The league's public pages on a phone (360x640) in a real Chromium against a real server:
the standings fit the screen with every member, and a night's page lists its tables.

Screenshots go to shots/ at the repository root (league-*.png)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import screenshot

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "shots"
SEASON = json.loads((Path(__file__).parent / "season_2024.json").read_text())
PASSWORD = "correct horse battery"


def call(url: str, path: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url + "/api/v1" + path, data=json.dumps(body).encode(),
                                     headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=20) as answer:
        return json.loads(answer.read())


@pytest.fixture(scope="module")
def season(shared_ddt_server):
    """A running server with a league whose first 20 nights are entered: one for the module, as
    the tests read it and the one that enters day 21 undoes it."""
    server = shared_ddt_server
    token = call(server.url, "/auth/token", {"username": "ddt", "password": PASSWORD})["token"]
    league_id = call(server.url, "/leagues", {"name": "Club del Lunedì 2024/25",
                                              "members": SEASON["members"]}, token)["id"]
    for record in SEASON["nights"][:20]:
        tables = [{"name": t["name"], "chips": t["chips"], "poste": t["poste"]}
                  for t in record["tables"]]
        call(server.url, f"/leagues/{league_id}/nights", {"day": record["day"], "tables": tables},
             token)
    return server, league_id


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 640},
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    return context.new_page()


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=str(SHOTS / f"league-{name}.png"), full_page=True)


def test_standings_on_a_phone_fit_the_screen_in_order_LG_04(season, phone):
    server, league_id = season
    phone.goto(f"{server.url}/leagues/{league_id}")
    rows = phone.locator("#standings tbody tr")
    playwright.expect(rows).to_have_count(12)
    names = [rows.nth(i).locator("td.name").inner_text().strip() for i in range(12)]
    assert names == [line[0] for line in SEASON["standings_after_20"]]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    shot(phone, "standings-phone")


def test_a_night_page_on_a_phone_lists_both_tables(season, phone):
    server, league_id = season
    phone.goto(f"{server.url}/leagues/{league_id}")
    phone.locator("ul.nights a").first.click()
    playwright.expect(phone.locator("section.night-table")).to_have_count(2)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    shot(phone, "night-phone")


def test_the_secretary_enters_day_21_from_a_phone_and_undoes_it(season, phone):
    server, league_id = season
    phone.goto(f"{server.url}/leagues/{league_id}/secretary")
    phone.fill("#username", "ddt")
    phone.fill("#password", PASSWORD)
    phone.locator("button[type=submit]").click()
    phone.wait_for_url(f"**/leagues/{league_id}/secretary")  # the login returns where it was asked for
    record = SEASON["nights"][20]
    table = record["tables"][0]
    for r, player in enumerate(table["players"]):
        assert phone.locator(f"select[name=t0_r{r}_player]").input_value() == player
        phone.fill(f"input[name=t0_r{r}_chips]", str(table["chips"][player]))
        phone.fill(f"input[name=t0_r{r}_poste]", str(table["poste"][player]))
    shot(phone, "secretary-phone")
    phone.locator("#save-night").click()
    playwright.expect(phone.locator("#undo")).to_contain_text("21")
    phone.goto(f"{server.url}/leagues/{league_id}")
    playwright.expect(phone.locator("ul.nights a").first).to_contain_text("21")
    phone.goto(f"{server.url}/leagues/{league_id}/secretary")
    phone.locator("#undo").click()
    playwright.expect(phone.locator("#undo")).to_contain_text("20")
