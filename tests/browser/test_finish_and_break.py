"""The finish and a break as the room sees them (issue 26), in a real Chromium against a real
server, at 1920x1080, 1024x768 and 390x844: after the last bust the wall shows the winner and
the paid places, each paid player's phone their place and prize, the console's dashboard the
results with print buttons; during a break every screen (wall, phone, console, table console)
shows the same blinds, those after the break, and the table console's hand is refused.

Screenshots go to shots/ at the repository root (finish-*.png, break-*.png)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import screenshot

playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "shots"
PASSWORD = "correct horse battery"  # the password tests/conftest.py's ddt_server gives the DdT
SIZES = {"1920x1080": (1920, 1080), "1024x768": (1024, 768), "390x844": (390, 844)}
NAMES = ["Anna Bianchi", "Bruno Esposito", "Carla Neri", "Dario Verdi"]


@pytest.fixture
def night(ddt_api):
    """Four players at one table, two places paid, the clock running; a break after level 1."""
    api = ddt_api("finish")
    created = api.call("POST", "/tournaments", {
        "name": "Serata finale", "starting_stack": 5000, "buy_in": 2000, "seats_per_table": 9,
        "levels": [
            {"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200},
            {"break": True, "seconds": 600, "note": "Colour-up"},
            {"small_blind": 50, "big_blind": 100, "ante": 100, "seconds": 1200},
        ],
        "payouts": [{"max_entries": 99, "basis_points": [6000, 4000]}],
    })
    tid = created["id"]
    ids = {}
    for name in NAMES:
        ids[name] = api.call("POST", f"/tournaments/{tid}/players", {"name": name})["id"]
    api.call("POST", f"/tournaments/{tid}/seats/draw")
    api.call("POST", f"/tournaments/{tid}/clock", {"action": "start"})
    return api, tid, created["slug"], ids


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=str(SHOTS / f"{name}.png"), full_page=False)


def screen(browser, url: str, size: str):
    width, height = SIZES[size]
    phone = width < 500
    context = browser.new_context(viewport={"width": width, "height": height}, base_url=url,
                                  is_mobile=phone, has_touch=phone)
    context.set_default_timeout(15_000)
    return context.new_page()


def console(browser, url: str, size: str):
    page = screen(browser, url, size)
    page.goto("/login")
    page.fill("#username", "ddt")
    page.fill("#password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/td"))
    return page


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


@pytest.mark.parametrize("size", list(SIZES))
def test_after_the_last_bust_wall_phones_and_console_show_the_winner_and_prizes(night, browser,
                                                                                 size):
    api, tid, slug, ids = night
    url = api.server.url
    wall = screen(browser, url, size)
    wall.goto(f"/t/{slug}/clock")
    expect(wall.locator("#display")).to_have_class(re.compile(r"layout-clock"))
    for name in reversed(NAMES[1:]):
        view = api.call("POST", f"/tournaments/{tid}/players/{ids[name]}/bust")
    pool = view["ledger"]["prize_pool_cents"]
    assert view["tournament"]["finished"]

    # The wall, already open, turns to the results by itself.
    expect(wall.locator("#display")).to_have_class(re.compile(r"layout-finished"))
    expect(wall.locator("#winner-name")).to_have_text("Anna Bianchi")
    expect(wall.locator("#winner-prize")).to_contain_text(str(pool * 60 // 100 // 100))
    expect(wall.locator("#results .who")).to_have_text(["Anna Bianchi", "Bruno Esposito"])
    expect(wall.locator(".screen-clock")).to_be_hidden()
    shot(wall, f"finish-wall-{size}")

    def phone_of(name: str, place: str, share: int):
        page = screen(browser, url, size)
        page.goto(f"/t/{slug}/p/{ids[name]}")
        expect(page.locator("#my-place")).to_have_text(place)
        expect(page.locator("#my-winnings")).to_contain_text(str(pool * share // 100 // 100))
        expect(page.locator("#clock")).to_be_hidden()
        return page

    winner = phone_of("Anna Bianchi", "Hai vinto il torneo", 60)
    shot(winner, f"finish-phone-winner-{size}")
    shot(phone_of("Bruno Esposito", "Il tuo piazzamento: 2º", 40), f"finish-phone-second-{size}")
    third = screen(browser, url, size)
    third.goto(f"/t/{slug}/p/{ids['Carla Neri']}")
    expect(third.locator("#finished-note")).to_have_text("Il torneo è concluso: vince Anna Bianchi")
    expect(third.locator("#my-winnings")).to_be_hidden()

    desk = console(browser, url, size)
    desk.goto(f"/td/t/{tid}")
    panel = desk.locator("#results-panel")
    expect(panel).to_be_visible()
    expect(panel.locator("#results tbody tr")).to_have_count(2)
    expect(panel.locator("#print-results")).to_have_text("Stampa la classifica")
    expect(panel.locator("#print-receipts")).to_have_text("Stampa tutte le ricevute dei premi")
    expect(panel.locator("#results tbody a")).to_have_text(["Ricevuta", "Ricevuta"])
    expect(desk.locator("#clock-state")).to_have_text("torneo concluso")
    expect(desk.locator('[data-clock="resume"], [data-clock="pause"]')).to_have_count(0)
    shot(desk, f"finish-console-{size}")
    with desk.expect_popup() as opened:
        panel.locator("#print-receipts").click()
    receipts = opened.value
    expect(receipts.locator(".card.receipt")).to_have_count(2)

    home = screen(browser, url, size)
    home.goto("/")
    card = home.locator(f'.home-card[data-slug="{slug}"]')
    expect(card).to_contain_text("Concluso")
    expect(card).to_contain_text("Vinto da Anna Bianchi")
    expect(card).not_to_contain_text("in gioco")
    if SIZES[size][0] < 500:
        for page in (wall, winner, desk, home):
            no_sideways_scroll(page)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_break_shows_the_same_next_level_everywhere_and_no_hand_starts(night, browser, size):
    api, tid, slug, ids = night
    url = api.server.url
    base = f"/tournaments/{tid}/tables/1"
    access = api.call("POST", base + "/access")
    view = api.call("POST", f"/tournaments/{tid}/clock", {"action": "break"})
    assert view["clock"]["on_break"]

    wall = screen(browser, url, size)
    wall.goto(f"/t/{slug}/clock")
    expect(wall.locator("#blinds-label")).to_have_text("Dopo la pausa")
    expect(wall.locator("#blinds")).to_have_text("50 / 100")
    shot(wall, f"break-wall-{size}")

    phone = screen(browser, url, size)
    phone.goto(f"/t/{slug}/p/{ids['Carla Neri']}")
    expect(phone.locator("#clock-blinds")).to_have_text("Dopo la pausa 50/100 · ante 100")
    shot(phone, f"break-phone-{size}")

    desk = console(browser, url, size)
    desk.goto(f"/td/t/{tid}")
    expect(desk.locator("#level-card .sub")).to_have_text("Dopo la pausa 50/100 · ante 100")
    expect(desk.locator("#clock-blinds")).to_have_text("Dopo la pausa: 50/100 · ante 100")
    pause = desk.locator('[data-clock="pause"]')
    expect(pause).to_contain_text("Ferma l'orologio")
    expect(desk.locator("#clock-level")).to_have_text("Pausa")
    shot(desk, f"break-console-{size}")

    tablet = screen(browser, url, size)
    tablet.goto(access["url"])
    tablet.fill("#pin", access["pin"])
    tablet.click("button[type=submit]")
    tablet.wait_for_selector("#console[data-ready]")
    expect(tablet.locator("#blinds")).to_have_text("Pausa · dopo la pausa 50/100 (100)")
    expect(tablet.locator("#level-left")).to_contain_text("Si riprende tra")
    tablet.click("#start")
    expect(tablet.locator("#message")).to_have_text(
        "La sala è in pausa: la prossima mano inizia a fine pausa")
    assert api.call("GET", base + "/hand")["hand"] is None
    shot(tablet, f"break-table-{size}")


def test_a_jump_of_more_than_one_level_asks_the_director_first(ddt_api, browser):
    api = ddt_api("jumps")
    level = {"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200}
    tid = api.call("POST", "/tournaments", {
        "name": "Salti", "starting_stack": 5000, "buy_in": 2000, "seats_per_table": 9,
        "levels": [level] * 4 + [{"break": True, "seconds": 600}, level],
    })["id"]
    api.call("POST", f"/tournaments/{tid}/clock", {"action": "start"})
    desk = console(browser, api.server.url, "1024x768")
    desk.goto(f"/td/t/{tid}")
    asked = []
    desk.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    desk.click('[data-clock="break"]')  # level 1 to the break after level 4
    desk.fill("#clock-jump input[name=level]", "3")
    desk.click("#clock-jump button[type=submit]")
    assert asked == ["Passare subito alla pausa dopo il livello 4?",
                     "Saltare 2 livelli in una volta, fino al livello 3?"]
    assert api.call("GET", f"/tournaments/{tid}")["clock"]["level"] == 1  # both declined
    desk.click('[data-clock="next"]')  # one level: no question
    expect(desk.locator("#clock-level")).to_have_text("Livello 2")
    assert len(asked) == 2
