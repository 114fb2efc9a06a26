"""Who may use the console: the first run, log in and out, the login brake, and CSRF on every form."""

from __future__ import annotations

import re

import pytest

from tdapp.services import tournaments
from tdapp.tournament.settings import Settings

CONSOLE_PAGES = ["", "/players", "/tables", "/setup", "/payouts", "/log"]


def token_of(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def new_tournament() -> int:
    return tournaments.create_tournament(Settings(name="Martedì"), actor="test").id


def test_first_visit_with_no_account_goes_to_the_first_run_page(client):
    answer = client.get("/td/tournaments")
    assert answer.status_code == 302
    assert answer.location.endswith("/setup")
    assert client.get("/login").location.endswith("/setup")


def test_first_run_creates_the_first_ddt_and_logs_in(client):
    page = client.get("/setup").get_data(as_text=True)
    answer = client.post(
        "/setup",
        data={"csrf_token": token_of(page), "username": "anna", "password": "s3cret-pass",
              "confirm": "s3cret-pass"},
    )
    assert answer.status_code == 302
    assert client.get("/td/tournaments").status_code == 200


def test_first_run_refuses_different_passwords_and_creates_nothing(client):
    from tdapp.services import accounts

    page = client.get("/setup").get_data(as_text=True)
    answer = client.post(
        "/setup",
        data={"csrf_token": token_of(page), "username": "anna", "password": "s3cret-pass",
              "confirm": "other-pass"},
    )
    assert answer.status_code == 400
    assert "Le due password sono diverse." in answer.get_data(as_text=True)
    assert not accounts.has_users()


def test_first_run_page_closes_once_an_account_exists(client, ddt):
    assert client.get("/setup").location.endswith("/login")
    page = client.get("/login").get_data(as_text=True)
    answer = client.post(
        "/setup",
        data={"csrf_token": token_of(page), "username": "intruder", "password": "whatever-1",
              "confirm": "whatever-1"},
    )
    assert answer.status_code == 302
    from tdapp.services import accounts

    assert accounts.authenticate("intruder", "whatever-1") is None


@pytest.mark.parametrize("page", CONSOLE_PAGES)
def test_every_console_page_needs_a_ddt_session(client, ddt, page):
    tid = new_tournament()
    answer = client.get(f"/td/t/{tid}{page}")
    assert answer.status_code == 302
    assert "/login" in answer.location


def test_login_then_back_to_the_page_asked_for(client, ddt):
    tid = new_tournament()
    page = client.get(f"/login?next=/td/t/{tid}/players").get_data(as_text=True)
    answer = client.post(
        f"/login?next=/td/t/{tid}/players",
        data={"csrf_token": token_of(page), "username": ddt.username, "password": ddt.password},
    )
    assert answer.location.endswith(f"/td/t/{tid}/players")


def test_login_never_sends_the_ddt_to_another_site(client, ddt):
    page = client.get("/login").get_data(as_text=True)
    answer = client.post(
        "/login?next=//evil.example/td",
        data={"csrf_token": token_of(page), "username": ddt.username, "password": ddt.password},
    )
    assert answer.location.endswith("/td/tournaments")


def test_wrong_password_is_refused_with_a_message(client, ddt):
    page = client.get("/login").get_data(as_text=True)
    answer = client.post(
        "/login", data={"csrf_token": token_of(page), "username": ddt.username, "password": "no"}
    )
    assert answer.status_code == 401
    assert "Nome utente o password errati." in answer.get_data(as_text=True)
    assert client.get("/td/tournaments").status_code == 302


def test_login_attempts_are_braked_after_repeated_failures(client, ddt):
    token = token_of(client.get("/login").get_data(as_text=True))
    for _ in range(5):
        client.post("/login", data={"csrf_token": token, "username": ddt.username, "password": "x"})
    answer = client.post(
        "/login", data={"csrf_token": token, "username": ddt.username, "password": ddt.password}
    )
    assert answer.status_code == 401
    assert "Troppi accessi falliti" in answer.get_data(as_text=True)
    assert client.get("/td/tournaments").status_code == 302


def test_logout_ends_the_session(ddt_client):
    answer = ddt_client.post("/logout", data={"csrf_token": ddt_client.csrf})
    assert answer.status_code == 302
    assert ddt_client.get("/td/tournaments").status_code == 302


def test_a_form_without_the_csrf_token_is_refused_and_changes_nothing(ddt_client):
    tid = new_tournament()
    answer = ddt_client.post(f"/td/t/{tid}/players", data={"name": "Anna"})
    assert answer.status_code == 400
    assert "Questo modulo è scaduto" in answer.get_data(as_text=True)
    assert tournaments.current(tid).ledger.entries == 0


def test_a_form_with_another_sessions_token_is_refused(ddt_client):
    tid = new_tournament()
    answer = ddt_client.post(f"/td/t/{tid}/players", data={"name": "Anna", "csrf_token": "forged"})
    assert answer.status_code == 400
    assert tournaments.current(tid).ledger.entries == 0


def test_login_and_logout_forms_need_the_token_too(client, ddt):
    client.get("/login")
    answer = client.post("/login", data={"username": ddt.username, "password": ddt.password})
    assert answer.status_code == 400
    assert client.get("/td/tournaments").status_code == 302


def test_a_session_whose_account_is_gone_no_longer_opens_the_console(ddt_client, ddt):
    with ddt_client.session_transaction() as session:
        session["user_id"] = ddt.id + 100
    assert "/login" in ddt_client.get("/td/tournaments").location


def test_a_logged_in_ddt_asking_for_the_login_goes_to_the_console(ddt_client):
    assert ddt_client.get("/login").location.endswith("/td/tournaments")


def test_an_answer_that_changed_nothing_in_the_session_sends_no_cookie(client, ddt):
    """Seen in CI: the DdT pressed `z`, the bust was undone, and no "Undone: ..." appeared. The
    favicon of the page just left answered after the undo with the cookie it had been sent,
    older than the undo's, and the browser kept the last one."""
    token = token_of(client.get("/login").get_data(as_text=True))
    client.post("/login", data={"csrf_token": token, "username": ddt.username,
                                "password": ddt.password})
    tid = new_tournament()
    token = token_of(client.get(f"/td/t/{tid}/players").get_data(as_text=True))
    before_the_undo = client.get_cookie("session").value
    answer = client.post(f"/td/t/{tid}/players", data={"csrf_token": token, "name": "Anna"})
    assert "Set-Cookie" in answer.headers  # the message "Anna is registered" rides in it

    favicon = client.application.test_client()
    favicon.set_cookie("session", before_the_undo)
    for path in ("/static/favicon.svg", f"/td/t/{tid}/players", "/healthz"):
        assert "Set-Cookie" not in favicon.get(path).headers, path
    assert "Anna è iscritto." in client.get(f"/td/t/{tid}/players").get_data(as_text=True)
