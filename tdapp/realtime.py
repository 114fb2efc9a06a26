"""Live screens over Socket.IO: every committed change reaches the rooms of its tournament.

The protocol, for every client (wall displays, players' phones, the DdT console):

- emit `join` with `{"tournament": "<slug>"}` (add `"audience": "td"` from a logged-in console):
  the server answers with a `view` event holding the whole view, and from then on sends `view`
  again after every change. Every `view` is complete and carries the tournament's `version`:
  a client drops one whose version is lower than the one it shows, and takes one with the same
  version (the scheduler re-sends the view at a level end, when the derived level changes but
  nothing was written). Having missed one is harmless; after a reconnect the client joins again
  (rooms do not survive a reconnect) and so gets the full view. A change builds each view once,
  and only for a room that has someone in it: with 3,000 players a whole view costs tens of
  milliseconds, which an action (and the table console's push after it) must not wait for when
  no screen is watching. A screen that joins later gets the view built for it at its `join`.
- at a level end, when only the derived clock changed (nothing was written, the version stays),
  the server sends the smaller `clock` event instead: `{"version", "clock", "cue": "level",
  "notices"}`, where `clock` is the view's clock section and `notices` say what closed with the
  level (late registration, rebuys, add-on), each with code, params and message. A client
  treats it as a view that carries only its clock section (a `clock` whose version is newer
  than the view it shows means it missed a change: it joins again for the full view). It is a
  few hundred bytes where a whole view of a full room is tens of kilobytes, so every screen gets
  it sooner (500 whole views at once took seconds to fan out on two cores; see bench/clock.py).
  A page that shows the clock must listen to `clock` as well as `view`.
- emit `sync` with `{"t0": <client ms>}` and an acknowledgement callback: it answers
  `{"t0": <same>, "server": <server Unix ms>}`, the sample of an NTP-like offset estimate.
- a refused `join` (unknown slug, TD room without login) is answered with an `error` event
  `{"code", "message"}`.

`async_mode` is `gevent` where the server runs (`tdapp run`, gunicorn's gevent worker) and
`threading` in an app built in-process (see `async_mode()`); WebSockets by simple-websocket. When
`SOCKETIO_MESSAGE_QUEUE` (config or environment, e.g. `redis://127.0.0.1:6379/0`) is set, emits
go through it (on `SOCKETIO_CHANNEL`, default "tdapp"), so an emit from any process or the
scheduler's reaches every client.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from flask import Flask, request, session
from flask_socketio import SocketIO, join_room
from socketio import PubSubManager

from tdapp.services import bus, tournaments
from tdapp.tournament.clock.rules import clock_section
from tdapp.tournament.clock.timing import unix_ms
from tdapp.tournament.errors import DomainError, message_for, register_messages
from tdapp.tournament.registry import Notice, view
from tdapp.wallclock import utcnow

socketio = SocketIO()

register_messages({"BAD_JOIN": 'Join with {"tournament": "<slug>"} and, from the console, "audience": "td".'})


def message_queue(app: Flask) -> str | None:
    return app.config.get("SOCKETIO_MESSAGE_QUEUE") or os.environ.get("SOCKETIO_MESSAGE_QUEUE")


def channel(app: Flask) -> str:
    """The queue's channel: deployments (or test runs) sharing one Redis keep theirs apart."""
    return app.config.get("SOCKETIO_CHANNEL") or os.environ.get("SOCKETIO_CHANNEL", "tdapp")


def async_mode() -> str:
    """`gevent` in a process patched for it (`tdapp run`, gunicorn's gevent worker): a greenlet
    per WebSocket. `threading` anywhere else (an app built in-process by the tests or a script,
    the scheduler-only process): a thread per WebSocket, which is right for a handful of
    clients. Never Flask-SocketIO's own guess, which would pick eventlet if it were installed."""
    try:
        from gevent import monkey
    except ImportError:
        return "threading"
    return "gevent" if monkey.is_module_patched("socket") else "threading"


def init_app(app: Flask) -> None:
    socketio.init_app(
        app,
        async_mode=async_mode(),
        message_queue=message_queue(app),
        channel=channel(app),
        # A wall PC or a phone on the club's Wi-Fi may sleep a while: be patient before dropping.
        ping_interval=10,
        ping_timeout=20,
    )
    bus.subscribe(on_change)


def public_room(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def td_room(tournament_id: int) -> str:
    return f"tournament-{tournament_id}-td"


def _rooms(tournament_id: int) -> tuple[tuple[str, str], ...]:
    return (("public", public_room(tournament_id)), ("td", td_room(tournament_id)))


def listened(room: str) -> bool:
    """Whether an emit to `room` can reach anyone. This process's manager knows only the clients
    connected here: behind a message queue the others are elsewhere, so every room counts."""
    manager = socketio.server.manager
    if isinstance(manager, PubSubManager):
        return True
    return next(iter(manager.get_participants("/", room)), None) is not None


def screen_views(
    tournament_id: int, audiences: Iterable[str], now: datetime | None = None
) -> dict[str, dict[str, Any]]:
    """The tournament's views for screens, one per audience from one read of the state, each with
    the tournament's identity so that a page needs nothing else."""
    state = tournaments.current(tournament_id)
    found = tournaments.summary(tournament_id)
    moment = now or utcnow()
    shown: dict[str, dict[str, Any]] = {}
    for audience in audiences:
        one = view(state, moment, audience)
        one["tournament"] = {**one.get("tournament", {}), "id": found.id, "slug": found.slug}
        one["tournament"].setdefault("name", found.name)
        shown[audience] = one
    return shown


def screen_view(
    tournament_id: int, audience: str = "public", now: datetime | None = None
) -> dict[str, Any]:
    """The tournament's view for one screen (a `join`, a page's first render)."""
    return screen_views(tournament_id, (audience,), now)[audience]


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


def on_change(change: bus.Change) -> None:
    broadcast(change.tournament_id)


def _refuse(code: str, **params: Any) -> None:
    socketio.emit("error", {"code": code, "message": message_for(code, params)}, to=request.sid)


@socketio.on("join")
def join(payload: Any) -> None:
    slug = payload.get("tournament") if isinstance(payload, dict) else None
    audience = payload.get("audience", "public") if isinstance(payload, dict) else "public"
    if not isinstance(slug, str) or audience not in ("public", "td"):
        _refuse("BAD_JOIN")
        return
    try:
        tournament_id = tournaments.tournament_id_for_slug(slug)
    except DomainError as refused:
        _refuse(refused.code, **refused.params)
        return
    if audience == "td" and not isinstance(session.get("user_id"), int):
        _refuse("LOGIN_REQUIRED")
        return
    room = td_room if audience == "td" else public_room
    join_room(room(tournament_id))
    socketio.emit("view", screen_view(tournament_id, audience), to=request.sid)


@socketio.on("sync")
def sync(payload: Any) -> dict[str, Any]:
    """One NTP-like sample: the client's send time back, with the server's time now."""
    t0 = payload.get("t0") if isinstance(payload, dict) else None
    return {"t0": t0 if isinstance(t0, int | float) else None, "server": unix_ms(utcnow())}
