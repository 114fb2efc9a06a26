"""A real SMTP server of the test's own (aiosmtpd on a free port), what it received, and the
app's clock in the test's hands: the mail's waits are read from it, never slept on."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller

from tdapp import mail
from tdapp.mail import sender
from tdapp.wallclock import utcnow

REFUSED = "nobody@club.test"


@dataclass
class Inbox:
    """What the server received, one message per recipient, in order; it refuses `REFUSED`
    for good (550) as a server refuses a mailbox that does not exist."""

    received: list[EmailMessage] = field(default_factory=list)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options) -> str:
        if address == REFUSED:
            return "550 5.1.1 no such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope) -> str:
        for _ in envelope.rcpt_tos:
            self.received.append(message_from_bytes(envelope.original_content,
                                                    policy=policy.default))
        return "250 Message accepted"

    def to(self, address: str) -> list[EmailMessage]:
        return [message for message in self.received if message["To"] == address]


class MailServer:
    """The server at `port`: `stop()` takes it down (connections are refused), `start()` brings
    it back on the same port."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.inbox = Inbox()
        self._controller: Controller | None = None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}?from=Circolo%20Test%20%3Ctdapp@club.test%3E"

    def start(self) -> None:
        self._controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)
        self._controller.start()

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def mail_server(app) -> Iterator[MailServer]:
    """A running SMTP server, and the app sending to it (TDAPP_SMTP_URL; the reset after the
    test puts the config back)."""
    server = MailServer(_free_port())
    server.start()
    app.config["TDAPP_SMTP_URL"] = server.url
    app.config["TDAPP_PUBLIC_URL"] = "https://tdapp.club.test"
    yield server
    server.stop()


class Clock:
    """The app's clock as the mail reads it, moved by the test."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    moved = Clock(utcnow())
    monkeypatch.setattr(mail, "utcnow", moved)
    monkeypatch.setattr(sender, "utcnow", moved)
    return moved
