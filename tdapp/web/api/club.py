"""The club's members, invitations and settings over JSON (the owner's; its settings read by
any member), and accepting an invitation (for whoever holds its code). What each role may do is tdapp/web/roles.py's table; the club is the
one the request's token or session acts in."""

from __future__ import annotations

from typing import Annotated, Literal

from flask import Blueprint, jsonify, request, url_for
from pydantic import Field

from tdapp.services import accounts, club_settings, clubs, invitations
from tdapp.web import roles
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.v1 import URL_PREFIX
from tdapp.web.errors import RequestRefused
from tdapp.web.guards import ddt_api

bp = Blueprint("api_club", __name__, url_prefix=URL_PREFIX)


class RoleBody(ApiBody):
    role: Literal["owner", "director", "floor"]


class AcceptBody(ApiBody):
    """A new account's username and password, or an existing account's own."""

    username: Annotated[str, Field(min_length=1, max_length=accounts.MAX_USERNAME_LENGTH)]
    password: Annotated[str, Field(min_length=1, max_length=1024)]


class ClubSettingsBody(ApiBody):
    """The settings to change; those left out stay as they are."""

    name: str | None = Field(default=None, description="At most 120 characters.")
    language: str | None = Field(default=None, description="it or en.")
    timezone: str | None = Field(
        default=None, description="Like Europe/Rome; empty for the server's zone again.")
    currency: str | None = Field(default=None, description="A label of 1 to 8 characters.")


def settings_json(club: clubs.ClubInfo) -> dict[str, object]:
    return {"id": club.id, "slug": club.slug, "name": club.name, "language": club.language,
            "timezone": club.timezone, "currency": club.currency}


def _club_id() -> int:
    staff = roles.current_staff()
    assert staff is not None  # ddt_api and the role check let only staff through
    return staff.club_id


def invitation_url(code: str) -> str:
    """The page that accepts the invitation: its link and QR code."""
    return url_for("invitation.accept_page", code=code, _external=True)


@bp.get("/club/members")
@ddt_api
def list_members():
    """Every member of the club with their role."""
    return jsonify(members=[m.as_json() for m in clubs.members(_club_id())])


@bp.put("/club/members/<int:user_id>")
@ddt_api
def change_role(user_id: int):
    """The member's new role; 422 LAST_OWNER for the club's last owner's demotion."""
    body = parse_json(RoleBody)
    return jsonify(clubs.set_role(_club_id(), user_id, body.role).as_json())


@bp.delete("/club/members/<int:user_id>")
@ddt_api
def remove_member(user_id: int):
    """204: the member leaves the club, their tokens and console sessions refused at their next
    request; 422 LAST_OWNER for the last owner; 404 UNKNOWN_MEMBER."""
    clubs.remove(_club_id(), user_id)
    return "", 204


@bp.get("/club/invitations")
@ddt_api
def list_invitations():
    """The invitations still open (never their codes), newest first."""
    return jsonify(invitations=[p.as_json() for p in invitations.pending(_club_id())])


@bp.post("/club/invitations")
@ddt_api
def invite():
    """201 with `{"code", "url", "expires_at"}`: one use, 7 days; the code is shown only here."""
    body = parse_json(RoleBody)
    staff = roles.current_staff()
    assert staff is not None
    issued = invitations.invite(staff.club_id, body.role, staff.user_id)
    return jsonify(code=issued.code, url=invitation_url(issued.code),
                   expires_at=issued.expires_at.isoformat()), 201


@bp.delete("/club/invitations/<int:invitation_id>")
@ddt_api
def withdraw_invitation(invitation_id: int):
    """204: the invitation stops working; 404 UNKNOWN_INVITATION if none such is open."""
    invitations.withdraw(_club_id(), invitation_id)
    return "", 204


@bp.post("/club/invitations/<code>/accept")
def accept_invitation(code: str):
    """201 with `{"user_id", "club", "role"}`: a new account, or an existing one (its password
    given) joins the club. 404 UNKNOWN_INVITATION when used, expired or withdrawn; 401 for an
    existing account's wrong password; 429 after too many wrong codes from one address."""
    body = parse_json(AcceptBody)
    client = request.remote_addr or ""
    try:
        accepted = invitations.accept(code, body.username, body.password, client)
    except (invitations.Braked, accounts.AccountError) as refused:
        if refused.code in ("TOO_MANY_INVITATION_TRIES", "TOO_MANY_ATTEMPTS"):
            raise RequestRefused(refused.code, status=429, **refused.params) from None
        raise
    if accepted is None:
        raise RequestRefused("WRONG_CREDENTIALS", status=401)
    return jsonify(user_id=accepted.user_id, club=accepted.club, role=accepted.role), 201


@bp.get("/club")
@ddt_api
def show_settings():
    """The club's `{"id", "slug", "name", "language", "timezone", "currency"}`: its time zone
    is the server's (TDAPP_TIMEZONE, else Europe/Rome) until the owner chooses one."""
    return jsonify(settings_json(club_settings.settings(_club_id())))


@bp.put("/club")
@ddt_api
def change_settings():
    """The club's settings after the change (those left out stay); 422 CLUB_NAME_REQUIRED,
    CLUB_NAME_TOO_LONG, BAD_LANGUAGE, BAD_TIMEZONE or BAD_CURRENCY, and nothing changed."""
    body = parse_json(ClubSettingsBody)
    changed = club_settings.change(_club_id(), body.name, body.language, body.timezone,
                                   body.currency)
    return jsonify(settings_json(changed))
