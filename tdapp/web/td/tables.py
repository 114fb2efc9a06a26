"""Tables: the seat draw and who sits where, a page of tables at a time and searched by name or
table number. SEATING adds its suggested moves through `templates/td/_moves.html`, and the
newest moves made, to announce and print, through `templates/td/_announced.html`."""

from __future__ import annotations

from typing import Any

from flask import request
from flask_babel import format_time, gettext

from tdapp.kernel.names import folded
from tdapp.kernel.numbers import whole_or_none
from tdapp.services import tables as table_services
from tdapp.services import tournaments
from tdapp.tournament.chips import ChipCount, CountChips
from tdapp.tournament.hands.commands import RenewTableAccess
from tdapp.tournament.players import Player
from tdapp.tournament.seating.announce import announced_moves
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.web.paging import Pages, page_asked
from tdapp.web.table import table_consoles
from tdapp.web.td import bp
from tdapp.web.td.console import act, render
from tdapp.web.td.forms import FormError, optional_whole, whole

TABLES_PAGE = 30
"""Tables a page shows: a club's night fits on one; a festival's 300 tables, each with its
console's PIN and QR code, took seconds to render on one page."""


@bp.get("/t/<int:tid>/tables")
def tables(tid: int):
    """`?q=` a name (case and accents ignored) or a table number: the tables where it sits;
    `?page=` the page of tables."""
    query = (request.args.get("q") or "").strip()
    return render("td/tables.html", tid, query=query,
                  select=lambda rows: _tables_shown(rows, query),
                  consoles=lambda numbers: table_consoles(tid, numbers),
                  locked_consoles=locked_console_warnings(tid),
                  announced=announced_moves(tournaments.current(tid)))


def _tables_shown(rows: list[dict[str, Any]], query: str) -> tuple[list[dict[str, Any]], Pages]:
    """The page of tables to show: those matching `query` (a table's number, or a player's
    name at it), and which page it is of how many."""
    if query:
        wanted = folded(query)
        number = whole_or_none(query)
        rows = [t for t in rows if t["number"] == number
                or any(wanted in folded(s["name"] or "") for s in t["seats"])]
    pages = page_asked(len(rows), TABLES_PAGE)
    return list(pages.of(rows)), pages


def locked_console_warnings(tid: int) -> list[str]:
    """The DdT's warning for each table console locked after wrong PINs: someone may be
    guessing, and the dealer waits until the DdT opens it from their own session."""
    return [gettext("Table %(n)s: console locked after wrong PINs (until %(time)s). You can "
                    "open it from your session; renew its PIN if someone is guessing.",
                    n=lock.console, time=format_time(lock.until, "HH:mm"))
            for lock in table_services.locked_consoles(tid)]


@bp.post("/t/<int:tid>/tables/<int:table>/access")
def renew_table_access(tid: int, table: int):
    """A new PIN and link for the table's console (the first ones too): the old ones stop
    working, so a PIN that went round the room can be taken back."""
    done = gettext("Table %(n)s has a new console PIN and link.", n=table)
    return act(tid, RenewTableAccess(table), done)


@bp.post("/t/<int:tid>/seats/draw")
def draw_seats(tid: int):
    formation = request.form.get("formation", "even")
    if formation not in ("even", "club"):
        raise FormError(gettext("Choose how the tables are formed."))
    count = optional_whole(request.form, "tables", gettext("Tables"), minimum=1)
    return act(tid, DrawSeats(tables=count, formation=formation), gettext("Seats are drawn."))


@bp.get("/t/<int:tid>/tables/<int:table>/count")
def count_table(tid: int, table: int):
    """Every stack of one table at once: chips move between players in a hand, so counting them
    one by one could briefly count more chips than are in play."""
    return render("td/count.html", tid, seated=_seated(tid, table), number=table)


@bp.post("/t/<int:tid>/tables/<int:table>/count")
def save_table_count(tid: int, table: int):
    counts = tuple(
        ChipCount(player.id, whole(request.form, f"stack-{player.id}", player.name))
        for player in _seated(tid, table)
    )
    return act(tid, CountChips(counts), gettext("Chips counted at table %(n)s.", n=table))


def _seated(tid: int, table: int) -> list[Player]:
    """The players at `table`, seat 1 first."""
    state = tournaments.current(tid)
    if table not in state.tables:
        raise FormError(gettext("There is no table %(n)s.", n=table))
    return [state.player(pid) for pid in state.tables[table] if pid is not None]
