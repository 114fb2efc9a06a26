"""Sign-ups over the JSON API, on SQLite and PostgreSQL (issue 30): the settings, the public
sign-up with its code, the player's own view and cancellation, the DdT's list and changes,
check-in at the door, the no-shows, the roles, and the refusals as 4xx JSON."""

from __future__ import annotations

import pytest

from tdapp.services import accounts
from tests.web.builders import SET_UP

FLOOR_PASSWORD = "una password lunga"


def evening(api, **rules) -> tuple[int, str]:
    created = api.post("/api/v1/tournaments",
                       json={**SET_UP, "signups": {"cap": 30, **rules}}).get_json()
    return created["id"], created["slug"]


def sign_up(client, slug: str, number: int, contact: str | None = None):
    return client.post(f"/api/v1/public/tournaments/{slug}/signups", json={
        "name": f"Player {number}", "contact": contact or f"player{number}@example.com"})


def error(answer) -> dict:
    return answer.get_json()["error"]


@pytest.fixture
def floor(app):
    account = accounts.create_user("marta", FLOOR_PASSWORD, role="floor")
    client = app.test_client()
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {accounts.issue_token(account)}"
    return client


def test_the_settings_take_and_give_back_the_sign_up_rules(api):
    tid, _ = evening(api, opens_at="2027-03-01T18:00:00", closes_at="2027-03-08T20:00:00+01:00",
                     waitlist=False, approval=True, members_only=True, guest_fee=500)
    shown = api.get(f"/api/v1/tournaments/{tid}/settings").get_json()["signups"]
    assert shown == {"opens_at": "2027-03-01T18:00:00+01:00",
                     "closes_at": "2027-03-08T20:00:00+01:00", "cap": 30, "waitlist": False,
                     "approval": True, "members_only": True, "guest_fee": 500, "tables": None}
    changed = api.put(f"/api/v1/tournaments/{tid}/settings", json={"signups": {"cap": 18,
                                                                               "tables": 2}})
    assert changed.status_code == 200
    too_many = api.put(f"/api/v1/tournaments/{tid}/settings", json={"signups": {"cap": 19,
                                                                                "tables": 2}})
    assert too_many.status_code == 422 and error(too_many)["code"] == "CAP_ABOVE_SEATS"
    off = api.put(f"/api/v1/tournaments/{tid}/settings", json={"signups": None})
    assert off.status_code == 200
    assert api.get(f"/api/v1/tournaments/{tid}/settings").get_json()["signups"] is None
    bad = api.put(f"/api/v1/tournaments/{tid}/settings", json={"signups": {"cap": 0}})
    assert bad.status_code == 422


def test_forty_sign_ups_for_thirty_places_and_five_cancellations_promote_in_order(api, client):
    tid, slug = evening(api)
    made = [sign_up(client, slug, n) for n in range(1, 41)]
    assert {m.status_code for m in made} == {201}
    answers = [m.get_json() for m in made]
    assert set(answers[0]) == {"id", "status", "position", "code"}
    assert [a["status"] for a in answers] == ["confirmed"] * 30 + ["waitlisted"] * 10
    assert [a["position"] for a in answers[30:]] == list(range(1, 11))
    for gone in answers[:5]:
        cancelled = client.delete(f"/api/v1/public/tournaments/{slug}/signups/{gone['id']}",
                                  headers={"X-Signup-Code": gone["code"]})
        assert cancelled.status_code == 200 and cancelled.get_json()["status"] == "cancelled"
    listed = api.get(f"/api/v1/tournaments/{tid}/signups").get_json()
    by_id = {row["id"]: row for row in listed["signups"]}
    assert [by_id[a["id"]]["status"] for a in answers[30:35]] == ["confirmed"] * 5
    assert [by_id[a["id"]]["position"] for a in answers[35:]] == [1, 2, 3, 4, 5]
    assert listed["headcount"] == {"confirmed": 30, "waitlisted": 5, "pending": 0,
                                   "checked_in": 0, "seats": 30}
    first = by_id[answers[5]["id"]]
    assert first["contact"] == "player6@example.com" and first["checked_in"] is False


