"""The console follows changes made on another screen: an idle dashboard reloads by itself, a
page with fields shows a banner and keeps what the DdT typed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_td_screens import first_run

pytestmark = pytest.mark.browser


def test_a_change_on_another_screen_reaches_the_console(start_server, tmp_path, browser):
    server = start_server(f"sqlite:///{tmp_path / 'live.sqlite3'}")
    first = browser.new_context(viewport={"width": 1366, "height": 768}, base_url=server.url)
    first.set_default_timeout(10_000)
    desk = first.new_page()
    dashboard = first_run(desk, "Serata live")

    # A second screen of the same DdT registers players while the first one looks on.
    other = first.new_page()
    other.goto(dashboard + "/players")
    desk.goto(dashboard)
    expect(desk.locator("#players-left")).to_have_text("0")
    other.fill("#new-name", "Anna")
    other.press("#new-name", "Enter")
    expect(desk.locator("#players-left")).to_have_text("1")

    desk.goto(dashboard + "/players")
    desk.fill("#new-name", "Bruno (typing)")
    other.fill("#new-name", "Carla")
    other.press("#new-name", "Enter")
    expect(desk.locator("#changed-elsewhere")).to_be_visible()
    expect(desk.locator("#new-name")).to_have_value("Bruno (typing)")
