"""Start-up wiring: the adapters that follow committed changes, subscribed in ONE place.

The services publish each committed change on the bus (tdapp/services/bus.py), which calls its
subscribers one after the other, in the order they subscribed, in the thread that committed. So
the order is a decision, stated here rather than left to which module happens to be imported
first:

0. the end of the console sockets whose link and PIN the DdT renewed (hold'em and draw): no
   push may reach a console that lost its right to the table;
1. the table consoles' `hand` push: a dealer's tap must come back to the table at once, before
   the work of redrawing 500 wall displays and phones;
2. the draw consoles' `draw_table` push, for the same reason (it follows another kind of change,
   so it never waits for the others);
3. the league night screens' `league_night` message, after the consoles of its tables (a
   screen refetches its page: it may wait);
4. the screens' `view` broadcast (displays, phones, the DdT's console);
5. the sign-up pages' `signup` message: a few players' pages, after the room's screens;
6. the scheduler's re-planning of the clock and decision jobs (or, in a process that does not
   own the scheduler, telling the owner through Redis): nobody watches it happen;
7. the players' mail, written and put in the outbox (where a mail server is set): a letter
   goes out seconds later anyway, and writing it must not delay a screen or a page.

No module subscribes itself, at import or in its own `init_app`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask

from tdapp import mail, realtime, scheduler
from tdapp.services import bus

# (subscriber, kind of change it follows), in the order stated above.
SUBSCRIBERS: tuple[tuple[Callable[[Any], None], type], ...] = (
    (realtime.end_renewed_table_consoles, bus.Change),
    (realtime.end_renewed_draw_consoles, bus.DrawTableChange),
    (realtime.push_hands, bus.Change),
    (realtime.push_draw_table, bus.DrawTableChange),
    (realtime.push_league_night, bus.DrawTableChange),
    (realtime.push_league_night, bus.LeagueNightChange),
    (realtime.push_views, bus.Change),
    (realtime.push_signups, bus.Change),
    (scheduler.follow, bus.Change),
    (mail.tell, bus.Change),
)


def wire(app: Flask) -> None:
    """Start the Socket.IO server, subscribe the adapters in order, then start the scheduler
    (which, owning it, rebuilds every job from the database and sends the mail)."""
    realtime.init_app(app)
    mail.init_app(app)
    subscribe()
    scheduler.init_app(app)


def subscribe() -> None:
    """Subscribe the adapters to the bus, in the order stated above."""
    for subscriber, kind in SUBSCRIBERS:
        bus.subscribe(subscriber, kind)
