"""CSRF protection for the forms of session-logged pages.

A random token lives in the session; every form carries it in a hidden field and every POST of a
protected blueprint must bring it back. Bearer-token clients (the JSON API) never send a session
cookie a third party could ride, so their blueprints are not protected.
"""

from __future__ import annotations

import hmac
import secrets

from flask import Blueprint, Flask, render_template, request, session
from flask_babel import gettext
from werkzeug.exceptions import BadRequest

FIELD = "csrf_token"
HEADER = "X-CSRF-Token"
# Methods that change nothing, so that no token is asked of them.
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class CsrfRefused(BadRequest):
    """A form posted without the session's token: stale page, other site, or expired session."""


def csrf_token() -> str:
    """The session's token, made on first use."""
    token = session.get(FIELD)
    if not token:
        token = secrets.token_urlsafe(32)
        session[FIELD] = token
    return token


def header_ok() -> bool:
    """Whether the request carries the session's token in its header, as the pages' scripts
    send it with their JSON writes."""
    expected = session.get(FIELD)
    sent = request.headers.get(HEADER, "")
    return bool(expected) and hmac.compare_digest(str(expected), sent)


def _check() -> None:
    if request.method in SAFE_METHODS:
        return
    expected = session.get(FIELD)
    sent = request.form.get(FIELD) or request.headers.get(HEADER)
    if not expected or not sent or not hmac.compare_digest(expected, sent):
        raise CsrfRefused()


def protect(bp: Blueprint) -> None:
    """Refuse every non-GET request of `bp` whose token does not match the session's."""
    bp.before_request(_check)


def _refused(error: CsrfRefused):
    message = gettext(
        "This form has expired or did not come from this site; nothing was changed. "
        "Go back, reload the page and try again."
    )
    return render_template("auth/refused.html", message=message), 400


def init_app(app: Flask) -> None:
    # A second line of defence: browsers do not send the session cookie on another site's POST.
    app.config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.register_error_handler(CsrfRefused, _refused)
