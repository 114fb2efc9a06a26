"""Every page at the sizes people use, in both languages (issue 15, the sweeping check): no
browser console error, no page wider than a phone, no English sentence left on an Italian page
and no amount in cents anywhere.

One Chromium and one server for the module; each language at each size is a test of its own (a
browser context logged in as the DdT), so that the sweep spreads over the suite's workers. The
laptop and the phone are read by the accessibility sweep (test_accessibility.py), which loads
every page at those sizes anyway: `watch` and `read` are the checks, shared."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tdapp.i18n import TRANSLATIONS
from tests.conftest import DDT_PASSWORD

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
# The sizes swept here; the laptop and the phone are swept with axe (test_accessibility.py).
SIZES = {
    "tablet": {"width": 1024, "height": 768},
    "tablet-portrait": {"width": 800, "height": 1280},
}
SEASON = json.loads((Path(__file__).parents[1] / "league/season_2024.json").read_text())
DRAW_PLAYERS = [{"name": n, "resto": 300} for n in ("Anna", "Bruno", "Carla", "Dario", "Elena")]
CENTS = re.compile(r"\d\s*(cents?|centesimi)\b", re.IGNORECASE)

# The visible text nodes of the page, trimmed, outside scripts, styles and the language menu
# (which names English in English on purpose, in an element with a `lang` of its own: the page's
# own `lang` is on <html>, above every node).
WIDEST = """() => [...document.querySelectorAll("body *")]
  .filter((e) => e.getBoundingClientRect().right > innerWidth + 1 &&
                 e.parentElement.getBoundingClientRect().right <= innerWidth + 1)
  .slice(0, 3).map((e) => e.tagName.toLowerCase() + "." + e.className)"""
TEXT_NODES = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, template, [hidden]")) continue;
    if (parent.closest("[lang]") !== document.documentElement) continue;
    const text = node.textContent.trim();
    if (text && parent.getClientRects().length) found.push(text);
  }
  return found;
}"""


def english_only() -> set[str]:
    """The catalogue's English sentences whose Italian reads otherwise: one of them as a whole
    text node on an Italian page is text that never went through the catalogue's Italian. Words
    Italian keeps as they are (Flop, Board, PIN) have the same msgstr and are not listed."""
    with (TRANSLATIONS / "it" / "LC_MESSAGES" / "messages.po").open("rb") as po_file:
        catalogue = read_po(po_file, locale="it")
    found = set()
    for message in catalogue:
        if not message.id or isinstance(message.id, tuple) or not message.string:
            continue
        if message.string != message.id and " " in message.id and "%(" not in message.id:
            found.add(message.id)
    return found


@pytest.fixture(scope="module")
def night(shared_ddt_server) -> Iterator[dict]:
    """A tournament with players seated at one table, its clock running, for its pages; a card
    holder whose card has expired."""
    server = shared_ddt_server
    token = server.call("POST", "/api/v1/auth/token",
                        body={"username": "ddt", "password": DDT_PASSWORD})["token"]

    def call(method: str, path: str, body: dict | None = None) -> dict:
        return server.call(method, "/api/v1" + path, token, None if method == "GET" else body or {})

    created = call("POST", "/tournaments", {
        "name": "Serata parole", "starting_stack": 5000, "buy_in": 2000, "seats_per_table": 9,
        "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200},
                   {"small_blind": 50, "big_blind": 100, "ante": 0, "seconds": 1200}],
    })
    tid, slug = created["id"], created["slug"]
    for name in ("Anna Mariani", "Bruno Ferri", "Carla Neri"):
        call("POST", f"/tournaments/{tid}/players", {"name": name})
    view = call("POST", f"/tournaments/{tid}/seats/draw")
    table = view["players"][0]["table"]
    call("POST", f"/tournaments/{tid}/clock", {"action": "start"})
    access = call("POST", f"/tournaments/{tid}/tables/{table}/access")
    # A card holder of its own each time the fixture runs: the worker's server keeps the last
    # one's, and a club's card numbers and names are unique.
    tag = secrets.token_hex(3)
    call("POST", "/members", {"name": f"Lia Parole {tag}", "number": f"P-{tag}",
                              "valid_until": "2020-12-31"})
    yield {
        "server": server, "tid": tid, "slug": slug,
        "player": view["players"][0]["id"], "console": access["url"],
        "draw": draw_consoles(call), "league": league_with_a_night(call),
        "invitation": call("POST", "/club/invitations", {"role": "floor"})["url"],
    }


