"""A screen (wall display, phone, the DdT's console) against a real server, as the tests see
one: python-socketio's asyncio client on an event loop of its own thread, with the protocol's
client side (tdapp/realtime/protocol.py `Follower`). One thread does it all: messages are
handled one after the other in the order they came (the threaded client starts a thread per
message, which may run out of order), and a TLS connection is read and written from that one
thread. The threaded client reads in one thread while another writes, which OpenSSL does not
allow: behind the hosted topology's nginx, one connection in a few hundred broke as its first
message was sent (no join answered, or no namespace connected: issue 31)."""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import aiohttp
import socketio

from tdapp.realtime.protocol import Follower


class Screen:
    """Joins a tournament (`joining` adds to the join's payload: a phone's player, an audience)
    and puts in `views` every view it holds: the complete one of each join and each one rebuilt
    from a `delta`, joining again by itself when it misses one. `messages` keeps what came, in
    order; `joins` counts the joins. `drop(n)` makes it lose the next n deltas, as a phone on a
    weak network does."""

    def __init__(self, url: str, slug: str, headers: dict[str, str] | None = None,
                 transport: str = "websocket", **joining: Any) -> None:
        self.url, self.slug, self.joining, self.headers = url, slug, joining, headers or {}
        self.transport = transport
        self.views: queue.Queue[dict[str, Any]] = queue.Queue()
        self.follower = Follower(joining.get("player"))
        self.messages: list[tuple[str, dict[str, Any]]] = []
        self.joins = 0
        self.dropping = 0
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        # Every request carries the headers, not the handshake alone: behind the hosted
        # topology's nginx they choose the process, and each long-polling request must reach it.
        sent = {name: value for name, value in self.headers.items() if name.lower() != "cookie"}
        self.client = socketio.AsyncClient(
            reconnection=False, ssl_verify=False,
            http_session=lambda: aiohttp.ClientSession(headers=sent))
        for kind in ("view", "delta", "clock", "error"):
            self.client.on(kind, self._handler(kind))
        self.connect()

    def _handler(self, kind: str) -> Callable[[dict[str, Any]], Any]:
        async def heard(message: dict[str, Any]) -> None:
            self.heard(kind, message)
        return heard

    def heard(self, kind: str, message: dict[str, Any]) -> None:
        if kind == "delta" and self.dropping:
            self.dropping -= 1
            return
        self.messages.append((kind, message))
        if kind == "error":
            self.views.put({"error": message})
            return
        missed = getattr(self.follower, f"on_{kind}")(message)
        if kind == "clock":  # the level end is news even when it shows a change was missed
            self.views.put({**(self.follower.view or {}), "event": "clock", **message})
        elif not missed and self.follower.view is not None and not self.follower.joining:
            self.views.put(self.follower.view)
        if missed:
            self._emit_join()

    def _run(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=30)

    def _emit_join(self) -> None:
        self.joins += 1
        self.loop.create_task(self.client.emit("join", {"tournament": self.slug, **self.joining}))

    def connect(self) -> None:
        # A copy: the client takes the cookie out of the dict it is given.
        self._run(self.client.connect(self.url, headers=dict(self.headers),
                                      transports=[self.transport], wait_timeout=10))
        self.follower.rejoin()
        self.loop.call_soon_threadsafe(self._emit_join)

    def call(self, event: str, payload: Any, timeout: float = 5) -> Any:
        """An event with an acknowledgement, and the answer."""
        return self._run(self.client.call(event, payload, timeout=timeout))

    def drop(self, count: int) -> None:
        self.dropping = count

    def wait_for(self, wanted: Callable[[dict], bool], timeout: float = 10) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("the expected view never came")
            try:
                shown = self.views.get(timeout=left)
            except queue.Empty:
                continue
            if wanted(shown):
                return shown

    def wait_version(self, version: int, timeout: float = 10) -> dict[str, Any]:
        """The view once it holds `version` or newer (at once if it already does)."""
        held = self.follower.view
        if held is not None and not self.follower.joining and held["version"] >= version:
            return held
        return self.wait_for(lambda v: v.get("version", -1) >= version, timeout)

    @property
    def connected(self) -> bool:
        return self.client.connected

    def close(self) -> None:
        """Disconnects; `connect` may follow (a screen back from a network cut)."""
        if self.client.connected:
            self._run(self.client.disconnect())
