"""Bearer tokens for API clients: trade a DdT's username and password for a token, list the
tokens, revoke the one in hand or (as a DdT) any of them.

A token lives `TOKEN_DAYS` days (app config), else `TDAPP_TOKEN_DAYS` (environment), else 90,
unless its request asks for fewer or more.
"""

from __future__ import annotations

import os

from flask import current_app, g, jsonify, request
from pydantic import Field

from tdapp.kernel.refusals import register_messages
from tdapp.services import accounts, hosting
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.v1 import bp
from tdapp.web.errors import RequestRefused
from tdapp.web.guards import bearer_token, ddt_api

register_messages({"WRONG_CREDENTIALS": "Wrong username or password."})


def default_token_days() -> int:
    """The lifetime of a token whose request names none, as this installation configures it."""
    configured = current_app.config.get("TOKEN_DAYS") or os.environ.get("TDAPP_TOKEN_DAYS")
    if not configured:
        return accounts.TOKEN_LIFETIME_DAYS
    days = int(configured)
    # A bad setting is the installer's mistake, not the client's: a server error names it.
    if not 1 <= days <= accounts.MAX_TOKEN_LIFETIME_DAYS:
        raise ValueError(f"TOKEN_DAYS / TDAPP_TOKEN_DAYS must be 1 to "
                         f"{accounts.MAX_TOKEN_LIFETIME_DAYS}, not {configured!r}")
    return days


class TokenRequest(ApiBody):
    username: str = Field(min_length=1, max_length=accounts.MAX_USERNAME_LENGTH)
    password: str = Field(min_length=1, max_length=1024)
    # Limits are the service's, refused with its codes (TOKEN_LABEL_TOO_LONG, TOKEN_LIFETIME).
    label: str = Field(
        default="",
        description=f"What the token is for, at most {accounts.MAX_TOKEN_LABEL_LENGTH} characters.",
    )
    days: int | None = Field(
        default=None,
        description=f"Lifetime in days, 1 to {accounts.MAX_TOKEN_LIFETIME_DAYS}; "
        "the installation's default (90 unless configured) when absent.",
    )
    club: str | None = Field(
        default=None,
        max_length=40,
        description="The club's slug; may be left out by a member of one club only. A hoster "
        "who leaves it out gets a hoster's token, acting in no club.",
    )


@bp.post("/auth/token")
def token():
    """200 with `{"token", "id", "expires_at", "club", "role"}`: the token acts in that club
    with the account's role there. 401 for a wrong password or a club the account is not a
    member of (the same brake counts both); 429 after too many failures; 422 CLUB_REQUIRED
    without `club` for a member of several clubs, or for a label or lifetime out of bounds. A
    hoster who names no club gets a token acting as the hoster: `"club": null, "role":
    "hoster"` (it makes and lists clubs, and no club's endpoint takes it)."""
    body = parse_json(TokenRequest)
    try:
        staff = accounts.sign_in(body.username, body.password,
                                 client=request.remote_addr or "", club=body.club)
    except accounts.AccountError as refused:
        if refused.code == "CLUB_REQUIRED":
            raise RequestRefused(refused.code, status=422, **refused.params) from None
        raise RequestRefused(refused.code, status=429, **refused.params) from None
    if staff is None:
        raise RequestRefused("WRONG_CREDENTIALS", status=401)
    days = default_token_days() if body.days is None else body.days
    if isinstance(staff, accounts.Account):
        issued = hosting.issue_token(staff, label=body.label, lifetime_days=days)
        return jsonify(token=issued.token, id=issued.info.id,
                       expires_at=issued.info.expires_at.isoformat(), club=None, role="hoster")
    user = accounts.Account(staff.user_id, staff.username)
    issued = accounts.issue(user, label=body.label, lifetime_days=days, club_id=staff.club_id)
    return jsonify(
        token=issued.token, id=issued.info.id, expires_at=issued.info.expires_at.isoformat(),
        club=staff.club_slug, role=staff.role,
    )


@bp.delete("/auth/token")
def revoke_own_token():
    """204: the bearer token of this very request stops working (a client logging out). Only a
    bearer token can be revoked this way: a console session has none, so it gets 401. A
    hoster's token is revoked the same way."""
    presented = bearer_token()
    if presented is None:
        raise RequestRefused("LOGIN_REQUIRED", status=401)
    if accounts.user_for_token(presented) is not None:
        accounts.revoke_bearer(presented)
    elif not hosting.revoke_bearer(presented):
        raise RequestRefused("LOGIN_REQUIRED", status=401)
    return "", 204


@bp.get("/auth/tokens")
@ddt_api
def list_tokens():
    """Every DdT's live tokens, newest first; never a token's secret or its hash."""
    return jsonify(tokens=[listed.as_json() for listed in accounts.tokens()])


@bp.delete("/auth/tokens/<int:token_id>")
@ddt_api
def revoke_token(token_id: int):
    """204: any DdT may shut out any token (a lost tablet); 404 UNKNOWN_TOKEN if there is none."""
    accounts.revoke_token(token_id)
    current_app.logger.info("API token %s revoked by %s", token_id, g.ddt.username)
    return "", 204
