"""API tokens through the API: a label and a lifetime when asked for, a list with no secret in
it, revocation of the token in hand or (by a DdT) of any token, after which it opens nothing."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from tdapp.services import accounts
from tdapp.wallclock import utcnow


def _issue(client, ddt, **extra):
    login = {"username": ddt.username, "password": ddt.password, **extra}
    return client.post("/api/v1/auth/token", json=login)


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _lifetime(answer) -> timedelta:
    return datetime.fromisoformat(answer.get_json()["expires_at"]) - utcnow()


def test_a_token_gets_its_label_and_lifetime(client, ddt):
    answer = _issue(client, ddt, label="tablet tavolo 2", days=7)
    assert answer.status_code == 200
    issued = answer.get_json()
    assert timedelta(days=6, hours=23) < _lifetime(answer) <= timedelta(days=7)
    listed = client.get("/api/v1/auth/tokens", headers=_bearer(issued["token"])).get_json()
    assert listed["tokens"] == [
        {
            "id": issued["id"],
            "username": ddt.username,
            "label": "tablet tavolo 2",
            "created_at": listed["tokens"][0]["created_at"],
            "expires_at": issued["expires_at"],
        }
    ]


def test_a_token_lives_ninety_days_unless_configured(app, client, ddt, monkeypatch):
    assert timedelta(days=89, hours=23) < _lifetime(_issue(client, ddt)) <= timedelta(days=90)
    monkeypatch.setenv("TDAPP_TOKEN_DAYS", "30")
    assert timedelta(days=29, hours=23) < _lifetime(_issue(client, ddt)) <= timedelta(days=30)
    app.config["TOKEN_DAYS"] = 5  # the app's own config wins over the environment
    assert timedelta(days=4, hours=23) < _lifetime(_issue(client, ddt)) <= timedelta(days=5)


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"days": 0}, "TOKEN_LIFETIME"),
        ({"days": accounts.MAX_TOKEN_LIFETIME_DAYS + 1}, "TOKEN_LIFETIME"),
        ({"label": "x" * (accounts.MAX_TOKEN_LABEL_LENGTH + 1)}, "TOKEN_LABEL_TOO_LONG"),
        ({"days": "7"}, "INVALID_REQUEST"),
    ],
)
def test_a_token_out_of_bounds_is_refused_and_not_issued(client, ddt, extra, code):
    answer = _issue(client, ddt, **extra)
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == code
    assert accounts.tokens() == []


def test_the_list_shows_no_token_and_no_hash(api, client, ddt):
    token = _issue(client, ddt, label="script").get_json()["token"]
    listed = api.get("/api/v1/auth/tokens")
    assert listed.status_code == 200
    text = listed.get_data(as_text=True)
    assert [t["label"] for t in listed.get_json()["tokens"]] == ["script", ""]
    assert token not in text
    assert "hash" not in text
    assert all(set(t) == {"id", "username", "label", "created_at", "expires_at"}
               for t in listed.get_json()["tokens"])


def test_the_list_is_for_ddts_only(client, ddt):
    answer = client.get("/api/v1/auth/tokens")
    assert answer.status_code == 401
    assert answer.get_json()["error"]["code"] == "LOGIN_REQUIRED"


def test_revoking_the_token_in_hand_shuts_it_out(client, ddt):
    kept = _issue(client, ddt, label="laptop").get_json()["token"]
    used = _issue(client, ddt, label="tablet").get_json()["token"]
    assert client.delete("/api/v1/auth/token", headers=_bearer(used)).status_code == 204
    later = client.get("/api/v1/auth/tokens", headers=_bearer(used))
    assert later.status_code == 401
    assert later.get_json()["error"]["code"] == "LOGIN_REQUIRED"
    again = client.delete("/api/v1/auth/token", headers=_bearer(used))
    assert again.status_code == 401
    left = client.get("/api/v1/auth/tokens", headers=_bearer(kept)).get_json()["tokens"]
    assert [t["label"] for t in left] == ["laptop"]


def test_a_session_has_no_token_to_revoke(ddt_client, api):
    answer = ddt_client.delete("/api/v1/auth/token", headers={"X-CSRF-Token": ddt_client.csrf})
    assert answer.status_code == 401
    assert answer.get_json()["error"]["code"] == "LOGIN_REQUIRED"
    assert len(api.get("/api/v1/auth/tokens").get_json()["tokens"]) == 1


def test_an_expired_token_cannot_be_revoked_by_its_holder(client, ddt, monkeypatch):
    token = _issue(client, ddt, days=1).get_json()["token"]
    moment = utcnow() + timedelta(days=2)
    monkeypatch.setattr(accounts, "utcnow", lambda: moment)
    assert client.delete("/api/v1/auth/token", headers=_bearer(token)).status_code == 401


def test_a_ddt_revokes_any_token_by_its_id(api, client, ddt):
    other = accounts.create_user("marco", "un'altra password")
    lost = accounts.issue(other, label="tablet perso")
    answer = api.delete(f"/api/v1/auth/tokens/{lost.info.id}")
    assert answer.status_code == 204
    assert client.get("/api/v1/auth/tokens", headers=_bearer(lost.token)).status_code == 401
    assert [t["username"] for t in api.get("/api/v1/auth/tokens").get_json()["tokens"]] == ["ddt"]


def test_revoking_an_unknown_token_says_so(api):
    answer = api.delete("/api/v1/auth/tokens/999999")
    assert answer.status_code == 404
    assert answer.get_json()["error"]["code"] == "UNKNOWN_TOKEN"
    assert len(api.get("/api/v1/auth/tokens").get_json()["tokens"]) == 1


def test_a_session_revokes_by_id_only_with_its_csrf_token(ddt_client, api):
    (only,) = api.get("/api/v1/auth/tokens").get_json()["tokens"]
    path = f"/api/v1/auth/tokens/{only['id']}"
    assert ddt_client.delete(path).status_code == 403
    assert ddt_client.delete(path, headers={"X-CSRF-Token": ddt_client.csrf}).status_code == 204
    assert api.get("/api/v1/auth/tokens").status_code == 401
