"""A player's own sign-up over JSON, at the tournament's public address, no login: sign up
(`POST`, answered once with the code that manages that sign-up and nothing else), read it and
cancel it with that code in the `X-Signup-Code` header. A wrong code answers 404 exactly like
an unknown sign-up, behind the phone codes' brake.
"""

from __future__ import annotations

from typing import Annotated

from flask import Blueprint, jsonify, request
from pydantic import Field

from tdapp.services import signup_history, signups
from tdapp.tournament.signups.view import own_view
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.v1 import URL_PREFIX
from tdapp.web.errors import register_statuses

bp = Blueprint("api_public_signups", __name__, url_prefix=URL_PREFIX)

CODE_HEADER = "X-Signup-Code"

register_statuses({"SIGNUP_WAIT": 429, "SIGNUP_CODE_WAIT": 429})


class SignUpBody(ApiBody):
    """A name and a contact: an e-mail address or a phone number."""

    name: Annotated[str, Field(max_length=200)]
    contact: Annotated[str, Field(max_length=200)]


@bp.post("/public/tournaments/<slug>/signups")
def sign_up(slug: str):
    """201 `{"id", "status", "position", "code"}`: `confirmed` while places are left,
    `waitlisted` at its `position` (from 1) once the cap is reached, `pending` when the DdT
    approves each one. 422 SIGNUPS_CLOSED, DUPLICATE_SIGNUP, NOT_A_MEMBER, WAITLIST_FULL or
    BAD_CONTACT with nothing stored; 429 SIGNUP_WAIT after too many from one address or
    contact."""
    body = parse_json(SignUpBody)
    made = signups.sign_up(slug, body.name, body.contact, request.remote_addr or "")
    return jsonify(id=made.id, status=made.status, position=made.position, code=made.code), 201


@bp.get("/public/tournaments/<slug>/signups/<int:sid>")
def show(slug: str, sid: int):
    """The sign-up's own view (status, position, table and seat once seated) and the player's
    history: earlier nights of the player who checked in with the same contact."""
    _, state, signup = signups.own_signup(slug, sid, request.headers.get(CODE_HEADER, ""))
    history = signup_history.history_for_contact(signup.contact_key)
    return jsonify({**own_view(state, signup.id), "history": signup_history.as_json(history)})


@bp.delete("/public/tournaments/<slug>/signups/<int:sid>")
def cancel(slug: str, sid: int):
    """"I can't come": the sign-up is cancelled and its place goes to the first in line."""
    state = signups.cancel(slug, sid, request.headers.get(CODE_HEADER, ""))
    return jsonify(own_view(state, sid))
