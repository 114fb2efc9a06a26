"""A whole short league night in a real Chromium against a real server (issue 17): the secretary
opens day 1's two draw tables in one step, the night's screen counts a telesina round called by
a full vestito, table A's console plays the telesina round that opens the giri (the same
players, their same chips) and goes back to draw for the giri's first fixed hand, while the
night's screen on the club's tablet follows without reloading; the giri run to the tappo at both
tables, and the result read off the tables is confirmed into the league without retyping.

Table B's telesina round of the giri is marked on the night's screen, as a club does that plays
it away from the console. The hands in the middle of A's round and the giri hands after the
first are dealt through the draw tables' JSON API, the same calls the console makes, to keep the
test short.

Screenshots go to shots/ at the repository root (night-*.png)."""

from __future__ import annotations

from datetime import UTC, datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from tests.browser.test_draw_console import PASSWORD, HeldJoin, call, tap
from tests.conftest import screenshot

playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "shots"
MEMBERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Gina", "Ugo", "Ivo", "Lia"]


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=str(SHOTS / f"night-{name}.png"), full_page=True)


UP = {1: "7h", 2: "Kh", 3: "Ah", 4: "8c", 5: "As"}  # seat 3's ace of hearts speaks (TS-00)


def telesina_hand(url: str, token: str, table_id: int) -> None:
    """A hand of the round won uncontested: the up-cards entered, the first to speak bets the
    cip and everyone folds to it."""
    table = call(url, "POST", f"/draw-tables/{table_id}/deal", {}, token)
    live = [s["seat"] for s in table["seats"] if s["dealt"]]
    table = call(url, "POST", f"/draw-tables/{table_id}/cards",
                 {"up": {str(s): UP[s] for s in live}}, token)
    table = call(url, "POST", f"/draw-tables/{table_id}/actions",
                 {"seat": table["to_act"], "action": "bet", "amount": 1}, token)
    while table["outcome"] is None:
        table = call(url, "POST", f"/draw-tables/{table_id}/actions",
                     {"seat": table["to_act"], "action": "fold"}, token)


def up_cards(page, cards: dict[int, str]) -> None:
    """The dealer enters the up-cards just dealt on the console."""
    for seat, card in cards.items():
        page.fill(f"#up-{seat}", card)
    tap(page, "#turn-cards")


def giri_hand(url: str, token: str, table_id: int, passes: int) -> None:
    """A giri hand won uncontested: the first `passes` to speak pass, the next opens and
    everyone folds to it."""
    table = call(url, "POST", f"/draw-tables/{table_id}/deal", {"invito": 5, "giri": True},
                 token)
    for _ in range(passes):
        table = call(url, "POST", f"/draw-tables/{table_id}/actions",
                     {"seat": table["to_act"], "action": "check"}, token)
    table = call(url, "POST", f"/draw-tables/{table_id}/actions",
                 {"seat": table["to_act"], "action": "bet", "amount": 10, "confirmed": True},
                 token)
    while table["outcome"] is None:
        table = call(url, "POST", f"/draw-tables/{table_id}/actions",
                     {"seat": table["to_act"], "action": "fold"}, token)


def evening_zone() -> ZoneInfo:
    """A time zone where it is now between 20:00 and 21:00, when a league night starts: the
    night's timetable (the giri by 23:15, LG-07) is read in the room's zone, so the night is
    played at the same hour whenever the test runs (in Rome after 23:10 the giri would be due
    at once, with no night before them)."""
    offset = (20 - datetime.now(UTC).hour + 12) % 24 - 12  # hours east of UTC, -12 to 11
    return ZoneInfo(f"Etc/GMT{-offset:+d}")  # the tz database writes Etc's offsets reversed


@pytest.fixture
def league(ddt_server):
    zone = evening_zone()
    server = ddt_server("night", env={"TDAPP_TIMEZONE": zone.key})
    token = call(server.url, "POST", "/auth/token", {"username": "ddt", "password": PASSWORD})
    league_id = call(server.url, "POST", "/leagues",
                     {"name": "Club del Lunedì", "members": MEMBERS}, token["token"])["id"]
    return server, token["token"], league_id, zone


