"""Under gevent, the changes to one subject (a tournament, a draw table, a league) take turns,
and a turn ends only once the pushes it emitted are on their way.

An emit only queues the message for each socket's writer greenlet, which runs when the hub gets
to it; and the hub runs greenlets in the order they became ready. Thirty tables acting in the
same instant (after a break) are thirty requests ready together: each one's writers became ready
after all the others, so every push of the burst waited for the whole burst (bench/tables.py
--together). A change that must wait for its turn waits in the subject's queue, and the queue
hands over with a callback queued after the writers of the change before it: its pushes go out
first, and the k-th table's push waits for the changes before it, not for every one. Reads (GET)
take no turn, and two subjects never wait for each other, so one club's busy night does not hold
up another club's requests in the same process.

A move in a hand in play (a view marked `hand_in_play`: a player's action, a showdown) goes
before the changes waiting that are not: after a break every table's first action came after
every other table's hand start, so a player saw his action pushed only once the whole room was
dealt (docs/realtime.md, the thirteenth pass). A table's own hand start still comes first: its
first action follows it. No change is passed over for longer than `PASSED_OVER_SECONDS`, so a
DdT's change still lands while every table plays as fast as the server answers.

Every request first gives way once, so that the pushes already emitted go out before it computes
(a page of a 3,000-player field would otherwise hold a room of 1,000 phones for tens of
milliseconds, bench/phones.py). With threads (an app built in-process) none of this is needed:
an emit has reached its sockets when it returns.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import current_app, g, request

# What a change is keyed by in a URL: the tournament (by id or slug), the draw table, the league.
_SUBJECTS = ("tid", "slug", "table_id", "league_id")

PASSED_OVER_SECONDS = 1.0
"""How long a waiting change may be passed over by moves in a hand in play."""

READ_WAIT_SECONDS = 0.005
"""How long a turn may wait for the hub to read what arrived before it goes to a change not in
play (gevent's own interval between two reads of the sockets)."""

View = TypeVar("View", bound=Callable[..., Any])


def hand_in_play(view: View) -> View:
    """Marks a view that moves a hand already dealt: its turn comes before the waiting changes
    that do not (a hand start, a DdT's change)."""
    view.hand_in_play = True  # type: ignore[attr-defined]
    return view


@dataclass
class _Waiting:
    in_play: bool
    since: float
    woken: Any  # a gevent Event, set when the turn is handed over


class TurnQueue:
    """One subject's turn: who holds it, and who waits for it (first come, first served, a hand
    in play before the rest). The turn passes from hand to hand: the next waiter, already the
    holder, is woken through the hub's callbacks, after the writers already woken.

    The hub runs its callbacks for about five milliseconds before it reads its sockets again, so
    a turn handed over at once would go to the hand starts that had queued while requests that
    arrived meanwhile were still unread: a move in play among them could not go first. When only
    changes not in play wait, the turn is therefore handed over once the hub has read what
    arrived (it is idle), or after `READ_WAIT_SECONDS` if it never is."""

    def __init__(self) -> None:
        from gevent.event import Event

        self._event = Event
        self._held = False
        self._waiting: list[_Waiting] = []

    @property
    def idle(self) -> bool:
        return not self._held and not self._waiting

    def acquire(self, in_play: bool) -> None:
        if self.idle:
            self._held = True
            return
        waiting = _Waiting(in_play, time.monotonic(), self._event())
        self._waiting.append(waiting)
        try:
            waiting.woken.wait()
        except BaseException:
            # Killed or timed out while waiting: out of the queue, or the turn handed over.
            if waiting.woken.is_set():
                self.release()
            else:
                self._waiting.remove(waiting)
            raise

    def release(self) -> None:
        if any(waiting.in_play for waiting in self._waiting):
            self._hand_over()
        elif self._waiting:
            import gevent

            gevent.spawn(self._hand_over_once_read)
        else:
            self._held = False

    def _hand_over_once_read(self) -> None:
        import gevent

        with gevent.Timeout(READ_WAIT_SECONDS, False):
            gevent.idle()
        self._hand_over()

    def _hand_over(self) -> None:
        if not self._waiting:  # the waiters left meanwhile (killed, timed out)
            self._held = False
            return
        chosen = self._next()
        self._waiting.remove(chosen)
        chosen.woken.set()

    def _next(self) -> _Waiting:
        oldest = self._waiting[0]
        if oldest.in_play or time.monotonic() - oldest.since >= PASSED_OVER_SECONDS:
            return oldest
        return next((waiting for waiting in self._waiting if waiting.in_play), oldest)


class Turns:
    """The turns of the process's subjects, taken before a write's view and ended after it."""

    def __init__(self) -> None:
        self._queues: dict[tuple[str, object], TurnQueue] = {}

    def take(self) -> None:
        import gevent

        subject = _subject()
        if subject is not None:
            # The body is read before the turn is taken: a tablet whose Wi-Fi drops after the
            # headers would otherwise hold every table of the tournament until its socket died.
            request.get_data(cache=True)
            queue = self._queues.get(subject)
            if queue is None:
                queue = self._queues[subject] = TurnQueue()
            queue.acquire(_in_play())
            g.turn = subject, queue
        # Gives way once, holding the turn: the changes that came with it queue for it.
        gevent.sleep(0)

    def end(self, answer: Any = None) -> Any:
        """After the answer is made, and again at teardown for a request that failed before it:
        ends the turn once. The answer is then written and sent outside the turn, so a slow
        phone reading it holds nobody up."""
        subject, queue = g.pop("turn", (None, None))
        if queue is not None:
            queue.release()
            if queue.idle:  # nobody waits: the subject's queue is made again when needed
                del self._queues[subject]
        return answer


def _subject() -> tuple[str, object] | None:
    if request.method in ("GET", "HEAD", "OPTIONS") or not request.view_args:
        return None
    for name in _SUBJECTS:
        if name in request.view_args:
            return name, request.view_args[name]
    return None


def _in_play() -> bool:
    view = current_app.view_functions.get(request.endpoint or "")
    return bool(getattr(view, "hand_in_play", False))
