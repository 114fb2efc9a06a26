"""The owner's members page: the club's staff with their roles (change one, remove one), and
invitations (a link and its QR code for a new colleague, the open ones, withdrawing one)."""

from __future__ import annotations

from flask import redirect, render_template, request, session, url_for
from flask_babel import gettext

from tdapp.services import clubs, invitations
from tdapp.web import roles
from tdapp.web.api.club import invitation_url
from tdapp.web.qr import inline_svg
from tdapp.web.td import bp
from tdapp.web.td.console import back, flash_done
from tdapp.web.td.forms import FormError

# The invitation just made, carried across the redirect like a new API token (td/account.py):
# shown once, to the owner's own browser, and a reload makes no second one.
_NEW_INVITATION = "new_invitation"


def _staff() -> clubs.Staff:
    staff = roles.current_staff()
    assert staff is not None  # the console's guard and the role check let only staff in
    return staff


def _role(form_value: str | None) -> str:
    if form_value not in clubs.ROLES:
        raise FormError(gettext("Choose a role."))
    return form_value


@bp.get("/members")
def members():
    staff = _staff()
    new = session.pop(_NEW_INVITATION, None)
    fresh = None
    if new:
        url = invitation_url(new["code"])
        fresh = {"url": url, "qr": inline_svg(url), "role": new["role"],
                 "expires_at": new["expires_at"]}
    return render_template(
        "td/members.html",
        members=clubs.members(staff.club_id),
        pending=invitations.pending(staff.club_id),
        fresh=fresh,
        role_names=roles.role_names(),
    )


@bp.post("/members/invitations")
def invite():
    staff = _staff()
    issued = invitations.invite(staff.club_id, _role(request.form.get("role")), staff.user_id)
    session[_NEW_INVITATION] = {"code": issued.code, "role": issued.role,
                                "expires_at": issued.expires_at.isoformat()}
    return redirect(url_for("td.members"), code=303)


@bp.post("/members/invitations/<int:invitation_id>/withdraw")
def withdraw_invitation(invitation_id: int):
    invitations.withdraw(_staff().club_id, invitation_id)
    flash_done(gettext("The invitation is withdrawn: its link no longer works."))
    return back()


@bp.post("/members/<int:user_id>/role")
def change_role(user_id: int):
    member = clubs.set_role(_staff().club_id, user_id, _role(request.form.get("role")))
    flash_done(gettext("%(username)s is now: %(role)s.", username=member.username,
                       role=roles.role_names()[member.role]))
    return back()


@bp.post("/members/<int:user_id>/remove")
def remove_member(user_id: int):
    clubs.remove(_staff().club_id, user_id)
    flash_done(gettext("The member is removed: their sessions and tokens no longer work."))
    return back()
