"""A player's sign-up on the tournament's public page, phone-sized first (issue 30): the form on
`/t/<slug>` (name and a phone number or e-mail address), and the sign-up's own page
`/t/<slug>/signup/<id>?code=`: status and place in line, "I can't come", the table and seat once
checked in and drawn, and the player's earlier nights. The page is complete without JavaScript
and then stays live over Socket.IO (tdapp/realtime/signups.py: `join_signup`, then `signup`).

The code in the address is the sign-up's and manages nothing else; a wrong one answers 404
exactly like an unknown sign-up, behind the phone codes' brake (services/signups.own_signup).
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _

from tdapp.kernel.refusals import DomainError
from tdapp.services import signup_history, signups
from tdapp.tournament.signups.view import own_view
from tdapp.web import csrf
from tdapp.web.errors import message_of, status_of, wants_json
from tdapp.web.player import index_page

bp = Blueprint("signup", __name__)
csrf.protect(bp)


def labels() -> dict[str, str]:
    """The words the page's script writes itself, in the reader's language."""
    return {
        "confirmed": _("You have a place"),
        "waitlisted": _("On the waitlist: number %(position)s"),
        "pending": _("Waiting for the tournament director's approval"),
        "declined": _("Your sign-up was declined"),
        "cancelled": _("You cancelled your sign-up"),
        "removed": _("Your sign-up was removed by the tournament director"),
        "released": _("Your place was released: you were not checked in in time"),
        "checked_in": _("You are checked in"),
        "told_promoted": _("Good news: a place came free, and it is yours."),
        "told_approved": _("The tournament director approved your sign-up."),
        "told_declined": _("The tournament director declined your sign-up."),
        "told_waitlisted": _("The tournament director moved you back to the waitlist: your place"
                             " is no longer confirmed."),
        "told_removed": _("The tournament director removed your sign-up."),
        "told_released": _("Registration has closed and you had not checked in: your place was"
                           " given up."),
        "told_seated": _("Your seat: table %(table)s, seat %(seat)s."),
        "in_line": _("%(waitlisted)s on the waitlist"),
        "table": _("Table"),
        "seat": _("Seat"),
        "offline": _("Offline: reconnecting…"),
    }


@bp.post("/t/<slug>/signup")
def sign_up(slug: str):
    """The form on the tournament's page: a sign-up made goes to its own page, whose address
    holds its code; a refusal shows the page again with the reason and what was typed."""
    name = request.form.get("name", "")
    contact = request.form.get("contact", "")
    try:
        made = signups.sign_up(slug, name, contact, request.remote_addr or "")
    except DomainError as refused:
        if wants_json():
            raise
        return index_page(slug, typed={"name": name[:200], "contact": contact[:200]},
                          refusal=message_of(refused), status=status_of(refused))
    return redirect(url_for("signup.own_page", slug=slug, sid=made.id, code=made.code),
                    code=303)


@bp.get("/t/<slug>/signup/<int:sid>")
def own_page(slug: str, sid: int):
    """The sign-up's own page: found only with its code (`?code=`)."""
    return _own_page(slug, sid, request.args.get("code", "")[:20])


def _own_page(slug: str, signup_id: int, code: str, refusal: str | None = None,
              status: int = 200):
    try:
        _, state, signup = signups.own_signup(slug, signup_id, code)
    except DomainError as refused:
        if refused.code == "UNKNOWN_SIGNUP":
            abort(404)
        raise
    history = signup_history.history_for_contact(signup.contact_key)
    return render_template(
        "player/signup.html", slug=slug, code=code, me=own_view(state, signup.id),
        active=signup.active and not signup.checked_in, history=history, labels=labels(),
        refusal=refusal,
    ), status


@bp.post("/t/<slug>/signup/<int:sid>/cancel")
def cancel(slug: str, sid: int):
    """"I can't come": the place goes to the first in line at once."""
    code = request.form.get("code", "")[:20]
    try:
        signups.cancel(slug, sid, code)
    except DomainError as refused:
        if refused.code == "UNKNOWN_SIGNUP":
            abort(404)
        if wants_json():
            raise
        return _own_page(slug, sid, code, message_of(refused), status_of(refused))
    return redirect(url_for("signup.own_page", slug=slug, sid=sid, code=code),
                    code=303)

