"""Everyone can use it (issue 26): axe-core, run against every page the server serves, finds
no critical and no serious violation, in Italian and in English, on a laptop and on a phone.

axe-core comes from npm as a test-only package: the app never serves it; each page gets it
from node_modules through the browser context's init script. One browser context per language
and size visits every page in turn: the pages a stranger sees first (the login, the consoles'
PIN forms), then, logged in as the DdT, the rest. Each page is also read as the sweep of every
page's words reads it (test_every_page_words.py: no console error, no cents, no English on an
Italian page; on the phone nothing wider than the screen, no hint cut and no control or lone
link smaller than a thumb), which thus loads the pages at the tablets' sizes only: a page load
is most of what either sweep costs."""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.test_every_page_words import (
    LAPTOP,
    PHONE,
    draw_consoles,
    english_only,
    goto_drawn,
    league_with_a_night,
    log_in,
    read,
    watch,
)
from tests.conftest import DDT_PASSWORD, DdtApi

pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.slow]

AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"laptop": LAPTOP, "phone": PHONE}
BLOCKING = ("critical", "serious")
# Each violation as "rule (impact) selector", at most a few nodes a rule, to name what to fix.
RUN_AXE = """async () => {
  const found = await axe.run(document, {resultTypes: ["violations"]});
  return found.violations.map((v) => ({
    rule: v.id, impact: v.impact,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + " " + (n.failureSummary || "")
                                              .split("\\n").slice(1, 2).join("")),
    count: v.nodes.length,
  }));
}"""


@pytest.fixture(scope="module")
def night(shared_ddt_server) -> Iterator[dict]:
    """A night with something on every page: players seated, the clock running, a bust, a
    table console and two draw consoles, a league with a night, a season, a roster member and
    two card holders."""
    server = shared_ddt_server
    login = {"username": "ddt", "password": DDT_PASSWORD}
    call = DdtApi(server, server.call("POST", "/api/v1/auth/token", body=login)["token"]).call
    created = call("POST", "/tournaments", {
        "name": "Serata per tutti", "starting_stack": 5000, "buy_in": 2000,
        "levels": [{"small_blind": 25 * n, "big_blind": 50 * n, "ante": 0, "seconds": 1200}
                   for n in (1, 2)],
        "payouts": [{"max_entries": 100, "basis_points": [5000, 3000, 2000]}],
        "signups": {"cap": 20},
    })
    tid, slug = created["id"], created["slug"]
    for name in ("Anna Mariani", "Bruno Ferri", "Carla Neri", "Dario Russo"):
        call("POST", f"/tournaments/{tid}/players", {"name": name})
    signup = server.call("POST", f"/api/v1/public/tournaments/{slug}/signups", None,
                         {"name": "Fabio Greco", "contact": "fabio@example.com"})
    view = call("POST", f"/tournaments/{tid}/seats/draw")
    table = view["players"][0]["table"]
    call("POST", f"/tournaments/{tid}/clock", {"action": "start"})
    # Two busts: fourth place goes home empty-handed, third has a prize and its receipt.
    for busted in reversed(view["players"][2:]):
        call("POST", f"/tournaments/{tid}/players/{busted['id']}/bust")
    access = call("POST", f"/tournaments/{tid}/tables/{table}/access")
    season = call("POST", "/seasons", {"name": "Stagione per tutti", "tournaments": [tid]})
    # Names of their own each time the fixture runs: the worker's server keeps the last one's,
    # and a club's card numbers and card holders' names are unique.
    tag = secrets.token_hex(3)
    member = call("POST", "/roster", {"name": f"Elena Conti {tag}"})
    # Two card holders: one expired (its renewal offered), one with no end.
    call("POST", "/members", {"name": f"Elena Conti {tag}", "number": f"A-{tag}",
                              "valid_until": "2020-12-31", "roster_id": member["id"]})
    call("POST", "/members", {"name": f"Franco Gallo {tag}"})
    league = league_with_a_night(call)
    live = call("POST", f"/leagues/{league}/live-nights")["day"]
    yield {
        "server": server, "tid": tid, "slug": slug, "table": table,
        "player": view["players"][0]["id"], "paid": view["players"][2]["id"],
        "console": access["url"],
        "draw": draw_consoles(call), "league": league, "live": live,
        "season": season["id"], "member": member["id"],
        "invitation": call("POST", "/club/invitations", {"role": "floor"})["url"],
        "signup": f"/t/{slug}/signup/{signup['id']}?code={signup['code']}",
    }


