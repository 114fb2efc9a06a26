"""The dashboard: the night at a glance (players left, average stack, prize pool, warnings) and
the last few actions."""

from __future__ import annotations

from tdapp.services import journal
from tdapp.web.td import bp
from tdapp.web.td.console import render, said
from tdapp.web.td.tables import locked_console_warnings

RECENT = 8


@bp.get("/t/<int:tid>")
def dashboard(tid: int):
    recent = [
        {"entry": entry, "text": said({"code": entry.code, "params": entry.params})}
        for entry in journal.entries(tid, limit=RECENT)
    ]
    return render("td/dashboard.html", tid, recent=recent,
                  locked_consoles=locked_console_warnings(tid))
