"""Every Socket.IO emit of the app: each committed change reaches the rooms that follow it.

The services publish committed changes on the bus (tdapp/services/bus.py); the subscribers here
turn them into pushes (`tdapp.bootstrap` wires them, in order). No other module emits. Files:
`server` (the Socket.IO server and its set-up), `views` (the tournament's views, built once for
screens, pages and the API), `screens`, `table_consoles`, `draw_consoles` (one per audience).

Screens: the protocol for wall displays, players' phones and the DdT console:

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

Table consoles (`/table/<token>`, the dealer of one hold'em table):

- emit `join_table` with `{"tournament": "<slug>", "table": n}`; the acknowledgement is
  `{"joined": true|false}`. A joined console gets a `hand` event at once (when the table
  exists) and after every change of that table's hand: `{"version", "hand", "seats"}`, the hand
  as the console draws it (None before the first hand) and who sits there now, as the table's
  API answers. A change that leaves the table's hand as it was sends it nothing. A malformed
  join, an unknown slug get an `error` event `{"code", "message"}`.

Draw consoles (`/draw/<token>`, the dealer of a table of the club's Italian games):

- emit `join_draw_table` with `{"token": "<the link's token>"}`; the acknowledgement is
  `{"joined": true|false}` (false for a renewed or unknown link). After every committed change
  of that table (an action, an undo, from any of its consoles) a joined console gets
  `draw_table`: the table as its API answers it, with its `version`.

`async_mode` is `gevent` where the server runs (`tdapp run`, gunicorn's gevent worker) and
`threading` in an app built in-process (see `async_mode()`); WebSockets by simple-websocket. When
`SOCKETIO_MESSAGE_QUEUE` (config or environment, e.g. `redis://127.0.0.1:6379/0`) is set, emits
go through it (on `SOCKETIO_CHANNEL`, default "tdapp"), so an emit from any process or the
scheduler's reaches every client.
"""

from __future__ import annotations

# Importing the audiences' modules registers their Socket.IO handlers on `socketio`.
from tdapp.realtime.draw_consoles import draw_table_view, push_draw_table
from tdapp.realtime.screens import announce_period, push_views
from tdapp.realtime.server import channel, init_app, message_queue, socketio
from tdapp.realtime.table_consoles import push_hands, table_message
from tdapp.realtime.views import screen_view, td_view

__all__ = [
    "announce_period",
    "channel",
    "draw_table_view",
    "init_app",
    "message_queue",
    "push_hands",
    "push_draw_table",
    "push_views",
    "screen_view",
    "socketio",
    "table_message",
    "td_view",
]
