"""The club's members and invitations (issue 29, item 5): the owner lists, invites, changes
roles and removes; an invitation is one use, 7 days, withdrawable and braked; a removed member's
token and console session are refused at their next request; the last owner stays."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

import pytest

from tdapp.services import accounts, clubs, invitations
from tdapp.storage.database import session_scope
from tdapp.wallclock import utcnow
from tests.conftest import console_client
from tests.web.builders import second_club

PASSWORD = "una password lunga"


def _invite(api, role="floor"):
    answer = api.post("/api/v1/club/invitations", json={"role": role})
    assert answer.status_code == 201
    return answer.get_json()


def _accept(client, code, username="marta", password=PASSWORD):
    return client.post(f"/api/v1/club/invitations/{code}/accept",
                       json={"username": username, "password": password})


def _bearer(client, token):
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return client


def test_the_owner_lists_the_members_with_their_roles(api, ddt):
    accounts.create_user("marta", PASSWORD, role="floor")
    assert api.get("/api/v1/club/members").get_json() == {"members": [
        {"user_id": ddt.id, "username": "ddt", "role": "owner"},
        {"user_id": ddt.id + 1, "username": "marta", "role": "floor"},
    ]}


def test_an_invitation_is_a_one_use_link_of_128_bits_for_seven_days(api, client):
    issued = _invite(api)
    assert issued["url"].endswith(f"/invite/{issued['code']}")
    assert len(issued["code"]) >= 22  # 16 bytes in URL-safe base64
    lifetime = invitations.LIFETIME
    left = datetime.fromisoformat(issued["expires_at"]) - utcnow()
    assert lifetime - timedelta(minutes=1) < left <= lifetime
    accepted = _accept(client, issued["code"])
    assert accepted.status_code == 201
    body = accepted.get_json()
    assert (body["club"], body["role"]) == ("club", "floor")
    assert accounts.authenticate("marta", PASSWORD).id == body["user_id"]
    again = _accept(client, issued["code"], username="altra")
    assert again.status_code == 404
    assert again.get_json()["error"]["code"] == "UNKNOWN_INVITATION"
    assert not accounts.exists("altra")


def test_the_code_is_stored_hashed(api):
    from sqlmodel import select

    from tdapp.storage.clubs import Invitation

    code = _invite(api)["code"]
    with session_scope() as db:
        (stored,) = db.exec(select(Invitation)).all()
    assert code not in stored.code_hash and len(stored.code_hash) == 64


def test_an_existing_account_joins_with_its_own_password(api, client, ddt):
    # An account of another club (written straight in: the app makes no second club yet).
    other = second_club("altro")
    with session_scope() as db:
        account = accounts.new_account(db, "luca", PASSWORD,
                                       clubs.club_by_slug(db, "altro"), "owner")
    code = _invite(api, "director")["code"]
    assert _accept(client, code, "luca", "sbagliata").status_code == 401
    accepted = _accept(client, code, "luca", PASSWORD)
    assert accepted.status_code == 201
    assert {(m.club_id, m.role) for m in clubs.memberships_of(account.id)} == {
        (other, "owner"), (clubs.memberships_of(ddt.id)[0].club_id, "director")}


def test_a_withdrawn_or_expired_invitation_is_unknown(api, client, monkeypatch):
    code = _invite(api)["code"]
    (pending,) = api.get("/api/v1/club/invitations").get_json()["invitations"]
    assert api.delete(f"/api/v1/club/invitations/{pending['id']}").status_code == 204
    assert _accept(client, code).status_code == 404
    assert api.delete(f"/api/v1/club/invitations/{pending['id']}").status_code == 404
    late = _invite(api)["code"]
    later = utcnow() + invitations.LIFETIME + timedelta(seconds=1)
    monkeypatch.setattr(invitations, "utcnow", lambda: later)
    assert _accept(client, late).status_code == 404
    assert not accounts.exists("marta")


def test_guessing_codes_is_braked(api, client):
    code = _invite(api)["code"]
    for _ in range(accounts.MAX_FAILURES):
        assert _accept(client, secrets.token_urlsafe(16)).status_code == 404
    braked = _accept(client, code)
    assert braked.status_code == 429
    assert braked.get_json()["error"]["code"] == "TOO_MANY_INVITATION_TRIES"
    assert not accounts.exists("marta")
    assert client.get(f"/invite/{code}").status_code == 429


def test_the_owner_changes_a_role_and_the_token_acts_with_it_at_once(api, app):
    account = accounts.create_user("marta", PASSWORD, role="floor")
    token = _bearer(app.test_client(), accounts.issue_token(account))
    assert token.get("/api/v1/auth/tokens").status_code == 403
    changed = api.put(f"/api/v1/club/members/{account.id}", json={"role": "director"})
    assert changed.get_json() == {"user_id": account.id, "username": "marta", "role": "director"}
    assert token.get("/api/v1/auth/tokens").status_code == 200


def test_the_last_owner_can_be_neither_demoted_nor_removed(api, ddt):
    for answer in (api.put(f"/api/v1/club/members/{ddt.id}", json={"role": "director"}),
                   api.delete(f"/api/v1/club/members/{ddt.id}")):
        assert answer.status_code == 422
        assert answer.get_json()["error"]["code"] == "LAST_OWNER"
    assert [m.role for m in clubs.memberships_of(ddt.id)] == ["owner"]


def test_only_an_owner_manages_members(app, api):
    account = accounts.create_user("dario", PASSWORD, role="director")
    director = _bearer(app.test_client(), accounts.issue_token(account))
    for method, path, body in (("get", "/api/v1/club/members", None),
                               ("post", "/api/v1/club/invitations", {"role": "owner"}),
                               ("delete", f"/api/v1/club/members/{account.id}", None)):
        answer = getattr(director, method)(path, json=body)
        assert answer.status_code == 403
        assert answer.get_json()["error"]["params"] == {"role": "director", "needs": "owner"}
    assert invitations.pending(clubs.memberships_of(account.id)[0].club_id) == []


def test_a_removed_members_token_and_console_session_are_refused_at_once(app, api):
    account = accounts.create_user("marta", PASSWORD, role="floor")
    token = _bearer(app.test_client(), accounts.issue_token(account))
    console = console_client(app, account.id, account.username)
    assert console.get("/td/tournaments").status_code == 200
    assert token.get("/api/v1/tournaments").status_code == 200
    assert api.delete(f"/api/v1/club/members/{account.id}").status_code == 204
    assert token.get("/api/v1/tournaments").status_code == 401
    page = console.get("/td/tournaments")
    assert page.status_code == 302 and "/login" in page.headers["Location"]
    assert accounts.tokens() == [t for t in accounts.tokens() if t.username != "marta"]
    assert [m.username for m in clubs.members(clubs.memberships_of(1)[0].club_id)] == ["ddt"]


@pytest.mark.parametrize("language", ["it", "en"])
def test_the_invitation_page_makes_the_account_in_either_language(api, client, language):
    code = _invite(api)["code"]
    client.get(f"/lang/{language}")
    page = client.get(f"/invite/{code}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert ("Entra in Club" if language == "it" else "Join Club") in text
    with client.session_transaction() as session:
        csrf = session.get("csrf_token")
    answer = client.post(f"/invite/{code}", data={
        "csrf_token": csrf, "username": "marta", "password": PASSWORD, "confirm": PASSWORD})
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/login")
    assert accounts.authenticate("marta", PASSWORD) is not None


def test_the_owners_members_page_invites_and_shows_the_link_once(api, ddt_client):
    made = ddt_client.post("/td/members/invitations",
                           data={"csrf_token": ddt_client.csrf, "role": "floor"})
    assert made.status_code == 303
    page = ddt_client.get("/td/members").get_data(as_text=True)
    assert 'id="invitation-url"' in page and "<svg" in page
    assert 'id="invitation-url"' not in ddt_client.get("/td/members").get_data(as_text=True)
    assert 'data-invitation-id' in page


def test_a_removed_members_console_can_no_longer_join_the_directors_screen(app, api):
    from tdapp.realtime import socketio

    slug = api.post("/api/v1/tournaments", json={"name": "Club"}).get_json()["slug"]
    account = accounts.create_user("marta", PASSWORD, role="floor")
    console = console_client(app, account.id, account.username)

    def join_answers() -> list[str]:
        client = socketio.test_client(app, flask_test_client=console)
        client.emit("join", {"tournament": slug, "audience": "td"})
        names = [e["name"] if e["name"] != "error" else e["args"][0]["code"]
                 for e in client.get_received()]
        client.disconnect()
        return names

    assert "view" in join_answers()
    assert api.delete(f"/api/v1/club/members/{account.id}").status_code == 204
    assert join_answers() == ["LOGIN_REQUIRED"]
