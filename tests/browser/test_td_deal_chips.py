"""In the browser: the chip set on the set-up page, the colour-up named on the wall clock and the
dashboard at its break, the chip race run from the chips page, and a deal accepted as the
payouts. Screenshots at a laptop's 1366x768 and a phone's 390x844 go to shots/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_td_screens import SHOTS, first_run
from tests.conftest import screenshot

pytestmark = pytest.mark.browser

CHIPS = [("verde", "25", "300"), ("nero", "100", "500"), ("viola", "500", "200")]


def shoot(page, name: str) -> None:
    screenshot(page, path=SHOTS / f"{name}.png", full_page=True)


def test_chip_set_colour_up_race_and_deal_in_the_browser(start_server, tmp_path, browser):
    server = start_server(f"sqlite:///{tmp_path / 'chips.sqlite3'}")
    SHOTS.mkdir(exist_ok=True)
    laptop = browser.new_context(viewport={"width": 1366, "height": 768}, base_url=server.url)
    laptop.set_default_timeout(10_000)
    desk = laptop.new_page()
    home = first_run(desk, "Serata fiches")

    for index, (colour, value, count) in enumerate(CHIPS):
        desk.fill(f"[name=chip-colour-{index}]", colour)
        desk.fill(f"[name=chip-value-{index}]", value)
        desk.fill(f"[name=chip-count-{index}]", count)
    desk.locator("#chip-set-form button[type=submit]").click()
    expect(desk.locator("[name=chip-colour-2]")).to_have_value("viola")
    # A 5,000 stack: 8 greens, 13 blacks, 7 purples.
    expect(desk.locator("#chip-set tbody tr").first.locator("td.num")).to_have_text("8")
    desk.locator("#chip-set").scroll_into_view_if_needed()
    screenshot(desk, path=SHOTS / "td-chip-set-it.png")

    desk.goto(home + "/players")
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        desk.fill("#new-name", name)
        desk.press("#new-name", "Enter")
        expect(desk.locator("main")).to_contain_text(name)
    desk.goto(home + "/tables")
    # The draw's answer (a redirect back to the tables) lands before the next page is asked
    # for: a goto sent while it was on its way was interrupted by it.
    with desk.expect_navigation():
        desk.locator("#draw-form button[type=submit]").click()

    # The clock to the break after level 8, where the club's structure races the 25s.
    desk.goto(home)
    panel = desk.locator("#clock-panel")
    clock_url, csrf = panel.get_attribute("data-url"), panel.get_attribute("data-csrf")
    # Off the console while the clock is driven through the API: the dashboard, the tables and
    # the log reload themselves at each change when idle (static/td/live.js), and such a
    # reload interrupted the next goto.
    desk.goto("about:blank")
    for action in ("start", "break", "break"):
        answer = desk.request.post(clock_url, data={"action": action}, headers={"X-CSRF-Token": csrf})
        assert answer.ok, answer.text()
        if answer.json()["clock"]["level"] == 4:  # the 25s still pay level 5's 150
            assert all(w["code"] != "COLOUR_UP_DUE" for w in answer.json()["warnings"])
    desk.goto(home)
    expect(desk.locator("#colour-up-link")).to_be_visible()
    shoot(desk, "td-dashboard-colour-up-it")

    wall = browser.new_context(viewport={"width": 1366, "height": 768}, base_url=server.url).new_page()
    slug = desk.locator("body").get_attribute("data-slug")
    wall.goto(f"/t/{slug}/clock")
    expect(wall.locator("#colour-up")).to_contain_text("verde")
    expect(wall.locator("#colour-up")).to_contain_text("nero")
    screenshot(wall, path=SHOTS / "display-colour-up-it.png")

    desk.locator("#colour-up-link").click()
    inputs = desk.locator("#race-form input[name^=race-]")
    expect(inputs).to_have_count(4)
    for index, chips in enumerate(("7", "2", "1")):
        inputs.nth(index).fill(chips)
    shoot(desk, "td-chips-race-it")
    desk.locator("#race-form button[type=submit]").click()
    expect(desk.locator("[id^=last-race-]")).to_have_count(1)
    # Next in line, the blacks (planned for the break after level 12).
    expect(desk.locator("#race-form [name=value]")).to_have_value("100")
    shoot(desk, "td-chips-raced-it")
    expect(wall.locator("#colour-up")).to_have_text("")

    desk.goto(home + "/deal")
    expect(desk.locator("#deal-table td[data-method=icm]")).to_have_count(4)
    expect(desk.locator("#deal-table td[data-method=chip_chop]")).to_have_count(4)
    shoot(desk, "td-deal-it")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, base_url=server.url,
                                storage_state=laptop.storage_state()).new_page()
    for path, name in (("/deal", "td-deal-phone-it"), ("/chips", "td-chips-phone-it"),
                       ("/setup", "td-setup-phone-it")):
        phone.goto(home + path)
        shoot(phone, name)
    desk.locator("#accept-icm button").click()
    expect(desk).to_have_url(re.compile(r"/payouts$"))
    expect(desk.locator(".status-absent")).to_be_visible()  # adjusted by hand
    shoot(desk, "td-payouts-after-deal-it")
