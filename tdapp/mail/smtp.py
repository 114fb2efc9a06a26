"""The mail server, as `TDAPP_SMTP_URL` names it, and the one way a letter reaches it (smtplib).

    smtp://host:25                           plain SMTP (a relay on the club's own network)
    smtp+starttls://user:password@host:587   SMTP upgraded to TLS by STARTTLS (submission)
    smtps://user:password@host:465           SMTP over TLS from the first byte

The port defaults to the scheme's (25, 587, 465). The sender's address is the `from` query
parameter (`?from=tdapp@club.it`, or `?from=Circolo%20Roma%20<tdapp@club.it>` with a name), else
the user name when it is an address (most providers log in with the mailbox they send from).
A user name or password with `@`, `:` or `/` in it is written percent-encoded (%40, %3A, %2F).
Every connection has a timeout: a mail server that does not answer holds a sender for
`TIMEOUT_SECONDS` at most, never a request (the sender is a scheduler job).
"""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate, parseaddr
from urllib.parse import parse_qs, unquote, urlsplit

from tdapp.services.outbox import Letter

TIMEOUT_SECONDS = 20
PORTS = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}


class BadSmtpUrl(ValueError):
    """TDAPP_SMTP_URL cannot name a mail server: the message says what is wrong."""


@dataclass(frozen=True)
class Smtp:
    """Where and how letters are sent, and from which address."""

    scheme: str
    host: str
    port: int
    user: str | None
    password: str | None
    sender: str  # the From header as given (maybe with a name)

    @property
    def sender_address(self) -> str:
        return parseaddr(self.sender)[1]


def parse(url: str) -> Smtp:
    """The mail server `url` names; BadSmtpUrl saying what is wrong with it otherwise."""
    parts = urlsplit(url.strip())
    if parts.scheme not in PORTS:
        raise BadSmtpUrl(f"TDAPP_SMTP_URL must begin with {', '.join(f'{s}://' for s in PORTS)}")
    if not parts.hostname:
        raise BadSmtpUrl("TDAPP_SMTP_URL names no host (like smtp://mail.example.org)")
    try:
        port = parts.port or PORTS[parts.scheme]
    except ValueError:
        raise BadSmtpUrl("TDAPP_SMTP_URL's port is not a number from 1 to 65535") from None
    user = unquote(parts.username) if parts.username else None
    password = unquote(parts.password) if parts.password is not None else None
    given = parse_qs(parts.query).get("from", [])
    sender = given[-1] if given else (user or "")
    if "@" not in parseaddr(sender)[1]:
        raise BadSmtpUrl("TDAPP_SMTP_URL needs the sender's address: add ?from=tdapp@your-club.it")
    return Smtp(parts.scheme, parts.hostname, port, user, password, sender)


def connect(smtp: Smtp) -> smtplib.SMTP:
    """A connection to the server, secured as its scheme says and logged in if a user is given."""
    context = ssl.create_default_context()
    if smtp.scheme == "smtps":
        connection: smtplib.SMTP = smtplib.SMTP_SSL(smtp.host, smtp.port,
                                                    timeout=TIMEOUT_SECONDS, context=context)
    else:
        connection = smtplib.SMTP(smtp.host, smtp.port, timeout=TIMEOUT_SECONDS)
    try:
        if smtp.scheme == "smtp+starttls":
            connection.starttls(context=context)
        if smtp.user:
            connection.login(smtp.user, smtp.password or "")
    except BaseException:
        connection.close()
        raise
    return connection


def message(smtp: Smtp, letter: Letter, message_id: str) -> EmailMessage:
    """The letter as a multipart/alternative message: the plain text first, the HTML after it
    (a mail program shows the last part it can). `message_id` is the letter's, unchanged from
    one attempt to the next (tdapp/services/outbox.py)."""
    mail = EmailMessage()
    mail["From"] = smtp.sender
    mail["To"] = Address(addr_spec=letter.to)
    mail["Subject"] = letter.subject
    mail["Date"] = formatdate(localtime=False, usegmt=True)
    mail["Message-ID"] = f"<{message_id}@{smtp.sender_address.rpartition('@')[2]}>"
    # RFC 3834: sent by a machine, so that an away message never answers it.
    mail["Auto-Submitted"] = "auto-generated"
    mail.set_content(letter.text)
    mail.add_alternative(letter.html, subtype="html")
    return mail


def refused_for_good(error: Exception) -> bool:
    """Whether the server refused this letter itself for good (a 5xx to its address, no such
    mailbox, or to its content): sent again it would be refused again. A 4xx, a timeout, a
    closed connection or a refused login or sender (the server's settings, not the letter's)
    may pass later."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in error.recipients.values())
    return isinstance(error, smtplib.SMTPDataError) and error.smtp_code >= 500