def test_the_players_own_view_needs_its_code_and_a_wrong_one_is_a_404_like_none(api, client):
    _, slug = evening(api, cap=1)
    first = sign_up(client, slug, 1).get_json()
    second = sign_up(client, slug, 2).get_json()
    mine = client.get(f"/api/v1/public/tournaments/{slug}/signups/{second['id']}",
                      headers={"X-Signup-Code": second["code"]})
    assert mine.status_code == 200
    view = mine.get_json()
    assert (view["status"], view["position"], view["name"]) == ("waitlisted", 1, "Player 2")
    assert "code" not in view and "contact" not in view
    assert view["history"] == {"nights": [], "seasons": []}
    wrong = "000000" if second["code"] != "000000" else "111111"
    refused = client.get(f"/api/v1/public/tournaments/{slug}/signups/{second['id']}",
                         headers={"X-Signup-Code": wrong})
    missing = client.get(f"/api/v1/public/tournaments/{slug}/signups/{second['id'] + 50}",
                         headers={"X-Signup-Code": wrong})
    assert refused.status_code == missing.status_code == 404
    assert error(refused)["code"] == error(missing)["code"] == "UNKNOWN_SIGNUP"
    no_code = client.delete(f"/api/v1/public/tournaments/{slug}/signups/{first['id']}")
    assert no_code.status_code == 404


def test_public_refusals_are_422_with_nothing_stored(api, client):
    tid, slug = evening(api, cap=1, waitlist=False)
    sign_up(client, slug, 1)
    for answer, code in (
        (sign_up(client, slug, 2, "player1@example.com"), "DUPLICATE_SIGNUP"),
        (sign_up(client, slug, 2), "WAITLIST_FULL"),
        (sign_up(client, slug, 3, "call me"), "BAD_CONTACT"),
    ):
        assert answer.status_code == 422 and error(answer)["code"] == code
    no_name = client.post(f"/api/v1/public/tournaments/{slug}/signups",
                          json={"contact": "a@example.com"})
    assert no_name.status_code == 422
    assert len(api.get(f"/api/v1/tournaments/{tid}/signups").get_json()["signups"]) == 1
    closed = api.post("/api/v1/tournaments", json=SET_UP).get_json()
    off = sign_up(client, closed["slug"], 1)
    assert off.status_code == 422 and error(off)["code"] == "SIGNUPS_OFF"
    unknown = sign_up(client, "nowhere", 1)
    assert unknown.status_code == 404


def test_the_ddt_approves_declines_promotes_moves_down_and_removes(api, client):
    tid, slug = evening(api, cap=2, approval=True)
    ids = [sign_up(client, slug, n).get_json()["id"] for n in range(1, 6)]
    base = f"/api/v1/tournaments/{tid}/signups"
    for sid in ids[:3]:
        assert api.post(f"{base}/{sid}/approve").status_code == 200
    third = api.get(base).get_json()["signups"][2]
    assert (third["status"], third["position"]) == ("waitlisted", 1)
    declined = api.post(f"{base}/{ids[3]}/decline").get_json()["signup"]
    assert declined["status"] == "declined"
    promoted = api.post(f"{base}/{ids[4]}/promote").get_json()["signup"]
    assert (promoted["status"], promoted["position"]) == ("waitlisted", 1)
    moved = api.post(f"{base}/{ids[0]}/move-down").get_json()
    assert (moved["signup"]["status"], moved["signup"]["position"]) == ("waitlisted", 2)
    assert moved["headcount"]["confirmed"] == 2
    removed = api.delete(f"{base}/{ids[1]}")
    assert removed.status_code == 200 and removed.get_json()["signup"]["status"] == "removed"
    again = api.delete(f"{base}/{ids[1]}")
    assert again.status_code == 422 and error(again)["code"] == "SIGNUP_ENDED"
    assert api.post(f"{base}/99/approve").status_code == 404


