"""DdT accounts: hashed passwords, a brake on guessing, bearer tokens kept only as hashes."""

from __future__ import annotations

import pytest
from sqlmodel import select

from tdapp.services import accounts
from tdapp.storage import database as db
from tdapp.storage.accounts import ApiToken, User


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
