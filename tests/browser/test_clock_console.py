"""The clock panel on the DdT's dashboard, driven from the keyboard in a real Chromium."""

from __future__ import annotations

import pytest

from tests.conftest import DDT_PASSWORD, in_the_club_of

pytestmark = pytest.mark.browser


@pytest.fixture
def console(shared_ddt_server, browser):
    """A logged-in DdT on the dashboard of a tournament whose clock has not started, a tournament
    of the test's own on this worker's shared server."""
    from tdapp.services import tournaments
    from tdapp.tournament.settings import Settings

    server = shared_ddt_server
    with in_the_club_of(server):
        created = tournaments.create_tournament(Settings(name="Console"), "test")
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(f"{server.url}/login")
    page.fill("#username", "ddt")
    page.fill("#password", DDT_PASSWORD)
    # The login's answer lands before the console is asked for: a goto sent while it was on
    # its way would be interrupted by it.
    with page.expect_navigation():
        page.press("#password", "Enter")
    page.goto(f"{server.url}/td/t/{created.id}")
    return page


def seconds_left(page) -> int:
    minutes, seconds = page.text_content("#clock-left").split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_ddt_runs_the_clock_from_the_keyboard(console):
    page = console
    assert page.locator('[data-clock="start"]').is_visible()
    with page.expect_navigation():
        page.keyboard.press(" ")  # start
    assert page.locator('[data-clock="pause"]').is_visible()
    before = seconds_left(page)
    with page.expect_navigation():
        page.keyboard.press("+")  # one more minute
    assert 55 <= seconds_left(page) - before <= 61
    with page.expect_navigation():
        page.keyboard.press(".")  # next level
    assert "2" in page.text_content("#clock-level")
    with page.expect_navigation():
        page.keyboard.press(" ")  # pause
    assert page.locator('[data-clock="resume"]').is_visible()


def test_a_refused_jump_shows_the_reason_and_changes_nothing(console):
    page = console
    page.fill('#clock-jump input[name="level"]', "0")
    page.evaluate("document.querySelector('#clock-jump input').removeAttribute('min')")
    page.click("#clock-jump button")
    page.wait_for_selector("#clock-error", state="visible")
    assert page.text_content("#clock-error").strip()
    assert page.locator('[data-clock="start"]').is_visible()
