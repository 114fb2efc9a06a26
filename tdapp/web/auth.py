"""DdT sessions: the first-run page, log in, log out (the guards that read the session are in
tdapp/web/guards.py)."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, session, url_for
from flask_babel import gettext

from tdapp.console_sessions import SESSION_USER_ID, SESSION_USERNAME
from tdapp.i18n import is_local_path
from tdapp.services import accounts
from tdapp.web.csrf import protect
from tdapp.web.errors import message_of
from tdapp.web.guards import ddt_page_refusal

bp = Blueprint("auth", __name__)
protect(bp)

# The session keeps only these across a login, so a session fixed before it carries nothing in.
_KEPT_ACROSS_LOGIN = ("lang",)


def _start_session(user_id: int, username: str) -> None:
    kept = {key: session[key] for key in _KEPT_ACROSS_LOGIN if key in session}
    session.clear()
    session.update(kept)
    session[SESSION_USER_ID] = user_id
    session[SESSION_USERNAME] = username
    session.permanent = True


def _next_page() -> str:
    target = request.args.get("next") or request.form.get("next") or ""
    if is_local_path(target):
        return target
    return url_for("td.tournaments")


@bp.route("/setup", methods=["GET", "POST"])
def first_run():
    """Create the first DdT account; once one exists this page only points to the login."""
    if accounts.has_users():
        return redirect(url_for("auth.login"))
    username = request.form.get("username", "").strip()
    error = None
    if request.method == "POST":
        password = request.form.get("password", "")
        if password != request.form.get("confirm", ""):
            error = gettext("The two passwords differ.")
        else:
            try:
                user = accounts.create_user(username, password)
            except accounts.AccountError as refused:
                error = message_of(refused)
            else:
                _start_session(user.id, user.username)
                return redirect(url_for("td.tournaments"))
    return render_template(
        "auth/form.html",
        heading=gettext("Welcome to tdapp"),
        intro=gettext("No director account exists yet: create the first one."),
        submit=gettext("Create account"),
        first_run=True,
        username=username,
        error=error,
        min_password=accounts.MIN_PASSWORD_LENGTH,
    ), (400 if error else 200)


@bp.route("/login", methods=["GET", "POST"])
def login():
    if not accounts.has_users():
        return redirect(url_for("auth.first_run"))
    if request.method == "GET" and ddt_page_refusal() is None:
        return redirect(_next_page())
    username = request.form.get("username", "").strip()
    error = None
    if request.method == "POST":
        try:
            user = accounts.authenticate(
                username, request.form.get("password", ""), client=request.remote_addr or ""
            )
        except accounts.AccountError as refused:
            error = message_of(refused)
        else:
            if user is None:
                error = gettext("Wrong username or password.")
            else:
                _start_session(user.id, user.username)
                return redirect(_next_page())
    return render_template(
        "auth/form.html",
        heading=gettext("Tournament director"),
        intro=None,
        submit=gettext("Log in"),
        first_run=False,
        username=username,
        error=error,
    ), (401 if error else 200)


@bp.post("/logout")
def logout():
    session.pop(SESSION_USER_ID, None)
    session.pop(SESSION_USERNAME, None)
    return redirect(url_for("auth.login"))
