"""In-process publish/subscribe of committed tournament changes.

The services publish one `Change` after each commit; adapters (Socket.IO emits, the scheduler)
subscribe. A subscriber that fails is logged and does not stop the others or the action that was
already committed.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Change:
    """A committed change: which tournament, its new version, and the event concerned. `action`
    says what happened to it: "applied", or "undone"/"redone" by the DdT's undo and redo."""

    tournament_id: int
    version: int
    event: str
    action: str = "applied"


Subscriber = Callable[[Change], None]

_subscribers: list[Subscriber] = []
_lock = threading.Lock()


def subscribe(callback: Subscriber) -> Callable[[], None]:
    """Calls `callback(change)` after every commit; returns a function that unsubscribes."""
    with _lock:
        _subscribers.append(callback)

    def unsubscribe() -> None:
        with _lock:
            if callback in _subscribers:
                _subscribers.remove(callback)

    return unsubscribe


def publish(change: Change) -> None:
    with _lock:
        callbacks = list(_subscribers)
    for callback in callbacks:
        try:
            callback(change)
        except Exception:
            log.exception("subscriber %r failed on %r", callback, change)


def unsubscribe_all() -> None:
    """Forget every subscriber: a test's app must not hear the next test's changes."""
    with _lock:
        _subscribers.clear()
