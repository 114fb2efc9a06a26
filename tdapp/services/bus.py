"""In-process publish/subscribe of committed changes.

The services publish one change after each commit: a `Change` of a tournament, a
`DrawTableChange` of a draw table, a `LeagueNightChange` of what a league night records itself. Adapters (Socket.IO emits, the scheduler) subscribe to the
kind they follow; `tdapp.bootstrap` wires them, in order, at start-up. A subscriber that fails is
logged and does not stop the others or the action that was already committed.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Change:
    """A committed change: which tournament, its new version, and the event concerned. `action`
    says what happened to it: "applied", or "undone"/"redone" by the DdT's undo and redo.

    It carries what its subscribers need, computed once by the service that made it, so that
    none of them reads the tournament back: `after`, the state it produced (immutable, the one
    the action returns); `slug`, the tournament's address; `can_undo` and `can_redo`, whether
    the DdT's undo and redo have something to act on after it. `before` is the state just
    before it, when the process that made the change had it (None for a creation or an
    import): the screens' pushes send what changed between the two, and only the process that
    made the change holds both. `newest_lines(n)` gives the log's `n` newest lines after it
    (journal.Entry, newest first), read once when first asked and only then: the DdT's consoles
    show them, and a change that no console follows costs no read."""

    tournament_id: int
    version: int
    event: str
    after: Any = field(compare=False, repr=False)
    slug: str
    can_undo: bool
    can_redo: bool
    action: str = "applied"
    before: Any = field(default=None, compare=False, repr=False)
    newest_lines: Callable[[int], Sequence[Any]] = field(kw_only=True, compare=False, repr=False)


@dataclass(frozen=True)
class DrawTableChange:
    """A committed change of a draw table: its new version and the event concerned ("undone"
    when the console took it back)."""

    table_id: int
    version: int
    event: str
    action: str = "applied"


@dataclass(frozen=True)
class LeagueNightChange:
    """A committed change of a league night's own record (a mark of its screen, its result
    confirmed); its tables' changes come as `DrawTableChange`."""

    league_id: int
    day: int
    what: str


AnyChange = Change | DrawTableChange | LeagueNightChange
Subscriber = Callable[[Any], None]

_subscribers: list[tuple[type, Subscriber]] = []
_lock = threading.Lock()


def subscribe(callback: Subscriber, kind: type = Change) -> Callable[[], None]:
    """Calls `callback(change)` after every commit of a change of `kind` (a tournament's by
    default); returns a function that unsubscribes."""
    entry = (kind, callback)
    with _lock:
        _subscribers.append(entry)

    def unsubscribe() -> None:
        with _lock:
            if entry in _subscribers:
                _subscribers.remove(entry)

    return unsubscribe


def publish(change: AnyChange) -> None:
    with _lock:
        callbacks = [callback for kind, callback in _subscribers if isinstance(change, kind)]
    for callback in callbacks:
        try:
            callback(change)
        except Exception:
            log.exception("subscriber %r failed on %r", callback, change)


def unsubscribe_all() -> None:
    """Forget every subscriber: a test's app must not hear the next test's changes."""
    with _lock:
        _subscribers.clear()
