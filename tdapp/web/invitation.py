"""The page an invitation's link opens: whoever holds the code chooses a username and password
(or gives those of the account they have) and joins the club with the invitation's role. The
page is public and braked like the API's accept (tdapp/services/invitations.py)."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from tdapp.services import accounts, invitations
from tdapp.web import roles
from tdapp.web.csrf import protect
from tdapp.web.errors import message_of

bp = Blueprint("invitation", __name__)
protect(bp)


@bp.route("/invite/<code>", methods=["GET", "POST"])
def accept_page(code: str):
    client = request.remote_addr or ""
    try:
        club_name, role = invitations.check(code, client)
    except invitations.Braked as braked:
        return _refused(message_of(braked), 429)
    username = request.form.get("username", "").strip()
    error = None
    if request.method == "POST":
        password = request.form.get("password", "")
        new = not accounts.exists(username)
        if new and password != request.form.get("confirm", ""):
            error = gettext("The two passwords differ.")
        else:
            try:
                accepted = invitations.accept(code, username, password, client)
            except (accounts.AccountError, invitations.Braked) as refused:
                error = message_of(refused)
            else:
                if accepted is None:
                    error = gettext("Wrong username or password.")
                else:
                    flash(gettext("Welcome to %(club)s: log in as %(username)s.",
                                  club=club_name, username=accepted.username), "success")
                    return redirect(url_for("auth.login"), code=303)
    return render_template(
        "auth/invitation.html",
        club_name=club_name,
        role=roles.role_names()[role],
        username=username,
        error=error,
        min_password=accounts.MIN_PASSWORD_LENGTH,
    ), (422 if error else 200)


def _refused(message: str, status: int):
    return render_template("error.html", heading=gettext("Not possible"), message=message), status
