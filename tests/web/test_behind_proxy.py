"""Behind nginx: the client's address and scheme come from X-Forwarded-* only as far as
TDAPP_TRUSTED_PROXIES says, the login brake keys on that address, and cookies are Secure over
HTTPS."""

from __future__ import annotations

import pytest

from tdapp.services import accounts


@pytest.fixture
def proxied(own_app):
    """An app on the test's database behind `proxies` proxies: read when the app is built."""

    def build(proxies: int):
        return own_app(TDAPP_TRUSTED_PROXIES=proxies)

    return build


def _token_request(client, ddt, password: str, forwarded_for: str):
    return client.post(
        "/api/v1/auth/token",
        json={"username": ddt.username, "password": password},
        headers={"X-Forwarded-For": forwarded_for},
        environ_base={"REMOTE_ADDR": "10.0.0.1"},  # nginx's own address
    )


def test_wrong_passwords_from_one_client_behind_the_proxy_lock_out_only_that_client(
    proxied, ddt
):
    client = proxied(1).test_client()
    for _ in range(accounts.MAX_FAILURES):
        assert _token_request(client, ddt, "sbagliata", "203.0.113.7").status_code == 401
    assert _token_request(client, ddt, ddt.password, "203.0.113.7").status_code == 429
    assert _token_request(client, ddt, ddt.password, "198.51.100.4").status_code == 200


def test_without_trusted_proxies_the_forwarded_address_is_ignored(proxied, ddt):
    client = proxied(0).test_client()
    for _ in range(accounts.MAX_FAILURES):
        assert _token_request(client, ddt, "sbagliata", "203.0.113.7").status_code == 401
    # A guesser cannot pick a fresh address per try by writing the header: all came from 10.0.0.1.
    answer = _token_request(client, ddt, ddt.password, "198.51.100.4")
    assert answer.status_code == 429
    assert answer.get_json()["error"]["code"] == "TOO_MANY_ATTEMPTS"


def test_only_as_many_forwarded_addresses_as_proxies_are_believed(proxied, ddt):
    client = proxied(1).test_client()
    # The client wrote a first address itself; nginx appended the one it saw: that one counts.
    for _ in range(accounts.MAX_FAILURES):
        _token_request(client, ddt, "sbagliata", "1.2.3.4, 203.0.113.7")
    assert _token_request(client, ddt, ddt.password, "5.6.7.8, 203.0.113.7").status_code == 429


def _session_cookie(client, **headers) -> str:
    answer = client.get("/login", headers=headers)
    return next(value for value in answer.headers.getlist("Set-Cookie") if value.startswith("session="))


def test_the_session_cookie_is_secure_when_the_request_came_over_https(proxied, ddt):
    behind_nginx = proxied(1)
    assert "Secure" in _session_cookie(behind_nginx.test_client(), **{"X-Forwarded-Proto": "https"})
    assert "Secure" not in _session_cookie(behind_nginx.test_client())
    # On the club's LAN no proxy is trusted: the header alone makes nothing Secure, but TLS does.
    on_the_lan = proxied(0)
    assert "Secure" not in _session_cookie(on_the_lan.test_client(), **{"X-Forwarded-Proto": "https"})
    https_client = on_the_lan.test_client()
    answer = https_client.get("/login", base_url="https://localhost")
    assert any("Secure" in cookie for cookie in answer.headers.getlist("Set-Cookie"))


def test_a_trusted_proxy_count_that_is_not_a_number_stops_the_start(proxied):
    with pytest.raises(ValueError, match="TDAPP_TRUSTED_PROXIES"):
        proxied("two")
