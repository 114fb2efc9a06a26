"""The hoster over JSON (issue 29, item 2): a hoster's token (`POST /api/v1/auth/token` naming no
club) makes clubs with their owner (`POST /api/v1/clubs`) and lists them (`GET /api/v1/clubs`);
nobody else may (403 HOSTER_ONLY); and it sees no club's data (403 NOT_A_CLUB_MEMBER) unless the
hoster signs in to a club it is a member of."""

from __future__ import annotations

import pytest

from tdapp.services import accounts, clubs, hosting, tournaments
from tests.web.builders import SET_UP

PASSWORD = "una password lunga"
ROMA = {"slug": "roma", "name": "Circolo Roma", "owner": {"username": "giulia",
                                                          "password": PASSWORD}}


def _bearer(client, token):
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return client


def _token(client, username="host", **extra):
    return client.post("/api/v1/auth/token",
                       json={"username": username, "password": PASSWORD, **extra})


@pytest.fixture
def hoster(app):
    """A test client with a hoster's token, got as a script gets it."""
    hosting.create_hoster("host", PASSWORD)
    client = app.test_client()
    return _bearer(client, _token(client).get_json()["token"])


def test_a_hoster_without_a_club_gets_a_token_acting_as_the_hoster(client):
    hosting.create_hoster("host", PASSWORD)
    answer = _token(client)
    assert answer.status_code == 200
    issued = answer.get_json()
    assert set(issued) == {"token", "id", "expires_at", "club", "role"}
    assert (issued["club"], issued["role"]) == (None, "hoster")


def test_the_hoster_makes_a_club_with_its_owner_who_then_signs_in_there(hoster, client):
    answer = hoster.post("/api/v1/clubs", json={**ROMA, "language": "en",
                                                 "timezone": "Europe/London", "currency": "GBP"})
    assert answer.status_code == 201
    made = answer.get_json()
    assert set(made) == {"id", "slug"} and made["slug"] == "roma"
    owner = _token(client, "giulia").get_json()
    assert (owner["club"], owner["role"]) == ("roma", "owner")
    # After the test database's own club (tdapp/testing.py), by slug.
    listed = hoster.get("/api/v1/clubs").get_json()["clubs"]
    assert [c["slug"] for c in listed] == ["club", "roma"]
    assert listed[1] == {"id": made["id"], "slug": "roma", "name": "Circolo Roma", "language": "en",
                         "timezone": "Europe/London", "currency": "GBP", "members": 1}


def test_an_existing_account_gives_its_password_to_become_the_owner(hoster, ddt):
    owner = {"username": ddt.username, "password": ddt.password}
    assert hoster.post("/api/v1/clubs", json={**ROMA, "owner": owner}).status_code == 201
    assert [m.club_slug for m in clubs.memberships_of(ddt.id)] == ["club", "roma"]


def test_an_existing_accounts_wrong_password_makes_nothing(hoster, ddt):
    owner = {"username": ddt.username, "password": "sbagliata"}
    answer = hoster.post("/api/v1/clubs", json={**ROMA, "owner": owner})
    assert answer.status_code == 401
    assert answer.get_json()["error"]["code"] == "WRONG_CREDENTIALS"
    assert [c.slug for c in clubs.clubs()] == ["club"]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"slug": "Circolo Roma"}, "BAD_SLUG"),
        ({"slug": "club"}, "SLUG_TAKEN"),
        ({"name": ""}, "CLUB_NAME_REQUIRED"),
        ({"language": "fr"}, "BAD_LANGUAGE"),
        ({"timezone": "Europe/Atlantide"}, "BAD_TIMEZONE"),
        ({"currency": "EURO DOLLARI"}, "BAD_CURRENCY"),
        ({"owner": {"username": "giulia", "password": "corta"}}, "PASSWORD_TOO_SHORT"),
    ],
)
def test_a_bad_club_is_422_with_its_code_and_nothing_is_made(hoster, ddt, change, code):
    answer = hoster.post("/api/v1/clubs", json={**ROMA, **change})
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == code
    assert [c.slug for c in clubs.clubs()] == ["club"] and not accounts.exists("giulia")


