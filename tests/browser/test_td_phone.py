"""A floor person's night on a phone (390x844, issue 26 items 3 and 4): from the dashboard, find
a player, bust one (knocked out by a player of the same table, asked first), take the bust back
from the toast, rebuy, add-on, count a stack, apply a balancing move and pause the clock, each in
at most three taps; the chip line says where to count; a rebuy out of reach says why; a refused
count keeps what was typed; and every console page fits the phone's width with thumb-sized
targets. A tap is a touch on the screen; the name typed and its Enter are typing, not taps.
Screenshots go to shots/ (phone-*.png)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tdapp.tournament.settings import DEFAULT_PAYOUTS
from tests.browser.test_every_page_words import CUT_HINTS, SMALL_TARGETS
from tests.conftest import DDT_PASSWORD, screenshot

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "shots"
PHONE = {"width": 390, "height": 844}
NAMES = ["Anna Bianchi", "Bruno Colombo", "Carla Esposito", "Dario Ferrari", "Elena Galli",
         "Fabio Greco", "Giulia Lombardi", "Marco Moretti", "Nicolò Neri", "Olga Rizzo",
         "Paolo Romano", "Rita Russo", "Sergio Sala", "Tina Testa", "Ugo Villa", "Vera Zanetti",
         "Massimiliano Conti", "Zoe De Luca"]
REBUY_LIMIT = 2000
STEPPED = {"Rita Russo", "Anna Bianchi", "Bruno Colombo", "Dario Ferrari"}  # rebuy, add-on, count


# The default's brackets (up to a hundred entries), then one that pays fifteen places.
PAYOUTS = [
    *({"max_entries": b.max_entries, "basis_points": list(b.basis_points)} for b in DEFAULT_PAYOUTS),
    {"max_entries": 200, "basis_points": [2400, 1550, 1100, 850, 700, 600, 500, 420, 370, 330,
                                          300, 260, 230, 200, 190]},
]
FIFTEEN_PLACES = "24 15.5 11 8.5 7 6 5 4.2 3.7 3.3 3 2.6 2.3 2 1.9"


@pytest.fixture
def night(ddt_api):
    """Eighteen players at two tables of nine, the clock running in level 1 with rebuys (for a
    stack of at most 2,000) and the add-on open; one player down to 1,500 chips."""
    api = ddt_api("phone night")
    created = api.call("POST", "/tournaments", {
        "name": "Lunedì sera", "starting_stack": 5000, "buy_in": 2000, "seats_per_table": 9,
        "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1800},
                   {"small_blind": 50, "big_blind": 100, "ante": 0, "seconds": 1800}],
        "rebuy": {"until_level": 2, "chips": 5000, "price": 2000, "max_stack": REBUY_LIMIT},
        "add_on": {"until_level": 2, "chips": 5000, "price": 2000},
        "payouts": PAYOUTS,
    })
    tid = created["id"]
    for name in NAMES:
        api.call("POST", f"/tournaments/{tid}/players", {"name": name})
    api.call("POST", f"/tournaments/{tid}/seats/draw")
    api.call("POST", f"/tournaments/{tid}/clock", {"action": "start"})
    short = player(api, tid, "Rita Russo")
    api.call("POST", f"/tournaments/{tid}/chips", {"counts": [{"player": short["id"], "stack": 1500}]})
    return api, tid


def player(api, tid: int, name: str) -> dict:
    return next(p for p in api.call("GET", f"/tournaments/{tid}")["players"] if p["name"] == name)


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=SHOTS / f"phone-{name}.png")


class Thumb:
    """The floor person's taps on the phone, counted from the dashboard."""

    def __init__(self, page, dashboard: str) -> None:
        self.page = page
        self.dashboard = dashboard
        self.taps = 0

    def start(self) -> None:
        self.page.goto(self.dashboard)
        self.taps = 0

    def tap(self, target) -> None:
        locator = self.page.locator(target) if isinstance(target, str) else target
        locator.tap()
        self.taps += 1

    def find(self, name: str):
        """The dashboard's search: one tap in the field, the name typed and sent; the player's card."""
        self.tap("#find-player")
        self.page.keyboard.type(name)
        self.page.keyboard.press("Enter")
        # The search's page loaded to its end: its bust.js makes a row's "Elimina" ask first.
        self.page.wait_for_url(re.compile(r"/players\?q="))
        card = self.page.locator("#players-table tbody tr:visible")
        expect(card).to_have_count(1)
        expect(card).to_contain_text(name)
        return card

    def count(self, name: str, chips: str) -> None:
        """From the dashboard: the player's card, a tap in the chips field, the count typed over
        what is there, and the card's chips button."""
        self.start()
        card = self.find(name)
        self.tap(card.locator("input.stack"))
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(chips)
        self.tap(card.get_by_role("button", name="Fiches"))


