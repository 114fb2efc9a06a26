"""The screens' rooms: wall displays and phones (public), the DdT's console (td)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from flask import request, session
from flask_socketio import join_room

from tdapp.i18n import translate
from tdapp.realtime.server import listened, socketio
from tdapp.realtime.views import screen_view, screen_views
from tdapp.services import bus, tournaments
from tdapp.tournament.clock.rules import clock_section
from tdapp.tournament.clock.timing import unix_ms
from tdapp.tournament.errors import DomainError, message_for, register_messages
from tdapp.tournament.registry import Notice
from tdapp.wallclock import utcnow

register_messages({"BAD_JOIN": 'Join with {"tournament": "<slug>"} and, from the console, "audience": "td".'})


def public_room(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def td_room(tournament_id: int) -> str:
    return f"tournament-{tournament_id}-td"


def _rooms(tournament_id: int) -> tuple[tuple[str, str], ...]:
    return (("public", public_room(tournament_id)), ("td", td_room(tournament_id)))


def broadcast(tournament_id: int) -> None:
    """Send the current views to the tournament's rooms that someone is in: public to displays
    and phones, full to the DdT. Safe from any thread (request handlers, bus subscribers,
    scheduler jobs)."""
    rooms = {audience: room for audience, room in _rooms(tournament_id) if listened(room)}
    if not rooms:
        return
    for audience, shown in screen_views(tournament_id, rooms).items():
        socketio.emit("view", shown, to=rooms[audience])


def announce_period(tournament_id: int, now: datetime, notices: Iterable[Notice] = ()) -> None:
    """A period ended: the clock section alone, with the level-change cue, to every screen."""
    state = tournaments.current(tournament_id)
    message = {
        "version": state.version,
        "clock": clock_section(state, now, "public"),
        "cue": "level",
        "notices": [
            {"code": n.code, "params": n.params, "message": message_for(n.code, n.params)}
            for n in notices
        ],
    }
    for _, room in _rooms(tournament_id):
        if listened(room):
            socketio.emit("clock", message, to=room)


def push_views(change: bus.Change) -> None:
    """The bus subscriber: every committed change of a tournament redraws its screens."""
    broadcast(change.tournament_id)


def refuse(code: str, **params: Any) -> None:
    """A refused join, answered to the one client that asked, in its page's language."""
    socketio.emit("error", {"code": code, "message": translate(code, params)}, to=request.sid)


@socketio.on("join")
def join(payload: Any) -> None:
    slug = payload.get("tournament") if isinstance(payload, dict) else None
    audience = payload.get("audience", "public") if isinstance(payload, dict) else "public"
    if not isinstance(slug, str) or audience not in ("public", "td"):
        refuse("BAD_JOIN")
        return
    try:
        tournament_id = tournaments.tournament_id_for_slug(slug)
    except DomainError as refused:
        refuse(refused.code, **refused.params)
        return
    if audience == "td" and not isinstance(session.get("user_id"), int):
        refuse("LOGIN_REQUIRED")
        return
    room = td_room if audience == "td" else public_room
    join_room(room(tournament_id))
    socketio.emit("view", screen_view(tournament_id, audience), to=request.sid)


@socketio.on("sync")
def sync(payload: Any) -> dict[str, Any]:
    """One NTP-like sample: the client's send time back, with the server's time now."""
    t0 = payload.get("t0") if isinstance(payload, dict) else None
    return {"t0": t0 if isinstance(t0, int | float) else None, "server": unix_ms(utcnow())}
