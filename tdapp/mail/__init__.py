"""Telling players by e-mail (issue 30, item 8), an adapter like realtime: only where
`TDAPP_SMTP_URL` names a mail server (tdapp/mail/smtp.py).

`tell`, a bus subscriber, reads the moments of each committed change (promoted, approved,
declined, moved back to the waitlist, removed, released, seated:
tdapp/tournament/signups/telling.py, the same the sign-up's live page is told)
and, for each sign-up whose contact is an e-mail address, writes a letter in the club's
language (letters.py), queued in the club's outbox right after the change
(tdapp/services/outbox.py); the scheduler's owner sends what is due every few seconds
(sender.py), so that no answer waits for a mail server, and tries again later what did not go. Without `TDAPP_SMTP_URL` nothing is
queued: a club that sends no mail keeps no mail, and setting it later does not send the news
of nights gone by.

A letter's link leads to the player's own page at the app's public address: `TDAPP_PUBLIC_URL`
(like https://tdapp.club.it, the address players reach from home), else the address the
request that caused the letter came to (the DdT's console), as the QR codes do.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from urllib.parse import urlsplit

from flask import Flask, has_request_context, request

from tdapp.kernel.contacts import is_email
from tdapp.mail import letters, smtp
from tdapp.mail.letters import Telling
from tdapp.services import bus, club_settings, outbox, tenancy
from tdapp.tournament.signups.telling import moments
from tdapp.wallclock import utcnow

__all__ = ["Telling", "init_app", "public_url", "queue", "server", "tell"]

log = logging.getLogger(__name__)

_app: Flask | None = None


def init_app(app: Flask) -> None:
    """Letters are written with `app`'s templates and catalogues and sent as its settings say;
    a `TDAPP_SMTP_URL` that names no mail server, or a `TDAPP_PUBLIC_URL` that is no web
    address, stops the server at start, in one line."""
    global _app
    try:
        _smtp_of(app)
    except smtp.BadSmtpUrl as error:
        raise SystemExit(str(error)) from None
    if _public_url_of(app) and urlsplit(_public_url_of(app)).scheme not in ("http", "https"):
        raise SystemExit("TDAPP_PUBLIC_URL is the address players reach tdapp at, like"
                         " https://tdapp.your-club.it")
    _app = app


def _smtp_of(app: Flask) -> smtp.Smtp | None:
    # The app's config first (tests set it), then the environment, as for the other settings.
    url = (app.config.get("TDAPP_SMTP_URL") or os.environ.get("TDAPP_SMTP_URL") or "").strip()
    return smtp.parse(url) if url else None


def server() -> smtp.Smtp | None:
    """The mail server letters go to; None where none is set (nothing is sent or queued)."""
    return None if _app is None else _smtp_of(_app)


def public_url() -> str | None:
    """The address players reach the app at, without a trailing slash: TDAPP_PUBLIC_URL, else
    the current request's; None outside a request with no setting."""
    configured = None if _app is None else _public_url_of(_app)
    if configured:
        return configured
    return request.url_root.rstrip("/") if has_request_context() else None


def _public_url_of(app: Flask) -> str:
    url = (app.config.get("TDAPP_PUBLIC_URL") or os.environ.get("TDAPP_PUBLIC_URL") or "").strip()
    return url.rstrip("/")


def queue(tellings: Sequence[Telling], language: str | None = None) -> list[int]:
    """Write the letters of `tellings` in `language` (by default the acting club's) and put
    them in the club's outbox, in one transaction; their ids (none where no mail server is
    set)."""
    if _app is None or server() is None or not tellings:
        return []
    language = language or club_settings.locale_of(tenancy.acting_club())[0]
    return outbox.queue(letters.letters(_app, tellings, language), utcnow())


def tell(change: bus.Change) -> None:
    """The bus subscriber: one letter for each moment of the change whose sign-up gave an
    e-mail address, linking to that sign-up's own page (with its code: the letter goes to the
    address the player gave). A change with no state before it (a creation, an import) tells
    nothing; neither does any change where no mail server is set."""
    if change.before is None or server() is None:
        return
    told = [(moment, change.after.signups.signup(moment.signup_id))
            for moment in moments(change.before, change.after)]
    told = [(moment, signup) for moment, signup in told if is_email(signup.contact)]
    if not told:
        return
    base = public_url()
    if base is None:
        log.error("no TDAPP_PUBLIC_URL to link the players' mail to: %d letters not written",
                  len(told), extra={"tournament": change.tournament_id})
        return
    club = club_settings.settings(tenancy.acting_club())
    queue([Telling(moment.kind, to=signup.contact, player=signup.name,
                   tournament=change.after.settings.name, club=club.name,
                   link=f"{base}/t/{change.slug}/signup/{signup.id}?code={signup.code}",
                   table=moment.table, seat=moment.seat,
                   position=change.after.signups.position(signup.id))
           for moment, signup in told], club.language)
