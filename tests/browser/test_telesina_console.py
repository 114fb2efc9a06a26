"""Telesina hands on the draw console in a real Chromium (issue 17): the dealer enters the
up-cards as they are dealt and the vele as they are turned, the console says who speaks (the
best hand showing), the pot limit and Texas' cap; the cambio; the showdown by the cards held
face down.

Screenshots go to shots/ at the repository root (telesina-*.png), at a laptop's 1366x768 and a
phone's 390x844."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import PAINTED, screenshot

playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "shots"
PLAYERS = [("Anna Maria Bonaventura", 300), ("Bruno", 300), ("Carla", 300), ("Dario", 300),
           ("Elena", 300)]


@pytest.fixture
def opener(ddt_api):
    api = ddt_api("telesina")

    def open_table(variant: str) -> dict:
        return api.call("POST", "/draw-tables", {
            "name": f"Telesina {variant}", "dealer": 5, "game": "telesina", "variant": variant,
            "players": [{"name": n, "resto": r} for n, r in PLAYERS]})

    return open_table


def tap(page, selector: str) -> None:
    """Tap and wait until the answer is drawn (the console's version moves)."""
    before = page.get_attribute("#console", "data-ready")
    page.click(selector)
    page.wait_for_function(
        f"document.getElementById('console').dataset.ready !== '{before}'")


def refused(page, selector: str, words: str) -> None:
    """Tap, and the refusal's message is shown with the table as it was."""
    before = page.get_attribute("#console", "data-ready")
    page.click(selector)
    expect(page.locator("#message")).to_contain_text(words)
    assert page.get_attribute("#console", "data-ready") == before


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    screenshot(page, path=str(SHOTS / f"telesina-{name}.png"), full_page=True)


def console(browser, created: dict, width: int = 1366, height: int = 768):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(created["url"])
    page.fill("#pin", created["pin"])
    page.click("button[type=submit]")
    page.wait_for_selector("#console[data-ready]")
    return page


def enter_up(page, cards: dict[int, str]) -> None:
    for seat, card in cards.items():
        page.fill(f"#up-{seat}", card)
    tap(page, "#turn-cards")


def everyone_checks(page, times: int = 5) -> None:
    for _ in range(times):
        tap(page, "#check")


def test_a_hand_of_una_vela_on_the_console_TS_00_TS_03(opener, browser):
    created = opener("una_vela")
    tablet = console(browser, created)
    expect(tablet.locator(".variant")).to_contain_text("Presidenziale")
    tap(tablet, "#deal")
    expect(tablet.locator("#cards")).to_be_visible()
    expect(tablet.locator("#vele-row")).to_be_hidden()
    # One box a player, lined up whatever the names' lengths.
    lefts = tablet.locator("#up-cards input").evaluate_all(
        "(boxes) => boxes.map((box) => Math.round(box.getBoundingClientRect().left))")
    assert len(lefts) == 5 and len(set(lefts)) == 1, lefts
    tablet.fill("#up-1", "Ah")
    refused(tablet, "#turn-cards", "carte scoperte")  # four seats missing
    expect(tablet.locator("#cards")).to_be_visible()
    enter_up(tablet, {1: "7h", 2: "Kh", 3: "ah", 4: "8c", 5: "As"})
    expect(tablet.locator("#turn")).to_contain_text("3 Carla")  # the ace of hearts speaks
    expect(tablet.locator("#check")).to_have_text("Busso")  # "bussare": the check
    tablet.fill("#amount", "1")
    tap(tablet, "#bet")
    expect(tablet.locator("#limits")).to_contain_text("max 2")  # a raise at most the pot
    shot(tablet, "first-street")
    for _ in range(4):
        tap(tablet, "#call")
    enter_up(tablet, {1: "7d", 2: "9h", 3: "9c", 4: "Td", 5: "6s"})
    expect(tablet.locator("#turn")).to_contain_text("1 Anna")  # the sevens showing
    expect(tablet.locator(".seat[data-seat='1'] .card")).to_have_count(2)
    everyone_checks(tablet)
    enter_up(tablet, {1: "Tc", 2: "Th", 3: "Jc", 4: "Qd", 5: "6d"})
    everyone_checks(tablet)
    enter_up(tablet, {1: "Jd", 2: "Jh", 3: "Kc", 4: "Qs", 5: "Ks"})
    expect(tablet.locator("#turn")).to_contain_text("4 Dario")  # the queens over the sevens
    everyone_checks(tablet)
    expect(tablet.locator("#vele-row")).to_be_visible()
    expect(tablet.locator("#up-cards input")).to_have_count(0)
    tablet.fill("#vele-input", "Js")
    tap(tablet, "#turn-cards")
    expect(tablet.locator("#vele .card")).to_have_text("J♠")
    expect(tablet.locator("#street")).to_contain_text("5/5")
    everyone_checks(tablet)
    expect(tablet.locator("#showdown")).to_be_visible()
    for seat, card in {1: "Ac", 2: "Ad", 3: "Qh", 4: "7c", 5: "6c"}.items():
        tablet.fill(f"#shown-{seat}", card)
    shot(tablet, "showdown")
    tap(tablet, "#by-cards")
    expect(tablet.locator("#result")).to_contain_text("5 Elena")  # trips of sixes
    expect(tablet.locator(".seat[data-seat='5'] .stack")).to_have_text(str(300 + 4))
    shot(tablet, "paid")
    tablet.set_viewport_size({"width": 390, "height": 844})
    expect(tablet.locator("#deal")).to_be_visible()
    # On a phone the seats are cards of one width: a long name wraps in its own card.
    widths = tablet.locator(".seat").evaluate_all(
        "(seats) => seats.map((seat) => Math.round(seat.getBoundingClientRect().width))")
    assert len(set(widths)) == 1, widths
    assert tablet.evaluate("document.documentElement.scrollWidth") <= 390
    shot(tablet, "paid-phone")


def test_texas_and_the_cambio_on_a_phone_TS_02_TS_06(opener, browser):
    phone = console(browser, opener("texas"), 390, 844)
    tap(phone, "#deal")
    expect(phone.locator("#turn")).to_contain_text("1 Anna")  # the dealer's left
    phone.fill("#amount", "20")
    tap(phone, "#bet")
    expect(phone.locator("#limits")).to_contain_text("rilanci al massimo di 20")
    phone.fill("#amount", "41")
    refused(phone, "#raise", "40")
    for _ in range(4):
        tap(phone, "#call")
    phone.fill("#vele-input", "Ah Kh Qh")
    shot(phone, "texas-flop-phone")
    tap(phone, "#turn-cards")
    expect(phone.locator("#vele .card")).to_have_count(3)
    expect(phone.locator("#limits")).not_to_contain_text("rilanci al massimo")
    phone.close()

    tablet = console(browser, opener("cambio"))
    tap(tablet, "#deal")
    for cards in ({1: "7h", 2: "Kh", 3: "Ah", 4: "8c", 5: "As"},
                  {1: "7d", 2: "9h", 3: "9c", 4: "Td", 5: "6s"},
                  {1: "Tc", 2: "Th", 3: "Jc", 4: "Qd", 5: "6d"},
                  {1: "Jd", 2: "Jh", 3: "Kc", 4: "Qs", 5: "Ks"}):
        enter_up(tablet, cards)
        everyone_checks(tablet)
    expect(tablet.locator("#exchange-turn")).to_contain_text("1 Anna")
    tablet.select_option("#given", "Tc")
    tablet.fill("#received", "7c")
    shot(tablet, "cambio")
    tap(tablet, "#change-up")
    for _ in range(4):
        tap(tablet, "#keep")
    expect(tablet.locator("#turn")).to_contain_text("1 Anna")  # the trips now showing
    expect(tablet.locator(".seat[data-seat='1'] .card")).to_have_text(["7♥", "7♦", "7♣", "J♦"])


def test_the_check_made_as_the_push_channel_opens_never_draws_over_a_later_tap(opener, browser):
    """The console reads its table once as it loads and again as its socket connects. Under load
    the second answer came back after the dealer's first tap had been answered, and the older
    table it brought was drawn over the newer one: the deal vanished from the screen and the
    amount typed next was reset to the minimum (a bet of 20 went through as 1). Here that
    answer is held until the tap is answered and pushed: the console keeps the newer table."""
    created = opener("texas")
    page = browser.new_page(viewport={"width": 390, "height": 844})
    reads, held = [], []

    def hold_the_second_read(route) -> None:
        if route.request.method == "GET" and route.request.resource_type == "fetch":
            reads.append(route)
            if len(reads) == 2:  # read now, answered later
                held.append((route, route.fetch()))
                return
        route.continue_()

    page.route("**/api/v1/draw-tables/**", hold_the_second_read)
    pushes: list[str] = []
    page.on("websocket", lambda socket: socket.on(
        "framereceived", lambda frame: pushes.append(frame) if '"draw_table"' in str(frame) else None))
    page.goto(created["url"])
    page.fill("#pin", created["pin"])
    page.click("button[type=submit]")
    page.wait_for_selector("#console[data-ready]")
    while not held:
        page.wait_for_timeout(50)
    tap(page, "#deal")
    dealt = page.get_attribute("#console", "data-ready")
    while not pushes:  # the deal's push came too, as it had under load
        page.wait_for_timeout(50)
    route, answer = held[0]
    with page.expect_response(lambda response: response.request == route.request):
        route.fulfill(response=answer)
    # The answer read and drawn (or not) by the page's script: two frames later.
    page.evaluate(PAINTED)
    assert page.get_attribute("#console", "data-ready") == dealt
    expect(page.locator("#turn")).to_contain_text("1 Anna")
    page.fill("#amount", "20")
    tap(page, "#bet")
    expect(page.locator("#limits")).to_contain_text("rilanci al massimo di 20")
    page.fill("#amount", "41")
    refused(page, "#raise", "40")
