"""The roster, a roster player's history, the seasons and the results download in a real
Chromium, at a laptop's 1366x768 and a phone's 390x844. Screenshots go to shots/
(td-roster-player*.png, td-season*.png)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import screenshot
from tests.web.builders import SET_UP

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

DDT_PASSWORD = "correct horse battery"  # the one `ddt_server` gives its DdT
SHOTS = Path(__file__).resolve().parents[2] / "shots"
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def played(server, token: str, name: str, finish: list[str], roster: dict[str, int]) -> int:
    """A tournament played out through the API, `finish` winner first."""
    tid = server.call("POST", "/api/v1/tournaments", token, SET_UP | {"name": name})["id"]
    ids = []
    for player in finish:
        body = {"roster_id": roster[player]} if player in roster else {"name": player}
        ids.append(server.call("POST", f"/api/v1/tournaments/{tid}/players", token, body)["id"])
    server.call("POST", f"/api/v1/tournaments/{tid}/seats/draw", token, {})
    for pid in reversed(ids[1:]):
        server.call("POST", f"/api/v1/tournaments/{tid}/players/{pid}/bust", token, {})
    return tid


def logged_in(browser, server, viewport: dict):
    context = browser.new_context(viewport=viewport, base_url=server.url, accept_downloads=True)
    page = context.new_page()
    page.goto("/login")
    page.fill("#username", "ddt")
    page.fill("#password", DDT_PASSWORD)
    page.press("#password", "Enter")
    return page


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=str(SHOTS / f"{name}.png"), full_page=True)


def rows(page, table: str) -> list[list[str]]:
    return page.eval_on_selector_all(
        f"#{table} tbody tr",
        "trs => trs.map(tr => [...tr.cells].map(td => td.innerText.replace(/\\s+/g, ' ').trim()))")


def test_history_seasons_and_results_download(ddt_server, browser, tmp_path):
    server = ddt_server("seasons")
    token = server.call("POST", "/api/v1/auth/token",
                        body={"username": "ddt", "password": DDT_PASSWORD})["token"]
    anna = server.call("POST", "/api/v1/roster", token, {"name": "Anna Rossi"})["id"]
    server.call("POST", "/api/v1/roster", token, {"name": "Nicolò Bianchi"})
    roster = {"Anna Rossi": anna}
    first = played(server, token, "Lunedì 1", ["Anna Rossi", "Bruno", "Carla", "Dario"], roster)
    played(server, token, "Lunedì 2", ["Carla", "anna rossi", "Bruno"], roster)
    played(server, token, "Lunedì 3", ["Bruno", "Dario"], roster)

    page = logged_in(browser, server, LAPTOP)
    page.get_by_role("link", name="Anagrafica").click()
    page.get_by_role("link", name="Anna Rossi").click()
    playwright.expect(page.locator("h1")).to_have_text("Anna Rossi")
    # newest first: second of three (typed name), then first of four (from the roster)
    assert [row[1:3] + row[-1:] for row in rows(page, "history")] == [
        ["Lunedì 2", "2", "€ 18"], ["Lunedì 1", "1", "€ 56"]]
    playwright.expect(page.locator("#totals")).to_contain_text("€ 74")
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]
    shot(page, "td-roster-player")

    page.get_by_role("link", name="Stagioni").click()
    page.fill("#season-name", "Inverno 2027")
    page.check("input[name=points][value=linear]")
    for name in ("Lunedì 1", "Lunedì 2", "Lunedì 3"):
        page.get_by_label(name).check()
    page.click("#season-form button[type=submit]")
    playwright.expect(page.locator(".flash-success")).to_contain_text("Inverno 2027")
    # linear: 4 + 2 for Anna, 3 + 1 + 2 for Bruno, 2 + 3 for Carla, 1 + 1 for Dario
    assert [row[:5] for row in rows(page, "standings")] == [
        ["1", "Anna Rossi", "6,00", "2", "1"],
        ["1", "Bruno", "6,00", "3", "1"],
        ["3", "Carla", "5,00", "2", "1"],
        ["4", "Dario", "2,00", "2", "0"],
    ]
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]
    shot(page, "td-season")

    # a bad table of points is refused where it was typed, and the season stays as it was
    page.check("input[name=points][value=fixed]")
    page.fill("#season-table", "10,,5")
    page.click("#season-form button[type=submit]")
    playwright.expect(page.locator(".flash-error")).to_contain_text("tabella di punti")
    page.goto(page.url)
    playwright.expect(page.locator("#standings")).to_contain_text("6,00")

    page.goto(f"/td/t/{first}/payouts")
    with page.expect_download() as download:
        page.click("#results-csv")
    saved = tmp_path / "results.csv"
    download.value.save_as(saved)
    raw = saved.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    assert raw.decode("utf-8-sig").splitlines()[:2] == [
        "Posto;Nome;Iscrizioni;Rebuy;Add-on;Fee della casa (€);Premio (€)",
        "1;Anna Rossi;1;0;0;0,00;56,00"]


def test_the_pages_fit_a_phone(ddt_server, browser):
    server = ddt_server("seasons-phone")
    token = server.call("POST", "/api/v1/auth/token",
                        body={"username": "ddt", "password": DDT_PASSWORD})["token"]
    anna = server.call("POST", "/api/v1/roster", token, {"name": "Anna Rossi"})["id"]
    ids = [played(server, token, f"Lunedì {n}", ["Anna Rossi", "Bruno", "Carla"],
                  {"Anna Rossi": anna}) for n in (1, 2)]
    season = server.call("POST", "/api/v1/seasons", token,
                         {"name": "Inverno", "tournaments": ids, "points": "td3"})["id"]
    page = logged_in(browser, server, PHONE)
    page.goto(f"/td/roster/{anna}")
    playwright.expect(page.locator("#history")).to_contain_text("Lunedì 2")
    # the header wraps and the history table scrolls inside itself: the page keeps the width
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "td-roster-player-phone")
    page.goto(f"/td/seasons/{season}")
    # TD3, 3 players at 20 euros, nothing but the buy-in paid: sqrt(3 * 400 / 20) / 2 = 3.87,
    # twice
    playwright.expect(page.locator("#standings")).to_contain_text("7,74")
    form = page.locator("#season-form").bounding_box()
    assert form["x"] >= 0 and form["x"] + form["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "td-season-phone")
