"""Tokens act in a club: `POST /api/v1/auth/token` names the club and the role the token acts
with; a club the account is not in answers as a wrong password does, under the same brake."""

from __future__ import annotations

from tdapp.services import accounts
from tests.web.builders import second_club


def _issue(client, ddt, **extra):
    return client.post("/api/v1/auth/token",
                       json={"username": ddt.username, "password": ddt.password, **extra})


def test_the_token_answer_names_the_club_and_the_role(client, ddt):
    answer = _issue(client, ddt)
    assert answer.status_code == 200
    issued = answer.get_json()
    assert (issued["club"], issued["role"]) == ("club", "owner")
    assert set(issued) == {"token", "id", "expires_at", "club", "role"}
    assert _issue(client, ddt, club="club").get_json()["club"] == "club"


def test_a_floor_members_token_says_floor(client):
    accounts.create_user("marta", "una password lunga", role="floor")
    answer = client.post("/api/v1/auth/token",
                         json={"username": "marta", "password": "una password lunga"})
    assert answer.get_json()["role"] == "floor"


def test_a_club_one_is_not_a_member_of_answers_as_a_wrong_password(client, ddt):
    second_club("altro")
    for club in ("altro", "nessuno"):
        answer = _issue(client, ddt, club=club)
        assert answer.status_code == 401
        assert answer.get_json()["error"]["code"] == "WRONG_CREDENTIALS"
    assert accounts.tokens() == []


def test_clubs_one_is_not_in_count_with_wrong_passwords_on_the_same_brake(client, ddt):
    for _ in range(accounts.MAX_FAILURES - 1):
        assert _issue(client, ddt, club="nessuno").status_code == 401
    assert client.post("/api/v1/auth/token",
                       json={"username": ddt.username, "password": "sbagliata"}).status_code == 401
    braked = _issue(client, ddt)
    assert braked.status_code == 429
    assert braked.get_json()["error"]["code"] == "TOO_MANY_ATTEMPTS"


def test_a_member_of_several_clubs_must_name_one(client, ddt):
    second_club("altro", member=ddt.id, role="floor")
    answer = _issue(client, ddt)
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == "CLUB_REQUIRED"
    assert accounts.tokens() == []
    named = _issue(client, ddt, club="altro").get_json()
    assert (named["club"], named["role"]) == ("altro", "floor")
