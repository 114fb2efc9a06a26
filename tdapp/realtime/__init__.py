"""Every Socket.IO emit of the app: each committed change reaches the rooms that follow it.

The services publish committed changes on the bus (tdapp/services/bus.py); the subscribers here
turn them into pushes (`tdapp.bootstrap` wires them, in order). No other module emits. Files:
`server` (the Socket.IO server and its set-up), `turns` (the order in which the changes to one
subject are served), `views` (the tournament's views, built once for screens, pages and the
API), `protocol` (the screens' deltas, pure), `screens`, `table_consoles`, `draw_consoles`,
`league_nights`, `signups` (a player's own sign-up page) (one per audience). What each audience
emits and receives is docs/realtime.md.
"""

from __future__ import annotations

from flask import Flask

from tdapp.realtime import server

# Importing the audiences' modules registers their Socket.IO handlers on `socketio`.
from tdapp.realtime.draw_consoles import (
    draw_table_view,
    end_renewed_draw_consoles,
    push_draw_table,
)
from tdapp.realtime.league_nights import push_league_night
from tdapp.realtime.screens import (
    announce_period,
    console_answer,
    forget_shown,
    held_view,
    push_views,
    screen_view,
    td_answer,
)
from tdapp.realtime.server import channel, message_queue, socketio
from tdapp.realtime.signups import push_signups
from tdapp.realtime.table_consoles import (
    end_renewed_table_consoles,
    forget_pushed,
    push_hands,
    table_answer,
    table_message,
)
from tdapp.realtime.turns import hand_in_play
from tdapp.realtime.views import display_view, seating_rows


def init_app(app: Flask) -> None:
    """The Socket.IO server for `app`, with nothing remembered from an app before it."""
    server.init_app(app)
    forget()


def forget() -> None:
    """Forget the views sent to screens and the hands sent to consoles: the next push of each
    starts from nothing, as in a new process."""
    forget_shown()
    forget_pushed()


__all__ = [
    "announce_period",
    "channel",
    "console_answer",
    "display_view",
    "draw_table_view",
    "end_renewed_draw_consoles",
    "end_renewed_table_consoles",
    "forget",
    "hand_in_play",
    "held_view",
    "init_app",
    "message_queue",
    "push_hands",
    "push_draw_table",
    "push_league_night",
    "push_signups",
    "push_views",
    "screen_view",
    "seating_rows",
    "socketio",
    "table_answer",
    "table_message",
    "td_answer",
]
