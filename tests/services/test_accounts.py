"""DdT accounts: hashed passwords, a brake on guessing, bearer tokens kept only as hashes."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import select

from tdapp.services import accounts
from tdapp.storage import database as db
from tdapp.storage.accounts import ApiToken, User
from tdapp.wallclock import utcnow


def test_a_password_is_stored_only_as_a_hash(app):
    accounts.create_user("giulia", "una password lunga")
    with db.session_scope() as session:
        stored = session.exec(select(User)).one()
    assert "una password lunga" not in stored.password_hash
    assert accounts.authenticate("giulia", "una password lunga").username == "giulia"
    assert accounts.authenticate("giulia", "sbagliata") is None
    assert accounts.authenticate("nessuno", "una password lunga") is None


@pytest.mark.parametrize(
    ("username", "password", "code"),
    [
        ("", "abbastanza lunga", "USERNAME_REQUIRED"),
        ("x" * 81, "abbastanza lunga", "USERNAME_TOO_LONG"),
        ("giulia", "corta", "PASSWORD_TOO_SHORT"),
    ],
)
def test_a_bad_account_is_refused_with_its_reason(app, username, password, code):
    with pytest.raises(accounts.AccountError) as refused:
        accounts.create_user(username, password)
    assert refused.value.code == code
    assert not accounts.has_users()


def test_a_username_is_taken_once(app):
    accounts.create_user("giulia", "una password lunga")
    with pytest.raises(accounts.AccountError) as refused:
        accounts.create_user("giulia", "un'altra password")
    assert refused.value.code == "USERNAME_TAKEN"


def test_logins_are_braked_after_repeated_failures_from_one_address(app):
    accounts.create_user("giulia", "una password lunga")
    for _ in range(accounts.MAX_FAILURES):
        assert accounts.authenticate("giulia", "sbagliata", client="10.0.0.9") is None
    with pytest.raises(accounts.AccountError) as refused:
        accounts.authenticate("giulia", "una password lunga", client="10.0.0.9")
    assert refused.value.code == "TOO_MANY_ATTEMPTS"
    # The right password from another address still works: the brake is per username and address.
    assert accounts.authenticate("giulia", "una password lunga", client="10.0.0.7") is not None


def test_a_bearer_token_names_its_user_and_is_stored_hashed(app):
    user = accounts.create_user("giulia", "una password lunga")
    token = accounts.issue_token(user)
    assert accounts.user_for_token(token) == user
    assert accounts.user_for_token(token + "x") is None
    assert accounts.user_for_token("") is None
    with db.session_scope() as session:
        assert token not in session.exec(select(ApiToken.token_hash)).one()


def _later(monkeypatch, days: float) -> None:
    moment = utcnow() + timedelta(days=days)
    monkeypatch.setattr(accounts, "utcnow", lambda: moment)


def test_a_token_expires_after_its_lifetime(app, monkeypatch):
    user = accounts.create_user("giulia", "una password lunga")
    token = accounts.issue_token(user, lifetime_days=30)
    _later(monkeypatch, 29.9)
    assert accounts.user_for_token(token) == user
    _later(monkeypatch, 30.1)
    assert accounts.user_for_token(token) is None
    assert accounts.tokens() == []


def test_a_token_lives_ninety_days_by_default(app):
    user = accounts.create_user("giulia", "una password lunga")
    accounts.issue_token(user, label="tablet tavolo 2")
    (listed,) = accounts.tokens()
    assert listed.label == "tablet tavolo 2"
    assert listed.username == "giulia"
    assert listed.expires_at - listed.created_at == timedelta(days=90)


def test_a_revoked_token_stops_working_at_once_and_only_that_one(app):
    user = accounts.create_user("giulia", "una password lunga")
    kept, lost = accounts.issue_token(user, "laptop"), accounts.issue_token(user, "tablet")
    tablet = next(t for t in accounts.tokens() if t.label == "tablet")
    accounts.revoke_token(tablet.id)
    assert accounts.user_for_token(lost) is None
    assert accounts.user_for_token(kept) == user
    with pytest.raises(accounts.AccountError) as refused:
        accounts.revoke_token(tablet.id)
    assert refused.value.code == "UNKNOWN_TOKEN"


def test_a_holder_revokes_the_token_it_presents(app):
    user = accounts.create_user("giulia", "una password lunga")
    token = accounts.issue_token(user)
    assert accounts.revoke_bearer(token) is True
    assert accounts.user_for_token(token) is None
    assert accounts.revoke_bearer(token) is False


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"lifetime_days": 0}, "TOKEN_LIFETIME"),
        ({"lifetime_days": 10_000}, "TOKEN_LIFETIME"),
        ({"label": "x" * 81}, "TOKEN_LABEL_TOO_LONG"),
    ],
)
def test_a_refused_token_request_issues_nothing(app, kwargs, code):
    user = accounts.create_user("giulia", "una password lunga")
    with pytest.raises(accounts.AccountError) as refused:
        accounts.issue_token(user, **kwargs)
    assert refused.value.code == code
    assert accounts.tokens() == []


def test_expired_tokens_are_swept_when_a_new_one_is_issued(app, monkeypatch):
    user = accounts.create_user("giulia", "una password lunga")
    accounts.issue_token(user, lifetime_days=1)
    _later(monkeypatch, 2)
    accounts.issue_token(user)
    with db.session_scope() as session:
        assert len(session.exec(select(ApiToken)).all()) == 1
