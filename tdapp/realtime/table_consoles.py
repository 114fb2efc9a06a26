"""The hold'em table consoles' rooms: one per table, each told of its own hand alone."""

from __future__ import annotations

import threading
from typing import Any

from flask import request
from flask_socketio import join_room, leave_room

from tdapp.console_sessions import (
    TABLE_CONSOLES,
    opened_now,
    opened_with,
    signed_in_staff,
    table_console,
)
from tdapp.kernel.refusals import DomainError
from tdapp.realtime.screens import refuse
from tdapp.realtime.server import listened, socketio
from tdapp.services import bus, tables, tenancy, tournaments
from tdapp.tournament.clock.rules import clock_section
from tdapp.tournament.hands.table import TableHand
from tdapp.tournament.hands.views import hand_view, table_seats
from tdapp.tournament.state import Tournament
from tdapp.wallclock import utcnow

# The hand last pushed to each table's consoles, with the version it was pushed at.
_pushed: dict[tuple[int, int], tuple[int, TableHand]] = {}
# The message last pushed for each table number, with the state it was built from: the API's
# answer to the action that made that state is the same message (`table_answer`), built once.
_messages: dict[int, tuple[Tournament, dict[str, Any]]] = {}
_pushed_lock = threading.Lock()


def forget_pushed() -> None:
    """Forget the hands sent: a new app (a test's, a restored database) starts from none."""
    with _pushed_lock:
        _pushed.clear()


def table_room(tournament_id: int, table: int) -> str:
    return f"tournament-{tournament_id}-table-{table}"


def table_message(state: Tournament, table: int) -> dict[str, Any]:
    """The table's hand in `state` (None before its first hand) and who sits there now: the
    state the action produced, whose version is the one its push carries (a later state may
    hold other tables' changes). The console's API answers the same."""
    now = utcnow()
    found = state.play.hand(table)
    return {
        "version": state.version,
        "hand": None if found is None else hand_view(state, found, now),
        "seats": table_seats(state, table, now),
        # The level, its blinds and the time to the next one, as the wall display counts them.
        "clock": clock_section(state, now, "public"),
    }


def table_answer(state: Tournament, table: int) -> dict[str, Any]:
    """`table_message`: the one pushed to the table's consoles when that push was of this very
    state (states are immutable), else built now. Each action's answer then costs no second
    build of the hand, the seats and the clock, which every other table's action waits for."""
    with _pushed_lock:
        held = _messages.get(table)
    if held is not None and held[0] is state:
        return held[1]
    return table_message(state, table)


@socketio.on("join_table")
def join_table(payload: Any) -> dict[str, bool]:
    """Joins the table's room; the answer (a Socket.IO acknowledgement) says whether it did."""
    slug = payload.get("tournament") if isinstance(payload, dict) else None
    table = payload.get("table") if isinstance(payload, dict) else None
    if not isinstance(slug, str) or not isinstance(table, int) or isinstance(table, bool):
        refuse("BAD_JOIN")
        return {"joined": False}
    with tenancy.in_club(tenancy.club_of_slug(slug)):
        return _join_table(slug, table)


def _join_table(slug: str, table: int) -> dict[str, bool]:
    try:
        tournament_id = tournaments.tournament_id_for_slug(slug)
    except DomainError as refused:
        refuse(refused.code, **refused.params)
        return {"joined": False}
    if _renewed_since_opened(tournament_id, table):
        refuse("CONSOLE_ACCESS_RENEWED")
        return {"joined": False}
    # In the room before the hand is read, as a screen joins (realtime/screens.py): a change
    # committed in between would otherwise reach the console neither in the hand nor as a push.
    room = table_room(tournament_id, table)
    join_room(room)
    try:
        state = tournaments.current(tournament_id)
    except DomainError as refused:  # gone since its slug was read
        leave_room(room)
        refuse(refused.code, **refused.params)
        return {"joined": False}
    if table in state.tables:
        socketio.emit("hand", table_message(state, table), to=request.sid)
    return {"joined": True}


def _renewed_since_opened(tournament_id: int, table: int) -> bool:
    """Whether this browser opened the table's console with a PIN since renewed (a staff
    member's session excepted): its socket must not follow the table any more."""
    console = table_console(tournament_id, table)
    if opened_with(TABLE_CONSOLES, console) is None or signed_in_staff() is not None:
        return False
    return not opened_now(TABLE_CONSOLES, console,
                          tables.access_generation(tournament_id, table))


def end_renewed_table_consoles(change: bus.Change) -> None:
    """The bus subscriber: a table's console access was renewed (or a renewal undone), so the
    sockets that joined with the old one must stop hearing the table. The change does not say
    which table, so every table room of the tournament is told `access_renewed` and closed:
    a console whose session is still good joins again at once (tdapp/static/table/console.js),
    one opened with the old access is refused and its page shows the refusal."""
    if change.event != "TableAccessRenewed":
        return
    for table in change.after.tables:
        room = table_room(change.tournament_id, table)
        if listened(room):
            socketio.emit("access_renewed", {"table": table}, to=room)
            socketio.close_room(room)


def push_hands(change: bus.Change) -> None:
    """The bus subscriber: each hand that changed goes to the consoles of its table, from the
    state the change carries. States are immutable: a hand that is the very object last seen
    has not changed, so one action at one table costs one push; a change older than the one
    last pushed (two threads' changes crossing) has been told by it."""
    tournament_id, state = change.tournament_id, change.after
    for table, found in state.play.hands.items():
        with _pushed_lock:
            seen = _pushed.get((tournament_id, table))
            if seen is not None and (seen[1] is found or seen[0] > change.version):
                continue
            _pushed[(tournament_id, table)] = (change.version, found)
        message = table_message(state, table)
        with _pushed_lock:
            _messages[table] = (state, message)
        socketio.emit("hand", message, to=table_room(tournament_id, table))
