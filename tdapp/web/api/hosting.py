"""The hoster's endpoints: make a club with its first owner, list the server's clubs. Only a
hoster's token (from `POST /api/v1/auth/token` naming no club) gets in (`hoster_api`)."""

from __future__ import annotations

from typing import Annotated

from flask import Blueprint, jsonify, request
from pydantic import Field

from tdapp.services import accounts, clubs, hosting
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.club import settings_json
from tdapp.web.api.v1 import URL_PREFIX
from tdapp.web.errors import RequestRefused
from tdapp.web.guards import hoster_api

bp = Blueprint("api_hosting", __name__, url_prefix=URL_PREFIX)


class OwnerBody(ApiBody):
    """The club's first owner: a new account, or an existing one with its own password."""

    username: Annotated[str, Field(min_length=1, max_length=accounts.MAX_USERNAME_LENGTH)]
    password: Annotated[str, Field(min_length=1, max_length=1024)]


class NewClubBody(ApiBody):
    # Lengths, the slug's form, the language and the zone are the service's to refuse, with
    # their codes (BAD_SLUG, SLUG_TAKEN, CLUB_NAME_TOO_LONG, BAD_LANGUAGE, BAD_TIMEZONE, ...).
    slug: str = Field(description="Lowercase letters, digits and hyphens, at most 40.")
    name: str = Field(description="The club's name on every page, at most 120 characters.")
    owner: OwnerBody
    language: str = Field(default="it", description="it or en.")
    timezone: str | None = Field(
        default=None, description="Like Europe/Rome; the server's zone when absent.")
    currency: str = Field(default="EUR", description="A label of 1 to 8 characters.")


def club_json(club: clubs.ClubInfo) -> dict[str, object]:
    return {**settings_json(club), "members": club.members}


@bp.post("/clubs")
@hoster_api
def create_club():
    """201 with `{"id", "slug"}`: the club, with its owner (a new account, or an existing one
    whose password is right). 422 BAD_SLUG, SLUG_TAKEN, CLUB_NAME_REQUIRED, CLUB_NAME_TOO_LONG,
    BAD_LANGUAGE, BAD_TIMEZONE, BAD_CURRENCY, or the owner's USERNAME_TOO_LONG or
    PASSWORD_TOO_SHORT; 401 WRONG_CREDENTIALS for an existing owner's wrong password; 429 after
    too many of those. Nothing is made on any refusal."""
    body = parse_json(NewClubBody)
    try:
        made = hosting.create_club(
            body.slug, body.name, body.language, body.timezone, body.currency,
            owner=(body.owner.username, body.owner.password), client=request.remote_addr or "",
        )
    except accounts.AccountError as refused:
        if refused.code == "TOO_MANY_ATTEMPTS":
            raise RequestRefused(refused.code, status=429, **refused.params) from None
        raise
    if made is None:
        raise RequestRefused("WRONG_CREDENTIALS", status=401)
    return jsonify(id=made.id, slug=made.slug), 201


@bp.get("/clubs")
@hoster_api
def list_clubs():
    """Every club of the server with its settings and its number of members, by slug."""
    return jsonify(clubs=[club_json(club) for club in clubs.clubs()])
