"""The DdT's main path in a real Chromium against a real server: first run, log in, a tournament
from a template, 20 players registered, seats drawn, rebuy, add-on, bust, and undo."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

PASSWORD = "tavolo-verde-7"


@pytest.fixture
def page(start_server, tmp_path, browser):
    server = start_server(f"sqlite:///{tmp_path / 'main_path.sqlite3'}")
    context = browser.new_context(viewport={"width": 1366, "height": 768}, base_url=server.url)
    context.set_default_timeout(10_000)
    yield context.new_page()


def flash(page: Page):
    """The answer to the DdT's last action, not the banner that says another screen changed it."""
    return page.locator(".flash:not(#changed-elsewhere)").first


def row(page: Page, name: str):
    return page.locator("#players-table tbody tr", has=page.get_by_text(name, exact=True))


def key(page: Page, name: str) -> None:
    """A console shortcut, pressed as the DdT does: Escape first leaves any text field. The page
    must have loaded its scripts, as it has long before a person presses a key."""
    page.wait_for_load_state()
    page.keyboard.press("Escape")
    page.keyboard.press(name)


def go(page: Page, shortcut: str, path: str) -> None:
    """A page of the console by its key; waits until it is there before typing on."""
    key(page, shortcut)
    expect(page).to_have_url(re.compile(path + "$"))
    page.wait_for_load_state()


def find(page: Page, name: str):
    """The player's row, found with the search box as the DdT types into it."""
    key(page, "/")
    page.keyboard.type(name.lower())
    expect(page.locator("#players-table tbody tr:visible")).to_have_count(1)
    return row(page, name)


def test_ddt_runs_a_night_from_first_run_to_undo(page: Page):
    page.goto("/td/tournaments")
    expect(page).to_have_url(re.compile(r"/setup$"))
    page.fill("#username", "direttore")
    page.fill("#password", PASSWORD)
    page.fill("#confirm", PASSWORD)
    page.press("#confirm", "Enter")
    expect(page.get_by_role("heading", name="Tornei")).to_be_visible()

    page.get_by_role("button", name="Esci").click()
    expect(page).to_have_url(re.compile(r"/login$"))
    page.fill("#username", "direttore")
    page.fill("#password", PASSWORD)
    page.press("#password", "Enter")
    expect(page.get_by_role("heading", name="Nuovo torneo")).to_be_visible()

    club = page.locator("#template option", has_text="Club 5.000-9.000").get_attribute("value")
    page.select_option("#template", value=club)
    page.fill("#name", "Lunedì del club")
    page.get_by_role("button", name="Crea torneo").click()
    expect(page.locator("#f-name")).to_have_value("Lunedì del club")
    # The add-on is offered until the end of level 4, so that it is open before the first break.
    page.fill("#f-add_on_until", "4")
    page.get_by_role("button", name="Salva le impostazioni").click()
    expect(flash(page)).to_have_text("Impostazioni salvate.")

    go(page, "n", "/players#new-name")
    for number in range(1, 21):
        # As the DdT does: type the next name once the page is back with the cursor in the field
        # (an Enter sent while the page after the last registration still loads can be lost).
        expect(page.locator("#new-name")).to_be_focused()
        page.fill("#new-name", f"Giocatore {number:02d}")
        page.press("#new-name", "Enter")
        expect(flash(page)).to_have_text(f"Giocatore {number:02d} è iscritto.")
    expect(page.locator("#players-table tbody tr")).to_have_count(20)

    go(page, "t", "/tables")
    page.get_by_role("button", name=re.compile("Sorteggia i posti per 20 giocatori")).click()
    expect(flash(page)).to_have_text("Posti sorteggiati.")
    expect(page.locator(".table-card")).to_have_count(3)
    expect(page.locator(".table-card li:not(.empty)")).to_have_count(20)

    go(page, "p", "/players")
    find(page, "Giocatore 07").get_by_role("button", name="Rebuy").click()
    expect(flash(page)).to_have_text("Rebuy registrato per Giocatore 07.")
    expect(row(page, "Giocatore 07").locator("input.stack")).to_have_value("10000")
    find(page, "Giocatore 08").get_by_role("button", name="Add-on").click()
    expect(flash(page)).to_have_text("Add-on registrato per Giocatore 08.")
    find(page, "Giocatore 09").get_by_role("button", name="Elimina").click()
    page.locator("#bust-nobody").click()  # asked first: knocked out by nobody named
    expect(flash(page)).to_have_text("Giocatore 09 esce dal torneo al 20° posto.")
    expect(row(page, "Giocatore 09").locator("td").nth(6)).to_have_text("20")

    key(page, "z")
    expect(flash(page)).to_have_text("Annullato: Giocatore 09 esce dal torneo al 20° posto")
    expect(row(page, "Giocatore 09").get_by_role("button", name="Elimina")).to_be_visible()

    go(page, "d", r"/t/\d+")
    expect(page.locator("#players-left")).to_have_text("20")
    # 20 buy-ins, one rebuy and one add-on at € 20 each.
    expect(page.locator("#prize-pool")).to_have_text("€\u00a0440")

    go(page, "l", "/log")
    expect(page.locator("#log tbody tr").first).to_contain_text("Giocatore 09 esce dal torneo al 20° posto")
    expect(page.locator("#log tbody tr").first).to_contain_text("annullato")
