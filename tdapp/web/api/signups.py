"""A tournament's sign-ups for the DdT over JSON: the list with the headcount, and each change
(approve, decline, promote, move-down, remove, check-in, release the no-shows), one service
call each, answered with the sign-up as the list shows it and the log's new `version`.

A promotion answers which it was: `status` "confirmed" when a place was free, else
"waitlisted" at `position` 1. A check-in answers 201 with the new player's `id`, as a
registration does.
"""

from __future__ import annotations

from typing import Any

from flask import jsonify

from tdapp.services import signups
from tdapp.tournament.signups.view import headcount, signup_row
from tdapp.tournament.state import Tournament
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.v1 import bp
from tdapp.web.guards import actor, ddt_api


@bp.get("/tournaments/<int:tid>/signups")
@ddt_api
def list_signups(tid: int):
    """Every sign-up in the order made, with status, position, contact, code, membership and
    check-in; and the headcount (confirmed, waitlisted, pending, checked in, seats)."""
    state, every = signups.signups(tid)
    return jsonify(version=state.version, headcount=headcount(state),
                   signups=[signup_row(state, s.id) for s in every])


def _changed(state: Tournament, sid: int) -> dict[str, Any]:
    return {"version": state.version, "signup": signup_row(state, sid),
            "headcount": headcount(state)}


@bp.post("/tournaments/<int:tid>/signups/<int:sid>/approve")
@ddt_api
def approve_signup(tid: int, sid: int):
    parse_json(ApiBody)
    return jsonify(_changed(signups.approve(tid, sid, actor()), sid))


@bp.post("/tournaments/<int:tid>/signups/<int:sid>/decline")
@ddt_api
def decline_signup(tid: int, sid: int):
    parse_json(ApiBody)
    return jsonify(_changed(signups.decline(tid, sid, actor()), sid))


@bp.post("/tournaments/<int:tid>/signups/<int:sid>/promote")
@ddt_api
def promote_signup(tid: int, sid: int):
    """Confirmed when a place is free, else first in line (the answer's `status` says which)."""
    parse_json(ApiBody)
    return jsonify(_changed(signups.promote(tid, sid, actor()), sid))


@bp.post("/tournaments/<int:tid>/signups/<int:sid>/move-down")
@ddt_api
def move_down_signup(tid: int, sid: int):
    """To the bottom of the waitlist; a confirmed one's place goes to the first in line."""
    parse_json(ApiBody)
    return jsonify(_changed(signups.move_down(tid, sid, actor()), sid))


@bp.delete("/tournaments/<int:tid>/signups/<int:sid>")
@ddt_api
def remove_signup(tid: int, sid: int):
    """The sign-up removed; its place, if it had one, goes to the first in line."""
    return jsonify(_changed(signups.remove(tid, sid, actor()), sid))


class CheckInBody(ApiBody):
    """`same_name_ok`: another person with a name already in the tournament, as a registration
    says it; `as_guest`: an expired member enters as a guest for the guest fee."""

    same_name_ok: bool = False
    as_guest: bool = False


@bp.post("/tournaments/<int:tid>/signups/<int:sid>/check-in")
@ddt_api
def check_in_signup(tid: int, sid: int):
    """Registers the sign-up's player as POST .../players does (the roster matched by name or
    added to): 201 with the player's `id`."""
    body = parse_json(CheckInBody)
    state = signups.check_in(tid, sid, actor(), same_name_ok=body.same_name_ok,
                             as_guest=body.as_guest)
    return jsonify(id=state.signups.signup(sid).player_id, **_changed(state, sid)), 201


@bp.post("/tournaments/<int:tid>/signups/no-shows")
@ddt_api
def release_no_shows(tid: int):
    """Once registration has closed: the confirmed sign-ups not checked in are released, and
    nobody is promoted in their place."""
    parse_json(ApiBody)
    before = signups.signups(tid)[0]
    state = signups.release_no_shows(tid, actor())
    released = [s.id for s in state.signups
                if s.status == "released" and before.signups.signup(s.id).status != "released"]
    return jsonify(version=state.version, released=released, headcount=headcount(state))