def draw_consoles(call) -> list[str]:
    """The dealer's console of a draw table and of a telesina table, each with a hand dealt."""
    urls = []
    for game in ({}, {"game": "telesina", "variant": "secca"}):
        table = call("POST", "/draw-tables", {"name": "Tavolo parole", "players": DRAW_PLAYERS,
                                              "dealer": 5, **game})
        call("POST", f"/draw-tables/{table['id']}/deal", {} if game else {"invito": 2})
        urls.append(call("GET", f"/draw-tables/{table['id']}/access")["url"])
    return urls


def league_with_a_night(call) -> int:
    """A league with its first night entered, for its standings, night and secretary pages."""
    league = call("POST", "/leagues", {"name": "Lega parole", "members": SEASON["members"]})
    first = SEASON["nights"][0]
    call("POST", f"/leagues/{league['id']}/nights", {"day": 1, "tables": [
        {"name": t["name"], "chips": t["chips"], "poste": t["poste"]} for t in first["tables"]]})
    return league["id"]


# Once a page has loaded (its scripts run), what its scripts still draw from what they fetch or
# receive, each saying so on the page: a page following a tournament (realtime/deltas.js) has
# its first view (`<html data-view>`), a dealer's console its table (`#console[data-ready]`), a
# league's live night its room joined (`#night[data-live]`). Every other page comes drawn by the
# server. Waiting for the network to go quiet instead cost half a second a page and said none
# of it.
DRAWN = """() => document.documentElement.dataset.view !== "joining" &&
  !document.querySelector("#console:not([data-ready]), #night:not([data-live])")"""


def goto_drawn(page, url: str):
    """`page.goto(url)` until its scripts have drawn the page (`DRAWN`); answers the response."""
    answer = page.goto(url, wait_until="load")
    page.wait_for_function(DRAWN)
    return answer


def pages(night: dict) -> list[str]:
    """Every page of the sweep: the server's pages, then the dealers' consoles."""
    tid, slug, league = night["tid"], night["slug"], night["league"]
    drawn = [
        "/", "/games/help", f"/t/{slug}",
        f"/t/{slug}/p/{night['player']}", f"/t/{slug}/clock",
        "/td/tournaments", f"/td/t/{tid}", f"/td/t/{tid}/players", f"/td/t/{tid}/tables",
        f"/td/t/{tid}/payouts", f"/td/t/{tid}/setup", f"/td/t/{tid}/log",
        f"/td/t/{tid}/signups", f"/td/t/{tid}/check-in",
        "/td/tools/side-pots", "/leagues/", "/draw-tables/", "/td/members", "/td/membership",
        f"/leagues/{league}", f"/leagues/{league}/nights/1", f"/leagues/{league}/secretary",
        night["invitation"],
    ]
    return [*drawn, night["console"], *night["draw"]]


def log_in(page, url: str, language: str) -> None:
    """The DdT logs in (the login page comes first) and chooses the language."""
    page.goto(f"{url}/td/tournaments")
    page.fill("#username", "ddt")
    page.fill("#password", DDT_PASSWORD)
    with page.expect_navigation():  # logged in before the next page is asked for
        page.click("button[type=submit]")
    page.goto(f"{url}/lang/{language}")


def watch(page) -> tuple[list[str], dict[str, str]]:
    """The problems the page's browser reports from now on (console errors, uncaught errors,
    answers of 400 and above), each named with `where["url"]`, which the caller keeps current."""
    problems: list[str] = []
    where = {"url": ""}
    page.on("console", lambda m: problems.append(f"{where['url']}: console {m.text}")
            if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"{where['url']}: {e}"))
    page.on("response", lambda r: problems.append(f"{where['url']}: {r.status} {r.url}")
            if r.status >= 400 else None)
    return problems, where


# Whether a field's text runs past its edge. A field's scrollWidth does not grow with its text,
# so the text is measured in the field's font, in the room its padding (and `reserved`) leaves.
_CUT = """const pen = document.createElement('canvas').getContext('2d');
  const cut = (field, text, reserved) => {
    const style = getComputedStyle(field);
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight) - reserved;
    return pen.measureText(text).width > room + 1;
  };"""
# A field's hint (its placeholder) cut at the field's edge: the hint is what the field asks for.
CUT_HINTS = """() => {
  """ + _CUT + """
  return [...document.querySelectorAll('input[placeholder], textarea[placeholder]')]
    .filter((field) => field.checkVisibility() && !field.value && cut(field, field.placeholder, 0))
    .map((field) => field.placeholder)}"""
