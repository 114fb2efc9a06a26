"""The DdT's account page: every DdT's API tokens, a new one for a tablet or a script, and
revocation of any of them (a lost tablet is shut out by whoever is at the laptop)."""

from __future__ import annotations

from flask import g, redirect, render_template, request, session, url_for
from flask_babel import gettext

from tdapp.services import accounts
from tdapp.web import roles
from tdapp.web.api.auth import default_token_days
from tdapp.web.td import bp
from tdapp.web.td.console import back, flash_done
from tdapp.web.td.forms import optional_whole, text

# The token just made, carried across the redirect in the session and taken out by the next view
# of the page: it travels only to the DdT's own browser, as the page itself would, and a reload
# neither shows it again nor makes a second token.
_NEW_TOKEN = "new_api_token"


@bp.get("/account")
def account():
    tokens = accounts.tokens()
    new = session.pop(_NEW_TOKEN, None) or {}
    issued = next(
        (accounts.IssuedToken(new["token"], t) for t in tokens if t.id == new.get("id")), None
    )
    return render_template(
        "td/account.html",
        tokens=tokens,
        issued=issued,
        default_days=default_token_days(),
        max_days=accounts.MAX_TOKEN_LIFETIME_DAYS,
        max_label=accounts.MAX_TOKEN_LABEL_LENGTH,
    )


@bp.post("/account/tokens")
def create_token():
    days = optional_whole(
        request.form, "days", gettext("Days"), minimum=1, maximum=accounts.MAX_TOKEN_LIFETIME_DAYS
    )
    staff = roles.current_staff()
    assert staff is not None  # the console's guard and the role check let only staff in
    issued = accounts.issue(
        g.ddt,
        label=text(request.form, "label"),
        lifetime_days=default_token_days() if days is None else days,
        club_id=staff.club_id,
    )
    session[_NEW_TOKEN] = {"token": issued.token, "id": issued.info.id}
    return redirect(url_for("td.account"), code=303)


@bp.post("/account/tokens/<int:token_id>/revoke")
def revoke_token(token_id: int):
    accounts.revoke_token(token_id)
    flash_done(gettext("The token is revoked: it no longer opens the API."))
    return back()