def test_a_floor_persons_night_on_a_phone_each_step_in_three_taps(night, browser):
    api, tid = night
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                  base_url=api.server.url)
    page = context.new_page()
    page.goto(f"/td/t/{tid}")
    page.fill("#username", "ddt")
    page.fill("#password", DDT_PASSWORD)
    page.press("#password", "Enter")
    expect(page.locator("#find-player")).to_be_visible()
    thumb = Thumb(page, f"/td/t/{tid}")

    # Find a player: one tap.
    thumb.start()
    thumb.find("Carla Esposito")
    assert thumb.taps == 1
    shot(page, "players-card")
    # Each figure on the card is named: the code a player types on the phone is no bare number.
    carla = player(api, tid, "Carla Esposito")
    code = page.locator(f"#player-{carla['id']} .phone-code")
    assert code.evaluate("cell => getComputedStyle(cell, '::before').content") == '"Codice telefono "'

    # A bust: the player's "Bust", then who knocked them out; the players at the same table are
    # offered first, in seat order, and the choice is the confirmation.
    out = player(api, tid, "Carla Esposito")
    mates = sorted((p for p in api.call("GET", f"/tournaments/{tid}")["players"]
                    if p["table"] == out["table"] and p["id"] != out["id"]), key=lambda p: p["seat"])
    thumb.start()
    card = thumb.find(out["name"])
    thumb.tap(card.get_by_role("button", name="Elimina"))
    dialog = page.locator("#bust-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#bust-mates button")).to_have_text(
        [f"Fuori, per mano di {mate['name']}" for mate in mates])
    shot(page, "bust-dialog")
    assert api.call("GET", f"/tournaments/{tid}")["tournament"]["players_left"] == len(NAMES)  # asked, not done
    thumb.tap(dialog.locator("#bust-mates button").first)
    toast = page.locator("#undo-toast")
    expect(toast).to_contain_text(out["name"])
    assert thumb.taps == 3
    assert player(api, tid, out["name"])["place"] == len(NAMES)
    shot(page, "undo-toast")
    # The toast's undo is the DdT's own undo: the player is back.
    thumb.tap("#toast-undo")
    expect(page.locator(".flash").first).to_contain_text(out["name"])
    assert player(api, tid, out["name"])["place"] is None

    # Two busts at that table leave it two short of the other: a balancing move is due. The
    # second is someone the steps below leave alone, wherever the draw seated them.
    second = next(mate for mate in mates if mate["name"] not in STEPPED)
    for name in (out["name"], second["name"]):
        thumb.start()
        thumb.tap(thumb.find(name).get_by_role("button", name="Elimina"))
        thumb.tap(page.locator("#bust-nobody"))
        expect(page.locator("#undo-toast")).to_contain_text(name)
        assert thumb.taps == 3

    # The dashboard's chip line says where to count, in words, never a bare dash.
    thumb.start()
    line = page.locator("#chips-gap")
    expect(line).not_to_contain_text("—")
    expect(line.locator(".value")).to_have_text("Conta 7 stack")
    expect(line.locator("a.recount")).to_have_text(f"Tavolo {out['table']}: 7 stack")
    shot(page, "dashboard-chip-line")

    # A rebuy: two taps. A stack above the limit says why there is no rebuy.
    thumb.start()
    thumb.tap(thumb.find("Rita Russo").get_by_role("button", name="Rebuy"))
    expect(page.locator(".flash").first).to_contain_text("Rebuy registrato per Rita Russo")
    assert thumb.taps == 2
    assert player(api, tid, "Rita Russo")["rebuys"] == 1
    thumb.start()
    card = thumb.find("Anna Bianchi")
    expect(card.get_by_role("button", name="Rebuy")).to_have_count(0)
    expect(card.locator(".unavailable")).to_have_text(
        "Niente rebuy: 5.000 fiches superano il limite di 2.000")

    # An add-on: two taps.
    thumb.start()
    thumb.tap(thumb.find("Bruno Colombo").get_by_role("button", name="Add-on"))
    expect(page.locator(".flash").first).to_contain_text("Bruno Colombo")
    assert thumb.taps == 2
    assert player(api, tid, "Bruno Colombo")["add_ons"] == 1

    # A chip count: three taps (the field, the count typed, its button). A refused count keeps
    # what was typed in the field, with the reason.
    thumb.count("Dario Ferrari", "-5000")
    expect(page.locator(".flash-error")).to_be_visible()
    expect(page.locator("#players-table tbody tr:visible input.stack")).to_have_value("-5000")
    assert player(api, tid, "Dario Ferrari")["stack"] == 5000
    thumb.count("Dario Ferrari", "7400")
    expect(page.locator(".flash").first).to_contain_text("Dario Ferrari")
    assert thumb.taps == 3
    assert player(api, tid, "Dario Ferrari")["stack"] == 7400

    # The suggested move: two taps, the dashboard's warning and the move's "Apply".
    thumb.start()
    thumb.tap("#moves-link")
    thumb.tap(page.locator("#moves .suggestions button").first)
    expect(page.locator("#balanced")).to_be_visible()
    assert thumb.taps == 2
    tables = api.call("GET", f"/tournaments/{tid}")["tables"]
    assert sorted(t["players"] for t in tables) == [8, 8]

    # Pause the clock: one tap.
    thumb.start()
    thumb.tap("[data-clock=pause]")
    expect(page.locator("[data-clock=resume]")).to_be_visible()
    assert thumb.taps == 1
    assert api.call("GET", f"/tournaments/{tid}")["clock"]["running"] is False

    # The top bar is one menu on a phone: closed, it leaves the page to the page.
    thumb.start()
    expect(page.locator(".tnav")).to_be_hidden()
    thumb.tap("#menu-toggle")
    expect(page.locator(".tnav a[data-key=p]")).to_be_visible()
    shot(page, "menu")


