"""Everyone can use it (issue 26, item 5), beyond what axe reads off a page: a screen reader
hears the clock turn to a new level or a break once, never the countdown's every second;
reduced motion asked for stops every animation; the console works from the keyboard alone,
with the focus always seen."""

from __future__ import annotations

import pytest

from tests.browser.test_every_page_words import goto_drawn, log_in

playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
LEVELS = [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200},
          {"small_blind": 50, "big_blind": 100, "ante": 10, "seconds": 1200}]
# What the page's live regions hold, and whether the element counting the seconds is in one.
LIVE = "() => [...document.querySelectorAll('[aria-live]')].map((e) => e.textContent.trim())"
IN_A_LIVE_REGION = "(id) => document.getElementById(id).closest('[aria-live]') !== null"
# Under reduced motion, an element given an endless animation by the page: what plays.
ANIMATED = """() => {
  const probe = document.createElement("div");
  probe.style.animation = "probe-spin 1s infinite";
  probe.style.transition = "opacity 2s";
  document.body.appendChild(probe);
  const style = getComputedStyle(probe);
  const shown = [style.animationName, style.transitionDuration];
  probe.remove();
  return shown;
}"""


@pytest.fixture
def night(ddt_api):
    api = ddt_api("everyone")
    created = api.call("POST", "/tournaments", {
        "name": "Serata accessibile", "starting_stack": 5000, "buy_in": 2000,
        "seats_per_table": 9, "levels": LEVELS})
    tid = created["id"]
    for name in ("Anna Mariani", "Bruno Ferri", "Carla Neri"):
        api.call("POST", f"/tournaments/{tid}/players", {"name": name})
    view = api.call("POST", f"/tournaments/{tid}/seats/draw")
    api.call("POST", f"/tournaments/{tid}/clock", {"action": "start"})
    table = view["players"][0]["table"]
    console = api.call("POST", f"/tournaments/{tid}/tables/{table}/access")["url"]
    return {"api": api, "tid": tid, "slug": created["slug"], "console": console,
            "player": view["players"][0]["id"]}


def test_the_wall_and_the_phone_say_the_new_level_once_and_never_the_countdown(browser, night):
    server, slug = night["api"].server, night["slug"]
    wall = browser.new_context(viewport=LAPTOP).new_page()
    goto_drawn(wall, f"{server.url}/t/{slug}/clock")
    phone = browser.new_context(viewport=PHONE).new_page()
    goto_drawn(phone, f"{server.url}/t/{slug}/p/{night['player']}")
    night["api"].call("POST", f"/tournaments/{night['tid']}/clock", {"action": "next"})
    expect(wall.locator("#level")).to_have_text("2")
    expect(phone.locator("#clock-level")).to_have_text("Livello 2")
    assert "Livello 2" in wall.evaluate(LIVE)
    assert "50 / 100" in " ".join(wall.evaluate(LIVE))
    assert "Livello 2" in phone.evaluate(LIVE)
    assert "50/100 · ante 10" in phone.evaluate(LIVE)
    assert not wall.evaluate(IN_A_LIVE_REGION, "countdown")
    assert not phone.evaluate(IN_A_LIVE_REGION, "clock-time")


@pytest.mark.parametrize("where", ["wall", "phone", "console", "table"])
def test_reduced_motion_stops_every_animation(browser, night, where):
    server = night["api"].server
    context = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    page = context.new_page()
    urls = {"wall": f"/t/{night['slug']}/clock", "phone": f"/t/{night['slug']}",
            "console": f"/td/t/{night['tid']}", "table": night["console"]}
    log_in(page, server.url, "it")
    url = urls[where]
    goto_drawn(page, url if url.startswith("http") else server.url + url)
    assert page.evaluate(ANIMATED) == ["none", "0s"]
    moving = browser.new_context(viewport=PHONE, reduced_motion="no-preference").new_page()
    goto_drawn(moving, server.url + urls["wall"])
    assert moving.evaluate(ANIMATED) == ["probe-spin", "2s"]  # the probe does move otherwise


def focus_is_seen(page) -> bool:
    return page.evaluate("""() => {
      const style = getComputedStyle(document.activeElement);
      return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
    }""")


def tab_to(page, target, presses: int = 60) -> None:
    """Tab along the page until `target` holds the focus."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if target.evaluate("(e) => e === document.activeElement"):
            return
    raise AssertionError("Tab never reached it")


def test_the_ddt_registers_and_busts_a_player_with_the_keyboard_alone(browser, night):
    server, api = night["api"].server, night["api"]
    fresh = api.call("POST", "/tournaments", {"name": "Serata da tastiera", "levels": LEVELS})
    page = browser.new_context(viewport=LAPTOP).new_page()
    log_in(page, server.url, "it")
    goto_drawn(page, f"{server.url}/td/t/{fresh['id']}")
    page.keyboard.press("p")  # the players page
    page.wait_for_url(f"**/td/t/{fresh['id']}/players")
    page.keyboard.press("n")  # the registration field
    page.keyboard.type("Dario Russo")
    page.keyboard.press("Enter")
    expect(page.locator(".flash-success")).to_contain_text("Dario Russo")
    # A player out, on the night under way: found with "/", busted with Tab and Enter, and
    # confirmed in the bust's dialog (which opens on Cancel) the same way.
    goto_drawn(page, f"{server.url}/td/t/{night['tid']}/players")
    page.keyboard.press("/")
    page.keyboard.type("Carla")
    row = page.locator("#players-table tbody tr:not([hidden])")
    expect(row).to_have_count(1)
    tab_to(page, row.locator('button[value^="bust-"]'))
    assert focus_is_seen(page)
    page.keyboard.press("Enter")
    expect(page.locator("#bust-dialog")).to_be_visible()
    tab_to(page, page.locator("#bust-nobody"))
    assert focus_is_seen(page)
    page.keyboard.press("Enter")
    expect(page.locator("#undo-toast")).to_contain_text("Carla Neri")
    assert api.call("GET", f"/tournaments/{night['tid']}")["ledger"]["players_left"] == 2


def test_the_dealer_starts_a_hand_and_acts_with_the_keyboard_alone(browser, night):
    page = browser.new_context(viewport=LAPTOP).new_page()
    log_in(page, night["api"].server.url, "it")
    goto_drawn(page, night["console"])
    tab_to(page, page.locator("#start"))
    assert focus_is_seen(page)
    page.keyboard.press("Enter")
    expect(page.locator("#hand-no")).to_contain_text("#1")
    fold = page.locator("#fold")
    fold.focus()
    page.keyboard.press("Space")
    expect(page.locator("#history")).to_contain_text("fold", ignore_case=True)
