"""Which rooms have a listener in some web process, when several share one Redis.

A process builds a room's messages only when someone can hear them (`server.listened`). Alone,
it knows its own clients. Behind Redis it knew nobody else's and built every room's messages at
every change: the DdT's console with its newest log lines read back, the wall and the phones,
for tournaments that no screen followed. A table's action spent three quarters of its time
there (docs/realtime.md). So each process tells the others in Redis which rooms it holds.

One sorted set a room, `<channel>:listeners:<room>`: its members are the processes that hold a
client in the room, each scored with the instant (Unix ms) its word runs out. A process adds
itself when its first client enters (before the join is answered), removes itself when its last
leaves, and renews its rooms every `RENEW_SECONDS`. A process that died stops renewing, so its
rooms run out after `EXPIRES_SECONDS` and a room is never thought listened for ever. Every doubt
answers yes: with Redis unreachable every room counts. A room wrongly thought empty is a screen
that stops following, one wrongly thought listened only costs a build. Redis losing its keys (a
restart) is mended by the next renewal; meanwhile a screen that missed a change finds the gap at
the next one (docs/realtime.md, the versions) and joins again, as does one whose join read the
view just before a change pushed before it entered the room.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable

from socketio import RedisManager

log = logging.getLogger(__name__)

NAMESPACE = "/"
RENEW_SECONDS = 10.0
EXPIRES_SECONDS = 45.0


def _now_ms() -> int:
    return int(time.time() * 1000)


class RoomsAcrossProcesses(RedisManager):
    """python-socketio's Redis manager that also keeps, in Redis, which of its rooms hold a
    client; `listened` answers for every process sharing the channel."""

    def __init__(self, url: str, channel: str, **options) -> None:
        super().__init__(url, channel=channel, **options)
        self._registry = None
        self._renewing = False

    def _client(self):
        if self._registry is None:
            self._registry = self._get_redis_module().Redis.from_url(
                self.redis_url, socket_timeout=2, socket_connect_timeout=2)
        return self._registry

    def _key(self, room: str) -> str:
        return f"{self.channel}:listeners:{room}"

    def _counted(self, sid: str, namespace: str, room: object) -> bool:
        """A room of tdapp's own: not the room every client is in (None) nor a client's own."""
        return namespace == NAMESPACE and isinstance(room, str) and room != sid

    def _holds(self, room: str) -> bool:
        return room in self.rooms.get(NAMESPACE, {})

    def basic_enter_room(self, sid, namespace, room, eio_sid=None) -> None:
        first = self._counted(sid, namespace, room) and not self._holds(room)
        super().basic_enter_room(sid, namespace, room, eio_sid=eio_sid)
        if first:
            self._announce([room])
            self._renew_from_now_on()

    def basic_leave_room(self, sid, namespace, room) -> None:
        counted = self._counted(sid, namespace, room)
        super().basic_leave_room(sid, namespace, room)
        if counted and not self._holds(room):
            self._withdraw(room)

    def held_rooms(self) -> list[str]:
        """The rooms of tdapp's own this process holds a client in."""
        held = self.rooms.get(NAMESPACE, {})
        clients = held.get(None, {})
        return [room for room in list(held) if isinstance(room, str) and room not in clients]

    def listened(self, rooms: Iterable[str]) -> set[str]:
        """The rooms among `rooms` that some process holds a client in (every one of them when
        Redis cannot say)."""
        asked = list(dict.fromkeys(rooms))
        here = {room for room in asked if self._holds(room)}
        elsewhere = [room for room in asked if room not in here]
        if not elsewhere:
            return here
        now = _now_ms()
        try:
            pipeline = self._client().pipeline(transaction=False)
            for room in elsewhere:
                pipeline.zcount(self._key(room), now, "+inf")
            counts = pipeline.execute()
        except Exception as failure:  # noqa: BLE001 - any failure: build rather than go silent
            log.warning("Redis cannot say who listens (%s): every room counts", failure)
            return set(asked)
        return here | {room for room, count in zip(elsewhere, counts, strict=True) if count}

    def _announce(self, rooms: list[str]) -> None:
        now = _now_ms()
        expires = now + int(EXPIRES_SECONDS * 1000)
        try:
            pipeline = self._client().pipeline(transaction=False)
            for room in rooms:
                key = self._key(room)
                pipeline.zadd(key, {self.host_id: expires})
                pipeline.zremrangebyscore(key, "-inf", now)
                pipeline.pexpire(key, int(EXPIRES_SECONDS * 1000))
            pipeline.execute()
        except Exception as failure:  # noqa: BLE001 - the next renewal tells them again
            log.warning("could not tell Redis of %d listened rooms (%s)", len(rooms), failure)

    def _withdraw(self, room: str) -> None:
        try:
            self._client().zrem(self._key(room), self.host_id)
        except Exception as failure:  # noqa: BLE001 - the room runs out by itself
            log.warning("could not tell Redis that room %s has no listener here (%s)", room,
                        failure)

    def _renew_from_now_on(self) -> None:
        if self._renewing or self.server is None:
            return
        self._renewing = True
        self.server.start_background_task(self._renew)

    def _renew(self) -> None:
        """Renews this process's rooms while it holds any. The flag drops before the last look:
        a client entering meanwhile adds its room before it reads the flag, so either that
        look sees the room or the client starts the renewal again."""
        while True:
            self.server.sleep(RENEW_SECONDS)
            rooms = self.held_rooms()
            if not rooms:
                self._renewing = False
                rooms = self.held_rooms()
                if not rooms:
                    return
                self._renewing = True
            self._announce(rooms)
