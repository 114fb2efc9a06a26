"""The wall's seating layout on a 1080p TV and a 720p one (issue 26 item 3): thirty full tables go
by in pages, each table whole on some page (every seat inside its box, every box on screen), at
a size read from across the room; a list with nothing in it shows no heading, and the "click or
press F" hint lies over no name. Screenshots go to shots/ (wall-seating-*.png)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.conftest import screenshot

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "shots"
FIRST = ["Anna", "Bruno", "Maria Grazia", "Dario", "Elena", "Pierluigi", "Giulia", "Marco",
         "Nicolò", "Olga"]
LAST = ["Rossi", "Bianchi", "Esposito", "De Laurentiis", "Neri", "Colombo", "Ferrari"]
TABLES = 30
SEATS = 10


@pytest.fixture
def thirty_tables(ddt_api):
    """A night of 300 players drawn to 30 full tables of ten, nobody out and nothing moved, the
    screen "wall" set to the seating layout. Returns (server, slug)."""
    api = ddt_api("wall")
    created = api.call("POST", "/tournaments", {
        "name": "Festival d'autunno", "starting_stack": 9000, "buy_in": 2000,
        "seats_per_table": SEATS,
        "levels": [{"small_blind": 100, "big_blind": 200, "ante": 0, "seconds": 1800}],
    })
    tid = created["id"]
    for number in range(TABLES * SEATS):
        name = f"{FIRST[number % len(FIRST)]} {LAST[number // len(FIRST) % len(LAST)]} {number + 1}"
        api.call("POST", f"/tournaments/{tid}/players", {"name": name})
    api.call("POST", f"/tournaments/{tid}/seats/draw")
    api.call("POST", f"/tournaments/{tid}/displays/wall", {"layout": "seating"})
    return api.server, created["slug"]


def _overlaps(one: dict, other: dict) -> bool:
    return not (one["x"] + one["width"] <= other["x"] or other["x"] + other["width"] <= one["x"]
                or one["y"] + one["height"] <= other["y"] or other["y"] + other["height"] <= one["y"])


def _page_shown(page) -> dict:
    """The page of tables on screen once drawn: each table's number, box, and its seats' boxes."""
    page.wait_for_function(
        "window.tdDisplay.settled() && document.querySelectorAll('#seating .table').length"
        " && window.tdDisplay.seating().tables.length === document.querySelectorAll('#seating .table').length")
    return page.evaluate("""() => {
        const box = (el) => { const r = el.getBoundingClientRect();
            return {x: r.x, y: r.y, width: r.width, height: r.height}; };
        const seating = window.tdDisplay.seating();
        return {
            page: seating.page, pages: seating.pages,
            seated: Object.fromEntries(seating.tables.map((t) => [t.number, t.players])),
            font: parseFloat(getComputedStyle(document.querySelector('#seating li')).fontSize),
            tables: [...document.querySelectorAll('#seating .table')].map((t) => ({
                number: Number(t.querySelector('h3').textContent.match(/\\d+$/)[0]),
                box: box(t),
                seats: [...t.querySelectorAll('li')].map((li) => ({box: box(li),
                    cut: li.scrollHeight > li.clientHeight + 1})),
            })),
        };
    }""")


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_wall_pages_through_every_table_each_whole_and_legible(browser, thirty_tables, width, height):
    server, slug = thirty_tables
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{server.url}/t/{slug}/clock?screen=wall")
    expect(page.locator(".screen-seating")).to_be_visible()
    hint = page.locator("#sound-hint").bounding_box()
    assert hint is not None
    # Nobody moved yet: no "recent moves" heading over an empty list.
    expect(page.locator("#moves-box")).to_be_hidden()
    seen: dict[int, int] = {}
    shown = _page_shown(page)
    assert shown["pages"] > 1
    for turn in range(TABLES):
        # Legible across the room: a seat's line is at least 2.5% of the screen's height
        # (27 px at 1080p), the tables filling the screen rather than a corner of it.
        assert shown["font"] >= 0.025 * height - 0.5, shown["font"]
        for table in shown["tables"]:
            box = table["box"]
            assert box["x"] >= 0 and box["y"] >= 0, table["number"]
            assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, table["number"]
            if turn == 0:  # the hint goes at the first key or click
                assert not _overlaps(box, hint), table["number"]
            assert len(table["seats"]) == shown["seated"][str(table["number"])] == SEATS
            for seat in table["seats"]:
                inside = seat["box"]
                assert not seat["cut"]
                assert inside["y"] >= box["y"], table["number"]
                assert inside["y"] + inside["height"] <= box["y"] + box["height"], table["number"]
            seen[table["number"]] = len(table["seats"])
        if turn < 2:
            SHOTS.mkdir(exist_ok=True)
            screenshot(page, path=SHOTS / f"wall-seating-{width}x{height}-{turn + 1}.png")
        before = shown["page"]
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"window.tdDisplay.seating().page !== {before}")
        shown = _page_shown(page)
        if shown["page"] == 1:
            break
    # Round the pages and back to the first: every table was shown whole.
    assert shown["page"] == 1
    assert sorted(seen) == list(range(1, TABLES + 1))
