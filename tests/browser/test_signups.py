"""Sign-ups in a real Chromium at 390x844 against a real server (issue 30): a player signs up
on the tournament's page, is waitlisted, sees the promotion arrive without reloading, and after
the seat draw sees the table and seat; the DdT checks in 20 names on a phone-sized console, a
tap each. Both pages fit the phone (no sideways scroll, thumb-sized targets) and axe finds
nothing critical or serious. Screenshots go to shots/ (signup-*.png)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.test_every_page_words import SMALL_TARGETS
from tests.conftest import DDT_PASSWORD, screenshot

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "shots"
AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
LEVELS = [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1800}]


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=SHOTS / f"signup-{name}.png", full_page=True)


def fits_the_phone(page) -> None:
    """No sideways scroll, and every visible control (and link alone on its line) at least
    44 px tall and wide."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.evaluate(SMALL_TARGETS) == []


def nothing_blocking(page) -> None:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ["violations"]}))
        .violations.filter((v) => ["critical", "serious"].includes(v.impact))
        .map((v) => v.id + ": " + v.nodes.map((n) => n.target.join(" ")).join(", "))""")
    assert found == []


def test_a_player_signs_up_is_waitlisted_promoted_live_then_sees_the_seat(ddt_api, browser):
    api = ddt_api("sign-ups")
    created = api.call("POST", "/tournaments", {
        "name": "Lunedì con iscrizioni", "starting_stack": 5000, "buy_in": 2000,
        "seats_per_table": 9, "levels": LEVELS, "signups": {"cap": 2},
    })
    tid, slug = created["id"], created["slug"]
    first = [api.server.call("POST", f"/api/v1/public/tournaments/{slug}/signups", None,
                             {"name": name, "contact": f"{name.split()[0].lower()}@example.com"})
             for name in ("Anna Bianchi", "Bruno Rossi")]
    wall = browser.new_page(viewport={"width": 1366, "height": 768})
    wall.goto(f"{api.server.url}/t/{slug}/clock")
    expect(wall.locator("#headcount")).to_have_text(
        "Iscritti 2 su 2 · lista d'attesa 0 · in sala 0")
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                  base_url=api.server.url)
    page = context.new_page()
    page.goto(f"/t/{slug}")
    expect(page.locator("#signup-count")).to_contain_text("2 posti occupati su 2")
    fits_the_phone(page)
    nothing_blocking(page)
    shot(page, "form")
    page.fill("#signup-name", "Carla Verdi")
    page.fill("#signup-contact", "+39 333 123 4567")
    with page.expect_navigation():
        page.tap("#signup-submit")
    expect(page.locator("#status-text")).to_have_text("In lista d'attesa: numero 1")
    expect(page.locator("html")).to_have_attribute("data-view", str(api.call(
        "GET", f"/tournaments/{tid}")["version"]))
    fits_the_phone(page)
    nothing_blocking(page)
    shot(page, "waitlisted")

    # Anna is taken off the list: her place goes to Carla, told on Carla's page without a reload.
    api.call("DELETE", f"/tournaments/{tid}/signups/{first[0]['id']}")
    expect(page.locator("#status-text")).to_have_text("Hai un posto")
    expect(page.locator("#told")).to_contain_text("si è liberato un posto")
    shot(page, "promoted")
    expect(wall.locator("#headcount")).to_have_text(
        "Iscritti 2 su 2 · lista d'attesa 0 · in sala 0")
    screenshot(wall, path=SHOTS / "signup-wall.png")
    wall.close()

    listed = api.call("GET", f"/tournaments/{tid}/signups")["signups"]
    for signup in listed:
        if signup["status"] == "confirmed":
            api.call("POST", f"/tournaments/{tid}/signups/{signup['id']}/check-in")
    api.call("POST", f"/tournaments/{tid}/seats/draw")
    carla = next(p for p in api.call("GET", f"/tournaments/{tid}")["players"]
                 if p["name"] == "Carla Verdi")
    expect(page.locator("#my-table")).to_have_text(str(carla["table"]))
    expect(page.locator("#my-seat")).to_have_text(str(carla["seat"]))
    expect(page.locator("#told")).to_contain_text(f"tavolo {carla['table']}, posto {carla['seat']}")
    expect(page.locator("#night-link")).to_be_visible()
    shot(page, "seated")
    context.close()


def test_the_ddt_checks_in_twenty_names_on_a_phone(ddt_api, browser):
    api = ddt_api("check-in")
    created = api.call("POST", "/tournaments", {
        "name": "Venerdì alla porta", "starting_stack": 5000, "buy_in": 2000,
        "seats_per_table": 9, "levels": LEVELS, "signups": {"cap": 20},
    })
    tid, slug = created["id"], created["slug"]
    names = ["Anna Bianchi", "Bruno Colombo", "Carla Esposito", "Dario Ferrari", "Elena Galli",
             "Fabio Greco", "Giulia Lombardi", "Marco Moretti", "Nicolò Neri", "Olga Rizzo",
             "Paolo Romano", "Rita Russo", "Sergio Sala", "Tina Testa", "Ugo Villa",
             "Vera Zanetti", "Walter Conti", "Zoe De Luca", "Luca Marini", "Irene Fontana"]
    for n, name in enumerate(names):
        api.server.call("POST", f"/api/v1/public/tournaments/{slug}/signups", None,
                        {"name": name, "contact": f"porta{n}@example.com"})
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                  base_url=api.server.url)
    page = context.new_page()
    page.goto(f"/td/t/{tid}/check-in")
    page.fill("#username", "ddt")
    page.fill("#password", DDT_PASSWORD)
    with page.expect_navigation():
        page.press("#password", "Enter")
    expect(page.locator("#check-in-list li")).to_have_count(20)
    fits_the_phone(page)
    nothing_blocking(page)
    shot(page, "door")

    # The search narrows the list as the DdT types; one tap checks the name in.
    page.fill("#search", "nicolo")
    expect(page.locator("#check-in-list li:visible")).to_have_count(1)
    page.fill("#search", "")
    for name in names:
        row = page.locator("#check-in-list li", has_text=name)
        with page.expect_navigation():
            row.get_by_role("button", name=f"Registra ingresso: {name}").tap()
        expect(page.locator("#check-in-list li", has_text=name)).to_contain_text("dentro")
    expect(page.locator("#hc-checked-in")).to_have_text("20")
    shot(page, "door-done")
    players = api.call("GET", f"/tournaments/{tid}")["players"]
    assert sorted(p["name"] for p in players) == sorted(names)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"/td/t/{tid}/signups")
    expect(page.locator("#signups-table tbody tr")).to_have_count(20)
    shot(page, "list")
    context.close()
