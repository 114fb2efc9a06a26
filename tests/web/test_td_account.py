"""The DdT's account page: every DdT's tokens with their owner, a new token shown once with a
note that it will not be shown again, revocation of any token, in Italian and in English."""

from __future__ import annotations

import html
import re
from datetime import timedelta

from tdapp.services import accounts


def post(client, path: str, **form):
    answer = client.post(path, data={"csrf_token": client.csrf, **form}, follow_redirects=True)
    return answer, html.unescape(answer.get_data(as_text=True))


def shown_token(page: str) -> str | None:
    found = re.search(r'id="new-token-value" value="([^"]+)"', page)
    return found.group(1) if found else None


def test_the_page_lists_every_directors_tokens_with_their_owner(ddt_client):
    marco = accounts.create_user("marco", "un'altra password")
    accounts.issue(marco, label="tablet tavolo 2")
    page = html.unescape(ddt_client.get("/td/account").get_data(as_text=True))
    assert "tablet tavolo 2" in page
    assert "marco" in page
    assert 'href="/td/account"' in page  # the header links here from every console page


def test_a_new_token_is_shown_once_and_opens_the_api(ddt_client, client):
    answer, page = post(ddt_client, "/td/account/tokens", label="tablet tavolo 3", days="10")
    assert answer.request.path == "/td/account"  # redirected: a reload makes no second token
    token = shown_token(page)
    assert token is not None
    assert "non verrà più mostrato" in page
    (listed,) = accounts.tokens()
    assert (listed.label, listed.username) == ("tablet tavolo 3", "ddt")
    assert listed.expires_at - listed.created_at == timedelta(days=10)
    opened = client.get("/api/v1/auth/tokens", headers={"Authorization": f"Bearer {token}"})
    assert opened.status_code == 200
    again = html.unescape(ddt_client.get("/td/account").get_data(as_text=True))
    assert shown_token(again) is None
    assert token not in again
    assert "tablet tavolo 3" in again


def test_a_new_token_lives_the_configured_days_when_the_field_is_empty(app, ddt_client):
    app.config["TOKEN_DAYS"] = 14
    assert 'name="days" min="1" max="3650" value="14"' in ddt_client.get("/td/account").get_data(
        as_text=True
    )
    post(ddt_client, "/td/account/tokens", label="", days="")
    (listed,) = accounts.tokens()
    assert listed.expires_at - listed.created_at == timedelta(days=14)


def test_a_bad_new_token_is_refused_with_a_message_and_not_made(ddt_client):
    _, page = post(ddt_client, "/td/account/tokens", label="x" * 81, days="30",
                   next="/td/account")
    assert "L'etichetta di un token ha al massimo 80 caratteri." in page
    _, page = post(ddt_client, "/td/account/tokens", label="ok", days="0", next="/td/account")
    assert "tra 1 e 3650" in page
    assert shown_token(page) is None
    assert accounts.tokens() == []


def test_any_token_is_revoked_from_the_page(ddt_client, client):
    marco = accounts.create_user("marco", "un'altra password")
    lost = accounts.issue(marco, label="tablet perso")
    answer, page = post(ddt_client, f"/td/account/tokens/{lost.info.id}/revoke",
                        next="/td/account")
    assert answer.request.path == "/td/account"
    assert "Token revocato" in page
    assert "tablet perso" not in page
    refused = client.get("/api/v1/auth/tokens", headers={"Authorization": f"Bearer {lost.token}"})
    assert refused.status_code == 401


def test_revoking_a_token_already_gone_says_so(ddt_client):
    _, page = post(ddt_client, "/td/account/tokens/999/revoke", next="/td/account")
    assert "Non esiste il token API 999." in page


def test_the_page_speaks_english_on_request(ddt_client):
    ddt_client.get("/lang/en")
    _, page = post(ddt_client, "/td/account/tokens", label="script")
    assert '<html lang="en">' in page
    assert "Copy it now: it will not be shown again." in page


def test_forms_of_the_page_need_the_csrf_token(ddt_client):
    answer = ddt_client.post("/td/account/tokens", data={"label": "senza csrf"})
    assert answer.status_code == 400
    assert accounts.tokens() == []
