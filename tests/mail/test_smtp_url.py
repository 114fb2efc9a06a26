"""TDAPP_SMTP_URL names the mail server, how the connection is secured and who sends
(docs/operations.md); a URL that cannot name one, or a TDAPP_PUBLIC_URL that is no web
address, stops the server at start, in one line."""

from __future__ import annotations

import pytest

from tdapp.mail.smtp import BadSmtpUrl, Smtp, parse


@pytest.mark.parametrize(("url", "server"), [
    ("smtp://relay.lan?from=tdapp@club.it",
     Smtp("smtp", "relay.lan", 25, None, None, "tdapp@club.it")),
    ("smtp+starttls://tdapp%40club.it:p%3Ass%2Fw@mail.club.it",
     Smtp("smtp+starttls", "mail.club.it", 587, "tdapp@club.it", "p:ss/w", "tdapp@club.it")),
    ("smtps://user:secret@mail.club.it:2465?from=Circolo%20Roma%20%3Cnews@club.it%3E",
     Smtp("smtps", "mail.club.it", 2465, "user", "secret", "Circolo Roma <news@club.it>")),
])
def test_the_url_names_server_security_login_and_sender(url, server):
    assert parse(url) == server


@pytest.mark.parametrize(("url", "says"), [
    ("http://mail.club.it", "must begin with smtp://"),
    ("smtp://?from=a@b.it", "names no host"),
    ("smtp://mail.club.it:99999?from=a@b.it", "port"),
    ("smtp://user:secret@mail.club.it", "?from="),
])
def test_a_url_that_names_no_server_says_what_is_wrong(url, says):
    with pytest.raises(BadSmtpUrl, match=says.replace("?", r"\?")):
        parse(url)


def test_a_bad_url_stops_the_server_at_start(own_app):
    with pytest.raises(SystemExit, match="needs the sender's address"):
        own_app(TDAPP_SMTP_URL="smtp://mail.club.it")


def test_a_public_address_that_is_no_web_address_stops_the_server_at_start(own_app):
    with pytest.raises(SystemExit, match="like https://"):
        own_app(TDAPP_PUBLIC_URL="tdapp.club.it")
