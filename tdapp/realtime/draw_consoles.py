"""The draw consoles' rooms: one per draw table of the club's Italian games."""

from __future__ import annotations

from typing import Any

from flask_socketio import join_room

from tdapp.console_sessions import DRAW_CONSOLES, opened_now, opened_with, signed_in_staff
from tdapp.draw_table.view import view
from tdapp.i18n import translate
from tdapp.kernel.refusals import DomainError
from tdapp.realtime.server import listened, socketio
from tdapp.services import bus, draw_tables, tenancy


def draw_room(table_id: int) -> str:
    return f"draw-table-{table_id}"


def draw_table_view(opened: draw_tables.LoadedDrawTable) -> dict[str, Any]:
    """The table as the console draws it, each line of the hand also in the reader's words: the
    push and the API's answers alike."""
    shown = view(opened.state, opened.version)
    for line in shown["lines"]:
        line["text"] = translate(line["code"], line["params"])
    return {"id": opened.id, "name": opened.name, "league_id": opened.league_id, **shown}


@socketio.on("join_draw_table")
def join_draw_table(payload: Any) -> dict[str, bool]:
    """A console joins its table's room with the link's token; the answer says whether it did."""
    token = payload.get("token") if isinstance(payload, dict) else None
    with tenancy.in_club(tenancy.club_of_draw_token(token)):
        return _join_draw_table(token)


def _join_draw_table(token: Any) -> dict[str, bool]:
    try:
        table_id = draw_tables.console_for(token)
    except DomainError:
        return {"joined": False}
    console = str(table_id)
    if (opened_with(DRAW_CONSOLES, console) is not None
            and signed_in_staff() is None
            and not opened_now(DRAW_CONSOLES, console, draw_tables.access_generation(table_id))):
        return {"joined": False}  # opened with a PIN since renewed: ask the DdT
    join_room(draw_room(table_id))
    return {"joined": True}


def push_draw_table(change: bus.DrawTableChange) -> None:
    """The bus subscriber: a committed change of a draw table goes to every console that joined
    it (the one that tapped too: its answer and the push carry the same version)."""
    room = draw_room(change.table_id)
    if change.event != draw_tables.ACCESS_RENEWED and listened(room):
        socketio.emit("draw_table", draw_table_view(draw_tables.current(change.table_id)), to=room)


def end_renewed_draw_consoles(change: bus.DrawTableChange) -> None:
    """The bus subscriber: the table's link and PIN were renewed, so every socket that joined
    with the old ones is told `access_renewed` and leaves the room (its page reloads and meets
    the refusal: the old link is gone)."""
    room = draw_room(change.table_id)
    if change.event == draw_tables.ACCESS_RENEWED and listened(room):
        socketio.emit("access_renewed", {"table_id": change.table_id}, to=room)
        socketio.close_room(room)
