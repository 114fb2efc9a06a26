"""Who may write through the API: a DdT with a bearer token, or the console's session with its
CSRF token; everyone else gets 401 (or 403 without the CSRF header) and changes nothing."""

from __future__ import annotations

from tdapp.services import accounts

BODY = {"name": "Lunedì", "starting_stack": 5000, "buy_in": 2000, "seats_per_table": 9}


def test_the_right_password_gets_a_token_that_authorises_writes(client, ddt):
    answer = client.post(
        "/api/v1/auth/token", json={"username": ddt.username, "password": ddt.password}
    )
    assert answer.status_code == 200
    token = answer.get_json()["token"]
    created = client.post(
        "/api/v1/tournaments", json=BODY, headers={"Authorization": f"Bearer {token}"}
    )
    assert created.status_code == 201


def test_a_wrong_password_gets_401(client, ddt):
    answer = client.post("/api/v1/auth/token", json={"username": ddt.username, "password": "no"})
    assert answer.status_code == 401
    assert answer.get_json()["error"]["code"] == "WRONG_CREDENTIALS"


def test_token_requests_are_braked_after_repeated_failures(client, ddt):
    for _ in range(accounts.MAX_FAILURES):
        client.post("/api/v1/auth/token", json={"username": ddt.username, "password": "no"})
    answer = client.post(
        "/api/v1/auth/token", json={"username": ddt.username, "password": ddt.password}
    )
    assert answer.status_code == 429
    assert answer.get_json()["error"]["code"] == "TOO_MANY_ATTEMPTS"


def test_writes_without_a_ddt_get_401_and_create_nothing(client, api):
    for headers in ({}, {"Authorization": "Bearer not-a-token"}, {"Authorization": "Basic eA=="}):
        answer = client.post("/api/v1/tournaments", json=BODY, headers=headers)
        assert answer.status_code == 401
        assert answer.get_json()["error"]["code"] == "LOGIN_REQUIRED"
        assert answer.headers["WWW-Authenticate"].startswith("Bearer")
    assert api.get("/api/v1/tournaments").get_json()["tournaments"] == []


def test_the_console_session_writes_only_with_its_csrf_token(ddt_client):
    refused = ddt_client.post("/api/v1/tournaments", json=BODY)
    assert refused.status_code == 403
    assert refused.get_json()["error"]["code"] == "CSRF_REQUIRED"
    created = ddt_client.post(
        "/api/v1/tournaments", json=BODY, headers={"X-CSRF-Token": ddt_client.csrf}
    )
    assert created.status_code == 201
    assert ddt_client.get(f"/api/v1/tournaments/{created.get_json()['id']}").status_code == 200
