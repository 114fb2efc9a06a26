"""A sign-up's own page, live over Socket.IO (issue 30): joined with its code, it is told at
once of its promotion and, once checked in, of its table and seat after the draw; a wrong code
is refused like an unknown sign-up, behind the phone codes' brake."""

from __future__ import annotations

from tdapp.realtime import socketio
from tdapp.services import accounts
from tests.web.builders import SET_UP


def evening(api, cap: int) -> tuple[int, str]:
    created = api.post("/api/v1/tournaments",
                       json={**SET_UP, "signups": {"cap": cap}}).get_json()
    return created["id"], created["slug"]


def sign_up(client, slug: str, number: int) -> dict:
    return client.post(f"/api/v1/public/tournaments/{slug}/signups", json={
        "name": f"Player {number}", "contact": f"player{number}@example.com"}).get_json()


def received(page, name: str = "signup") -> list[dict]:
    return [e["args"][0] for e in page.get_received() if e["name"] == name]


def test_a_waitlisted_player_sees_the_promotion_and_then_the_seat_drawn(app, api, client):
    tid, slug = evening(api, cap=1)
    first = sign_up(client, slug, 1)
    second = sign_up(client, slug, 2)
    page = socketio.test_client(app)
    page.emit("join_signup", {"tournament": slug, "signup": second["id"],
                              "code": second["code"]})
    (joined,) = received(page)
    assert (joined["status"], joined["position"], joined["told"]) == ("waitlisted", 1, [])
    assert joined["history"] == {"nights": [], "seasons": []}
    assert "code" not in joined and "contact" not in joined

    client.delete(f"/api/v1/public/tournaments/{slug}/signups/{first['id']}",
                  headers={"X-Signup-Code": first["code"]})
    (promoted,) = received(page)
    assert (promoted["status"], promoted["position"]) == ("confirmed", None)
    assert promoted["told"] == [{"kind": "promoted", "table": None, "seat": None}]

    api.post(f"/api/v1/tournaments/{tid}/signups/{second['id']}/check-in")
    (checked,) = received(page)
    assert checked["checked_in"] is True and checked["told"] == []
    api.post(f"/api/v1/tournaments/{tid}/players", json={"name": "Walk-in"})
    assert received(page) == []  # nothing of this sign-up changed
    api.post(f"/api/v1/tournaments/{tid}/seats/draw", json={})
    (seated,) = received(page)
    assert seated["table"] is not None and seated["seat"] is not None
    assert seated["told"] == [{"kind": "seated", "table": seated["table"],
                               "seat": seated["seat"]}]


def test_a_wrong_code_is_refused_like_an_unknown_sign_up_and_braked(app, api, client):
    _, slug = evening(api, cap=5)
    made = sign_up(client, slug, 1)
    wrong = "000000" if made["code"] != "000000" else "111111"
    page = socketio.test_client(app)
    page.emit("join_signup", {"tournament": slug, "signup": made["id"], "code": wrong})
    page.emit("join_signup", {"tournament": slug, "signup": 77, "code": wrong})
    refusals = received(page, "error")
    assert [r["code"] for r in refusals] == ["UNKNOWN_SIGNUP", "UNKNOWN_SIGNUP"]
    for _ in range(accounts.MAX_FAILURES - 1):
        page.emit("join_signup", {"tournament": slug, "signup": made["id"], "code": wrong})
    page.get_received()
    page.emit("join_signup", {"tournament": slug, "signup": made["id"], "code": made["code"]})
    assert [r["code"] for r in received(page, "error")] == ["SIGNUP_CODE_WAIT"]
    page.emit("join_signup", {"tournament": slug, "signup": "1"})
    assert [r["code"] for r in received(page, "error")] == ["BAD_SIGNUP_JOIN"]


def test_another_sign_up_changing_tells_this_page_only_its_new_place_in_line(app, api, client):
    _, slug = evening(api, cap=1)
    sign_up(client, slug, 1)
    second = sign_up(client, slug, 2)
    page = socketio.test_client(app)
    page.emit("join_signup", {"tournament": slug, "signup": second["id"],
                              "code": second["code"]})
    page.get_received()
    sign_up(client, slug, 3)
    (pushed,) = received(page)
    assert (pushed["position"], pushed["waitlisted"], pushed["told"]) == (1, 2, [])
    assert "Player 3" not in str(pushed)


def test_a_confirmed_player_moved_down_is_told_the_place_went_back(app, api, client):
    tid, slug = evening(api, cap=1)
    first = sign_up(client, slug, 1)
    sign_up(client, slug, 2)
    page = socketio.test_client(app)
    page.emit("join_signup", {"tournament": slug, "signup": first["id"], "code": first["code"]})
    page.get_received()
    api.post(f"/api/v1/tournaments/{tid}/signups/{first['id']}/move-down")
    (moved,) = received(page)
    assert (moved["status"], moved["position"]) == ("waitlisted", 1)
    assert moved["told"] == [{"kind": "waitlisted", "table": None, "seat": None}]
