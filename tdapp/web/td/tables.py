"""Tables: the seat draw and who sits where. SEATING adds its suggested moves through
`templates/td/_moves.html`."""

from __future__ import annotations

from flask import request
from flask_babel import gettext

from tdapp.tournament.seat_draw import DrawSeats
from tdapp.web.td import bp
from tdapp.web.td.console import act, render
from tdapp.web.td.forms import FormError, optional_whole


@bp.get("/t/<int:tid>/tables")
def tables(tid: int):
    return render("td/tables.html", tid)


@bp.post("/t/<int:tid>/seats/draw")
def draw_seats(tid: int):
    formation = request.form.get("formation", "even")
    if formation not in ("even", "club"):
        raise FormError(gettext("Choose how the tables are formed."))
    count = optional_whole(request.form, "tables", gettext("Tables"), minimum=1)
    return act(tid, DrawSeats(tables=count, formation=formation), gettext("Seats are drawn."))
