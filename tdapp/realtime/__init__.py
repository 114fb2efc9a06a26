"""Every Socket.IO emit of the app: each committed change reaches the rooms that follow it.

The services publish committed changes on the bus (tdapp/services/bus.py); the subscribers here
turn them into pushes (`tdapp.bootstrap` wires them, in order). No other module emits. Files:
`server` (the Socket.IO server and its set-up), `views` (the tournament's views, built once for
screens, pages and the API), `protocol` (the screens' deltas, pure), `screens`,
`table_consoles`, `draw_consoles`, `league_nights` (one per audience).

Screens: protocol 2 (`protocol.py`) for wall displays, players' phones and the DdT console.
A message's size is the size of what changed, not of the field (docs/realtime.md):

- emit `join` with `{"tournament": "<slug>"}` from a wall display, with `{"tournament",
  "player": <id>}` from a phone that follows one player, with `{"tournament", "audience":
  "phone"}` from the phones' list of players (it follows nobody), with `{"tournament",
  "audience": "td"}` from a logged-in console. The first answer is a `view` event holding the
  audience's complete view with its `version` (and `"protocol": 2`): for a display the public
  view without the field's rows (`players`, `tables`: its seating comes a page at a time over
  HTTP, `GET /t/<slug>/seating`, with an ETag), the DdT's whole view for the console, and for a phone the tournament, clock and counts
  (`ledger`) with its player's row (`player`) and last move (`move`). The names a phone searches
  come over HTTP (`GET /t/<slug>/names`, with an ETag), never in a push.
- after every change, a `delta` event `{"protocol": 2, "version", "base", "ops"}`: what changed
  between the view at version `base` and the view at `version` (protocol.py says how to apply
  it). A client applies it only when `base` is the version it holds; it drops one whose version
  is not newer than its own, and on any other (a missed message, or a `base` of null when the
  server has nothing to compare with) it joins again and so gets the complete view. Phones get
  two kinds: in the room of all phones, the clock and counts with `"players": [ids]`, the
  players whose own part changed; and just before it, in the room of each of those players,
  `{"protocol", "version", "base", "player": <id>, "ops"}`, that player's own change. A phone
  whose player is named without having had its own change joins again.
- a display's delta also carries `"tables": [numbers]`, the tables whose seating changed: a
  display showing one of them asks for its page again.
- the change is computed once, by the process that made it: it holds the state before and
  after (the bus's `Change.before`) and the view it last sent; behind a message queue its
  emits reach the clients of every process. A view is built only for a room that has someone
  in it (with 3,000 players a whole view costs tens of milliseconds).
- at a level end, when only the derived clock changed (nothing was written, the version stays),
  the server sends the smaller `clock` event instead: `{"version", "clock", "cue": "level",
  "notices"}`, where `clock` is the view's clock section and `notices` say what closed with the
  level (late registration, rebuys, add-on), each with code, params and message. A client
  replaces its clock section with it (a `clock` whose version is newer than the view it shows
  means it missed a change: it joins again). A page that shows the clock listens to `clock`.
- every clock section announces the next period: `following` (the section as it will read
  then) from `ends_at`, at the view's version. Screens turn to it at that instant by their
  offset-corrected clock (protocol.py `clock_at`); a pause, an adjustment or an undo is a newer
  version whose clock section replaces the announcement before it is due.
- emit `sync` with `{"t0": <client ms>}` and an acknowledgement callback: it answers
  `{"t0": <same>, "server": <server Unix ms>}`, the sample of an NTP-like offset estimate.
- a refused `join` (unknown slug or player, TD room without login) is answered with an `error`
  event `{"code", "message"}`.

Table consoles (`/table/<token>`, the dealer of one hold'em table):

- emit `join_table` with `{"tournament": "<slug>", "table": n}`; the acknowledgement is
  `{"joined": true|false}`. A joined console gets a `hand` event at once (when the table
  exists) and after every change of that table's hand: `{"version", "hand", "seats"}`, the hand
  as the console draws it (None before the first hand) and who sits there now, as the table's
  API answers. A change that leaves the table's hand as it was sends it nothing. A malformed
  join, an unknown slug get an `error` event `{"code", "message"}`; so does a browser whose
  session opened the console with a PIN the DdT has since renewed (`CONSOLE_ACCESS_RENEWED`).
- when the DdT renews a table's link and PIN (or undoes a renewal), every table room of that
  tournament gets `access_renewed` `{"table"}` (the room's own table: the change does not say
  which table was renewed) and is closed: the console joins again, and only a session opened
  with the current access is let back in.

Draw consoles (`/draw/<token>`, the dealer of a table of the club's Italian games):

- emit `join_draw_table` with `{"token": "<the link's token>"}`; the acknowledgement is
  `{"joined": true|false}` (false for a renewed or unknown link, or a session opened with a
  PIN since renewed). When the DdT renews the link and PIN, the room gets `access_renewed`
  `{"table_id"}` and is closed. After every committed change
  of that table (an action, an undo, from any of its consoles) a joined console gets
  `draw_table`: the table as its API answers it, with its `version`.

League night screens (`/leagues/<id>/nights/<day>/live`, public):

- emit `join_league_night` with `{"league_id": n, "day": d}`; the acknowledgement is
  `{"joined": true|false}` (false for a night never opened). After every committed change of
  one of the night's draw tables (an action, an undo, a round of telesina) and of the night's
  own record (a mark, the result confirmed) the room gets `league_night` `{"league_id", "day"}`
  and each screen fetches its page again (league_nights.py says why not a pushed view).

`async_mode` is `gevent` where the server runs (`tdapp run`, gunicorn's gevent worker) and
`threading` in an app built in-process (see `async_mode()`); WebSockets by simple-websocket. When
`SOCKETIO_MESSAGE_QUEUE` (config or environment, e.g. `redis://127.0.0.1:6379/0`) is set, emits
go through it (on `SOCKETIO_CHANNEL`, default "tdapp"), so an emit from any process or the
scheduler's reaches every client.
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
    td_change,
)
from tdapp.realtime.server import channel, message_queue, socketio
from tdapp.realtime.table_consoles import end_renewed_table_consoles, push_hands, table_message
from tdapp.realtime.views import display_view, screen_view, seating_rows


def init_app(app: Flask) -> None:
    """The Socket.IO server for `app`, with no view remembered from an app before it."""
    server.init_app(app)
    forget_shown()


__all__ = [
    "announce_period",
    "channel",
    "console_answer",
    "display_view",
    "draw_table_view",
    "end_renewed_draw_consoles",
    "end_renewed_table_consoles",
    "held_view",
    "init_app",
    "message_queue",
    "push_hands",
    "push_draw_table",
    "push_league_night",
    "push_views",
    "screen_view",
    "seating_rows",
    "socketio",
    "table_message",
    "td_change",
]
