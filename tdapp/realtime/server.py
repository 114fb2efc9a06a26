"""The one Socket.IO server of the process, and how it is configured."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from flask_socketio import SocketIO
from socketio.packet import Packet

from tdapp.realtime.listeners import RoomsAcrossProcesses
from tdapp.realtime.turns import Turns

socketio = SocketIO()


class JsonPacket(Packet):
    """A Socket.IO packet that never carries bytes. The default packet walks every message it
    sends, item by item, looking for bytes to send as attachments; tdapp sends JSON only, and
    that walk of a table's hand was a quarter of the CPU of its push (bench/table_cpu.py)."""

    uses_binary_events = False


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
    queue = message_queue(app)
    socketio.init_app(
        app,
        async_mode=async_mode(),
        message_queue=queue,
        # Behind Redis (the only queue tdapp's scheduler and hosting speak), the processes tell
        # one another which rooms have listeners (listeners.py). Given every time: Flask-SocketIO
        # keeps its options from one init_app to the next, and the tests build many apps.
        client_manager=RoomsAcrossProcesses(queue, channel=channel(app)) if queue else None,
        serializer=JsonPacket,
        # A wall PC or a phone on the club's Wi-Fi may sleep a while: be patient before dropping.
        ping_interval=10,
        ping_timeout=20,
    )
    app.wsgi_app = _without_compression(app.wsgi_app)
    if async_mode() == "gevent":
        turns = Turns()
        app.before_request(turns.take)
        app.after_request(turns.end)
        app.teardown_request(turns.end)


def _without_compression(wsgi_app: Callable) -> Callable:
    """The WebSocket handshake without the client's offer of permessage-deflate, so none is
    agreed. The WebSocket library accepts it whenever offered (browsers and python-socketio's
    client always offer it) and then deflates every message once per client with a compressor
    of that connection: a level change to 500 screens cost a web process tens of milliseconds
    of CPU for it, for a message of a few hundred bytes."""

    def handshake_without_compression(environ: dict, start_response: Callable) -> Any:
        environ.pop("HTTP_SEC_WEBSOCKET_EXTENSIONS", None)
        return wsgi_app(environ, start_response)

    return handshake_without_compression


def listened(room: str) -> bool:
    """Whether an emit to `room` can reach anyone."""
    return bool(listened_among((room,)))


def listened_among(rooms: Iterable[str]) -> set[str]:
    """The rooms among `rooms` that an emit can reach anyone in: behind Redis, in any process
    (listeners.py); alone, in this one."""
    manager = socketio.server.manager
    if isinstance(manager, RoomsAcrossProcesses):
        return manager.listened(rooms)
    return {room for room in rooms
            if next(iter(manager.get_participants("/", room)), None) is not None}
