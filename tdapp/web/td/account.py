"""The DdT's account page: every DdT's API tokens, a new one for a tablet or a script, and
revocation of any of them (a lost tablet is shut out by whoever is at the laptop)."""

from __future__ import annotations

from flask import render_template, request, session
from flask_babel import gettext

from tdapp.services import accounts
from tdapp.web.api.auth import default_token_days
from tdapp.web.td import bp
from tdapp.web.td.console import back, flash_done
from tdapp.web.td.forms import optional_whole, text


def _page(issued: accounts.IssuedToken | None = None):
    return render_template(
        "td/account.html",
        tokens=accounts.tokens(),
        issued=issued,
        default_days=default_token_days(),
        max_days=accounts.MAX_TOKEN_LIFETIME_DAYS,
        max_label=accounts.MAX_TOKEN_LABEL_LENGTH,
    )


@bp.get("/account")
def account():
    return _page()


@bp.post("/account/tokens")
def create_token():
    """The new token is in this answer only, never stored or redirected with: a reload of the
    page cannot show it again."""
    days = optional_whole(
        request.form, "days", gettext("Days"), minimum=1, maximum=accounts.MAX_TOKEN_LIFETIME_DAYS
    )
    owner = accounts.Account(session["user_id"], session["username"])
    issued = accounts.issue(
        owner,
        label=text(request.form, "label"),
        lifetime_days=default_token_days() if days is None else days,
    )
    return _page(issued)


@bp.post("/account/tokens/<int:token_id>/revoke")
def revoke_token(token_id: int):
    accounts.revoke_token(token_id)
    flash_done(gettext("The token is revoked: it no longer opens the API."))
    return back()
