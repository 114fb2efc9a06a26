"""The dealer's table console during a hand at a full table of nine or ten (issue 26 item 4): on a
landscape tablet (1024x768) and a portrait one (768x1024) the whole console is on screen with no
scrolling, misdeal and undo included, and its IT/EN switch turns the words over. Screenshots go
to shots/ (table-fit-*.png)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.test_table_console import open_console
from tests.conftest import screenshot

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "shots"
NAMES = ["Anna Bianchi", "Maria Grazia Esposito", "Giulia Neri", "Pierluigi Verdi", "Bruno Colombo",
         "Elena De Laurentiis", "Marco Ferrari", "Nicolò Rossi", "Olga Romano", "Ugo Villa"]


@pytest.fixture(params=[9, 10], ids=["nine-max", "ten-max"])
def full_table(ddt_api, request):
    """A full table of nine (or ten), the clock running. Returns (api, base of the table, seats)."""
    seats = request.param
    api = ddt_api("table fit")
    created = api.call("POST", "/tournaments", {
        "name": "Tavolo pieno", "starting_stack": 5000, "buy_in": 2000, "seats_per_table": seats,
        "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200}],
    })
    tid = created["id"]
    for name in NAMES[:seats]:
        api.call("POST", f"/tournaments/{tid}/players", {"name": name})
    view = api.call("POST", f"/tournaments/{tid}/seats/draw")
    api.call("POST", f"/tournaments/{tid}/clock", {"action": "start"})
    return api, f"/tournaments/{tid}/tables/{view['players'][0]['table']}", seats


def _on_screen(page, selector: str, viewport: dict[str, int]) -> bool:
    box = page.locator(selector).bounding_box()
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= viewport["width"]
            and box["y"] + box["height"] <= viewport["height"])


@pytest.mark.parametrize("viewport", [{"width": 1024, "height": 768}, {"width": 768, "height": 1024}],
                         ids=["landscape", "portrait"])
def test_a_hand_at_a_full_table_fits_the_tablet_with_misdeal_and_undo_in_sight(full_table, browser, viewport):
    api, base, seats = full_table
    tablet = open_console(api, browser, base, viewport)
    tablet.click("#start")
    playwright.expect(tablet.locator("#actions")).to_be_visible()
    playwright.expect(tablet.locator("#seats .seat")).to_have_count(seats)
    SHOTS.mkdir(exist_ok=True)
    screenshot(tablet, path=SHOTS / f"table-fit-{seats}-{viewport['width']}x{viewport['height']}.png")
    # The hand's first decision: every control of the hand and of the table on screen at once.
    for selector in ("#fold", "#call", "#allin", "#raise", "#amount", "#misdeal", "#undo",
                     "#countdown", "#pot-total", f"#seats .seat >> nth={seats - 1}", "#lang"):
        assert _on_screen(tablet, selector, viewport), selector
    # The blinds' bets read on one line each ("puntata 25", not "puntata" over "25").
    bets = tablet.evaluate("""() => [...document.querySelectorAll('#seats .front')]
      .filter((front) => front.textContent.trim())
      .map((front) => [front.textContent, front.getClientRects().length === 1
                       && front.offsetHeight < 1.5 * parseFloat(getComputedStyle(front).lineHeight)])""")
    assert len(bets) == 2 and all(one_line for _, one_line in bets), bets
    height = tablet.evaluate("document.scrollingElement.scrollHeight")
    width = tablet.evaluate("document.scrollingElement.scrollWidth")
    assert height <= viewport["height"] and width <= viewport["width"], (width, height)


def test_the_table_console_switches_between_italian_and_english(full_table, browser):
    api, base, _seats = full_table
    tablet = open_console(api, browser, base, {"width": 1024, "height": 768})
    playwright.expect(tablet.locator("#start")).to_have_text("Inizia la mano")
    tablet.click("#lang a[lang=en]")
    tablet.wait_for_selector("#console[data-ready]")
    playwright.expect(tablet.locator("html")).to_have_attribute("lang", "en")
    playwright.expect(tablet.locator("#start")).to_have_text("Start hand")
    playwright.expect(tablet.locator("#misdeal")).to_have_text("Misdeal")
    SHOTS.mkdir(exist_ok=True)
    screenshot(tablet, path=SHOTS / "table-fit-english-1024x768.png")
    tablet.click("#lang a[lang=it]")
    tablet.wait_for_selector("#console[data-ready]")
    playwright.expect(tablet.locator("#misdeal")).to_have_text("Mano irregolare")
