"""A page that joins over Socket.IO (a screen, a phone, the DdT's console, a table console, a
sign-up's page) enters its room before it reads what its first view shows. Read first, a change
committed between the read and the joining (another web process's, or one this process ran while
the read waited for the database) reached the page neither in that view nor as a push: a clock
paused in that moment went on counting on the wall until the next change."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tdapp.realtime import screens, signups, socketio, table_consoles
from tdapp.services import tournaments
from tests.web.builders import SET_UP, seated


@pytest.fixture
def just_before_joining(monkeypatch) -> Callable[[Callable[[], object]], None]:
    """`just_before_joining(change)`: `change` is committed as the next page enters its first
    room, with that page not in it yet."""
    pending: list[Callable[[], object]] = []
    for module in (screens, table_consoles, signups):
        joined = module.join_room

        def join_room(room: str, joined=joined) -> None:
            while pending:
                pending.pop()()
            joined(room)

        monkeypatch.setattr(module, "join_room", join_room)
    return pending.append


def heard(page) -> int:
    """The newest version among everything the page was sent."""
    return max(message["args"][0]["version"] for message in page.get_received()
               if message["args"] and isinstance(message["args"][0], dict)
               and "version" in message["args"][0])


@pytest.mark.parametrize("audience", ["display", "phone", "player", "console", "full console"])
def test_a_screen_knows_of_a_change_committed_as_it_joins(
        app, api, ddt_client, just_before_joining, audience):
    tid, _, players = seated(api)
    slug = api.get(f"/api/v1/tournaments/{tid}").get_json()["slug"]
    join = {"display": {"tournament": slug},
            "phone": {"tournament": slug, "audience": "phone"},
            "player": {"tournament": slug, "player": players[0]},
            "console": {"tournament": slug, "audience": "td"},
            "full console": {"tournament": slug, "audience": "td", "view": "full"}}[audience]
    page = socketio.test_client(app, flask_test_client=ddt_client)
    just_before_joining(lambda: api.post(f"/api/v1/tournaments/{tid}/clock",
                                         json={"action": "start"}))
    page.emit("join", join)
    assert heard(page) == tournaments.current(tid).version


def test_a_table_console_knows_of_a_hand_started_as_it_joins(app, api, just_before_joining):
    tid, table, _ = seated(api)
    slug = api.get(f"/api/v1/tournaments/{tid}").get_json()["slug"]
    console = socketio.test_client(app)
    just_before_joining(lambda: api.post(f"/api/v1/tournaments/{tid}/tables/{table}/hands"))
    assert console.emit("join_table", {"tournament": slug, "table": table},
                        callback=True) == {"joined": True}
    assert heard(console) == tournaments.current(tid).version


def test_a_sign_up_page_knows_of_a_promotion_made_as_it_joins(app, api, client,
                                                              just_before_joining):
    created = api.post("/api/v1/tournaments", json={**SET_UP, "signups": {"cap": 1}}).get_json()
    slug = created["slug"]
    first, second = (client.post(f"/api/v1/public/tournaments/{slug}/signups", json={
        "name": f"Player {n}", "contact": f"player{n}@example.com"}).get_json() for n in (1, 2))
    page = socketio.test_client(app)
    just_before_joining(lambda: client.delete(
        f"/api/v1/public/tournaments/{slug}/signups/{first['id']}",
        headers={"X-Signup-Code": first["code"]}))
    page.emit("join_signup", {"tournament": slug, "signup": second["id"], "code": second["code"]})
    (shown,) = [m["args"][0] for m in page.get_received() if m["name"] == "signup"]
    assert (shown["status"], shown["version"]) == ("confirmed",
                                                    tournaments.current(created["id"]).version)