# A list's choice cut at its field's edge ("Massimilian" for "Massimiliano Bonaventura"), with
# room left for the arrow. A list marked `data-long-choices` has choices that are sentences (a
# rule and where it comes from, a template and its levels), longer than any phone's field: the
# phone's own picker shows them whole.
CUT_CHOICES = """() => {
  """ + _CUT + """
  return [...document.querySelectorAll('select:not([data-long-choices])')]
    .filter((field) => field.checkVisibility() && field.selectedIndex >= 0)
    .map((field) => [field, field.options[field.selectedIndex].text])
    .filter(([field, text]) => cut(field, text, 16))
    .map(([, text]) => text)}"""


# A control smaller than a thumb (44 px, WCAG 2.5.5): a button, a field, a tick (its label when
# it has one) or a link alone on its line, in a heading or in a bar; a link inside a sentence is
# exempt, as WCAG 2.5.8 exempts it. Swagger UI's own page under the API's bar is the vendor's,
# read at a desk.
SMALL_TARGETS = """() => {
  const words = (element) => element.textContent.replace(/\\s+/g, " ").trim();
  const alone = (link) => getComputedStyle(link).display !== "inline"
    || words(link.parentElement) === words(link) || link.parentElement.matches("h1, h2, h3, h4, nav");
  return [...document.querySelectorAll(
      "a[href], button, select, summary, textarea, input:not([type=hidden])")]
    .filter((element) => element.checkVisibility({visibilityProperty: true})
      && !element.closest(".swagger-ui") && (!element.matches("a") || alone(element)))
    .map((element) => [element, (element.matches("[type=checkbox], [type=radio]")
      && element.closest("label") || element).getBoundingClientRect()])
    // A box off the screen is a skip link until it has the focus.
    .filter(([, box]) => box.width && box.right > 0 && box.bottom > 0
      && (box.width < 43.5 || box.height < 43.5))
    .map(([element, box]) => `${Math.round(box.width)}x${Math.round(box.height)} `
      + element.outerHTML.replace(/\\s+/g, " ").slice(0, 70));
}"""


def read(page, where: str, english: set[str], phone: bool) -> list[str]:
    """What reads wrong on the drawn page: an amount in cents, a sentence of `english` (the
    Italian pages' leftovers), and on a phone a page wider than the screen, a field's hint or a
    list's choice cut, or a control too small for a thumb."""
    texts = page.evaluate(TEXT_NODES)
    body = " ".join(texts)
    problems = [f"{where}: cents in {m.group(0)!r}" for m in CENTS.finditer(body)]
    problems += [f"{where}: English {t!r}" for t in texts if t in english]
    if phone:
        wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if wide > 0:
            problems.append(f"{where}: {wide}px wider than the phone: {page.evaluate(WIDEST)}")
        problems += [f"{where}: hint cut {hint!r}" for hint in page.evaluate(CUT_HINTS)]
        problems += [f"{where}: choice cut {text!r}" for text in page.evaluate(CUT_CHOICES)]
        problems += [f"{where}: small target {small}" for small in page.evaluate(SMALL_TARGETS)]
    return problems


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["it", "en"])
def test_every_page_at_every_size_reads_right(night, browser, language, size):
    server = night["server"]
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    problems, where = watch(page)
    log_in(page, server.url, language)
    english = english_only() if language == "it" else set()
    for path in pages(night):
        url = path if path.startswith("http") else server.url + path
        where["url"] = f"{path} at {size}"
        goto_drawn(page, url)
        problems += read(page, where["url"], english, phone=False)
    context.close()
    assert problems == [], "\n".join(problems)


def test_the_draw_and_telesina_consoles_say_the_engines_refusals_in_italian(night, browser):
    """What the engine refuses reaches the dealer's console in Italian: a misdeal called too
    early at the draw table, cards that do not read at the telesina table."""
    page = browser.new_context(viewport=PHONE).new_page()
    log_in(page, night["server"].url, "it")
    draw, telesina = night["draw"]
    goto_drawn(page, draw)
    page.click("#tools summary")
    page.select_option("#misdeal-kind", "stub_miscount")
    page.click("#misdeal")
    message = page.locator("#message")
    playwright.expect(message).to_have_text(
        "un tallone sbagliato annulla la mano solo al cambio, prima che il primo a parlare dopo "
        "il cambio abbia parlato")
    goto_drawn(page, telesina)
    for seat in range(1, 6):
        page.fill(f"#up-{seat}", "Zz")
    page.click("#turn-cards")
    playwright.expect(message).to_have_text(
        "non riesco a leggere le carte 'Zz': non riesco a leggere la carta 'Zz' in 'Zz': "
        "i valori sono 23456789TJQKA, i semi s h d c")
