"""The dashboard: the night at a glance (players left, average stack, prize pool, warnings) and
the last few actions."""

from __future__ import annotations

from collections import Counter

from tdapp.services import journal, tournaments
from tdapp.tournament.state import Tournament
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
                  locked_consoles=locked_console_warnings(tid),
                  recount=tables_to_recount(tournaments.current(tid)))


def tables_to_recount(state: Tournament) -> list[dict[str, int]]:
    """The tables whose stacks wait for a count since a bust passed chips on, each with how many
    stacks: the chip line says where to count rather than a bare dash."""
    waiting = Counter(
        state.player(pid).table for pid in state.to_recount if state.player(pid).table is not None
    )
    return [{"table": table, "stacks": stacks} for table, stacks in sorted(waiting.items())]