PAGES = ("", "/players", "/tables", "/setup", "/payouts", "/log", "/chips", "/deal", "/tables/1/count",
         "/signups", "/check-in")
OTHERS = ("/td/tournaments", "/td/templates", "/td/roster", "/td/seasons", "/td/account",
          "/td/members", "/td/membership")
# What a page folds away, opened before it is measured: a card holder's edit form.
OPENED = {"/td/membership": (".card-holder summary",)}


# Every word shown that a line break cuts in two although a line of its table (or of its block,
# outside a table) has room for it whole: a heading, a figure, a button or a name squeezed into
# a column narrower than its word ("Pos/to", "5.0/00"). A break after a hyphen or a slash is a
# word's own; a word wider than the whole table (a name typed with no space) has to break.
CUT_WORDS = """() => {
  const cut = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const box = node.parentElement;
    if (!box || !box.checkVisibility()) continue;  // a closed <details> keeps its boxes
    for (const word of node.data.matchAll(/[^\\s\\-\\/]+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = [...range.getClientRects()].filter((r) => r.width);
      const width = lines.reduce((sum, r) => sum + r.width, 0);
      let room = box.closest('table') || box;
      while (getComputedStyle(room).display === 'inline' && room.parentElement) room = room.parentElement;
      if (new Set(lines.map((r) => Math.round(r.top))).size > 1 && width < room.clientWidth) {
        cut.push(word[0]);
      }
    }
  }
  return cut;
}"""


# A table cell whose content runs out of its box, over the cell beside it (a figure kept on one
# line in a cell sized for another column, say).
SPILLED = """() => [...document.querySelectorAll('main td, main th')]
  .filter((cell) => cell.checkVisibility() && cell.scrollWidth > cell.clientWidth + 1)
  .map((cell) => cell.textContent.trim().slice(0, 40))"""