def public_pages(night: dict) -> list[str]:
    """What a stranger reaches without logging in: the login, the consoles' PIN forms and an
    invitation's page."""
    return ["/login", night["console"], *night["draw"], night["invitation"]]


def ddt_pages(night: dict) -> list[str]:
    tid, slug, league = night["tid"], night["slug"], night["league"]
    td = f"/td/t/{tid}"
    return [
        "/", "/games/help", "/api/docs", f"/t/{slug}", f"/t/{slug}/p/{night['player']}",
        night["signup"], f"{td}/signups", f"{td}/check-in",
        f"/t/{slug}/clock",
        "/td/tournaments", td, f"{td}/players", f"{td}/tables",
        f"{td}/tables/{night['table']}/count", f"{td}/payouts", f"{td}/setup", f"{td}/log",
        f"{td}/deal", f"{td}/chips",
        f"{td}/print/seat-cards", f"{td}/print/moves", f"{td}/print/structure",
        f"{td}/print/payouts", f"{td}/print/results", f"{td}/print/receipt/{night['paid']}",
        "/td/roster", f"/td/roster/{night['member']}", "/td/templates", "/td/seasons",
        f"/td/seasons/{night['season']}", "/td/account", "/td/members", "/td/membership",
        "/td/tools/side-pots",
        "/leagues/", "/leagues/new", f"/leagues/{league}", f"/leagues/{league}/nights/1",
        f"/leagues/{league}/secretary", f"/leagues/{league}/nights/{night['live']}/live",
        "/draw-tables/", night["console"], *night["draw"],
        night["invitation"],  # as the DdT sees it, logged in
    ]


# Pages that draw themselves from a script of their own: what to wait for before axe runs.
DRAWN_BY_SCRIPT = {"/api/docs": ".opblock-tag"}


def violations(page, url: str, path: str) -> list[dict]:
    """axe's blocking violations on the page at `url`, once its scripts have drawn it."""
    answer = goto_drawn(page, url)
    assert answer.ok, f"{url} answered {answer.status}"
    if path in DRAWN_BY_SCRIPT:
        page.wait_for_selector(DRAWN_BY_SCRIPT[path])
    return [v for v in page.evaluate(RUN_AXE) if v["impact"] in BLOCKING]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["it", "en"])
def test_no_page_has_a_critical_or_serious_accessibility_violation(night, browser, language, size):
    base = night["server"].url
    context = browser.new_context(viewport=SIZES[size], locale=language)
    # Every page of the context gets axe as it opens: added to each page after its load, the
    # 650 KB went over to the browser again and cost a sixth of a second a page.
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    problems, where = watch(page)
    english = english_only() if language == "it" else set()
    found: list[tuple[str, dict]] = []

    def sweep(paths: list[str]) -> None:
        for path in paths:
            url = path if path.startswith("http") else base + path
            where["url"] = f"{path} at {size}"
            found.extend((path, v) for v in violations(page, url, path))
            problems.extend(read(page, where["url"], english, phone=size == "phone"))

    page.goto(f"{base}/lang/{language}")
    sweep(public_pages(night))
    log_in(page, base, language)
    sweep(ddt_pages(night))
    context.close()
    by_rule = Counter(f"{v['rule']} ({v['impact']})" for _, v in found for _ in range(v["count"]))
    report = [f"{path}: {v['rule']} ({v['impact']}) x{v['count']}: {v['nodes']}"
              for path, v in found]
    assert found == [], f"{dict(by_rule)}\n" + "\n".join(report)
    assert problems == [], "\n".join(problems)
