"""DdT sessions: the first-run page, log in, choose the club, log out (the guards that read the
session are in tdapp/web/guards.py).

An account of one club goes straight in, its session acting in that club. An account of
several clubs (or of none: a hoster) is asked which club after logging in, on a page that
lists its clubs with its role in each; until it chooses, the session acts in no club, and every
console page sends it back there. The same page switches club later (the header's link)."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, session, url_for
from flask_babel import gettext

from tdapp.console_sessions import (
    SESSION_CHOOSING_CLUB,
    SESSION_MEMBERSHIP_ID,
    SESSION_USER_ID,
    SESSION_USERNAME,
)
from tdapp.i18n import is_local_path
from tdapp.services import accounts, clubs
from tdapp.web import roles
from tdapp.web.csrf import protect
from tdapp.web.errors import message_of
from tdapp.web.guards import ddt_page_refusal

bp = Blueprint("auth", __name__)
protect(bp)

# The session keeps only these across a login, so a session fixed before it carries nothing in.
_KEPT_ACROSS_LOGIN = ("lang",)
# Whether the header offers to switch club: the account worked in several at login.
SEVERAL_CLUBS = "several_clubs"


def _start_session(user_id: int, username: str) -> bool:
    """A fresh session for the account; True when it acts in its one club at once, False when
    it must choose its club first."""
    kept = {key: session[key] for key in _KEPT_ACROSS_LOGIN if key in session}
    session.clear()
    session.update(kept)
    session[SESSION_USER_ID] = user_id
    session[SESSION_USERNAME] = username
    session.permanent = True
    memberships = clubs.memberships_of(user_id)
    if len(memberships) == 1:
        session[SESSION_MEMBERSHIP_ID] = memberships[0].membership_id
        return True
    session[SESSION_CHOOSING_CLUB] = True
    session[SEVERAL_CLUBS] = len(memberships) > 1
    return False


def _after_login(user_id: int, username: str) -> str:
    """Where a login goes: the page asked for, through the club's choice when there is one."""
    if _start_session(user_id, username):
        return _next_page()
    return url_for("auth.choose_club", next=_next_page())


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
                return redirect(_after_login(user.id, user.username))
    return render_template(
        "auth/form.html",
        heading=gettext("Tournament director"),
        intro=None,
        submit=gettext("Log in"),
        first_run=False,
        username=username,
        error=error,
    ), (401 if error else 200)


@bp.route("/login/club", methods=["GET", "POST"])
def choose_club():
    """The clubs of the signed-in account, each with its role there; choosing one makes the
    session act in it. An account in no club (a hoster) reads that it has none."""
    user_id = session.get(SESSION_USER_ID)
    if not isinstance(user_id, int) or accounts.account(user_id) is None:
        return redirect(url_for("auth.login"))
    memberships = clubs.memberships_of(user_id)
    if request.method == "POST":
        chosen = next((m for m in memberships
                       if str(m.membership_id) == request.form.get("membership")), None)
        if chosen is not None:
            session.pop(SESSION_CHOOSING_CLUB, None)
            session[SESSION_MEMBERSHIP_ID] = chosen.membership_id
            session[SEVERAL_CLUBS] = len(memberships) > 1
            return redirect(_next_page())
    current = None if session.get(SESSION_CHOOSING_CLUB) else session.get(SESSION_MEMBERSHIP_ID)
    return render_template(
        "auth/clubs.html",
        memberships=memberships,
        current=current,
        role_names=roles.role_names(),
        next=request.args.get("next") or request.form.get("next") or "",
    ), (200 if request.method == "GET" else 400)


@bp.post("/logout")
def logout():
    for key in (SESSION_USER_ID, SESSION_USERNAME, SESSION_MEMBERSHIP_ID, SESSION_CHOOSING_CLUB,
                SEVERAL_CLUBS):
        session.pop(key, None)
    return redirect(url_for("auth.login"))
