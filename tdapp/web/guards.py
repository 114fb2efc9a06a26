"""Who gets through: one guard per audience, and `actor()`, who the log records for an action.

- `ddt_page`: the DdT's pages; anyone else is sent to log in (or to the first run).
- `ddt_api`: the JSON API; a DdT by bearer token or by the console's session, else 401 JSON.
- `console_api` and `console_page_refusal`: a hold'em table's or a draw table's console, opened in this
  browser session with the table's PIN (tdapp/console_sessions.py), or a DdT.
- `hoster_api`: the hoster's endpoints (making and listing clubs), for a hoster's token only.

Every DdT guard admits through `admitted_ddt` and keeps the account in `g.ddt`: the place where a
route's required role (issue 29) will be checked, given to the guard as a keyword argument.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import g, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response

from tdapp.console_sessions import (
    SESSION_CHOOSING_CLUB,
    SESSION_USER_ID,
    SESSION_USERNAME,
    opened_now,
    opened_with,
    remember_opened,
)
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.services import accounts, hosting
from tdapp.services.clubs import Staff
from tdapp.web import csrf
from tdapp.web.errors import RequestRefused, message_of

View = Callable[..., Any]

register_messages({
    "LOGIN_REQUIRED": "Log in as a tournament director, or send a bearer token.",
    "CSRF_REQUIRED": "The X-CSRF-Token header is missing or does not match the session.",
    "CONSOLE_ACCESS_RENEWED": "The DdT renewed this console's link and PIN: ask the DdT for "
                              "the new ones",
    "HOSTER_ONLY": "Only the server's hoster may do this, with a token from "
                   "POST /api/v1/auth/token that names no club.",
})

def bearer_token() -> str | None:
    """The token of an `Authorization: Bearer` header, if the request sent one."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def session_ddt() -> accounts.Account | None:
    """The DdT logged in to this browser session, if the account still exists and has chosen
    the club it works in (an account of several clubs chooses after logging in); nobody on a
    page of another club than theirs (tdapp/web/acting_club.py)."""
    user_id = session.get(SESSION_USER_ID)
    if not isinstance(user_id, int) or session.get(SESSION_CHOOSING_CLUB) or g.get("stranger"):
        return None
    return accounts.account(user_id)


TOKEN_STAFF = "token_staff"  # `g`'s key for token_staff's answer, forgotten by roles.check_role


def current_ddt() -> accounts.Account | None:
    """The DdT making this request: by bearer token, else by the session; nobody on a page of
    another club than theirs, where a console asks them for its PIN as it asks anyone."""
    if g.get("stranger"):
        return None
    token = bearer_token()
    if token is None:
        return session_ddt()
    staff = token_staff(token)
    return None if staff is None else accounts.account_of(staff)


def token_staff(token: str) -> Staff | None:
    """The membership a bearer token acts through, looked up once a request: the roles' check
    and the guards both ask, and a table console's every action brings a token."""
    cached = g.get(TOKEN_STAFF)
    if cached is None or cached[0] != token:
        cached = g.token_staff = (token, accounts.staff_for_token(token))
    return cached[1]


def admitted_ddt(ddt: accounts.Account | None) -> bool:
    """Whether `ddt` may go on, kept in `g.ddt` for `actor()` when it may."""
    if ddt is None:
        return False
    g.ddt = ddt
    return True


def actor() -> str:
    """Who the event log records for this request's action: the console a console guard let in,
    else the DdT a guard admitted."""
    return g.get("actor") or g.ddt.username


def ddt_page_refusal() -> Response | None:
    """None for a DdT; for anyone else the way to log in (or to the first run). A blueprint of
    DdT pages hooks it as `before_request`; `ddt_page` puts it before one view."""
    if session.get(SESSION_CHOOSING_CLUB) and isinstance(session.get(SESSION_USER_ID), int):
        return redirect(url_for("auth.choose_club", next=request.full_path.rstrip("?")))
    if admitted_ddt(session_ddt()):
        return None
    # No session, or one whose account is gone: either way, log in again.
    session.pop(SESSION_USER_ID, None)
    session.pop(SESSION_USERNAME, None)
    if not accounts.has_users():
        return redirect(url_for("auth.first_run"))
    return redirect(url_for("auth.login", next=request.full_path.rstrip("?")))


