"""Protocol 2 against a real server, with real clients of each audience: the complete view at
`join`, then deltas that rebuild exactly what a fresh join shows (tdapp/realtime/protocol.py)."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any

import pytest
import requests

from tdapp.realtime import protocol
from tdapp.realtime.protocol import settled
from tests.conftest import DDT_PASSWORD, DdtApi
from tests.web.screens import Screen

DDT = ("ddt", DDT_PASSWORD)


class Room:
    """A tournament of 20 players seated at three tables of nine seats, made through the DdT's
    API on the worker's shared server (`ddt_api`), with the DdT's session for the console."""

    def __init__(self, api: DdtApi) -> None:
        self.api = api
        self.url = api.server.url
        created = api.call("POST", "/tournaments", {"name": "Festival", "seats_per_table": 9})
        self.id, self.slug = created["id"], created["slug"]
        for number in range(20):
            api.call("POST", f"/tournaments/{self.id}/players", {"name": f"Giocatore {number + 1}"})
        self.act("/seats/draw")
        self.screens: list[Screen] = []

    def act(self, path: str, body: dict | None = None) -> dict[str, Any]:
        """A DdT's action on the tournament; its answer is the DdT's view."""
        return self.api.call("POST", f"/tournaments/{self.id}{path}", body)

    def view(self) -> dict[str, Any]:
        return self.api.call("GET", f"/tournaments/{self.id}")

    def session_cookie(self) -> str:
        """The DdT's browser session, logged in through the login form."""
        browser = requests.Session()
        page = browser.get(f"{self.url}/login").text
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        browser.post(f"{self.url}/login", data={"username": DDT[0], "password": DDT[1],
                                                "csrf_token": token})
        return "; ".join(f"{c.name}={c.value}" for c in browser.cookies)

    def screen(self, headers: dict[str, str] | None = None, **joining: Any) -> Screen:
        """A client joined, once its complete view came (a refusal fails the test with its code)."""
        self.screens.append(Screen(self.url, self.slug, headers, **joining))
        shown = self.screens[-1].wait_for(lambda v: "error" in v or "event" not in v)
        assert "error" not in shown, (shown, joining)
        return self.screens[-1]

    def fresh(self, screen: Screen) -> dict[str, Any]:
        """What a fresh join of the same audience shows now."""
        other = Screen(self.url, self.slug, screen.headers, **screen.joining)
        try:
            shown = other.wait_for(lambda v: True)
            assert "error" not in shown, (shown, screen.joining, screen.headers)
            return shown
        finally:
            other.close()

    def close(self) -> None:
        for screen in self.screens:
            screen.close()


@pytest.fixture
def room(ddt_api):
    opened = Room(ddt_api("festival"))
    yield opened
    opened.close()



def seated(view: dict[str, Any]) -> dict[int, list[int]]:
    """Each table's players, from the DdT's view."""
    return {t["number"]: [s["player_id"] for s in t["seats"] if s["player_id"]] for t in view["tables"]}


def assert_rebuilt(room: Room, screens: list[Screen], version: int) -> None:
    """Every screen, from its one join and the deltas after it, shows what a fresh join shows."""
    for screen in screens:
        shown = screen.wait_version(version)
        assert shown["version"] == version
        assert settled(shown) == settled(room.fresh(screen))
        assert screen.joins == 1, "a delta was missed or refused: the screen joined again"


def test_deltas_rebuild_what_a_fresh_join_shows_for_every_audience(room):
    ddt = room.view()
    tables = seated(ddt)
    busted = tables[1][0]
    display = room.screen()
    cookie = {"Cookie": room.session_cookie()}
    console = room.screen(cookie, audience="td")
    whole = room.screen(cookie, audience="td", view="full")
    phones = [room.screen(player=p) for p in (busted, tables[2][0], tables[3][0], tables[1][3])]
    names = room.screen(audience="phone")
    screens = [display, console, whole, *phones, names]
    assert console.follower.view["view"] == "dashboard" and "players" not in console.follower.view
    assert whole.follower.view["audience"] == "td" and "phone_code" in whole.follower.view["players"][0]

    answer = room.act(f"/players/{busted}/bust")  # a bust
    assert_rebuilt(room, screens, answer["version"])
    room.act(f"/players/{tables[1][1]}/bust")  # 18 left: they fit at two tables
    answer = room.act("/moves", {"apply": "suggested"})  # so a table breaks
    assert len(seated(answer)) == 2 and answer["seating"]["last_moves"]
    assert_rebuilt(room, screens, answer["version"])
    full = seated(answer)
    table = min(full)
    for player in full[table][:2]:  # two busts at one table: 7 and 9
        room.act(f"/players/{player}/bust")
    answer = room.act("/moves", {"apply": "suggested"})  # a balancing move
    assert_rebuilt(room, screens, answer["version"])
    answer = room.act("/undo")  # the move taken back
    assert_rebuilt(room, screens, answer["version"])
    assert [len(seats) for seats in seated(answer).values()] in ([7, 9], [9, 7])
    room.act("/clock", {"action": "start"})
    answer = room.act("/clock", {"action": "adjust", "seconds": -(20 * 60 - 1)})
    for screen in screens:
        ended = screen.wait_for(lambda v: v.get("cue") == "level", timeout=15)
        assert ended["clock"]["level"] == 2
    assert_rebuilt(room, screens, answer["version"])

    # After the join, each change came as a delta; each phone heard only of its own player.
    for screen in screens:
        kinds = [kind for kind, _ in screen.messages]
        assert kinds.count("view") == 1 and kinds.count("delta") >= 8
    heard = {}
    for phone in phones:
        own = [m["player"] for kind, m in phone.messages if kind == "delta" and "player" in m]
        assert set(own) <= {phone.joining["player"]}
        heard[phone.joining["player"]] = own
    assert heard[busted] and any(heard[p] for p in heard if p != busted)
    whole = len(json.dumps(display.follower.view))
    told = [len(json.dumps(m)) for kind, m in display.messages if kind == "delta"]
    assert told[0] < whole / 4  # one bust: its player, its table and the counts


