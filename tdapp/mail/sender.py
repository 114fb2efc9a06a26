"""The scheduler job that empties the outbox: every `TICK_SECONDS` in the scheduler's owner
(tdapp/scheduler.py), only where `TDAPP_SMTP_URL` is set.

It claims the due letters one at a time (across clubs: sending is the server's work) and sends
them over one connection. A letter the server refuses for good is given up at once; any other
failure (the server down, slow past the timeout, refusing the login) is that letter's failed
attempt, tried again after its wait, and ends the run: the letters behind it would meet the
same server, and wait for the next tick. The waits are counted on the app's clock
(tdapp/wallclock.py), which tests move instead of sleeping.
"""

from __future__ import annotations

import contextlib
import logging
import smtplib

from tdapp import mail
from tdapp.mail import smtp
from tdapp.services import outbox
from tdapp.wallclock import utcnow

log = logging.getLogger(__name__)

TICK_SECONDS = 10
JOB = "mail:send"
TARGET = "tdapp.mail.sender:send_due"
# At most this many letters a run: a long queue never keeps the job from its next tick.
PER_RUN = 200


def send_due() -> int:
    """Send the letters due now; how many went."""
    server = mail.server()
    if server is None:
        return 0
    connection: smtplib.SMTP | None = None
    sent = 0
    try:
        for _ in range(PER_RUN):
            claimed = outbox.claim_next(utcnow())
            if claimed is None:
                break
            try:
                message = smtp.message(server, claimed.letter, claimed.message_id)
            except (ValueError, TypeError) as error:  # an address no header can hold
                outbox.failed(claimed, str(error), utcnow(), for_good=True)
                continue
            try:
                connection = connection or smtp.connect(server)
                connection.send_message(message)
            except (OSError, smtplib.SMTPException) as error:
                for_good = smtp.refused_for_good(error)
                outbox.failed(claimed, f"{type(error).__name__}: {error}", utcnow(),
                              for_good=for_good)
                if not for_good:
                    break
            else:
                outbox.sent(claimed, utcnow())
                sent += 1
    finally:
        if connection is not None:
            with contextlib.suppress(OSError, smtplib.SMTPException):
                connection.quit()
    return sent
