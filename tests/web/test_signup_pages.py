"""A player's sign-up on the tournament's public page (issue 30): the form while sign-ups are
open, a refusal said with what was typed and nothing stored, the sign-up's own page behind its
code (a wrong one a 404 like an unknown sign-up), "I can't come" giving the place to the first
in line, and no contact or code of anyone on the public pages."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

import pytest

from tdapp.services import signups, tournaments
from tdapp.tournament.settings import Settings
from tdapp.tournament.signups.model import SignupSettings
from tdapp.tournament.structure import Level, Structure


def _evening(cap: int = 1, **rules) -> str:
    settings = Settings(name="Lunedì", structure=Structure((Level(25, 50, 1200),)),
                        signups=SignupSettings(cap=cap, **rules))
    return tournaments.create_tournament(settings, "marco").slug


@pytest.fixture
def client(app):
    """A phone's browser: a session holding its CSRF token, as a page it opened gives one."""
    phone = app.test_client()
    phone.csrf = secrets.token_urlsafe(16)
    with phone.session_transaction() as session:
        session["csrf_token"] = phone.csrf
    return phone


def _sign_up(client, slug: str, name: str, contact: str):
    return client.post(f"/t/{slug}/signup", data={"csrf_token": client.csrf, "name": name,
                                                  "contact": contact})


def test_a_player_signs_up_and_lands_on_their_own_page(client):
    slug = _evening(cap=1)
    page = client.get(f"/t/{slug}").get_data(as_text=True)
    assert 'id="signup-form"' in page and "0 posti occupati su 1" in page
    made = _sign_up(client, slug, "Anna Bianchi", "anna@example.com")
    assert made.status_code == 303
    own = made.headers["Location"]
    assert own.startswith(f"/t/{slug}/signup/1?code=")
    shown = client.get(own).get_data(as_text=True)
    assert "Anna Bianchi" in shown and "Hai un posto" in shown
    assert 'id="cancel-form"' in shown

    waiting = _sign_up(client, slug, "Bruno Rossi", "+39 333 123 4567")
    second = client.get(waiting.headers["Location"]).get_data(as_text=True)
    assert "In lista d'attesa: numero 1" in second or "lista d&#39;attesa: numero 1" in second


def test_a_refused_sign_up_keeps_what_was_typed_and_stores_nothing(client):
    slug = _evening(cap=5)
    _sign_up(client, slug, "Anna Bianchi", "anna@example.com")
    again = _sign_up(client, slug, "Anna Bianchi", "anna@example.com")
    assert again.status_code == 422
    text = again.get_data(as_text=True)
    assert 'id="signup-error"' in text and 'value="anna@example.com"' in text
    bad = _sign_up(client, slug, "Carla Verdi", "²")
    assert bad.status_code == 422 and 'value="Carla Verdi"' in bad.get_data(as_text=True)
    tid = tournaments.tournament_id_for_slug(slug)
    assert len(tournaments.current(tid).signups) == 1


def test_a_wrong_code_is_a_404_like_an_unknown_sign_up(client):
    slug = _evening(cap=5)
    made = signups.sign_up(slug, "Anna Bianchi", "anna@example.com", "10.0.0.1")
    wrong = "000000" if made.code != "000000" else "111111"
    assert client.get(f"/t/{slug}/signup/{made.id}?code={wrong}").status_code == 404
    assert client.get(f"/t/{slug}/signup/99?code={made.code}").status_code == 404
    refused = client.post(f"/t/{slug}/signup/{made.id}/cancel",
                          data={"csrf_token": client.csrf, "code": wrong})
    assert refused.status_code == 404
    tid = tournaments.tournament_id_for_slug(slug)
    assert tournaments.current(tid).signups.signup(made.id).status == "confirmed"


def test_i_cant_come_gives_the_place_to_the_first_in_line(client):
    slug = _evening(cap=1)
    anna = signups.sign_up(slug, "Anna Bianchi", "anna@example.com", "10.0.0.1")
    bruno = signups.sign_up(slug, "Bruno Rossi", "bruno@example.com", "10.0.0.1")
    gone = client.post(f"/t/{slug}/signup/{anna.id}/cancel",
                       data={"csrf_token": client.csrf, "code": anna.code})
    assert gone.status_code == 303
    tid = tournaments.tournament_id_for_slug(slug)
    state = tournaments.current(tid).signups
    assert state.signup(anna.id).status == "cancelled"
    assert state.signup(bruno.id).status == "confirmed"
    page = client.get(f"/t/{slug}/signup/{bruno.id}?code={bruno.code}").get_data(as_text=True)
    assert "Hai un posto" in page


def test_the_form_shows_only_while_sign_ups_are_open_and_no_secret_is_public(client):
    later = datetime.now(UTC) + timedelta(days=2)
    slug = _evening(cap=3, opens_at=later)
    page = client.get(f"/t/{slug}").get_data(as_text=True)
    assert 'id="signup-form"' not in page and 'id="signups-shut"' in page
    open_slug = _evening(cap=3)
    made = signups.sign_up(open_slug, "Anna Bianchi", "anna@example.com", "10.0.0.1")
    public = client.get(f"/t/{open_slug}").get_data(as_text=True)
    public += client.get(f"/api/v1/public/tournaments/{open_slug}").get_data(as_text=True)
    assert "anna@example.com" not in public and made.code not in public
