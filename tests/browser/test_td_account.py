"""The DdT's account page in a real Chromium at a laptop's 1366x768: reached from the header,
a new token is shown once and copied with one click, and revoking it (after the confirmation)
shuts it out of the API at once. Screenshot goes to shots/ (td-account.png)."""

from __future__ import annotations

import urllib.error
from pathlib import Path

import pytest

from tests.conftest import screenshot

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

DDT_PASSWORD = "correct horse battery"  # the one `ddt_server` gives its DdT
SHOTS = Path(__file__).resolve().parents[2] / "shots"
# The words inside `selector` that the browser split over two lines.
BROKEN_WORDS = """(selector) => {
  const broken = [];
  const walker = document.createTreeWalker(document.querySelector(selector), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) broken.push(word[0]);
    }
  }
  return broken;
}"""


def _log_in(page) -> None:
    page.goto("/login")
    page.fill("#username", "ddt")
    page.fill("#password", DDT_PASSWORD)
    page.press("#password", "Enter")
    playwright.expect(page.locator("header a.user")).to_be_attached()


def _new_token(page) -> str:
    """Makes a token on the account page; answers the token it shows once."""
    page.fill("#label", "tablet tavolo 2")
    page.fill("#days", "30")
    page.click("#new-token-form button[type=submit]")
    shown = page.locator("#new-token-value")
    playwright.expect(shown).to_be_visible()
    playwright.expect(page.locator("#new-token")).to_contain_text("non verrà più mostrato")
    return shown.input_value()


def test_a_token_is_made_copied_and_revoked_from_the_account_page(ddt_server, browser):
    server = ddt_server("account")
    context = browser.new_context(viewport={"width": 1366, "height": 768}, base_url=server.url)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    _log_in(page)
    page.locator("header a.user").click()
    playwright.expect(page).to_have_url(server.url + "/td/account")
    token = _new_token(page)
    page.locator("[data-copy]").click()
    playwright.expect(page.locator("[data-copy]")).to_have_text("Copiato")
    assert page.evaluate("navigator.clipboard.readText()") == token
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=str(SHOTS / "td-account.png"))
    assert server.call("GET", "/api/v1/auth/tokens", token)["tokens"][0]["label"] == "tablet tavolo 2"

    page.reload()  # a reload lists the token but never shows it again
    playwright.expect(page.locator("#tokens")).to_contain_text("tablet tavolo 2")
    assert page.locator("#new-token-value").count() == 0

    page.once("dialog", lambda dialog: dialog.dismiss())
    page.locator("#tokens button.danger").click()
    playwright.expect(page.locator("#tokens")).to_contain_text("tablet tavolo 2")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#tokens button.danger").click()
    playwright.expect(page.locator(".flash-success")).to_contain_text("Token revocato")
    playwright.expect(page.locator("#tokens")).not_to_contain_text("tablet tavolo 2")
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.call("GET", "/api/v1/auth/tokens", token)
    assert refused.value.code == 401
    context.close()


def test_the_copy_button_shows_only_once_its_script_can_copy(shared_ddt_server, browser):
    """The copy script loads after the page: until it has wired the button, a click would do
    nothing (CI once clicked in that gap), so the button is not there. The token is, to copy by
    hand."""
    context = browser.new_context(viewport={"width": 1366, "height": 768},
                                  base_url=shared_ddt_server.url)
    page = context.new_page()
    page.route("**/td/account.js*", lambda route: route.abort())
    _log_in(page)
    page.goto("/td/account")
    token = _new_token(page)
    assert token
    page.wait_for_load_state("load")  # every stylesheet in: none of them shows the button
    playwright.expect(page.locator("[data-copy]")).to_be_hidden()
    context.close()


def test_a_browser_that_may_not_copy_leaves_the_token_selected_and_says_so(shared_ddt_server,
                                                                            browser):
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  base_url=shared_ddt_server.url)
    # Neither the clipboard API nor the copy command may write: a browser that forbids both.
    context.add_init_script("""
        navigator.clipboard.writeText = () => Promise.reject(new DOMException("denied"));
        document.execCommand = () => false;
    """)
    page = context.new_page()
    _log_in(page)
    page.goto("/td/account")
    token = _new_token(page)
    page.locator("[data-copy]").click()
    playwright.expect(page.locator("[data-copy]")).to_have_text("Selezionato: copialo a mano")
    selected = page.evaluate("(f => f.value.slice(f.selectionStart, f.selectionEnd))"
                             "(document.getElementById('new-token-value'))")
    assert selected == token
    # On the phone each token is a card, every word whole, its dates named, its button a thumb's.
    assert page.evaluate(BROKEN_WORDS, "#tokens") == []
    playwright.expect(page.locator("#tokens thead")).to_be_hidden()
    expires = page.locator("#tokens tbody td[data-label='Scade']").first
    assert expires.evaluate("(td) => getComputedStyle(td, '::before').content") != "none"
    assert page.locator("#tokens button.danger").first.bounding_box()["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