def test_a_phone_gets_its_players_view_and_not_the_fields(room):
    player = seated(room.view())[2][4]
    phone = room.screen(player=player)
    shown = phone.follower.view
    assert shown["audience"] == "player" and shown["protocol"] == protocol.PROTOCOL
    assert shown["player"]["id"] == player and shown["player"]["table"] == 2
    assert "players" not in shown and "tables" not in shown
    assert {"tournament", "clock", "ledger", "move"} <= set(shown)


def test_a_screen_that_misses_a_delta_joins_again_by_itself(room):
    tables = seated(room.view())
    display = room.screen()
    phone = room.screen(player=tables[1][1])
    display.drop(1)
    phone.drop(2)  # its player's own change and the one that names the player
    first = room.act(f"/players/{tables[1][1]}/bust")
    second = room.act(f"/players/{tables[2][1]}/bust")
    for screen in (display, phone):
        shown = screen.wait_version(second["version"])
        assert screen.joins == 2
        assert settled(shown) == settled(room.fresh(screen))
    assert first["version"] + 1 == second["version"]


def test_a_phone_that_misses_its_own_change_joins_again(room):
    player = seated(room.view())[1][2]
    phone = room.screen(player=player)
    phone.drop(1)  # the player's own change, sent just before the one that names the player
    answer = room.act(f"/players/{player}/bust")
    shown = phone.wait_version(answer["version"])
    assert phone.joins == 2 and shown["player"]["status"] == "busted"


def test_a_join_for_a_player_not_in_the_tournament_is_refused(room):
    refused = Screen(room.url, room.slug, player=999)
    room.screens.append(refused)
    assert refused.wait_for(lambda v: "error" in v)["error"]["code"] == "UNKNOWN_PLAYER"
    malformed = Screen(room.url, room.slug, player="seven")
    room.screens.append(malformed)
    assert malformed.wait_for(lambda v: "error" in v)["error"]["code"] == "BAD_JOIN"


def test_a_display_joins_without_the_fields_rows_and_pages_its_seating_over_http(room):
    tables = seated(room.view())
    display = room.screen()
    assert "players" not in display.follower.view and "tables" not in display.follower.view
    url = f"{room.url}/t/{room.slug}/seating"
    first = requests.get(url, params={"size": 2}, timeout=10)
    page = first.json()
    assert (page["page"], page["pages"], page["size"]) == (1, 2, 2)
    assert [t["number"] for t in page["tables"]] == [1, 2]
    assert [s["player_id"] for s in page["tables"][1]["seats"] if s["player_id"]] == tables[2]
    last = requests.get(url, params={"size": 2, "page": 2}, timeout=10).json()
    assert [t["number"] for t in last["tables"]] == [3]
    assert requests.get(url, params={"size": 2, "page": 9}, timeout=10).json()["page"] == 2
    again = requests.get(url, params={"size": 2}, headers={"If-None-Match": first.headers["ETag"]},
                         timeout=10)
    assert again.status_code == 304 and not again.content

    busted = tables[3][0]
    answer = room.act(f"/players/{busted}/bust")
    display.wait_version(answer["version"])
    assert display.messages[-1][1]["tables"] == [3]  # only the page showing table 3 asks again
    unchanged = requests.get(url, params={"size": 2}, timeout=10,
                             headers={"If-None-Match": first.headers["ETag"]})
    assert unchanged.status_code == 304
    changed = requests.get(url, params={"size": 2, "page": 2}, timeout=10)
    assert busted not in [s["player_id"] for s in changed.json()["tables"][0]["seats"]]


def test_a_display_is_told_who_moved_without_the_list_of_players(room):
    tables = seated(room.view())
    display = room.screen()
    for player in tables[1][:2]:
        room.act(f"/players/{player}/bust")
    answer = room.act("/moves", {"apply": "suggested"})  # 18 left at two tables: one breaks
    shown = display.wait_version(answer["version"])
    moves = shown["seating"]["last_moves"]
    assert moves and len(moves) == len(answer["seating"]["last_moves"])
    names = {p["id"]: p["name"] for p in answer["players"]}
    assert all(m["name"] == names[m["player_id"]] and m["status"] == "seated" for m in moves.values())
    assert settled(shown) == settled(room.fresh(display))


def test_the_names_come_over_http_with_an_etag_that_holds_while_they_do_not_change(room):
    url = f"{room.url}/t/{room.slug}/names"
    first = requests.get(url, timeout=10)
    listed = first.json()["players"]
    assert len(listed) == 20 and {"id", "name", "table", "seat"} <= set(listed[0])
    assert first.headers["ETag"]
    again = requests.get(url, headers={"If-None-Match": first.headers["ETag"]}, timeout=10)
    assert again.status_code == 304 and not again.content
    player = listed[0]["id"]
    room.act(f"/players/{player}/bust")
    changed = requests.get(url, headers={"If-None-Match": first.headers["ETag"]}, timeout=10)
    assert changed.status_code == 200
    assert next(p for p in changed.json()["players"] if p["id"] == player)["status"] == "busted"
    with pytest.raises(urllib.error.HTTPError) as unknown:
        urllib.request.urlopen(f"{room.url}/t/no-such-night/names", timeout=10)
    assert unknown.value.code == 404