def _every_payout_row_whole(page) -> None:
    """Each payout row's percentages show whole in their field: the default's eight places for
    100 entries on one line, fifteen places wrapped onto more."""
    shares = page.evaluate("""() => [...document.querySelectorAll('#payout-brackets textarea')]
      .filter((field) => field.value)
      .map((field) => [field.value, field.scrollHeight <= field.clientHeight + 1
                                    && field.scrollWidth <= field.clientWidth + 1,
                       field.clientHeight])""")
    height = {text: height for text, _, height in shares}
    assert height["32 20 14 10.5 8 6 5 4.5"] == height["70 30"] < height[FIFTEEN_PLACES], shares
    assert all(whole for _, whole, _ in shares), shares


def test_every_console_page_fits_a_phone_with_thumb_sized_targets(night, browser):
    api, tid = night
    # A card holder with a long name, an expired card and its renewal, its edit form opened.
    api.call("POST", "/members", {"name": "Maria Vittoria Sangiorgi Colombo", "number": "2026/0117",
                                  "valid_until": "2020-12-31"})
    page = browser.new_page(viewport=PHONE, base_url=api.server.url)
    page.goto(f"/td/t/{tid}")
    page.fill("#username", "ddt")
    page.fill("#password", DDT_PASSWORD)
    page.press("#password", "Enter")
    expect(page.locator("#find-player")).to_be_visible()
    problems = {}
    for path in [f"/td/t/{tid}{p}" for p in PAGES] + list(OTHERS):
        page.goto(path)
        page.wait_for_load_state()
        for opened in OPENED.get(path, ()):
            page.locator(opened).first.click()
        wide = page.evaluate("document.scrollingElement.scrollWidth > window.innerWidth")
        cut = page.evaluate(CUT_WORDS) + page.evaluate(CUT_HINTS)
        spilled = page.evaluate(SPILLED)
        small = page.evaluate(SMALL_TARGETS)
        page.click("#menu-toggle")
        small += page.evaluate(SMALL_TARGETS)
        if wide or small or cut or spilled:
            problems[path] = (wide, small, cut, spilled)
    assert problems == {}
    # The dashboard's last actions: the time as wide as it is, the rest of the line for what
    # happened (a column sized for the log page's took a third of the phone).
    page.goto(f"/td/t/{tid}")
    cell, text = page.evaluate("""() => {
      const cell = document.querySelector('#recent td'), range = document.createRange();
      range.selectNodeContents(cell);
      const style = getComputedStyle(cell);
      return [cell.getBoundingClientRect().width, range.getBoundingClientRect().width
              + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight)];
    }""")
    assert cell <= text + 2
    # The payout table: a field count is a few digits, and each row's percentages show whole.
    page.goto(f"/td/t/{tid}/payouts")
    _every_payout_row_whole(page)
    # A browser that cannot size a field to its text (no `field-sizing`): the page's script does.
    fallback = browser.new_page(viewport=PHONE, base_url=api.server.url,
                                storage_state=page.context.storage_state())
    fallback.add_init_script("""CSS.supports = () => false;
      new MutationObserver((_, seen) => {
        if (!document.head) return;
        const rule = document.createElement('style');
        rule.textContent = 'textarea { field-sizing: fixed !important; }';
        document.head.append(rule);
        seen.disconnect();
      }).observe(document, {childList: true, subtree: true});""")
    fallback.goto(f"/td/t/{tid}/payouts")
    assert fallback.evaluate("getComputedStyle(document.querySelector('textarea')).fieldSizing") == "fixed"
    _every_payout_row_whole(fallback)
    fallback.close()
    # Enter in the field saves the table, as in a one-line field.
    field = page.locator('#payout-brackets textarea').first
    field.fill("60 40")
    field.press("Enter")
    expect(page.locator('#payout-brackets textarea').first).to_have_value("60 40")
    expect(page.locator(".flash-success")).to_be_visible()
    page.goto(f"/td/t/{tid}/setup")
    page.locator("#structure").scroll_into_view_if_needed()
    shot(page, "setup-structure")
