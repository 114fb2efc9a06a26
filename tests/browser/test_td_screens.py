"""Every console page at a laptop's 1366x768, in Italian and in English, on the demo night: each
fits the width without a horizontal scroll bar. Screenshots go to shots/ (not kept in git)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.conftest import screenshot

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "shots"
PAGES = {"dashboard": "", "players": "/players", "tables": "/tables", "setup": "/setup",
         "payouts": "/payouts", "log": "/log", "count": "/tables/1/count"}
PASSWORD = "tavolo-verde-7"


def first_run(desk, tournament: str) -> str:
    """A new server's first run, as the DdT goes through it on `desk` (a page of a context
    whose base URL is the server's): the account, then a tournament named `tournament`.
    Answers the tournament's dashboard address."""
    desk.goto("/setup")
    desk.fill("#username", "direttore")
    desk.fill("#password", PASSWORD)
    desk.fill("#confirm", PASSWORD)
    desk.press("#confirm", "Enter")
    desk.fill("#name", tournament)
    desk.get_by_role("button", name="Crea torneo").click()
    expect(desk).to_have_url(re.compile(r"/setup$"))
    return desk.url.removesuffix("/setup")


def test_every_console_page_fits_a_laptop_screen_in_both_languages(start_server, tmp_path, browser):
    url = f"sqlite:///{tmp_path / 'screens.sqlite3'}"
    env = dict(os.environ, DATABASE_URL=url)
    subprocess.run([sys.executable, "-m", "tdapp.cli", "demo"], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    server = start_server(url)
    SHOTS.mkdir(exist_ok=True)
    too_wide = []
    for language, locale in (("it", "it-IT"), ("en", "en-GB")):
        # The browser speaks the language too, as the DdT's laptop would (dates, numbers).
        context = browser.new_context(viewport={"width": 1366, "height": 768},
                                      base_url=server.url, locale=locale)
        page = context.new_page()
        page.goto(f"/lang/{language}?next=/setup")
        if "/setup" in page.url:
            screenshot(page, path=SHOTS / f"td-first-run-{language}.png")
            page.fill("#username", "direttore")
            page.fill("#password", PASSWORD)
            page.fill("#confirm", PASSWORD)
            page.press("#confirm", "Enter")
        else:
            screenshot(page, path=SHOTS / f"td-login-{language}.png")
            page.fill("#username", "direttore")
            page.fill("#password", PASSWORD)
            page.press("#password", "Enter")
        expect(page.locator("#new-tournament")).to_be_visible()
        screenshot(page, path=SHOTS / f"td-tournaments-{language}.png")
        tournament = page.locator("main table a").first.get_attribute("href")
        page.goto("/td/templates")
        screenshot(page, path=SHOTS / f"td-templates-{language}.png")
        for name, path in PAGES.items():
            page.goto(tournament + path)
            expect(page.locator("html")).to_have_attribute("lang", language)
            screenshot(page, path=SHOTS / f"td-{name}-{language}.png")
            screenshot(page, path=SHOTS / f"td-{name}-{language}-full.png", full_page=True)
            if page.evaluate("document.documentElement.scrollWidth") > 1366:
                too_wide.append(f"{name} ({language})")
        context.close()
    assert too_wide == []