def test_a_whole_short_night_from_the_tables_into_the_league_LG_07(league, browser):
    server, token, league_id, zone = league
    laptop = browser.new_page(viewport={"width": 1366, "height": 768})
    laptop.goto(server.url + "/lang/en")
    laptop.goto(server.url + "/login")
    laptop.fill("#username", "ddt")
    laptop.fill("#password", PASSWORD)
    laptop.press("#password", "Enter")
    laptop.wait_for_url("**/td/**")

    # the secretary opens both tables of day 1 in one step
    laptop.goto(f"{server.url}/leagues/{league_id}/secretary")
    laptop.click("#open-night")
    laptop.wait_for_url(f"**/leagues/{league_id}/nights/1/live")
    expect(laptop.locator("section.night-table")).to_have_count(2)
    night = call(server.url, "GET", f"/leagues/{league_id}/live-nights/1", token=token)
    giri_at = datetime.fromisoformat(night["giri_at"]).astimezone(zone)
    assert time(23, 0) <= giri_at.time() <= time(23, 15)  # LG-07
    expect(laptop.locator("#giri-at")).to_have_text(giri_at.strftime("%H:%M"))
    tables = {t["name"]: t["draw_table_id"] for t in night["tables"]}

    # a full vestito shown at A calls a telesina round; once played, none is due
    laptop.locator("#table-A button", has_text="Full vestito shown").click()
    expect(laptop.locator("#table-A .due")).to_contain_text("full vestito shown")
    laptop.locator("#table-A button", has_text="Telesina round played").click()
    expect(laptop.locator("#table-A .due")).to_have_count(0)
    expect(laptop.locator("#table-A .telesina")).to_contain_text("1 called, 1 played")
    shot(laptop, "screen-laptop")

    # the night's screen on the club's tablet, in Italian, follows the night without reloading
    tablet = browser.new_page(viewport={"width": 1024, "height": 768})
    tablet.goto(f"{server.url}/leagues/{league_id}/nights/1/live")
    tablet.wait_for_function("document.getElementById('night').dataset.live === '1'")
    tablet.evaluate("window.sameScreen = true")

    # the dealer's tablet at table A, in Italian, opened with the PIN
    access = call(server.url, "GET", f"/draw-tables/{tables['A']}/access", token=token)
    dealer = browser.new_page(viewport={"width": 1024, "height": 768})
    dealer.goto(access["url"])
    dealer.fill("#pin", access["pin"])
    dealer.click("button[type=submit]")
    dealer.wait_for_selector("#console[data-ready]")
    expect(dealer.locator("#start-round")).to_have_text("Gioca il giro")
    shot(dealer, "console-round-start-tablet")

    # the giri open with their telesina round, played at table A's own console
    laptop.locator("#table-A a", has_text="console").click()
    laptop.wait_for_selector("#console[data-ready]")
    expect(laptop.locator("#deck")).to_have_text("6–A")
    expect(laptop.locator("#league-night")).to_be_visible()
    expect(laptop.locator("#round-variant")).to_have_value("secca")  # TS-01, unless named
    laptop.select_option("#round-variant", "cambio")
    laptop.check("#round-giri")
    with laptop.expect_navigation():  # the console of the other game
        laptop.click("#start-round")
    laptop.wait_for_selector("#console[data-ready]")
    expect(laptop.locator(".variant")).to_contain_text("Cambio")
    expect(laptop.locator("#round")).to_contain_text("hand 1 of 5")
    expect(tablet.locator("#table-A .telesina-on")).to_contain_text(
        "Giro in corso: la telesina dei giri, Cambio")
    expect(tablet.locator("#table-A .phase")).to_have_attribute("data-phase", "giri")
    tap(laptop, "#deal")
    up_cards(laptop, UP)
    seated = {s["seat"]: s["name"] for s in call(
        server.url, "GET", f"/draw-tables/{tables['A']}", token=token)["seats"]}
    expect(laptop.locator("#turn")).to_have_text(f"3 {seated[3]} to speak")  # the ace of hearts
    laptop.fill("#amount", "1")
    tap(laptop, "#bet")
    tap(laptop, "#call")
    for _ in range(3):
        tap(laptop, "#fold")
    up_cards(laptop, {3: "Jd", 4: "Td"})
    expect(laptop.locator("#seats .seat[data-seat='3'] .cards")).to_contain_text("A♥J♦")
    laptop.fill("#amount", "2")
    tap(laptop, "#bet")
    shot(laptop, "telesina-console-laptop")
    tap(laptop, "#fold")
    expect(laptop.locator("#result")).to_contain_text(f"3 {seated[3]} takes 4")
    expect(dealer.locator("#result")).to_contain_text(f"3 {seated[3]}")
    shot(dealer, "telesina-hand-over-tablet")
    expect(tablet.locator("#table-A .telesina-on")).to_contain_text("mano 1 di 5")
    assert tablet.evaluate("window.sameScreen")  # told, not reloaded
    for _ in range(3):
        telesina_hand(server.url, token, tables["A"])
    expect(laptop.locator("#round")).to_contain_text("hand 5 of 5")  # pushed to the console
    tap(laptop, "#deal")
    up_cards(laptop, UP)
    laptop.fill("#amount", "1")
    tap(laptop, "#bet")
    for _ in range(4):
        tap(laptop, "#fold")
    expect(laptop.locator("#round")).to_contain_text("round over")
    expect(laptop.locator("#deal")).to_have_text("Deal (draw)")
    shot(laptop, "telesina-round-over-laptop")
    # the dealer's tablet heard it all, and turned to the telesina's console by itself
    expect(dealer.locator("#round")).to_contain_text("giro finito")
    expect(dealer.locator("#deal")).to_have_text("Distribuisci (poker)")
    shot(dealer, "telesina-round-over-tablet")
    chips = {s["name"]: s["stack"] for s in call(
        server.url, "GET", f"/draw-tables/{tables['A']}", token=token)["seats"]}
    assert sum(chips.values()) == 2500 and set(chips.values()) != {500}

    # then the giri's first fixed hand, draw again at the same table with the same chips
    laptop.check("#giri")
    laptop.select_option("#invito", "5")
    with laptop.expect_navigation():
        laptop.click("#deal")
    laptop.wait_for_selector("#console[data-ready]")
    expect(laptop.locator("#phase")).to_have_attribute("data-phase", "first_round")
    drawn = call(server.url, "GET", f"/draw-tables/{tables['A']}", token=token)
    assert {s["name"]: s["stack"] + s["in_front"] for s in drawn["seats"]} == {
        n: c - 5 for n, c in chips.items()}  # the telesina's resti, less the giri's invito
    laptop.fill("#amount", "10")
    laptop.click("#open")
    tap(laptop, "#confirm-yes")
    for _ in range(4):
        tap(laptop, "#fold")
    expect(laptop.locator("#result")).to_be_visible()
    expect(dealer.locator(".level")).to_be_visible()  # the tablet is the draw's console again
    expect(tablet.locator("#table-A .round-on")).to_contain_text("giro fisso 1 di 2")
    assert tablet.evaluate("window.sameScreen")
    shot(tablet, "screen-tablet")
    laptop.click("#league-night")
    laptop.wait_for_url(f"**/leagues/{league_id}/nights/1/live")
    expect(laptop.locator("#table-A .phase")).to_have_attribute("data-phase", "giri")
    expect(laptop.locator("#table-A .round-on")).to_contain_text("fixed round 1 of 2")
    expect(laptop.locator("#table-A .round-on")).to_contain_text("9 hands left")
    tappo = laptop.locator("#table-A .tappo strong").inner_text()
    assert tappo == night["tables"][0]["tappo"]["player"]  # the one before the first giri dealer

    # the rest of the giri, to the tappo's hand, at both tables
    for hand in range(9):
        giri_hand(server.url, token, tables["A"], hand % 3)
    for hand in range(10):
        giri_hand(server.url, token, tables["B"], hand % 2)
    laptop.reload()
    expect(laptop.locator("#table-A .phase")).to_have_attribute("data-phase", "over")
    expect(laptop.locator("#table-B .round-on")).to_contain_text("Round on: telesina")
    expect(laptop.locator("#confirm-night")).to_have_count(0)  # the giri are not over
    laptop.locator("#table-B button.giri-telesina").click()
    expect(laptop.locator("#table-B .phase")).to_have_attribute("data-phase", "over")
    expect(tablet.locator("#table-B .phase")).to_have_attribute("data-phase", "over")
    shot(laptop, "over-laptop")
    laptop.set_viewport_size({"width": 390, "height": 844})
    assert laptop.evaluate("document.documentElement.scrollWidth") <= 390
    shot(laptop, "over-phone")
    laptop.set_viewport_size({"width": 1366, "height": 768})

    # the result read off the tables goes into the league with one tap
    proposed = call(server.url, "GET", f"/leagues/{league_id}/live-nights/1",
                    token=token)["proposal"]
    assert any(c != 500 for t in proposed for c in t["chips"].values())
    laptop.click("#confirm-night")
    laptop.wait_for_url(f"**/leagues/{league_id}/nights/1")
    expect(laptop.locator("section.night-table")).to_have_count(2)
    entered = call(server.url, "GET", f"/leagues/{league_id}/nights/1", token=token)
    assert {p["player"]: p["chips"] for t in entered["tables"] for p in t["players"]} == \
        {p: c for t in proposed for p, c in t["chips"].items()}
    laptop.goto(f"{server.url}/leagues/{league_id}")
    expect(laptop.locator("#standings tbody tr")).to_have_count(10)
    expect(laptop.locator("#readings")).to_be_visible()
    shot(laptop, "standings-laptop")


def test_a_mark_made_while_the_nights_screen_joins_is_shown_once_it_has_joined(league, browser):
    """The night's screen reads the night again once its socket has joined the night's room:
    a change pushed before the join reached nobody, and the page it was served may not have it.
    Here the join is held on its way while the secretary marks a full vestito through the API."""
    server, token, league_id, _ = league
    call(server.url, "POST", f"/leagues/{league_id}/live-nights", {}, token)
    tablet = browser.new_page(viewport={"width": 1024, "height": 768})
    join = HeldJoin(tablet, "join_league_night")
    tablet.goto(f"{server.url}/leagues/{league_id}/nights/1/live")
    join.wait()
    expect(tablet.locator("#table-A .due")).to_have_count(0)
    call(server.url, "POST", f"/leagues/{league_id}/live-nights/1/marks",
         {"table": "A", "mark": "vestito"}, token)
    tablet.wait_for_timeout(500)
    expect(tablet.locator("#table-A .due")).to_have_count(0)  # nothing reached it

    join.release()
    tablet.wait_for_function("document.getElementById('night').dataset.live === '1'")
    expect(tablet.locator("#table-A .due")).to_have_count(1)
