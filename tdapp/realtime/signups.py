"""A sign-up's own page, live (issue 30): the player who signed up follows their sign-up's
status, place in line, and once checked in their table and seat, and is told at once of a
promotion, an approval, a refusal and the seat drawn.

`join_signup` with `{"tournament": <slug>, "signup": <id>, "code": <the sign-up's code>}`: a
wrong code is refused exactly as an unknown sign-up, and counts on the phone codes' brake, as
the HTTP read does (services/signups.own_signup). The first `signup` message is the sign-up's
whole view (views.own_view, a few hundred bytes) with the player's history; after it, each
change that touches the sign-up (its status, its place in line, its seat) sends the view again
with `told`, the moments of that change for this player (signups/telling.py), so the page can
say "you have a place" rather than only show it. No other sign-up's name, contact or code is in
any of it.
"""

from __future__ import annotations

from typing import Any

from flask import request
from flask_socketio import join_room, leave_room

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.realtime.screens import refuse
from tdapp.realtime.server import listened, socketio
from tdapp.services import bus, signup_history, signups, tenancy, tournaments
from tdapp.tournament.signups.telling import moments
from tdapp.tournament.signups.view import own_view

register_messages({
    "BAD_SIGNUP_JOIN": 'Join a sign-up with {"tournament": "<slug>", "signup": <id>, '
                       '"code": "<its code>"}.',
})


def signup_room(tournament_id: int, signup_id: int) -> str:
    return f"tournament-{tournament_id}-signup-{signup_id}"


@socketio.on("join_signup")
def join_signup(payload: Any) -> None:
    fields = payload if isinstance(payload, dict) else {}
    slug, signup_id, code = fields.get("tournament"), fields.get("signup"), fields.get("code")
    if (not isinstance(slug, str) or not isinstance(signup_id, int) or isinstance(signup_id, bool)
            or not isinstance(code, str)):
        refuse("BAD_SIGNUP_JOIN")
        return
    with tenancy.in_club(tenancy.club_of_slug(slug)):
        try:
            tournament_id, _, signup = signups.own_signup(slug, signup_id, code)
        except DomainError as refused:
            refuse(refused.code, **refused.params)
            return
        # In the room before the state is read, as a screen joins (realtime/screens.py): a
        # change committed in between reaches the page as a push, not nowhere.
        room = signup_room(tournament_id, signup.id)
        join_room(room)
        try:
            state = tournaments.current(tournament_id)
        except DomainError as refused:  # gone since the sign-up was read
            leave_room(room)
            refuse(refused.code, **refused.params)
            return
        history = signup_history.as_json(signup_history.history_for_contact(signup.contact_key))
    socketio.emit("signup", {**own_view(state, signup.id), "history": history, "told": []},
                  to=request.sid)


def push_signups(change: bus.Change) -> None:
    """The bus subscriber: each sign-up page open on the tournament whose view the change
    touched gets its new view, with what its player must be told."""
    before, after = change.before, change.after
    if before is None:
        return
    told: dict[int, list[dict[str, Any]]] = {}
    for moment in moments(before, after):
        told.setdefault(moment.signup_id, []).append(
            {"kind": moment.kind, "table": moment.table, "seat": moment.seat})
    for signup in after.signups:
        room = signup_room(change.tournament_id, signup.id)
        if not listened(room):
            continue
        now = own_view(after, signup.id)
        then = own_view(before, signup.id) if before.signups.get(signup.id) else None
        if signup.id in told or then is None or _differs(then, now):
            socketio.emit("signup", {**now, "told": told.get(signup.id, [])}, to=room)


def _differs(then: dict[str, Any], now: dict[str, Any]) -> bool:
    """Whether the player's page shows something new (the log's version aside)."""
    return {k: v for k, v in then.items() if k != "version"} != \
        {k: v for k, v in now.items() if k != "version"}