def test_a_body_without_an_owner_is_refused(hoster):
    answer = hoster.post("/api/v1/clubs", json={"slug": "roma", "name": "Roma"})
    assert answer.status_code == 422
    # The test database has the server's club, which the tests act in (tdapp/testing.py).
    assert [c.slug for c in clubs.clubs()] == ["club"]


def test_a_clubs_owner_may_neither_make_nor_list_clubs(api, ddt_client):
    for client in (api, ddt_client):
        headers = {"X-CSRF-Token": getattr(client, "csrf", "")}
        for answer in (client.get("/api/v1/clubs"),
                       client.post("/api/v1/clubs", json=ROMA, headers=headers)):
            assert answer.status_code == 403
            assert answer.get_json()["error"]["code"] == "HOSTER_ONLY"
    assert [c.slug for c in clubs.clubs()] == ["club"]


def test_nobody_signed_in_gets_401(client):
    assert client.get("/api/v1/clubs").status_code == 401
    assert client.post("/api/v1/clubs", json=ROMA).status_code == 401


def test_a_hosters_token_sees_no_clubs_data(hoster, api):
    """403 NOT_A_CLUB_MEMBER, whatever the id: the same answer for a club's tournament and for no
    tournament at all, so it tells nothing of what exists."""
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    for method, path in (("get", "/api/v1/tournaments"), ("get", f"/api/v1/tournaments/{tid}"),
                         ("get", "/api/v1/tournaments/999999"), ("get", "/api/v1/roster"),
                         ("get", "/api/v1/club/members"), ("get", "/api/v1/club"),
                         ("get", "/api/v1/auth/tokens"),
                         ("post", "/api/v1/tournaments"), ("delete", f"/api/v1/tournaments/{tid}")):
        answer = getattr(hoster, method)(path, json={} if method == "post" else None)
        assert answer.status_code == 403, path
        assert answer.get_json()["error"]["code"] == "NOT_A_CLUB_MEMBER", path
    assert [t.id for t in tournaments.list_tournaments()] == [tid]


def test_a_hoster_who_is_a_member_sees_that_club_with_a_token_naming_it(client, api):
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    hoster = hosting.create_hoster("host", PASSWORD)
    code = api.post("/api/v1/club/invitations", json={"role": "director"}).get_json()["code"]
    assert client.post(f"/api/v1/club/invitations/{code}/accept",
                       json={"username": "host", "password": PASSWORD}).status_code == 201
    member = _bearer(client, _token(client, club="club").get_json()["token"])
    assert member.get(f"/api/v1/tournaments/{tid}").status_code == 200
    assert member.get("/api/v1/clubs").get_json()["error"]["code"] == "HOSTER_ONLY"
    assert [m.user_id for m in clubs.members(clubs.memberships_of(hoster.id)[0].club_id)
            if m.role == "director"] == [hoster.id]


def test_a_hoster_logs_its_token_out(hoster):
    assert hoster.delete("/api/v1/auth/token").status_code == 204
    assert hoster.get("/api/v1/clubs").status_code == 401
    assert hoster.delete("/api/v1/auth/token").status_code == 401


def test_the_hoster_endpoints_say_hoster_in_the_openapi_document(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert paths["/api/v1/clubs"]["post"]["x-role"] == "hoster"
    assert paths["/api/v1/clubs"]["get"]["x-role"] == "hoster"
    assert paths["/api/v1/clubs"]["get"]["security"] == [{"bearerToken": []}]
    assert paths["/api/v1/club"]["get"]["x-role"] == "floor"
    assert paths["/api/v1/club"]["put"]["x-role"] == "owner"