def test_check_in_registers_the_player_and_no_shows_release_the_rest(api, client):
    tid, slug = evening(api, cap=3)
    ids = [sign_up(client, slug, n).get_json()["id"] for n in range(1, 5)]
    base = f"/api/v1/tournaments/{tid}/signups"
    checked = api.post(f"{base}/{ids[0]}/check-in")
    assert checked.status_code == 201
    player_id = checked.get_json()["id"]
    assert checked.get_json()["signup"]["checked_in"] is True
    players = api.get(f"/api/v1/tournaments/{tid}").get_json()["players"]
    assert [(p["id"], p["name"]) for p in players] == [(player_id, "Player 1")]
    twice = api.post(f"{base}/{ids[0]}/check-in")
    assert twice.status_code == 422 and error(twice)["code"] == "SIGNUP_CHECKED_IN"
    waiting = api.post(f"{base}/{ids[3]}/check-in")
    assert waiting.status_code == 422 and error(waiting)["code"] == "SIGNUP_NOT_CONFIRMED"
    api.post(f"/api/v1/tournaments/{tid}/players", json={"name": "Player 2"})
    same = api.post(f"{base}/{ids[1]}/check-in")
    assert same.status_code == 422 and error(same)["code"] == "DUPLICATE_PLAYER"
    assert api.post(f"{base}/{ids[1]}/check-in", json={"same_name_ok": True}).status_code == 201
    early = api.post(f"{base}/no-shows")
    assert early.status_code == 422 and error(early)["code"] == "NO_SHOWS_TOO_EARLY"
    api.post(f"/api/v1/tournaments/{tid}/clock", json={"action": "start"})
    released = api.post(f"{base}/no-shows").get_json()
    assert released["released"] == [ids[2]]
    assert released["headcount"]["waitlisted"] == 1


def test_a_floor_member_checks_in_and_calls_the_waitlist_but_approves_nothing(api, client, floor):
    tid, slug = evening(api, cap=1, approval=True)
    first, second = (sign_up(client, slug, n).get_json()["id"] for n in (1, 2))
    base = f"/api/v1/tournaments/{tid}/signups"
    refused = floor.post(f"{base}/{first}/approve")
    assert refused.status_code == 403 and error(refused)["code"] == "ROLE_FORBIDDEN"
    assert floor.post(f"{base}/{first}/promote").status_code == 200
    assert floor.get(base).status_code == 200
    assert floor.post(f"{base}/{first}/check-in").status_code == 201
    assert floor.delete(f"{base}/{second}").status_code == 403
    assert floor.post(f"{base}/no-shows").status_code == 403


def test_the_ddts_list_needs_a_login(client, api):
    tid, _ = evening(api)
    assert client.get(f"/api/v1/tournaments/{tid}/signups").status_code == 401


def test_the_openapi_document_describes_every_sign_up_path_and_the_code_header(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    public = "/api/v1/public/tournaments/{slug}/signups"
    ddt = "/api/v1/tournaments/{tid}/signups"
    assert {"post"} <= set(paths[public])
    assert set(paths[f"{public}/{{sid}}"]) == {"get", "delete"}
    for method in ("get", "delete"):
        headers = [p["name"] for p in paths[f"{public}/{{sid}}"][method]["parameters"]
                   if p["in"] == "header"]
        assert headers == ["X-Signup-Code"]
    assert "201" in paths[public]["post"]["responses"]
    for action in ("approve", "decline", "promote", "move-down", "check-in"):
        assert "post" in paths[f"{ddt}/{{sid}}/{action}"]
    assert "201" in paths[f"{ddt}/{{sid}}/check-in"]["post"]["responses"]
    assert "delete" in paths[f"{ddt}/{{sid}}"] and "post" in paths[f"{ddt}/no-shows"]