def ddt_page(view: View) -> View:
    """A DdT's page: anyone else is sent to log in."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        return ddt_page_refusal() or view(*args, **kwargs)

    return guarded


def _refuse_api_without_ddt() -> None:
    if not admitted_ddt(current_ddt()):
        raise RequestRefused("LOGIN_REQUIRED", status=401)
    # A bearer token cannot be ridden by another site; a session cookie can, so a session-
    # authenticated write must also carry the console's CSRF token in a header.
    if bearer_token() is None and request.method not in csrf.SAFE_METHODS \
            and not csrf.header_ok():
        raise RequestRefused("CSRF_REQUIRED", status=403)


def ddt_api(view: View) -> View:
    """An API endpoint of the DdT (bearer token or the console's session): 401 otherwise."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        _refuse_api_without_ddt()
        return view(*args, **kwargs)

    return guarded


def hoster_api(view: View) -> View:
    """An endpoint of the hoster, by a hoster's bearer token: 401 for nobody, 403 HOSTER_ONLY
    for a club's staff (a club's token or a console session), whatever their role."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        token = bearer_token()
        hoster = hosting.hoster_for_token(token) if token is not None else None
        if hoster is None:
            if current_ddt() is not None:
                raise RequestRefused("HOSTER_ONLY", status=403)
            raise RequestRefused("LOGIN_REQUIRED", status=401)
        admitted_ddt(hoster)
        return view(*args, **kwargs)

    return guarded


def console_api(
    session_key: str,
    console: Callable[..., str],
    generation: Callable[..., str | None],
    console_actor: Callable[..., str],
) -> Callable[[View], View]:
    """An API endpoint of a table's console: a DdT, or the console this session opened with the
    PIN of its current access. `console(**url_args)` names the console in the session's list
    `session_key`, `generation(**url_args)` is its access's generation now; `console_actor
    (**url_args)` is what the log records for its actions. A session opened with a renewed access
    is refused with CONSOLE_ACCESS_RENEWED (unless a DdT is here). A console's writes carry the
    session's CSRF token in a header, as the DdT's session-authenticated writes do."""

    def decorate(view: View) -> View:
        @wraps(view)
        def guarded(**url_args: Any) -> Any:
            name = console(**url_args)
            # The access's generation costs a read of the tournament: only a session that opened
            # this console with a PIN needs it (a DdT's token or session does not).
            opened = opened_with(session_key, name) is not None
            if not opened or not opened_now(session_key, name, generation(**url_args)):
                if opened and current_ddt() is None:
                    raise RequestRefused("CONSOLE_ACCESS_RENEWED", status=403)
                _refuse_api_without_ddt()
                return view(**url_args)
            if request.method not in csrf.SAFE_METHODS and not csrf.header_ok():
                raise RequestRefused("CSRF_REQUIRED", status=403)
            if not admitted_ddt(current_ddt()):
                g.actor = console_actor(**url_args)
            return view(**url_args)

        return guarded

    return decorate


def console_page_refusal(
    session_key: str, console: str, generation: str, check_pin: Callable[[str], None],
    pin_template: str, **pin_context: Any,
) -> Any:
    """None when this browser may see the console: it opened it with the PIN of its current
    access, or a DdT is logged in. Otherwise the PIN form; a right PIN posted to it is remembered
    and answered with the console's address again. A wrong PIN is refused with 401, a console
    locked after wrong PINs with 429 (the message says how long, in the page's language)."""
    ddt = current_ddt()
    if ddt is not None:
        return None
    refused = None
    if request.method == "POST":
        try:
            check_pin(request.form.get("pin", ""))
        except DomainError as wrong:
            refused = wrong
        else:
            remember_opened(session_key, console, generation)
            return redirect(request.script_root + request.path)
    if opened_now(session_key, console, generation):
        return None
    status = 200 if refused is None else 429 if refused.code == "CONSOLE_LOCKED" else 401
    error = None if refused is None else message_of(refused)
    return render_template(pin_template, error=error, **pin_context), status
