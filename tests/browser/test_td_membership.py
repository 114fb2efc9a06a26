"""The club's spreadsheet on a phone (issue 30, item 6): the DdT uploads the member list as CSV;
a file with a bad line is refused by its line and why, and nothing comes in; the corrected file
comes in whole and the list shows it, an expired card marked with its renewal."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import DDT_PASSWORD

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
BAD = ("Cognome;Nome;N. tessera;Scadenza\r\n"
       "Foglio;Ilaria;F-1;31/12/2099\r\n"
       "Foglio;Luca;F-2;31/02/2027\r\n")


def _upload(page, text: str) -> None:
    page.set_input_files("#file", files=[{"name": "soci.csv", "mimeType": "text/csv",
                                          "buffer": text.encode("cp1252")}])
    page.click("#import-cards button[type=submit]")


def test_a_file_with_a_bad_line_is_refused_then_the_corrected_one_comes_in(ddt_api, browser):
    api = ddt_api("membership upload")
    page = browser.new_page(viewport=PHONE, base_url=api.server.url)
    page.goto("/td/membership?q=foglio")
    page.fill("#username", "ddt")
    page.fill("#password", DDT_PASSWORD)
    page.press("#password", "Enter")
    expect(page.locator("#import-cards")).to_be_visible()

    _upload(page, BAD)
    expect(page.locator(".flash-error")).to_contain_text(
        "Riga 3 del file: “31/02/2027” non è una data")
    expect(page.locator(".flash-error")).to_contain_text("Nulla è stato importato")
    assert api.call("GET", "/members?q=foglio")["total"] == 0

    _upload(page, BAD.replace("31/02/2027", "31/12/2020"))
    expect(page.locator(".flash-success")).to_contain_text("Importato: 2 aggiunti")
    page.goto("/td/membership?q=foglio")
    holders = page.locator("#card-holders .card-holder")
    expect(holders).to_have_count(2)
    expect(holders.nth(0)).to_contain_text("Ilaria Foglio")
    expect(holders.nth(1).locator(".until")).to_contain_text("scaduta il")
    expect(holders.nth(1).locator("button", has_text="Rinnova fino al")).to_be_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
