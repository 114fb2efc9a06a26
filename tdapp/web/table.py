"""The table console's pages: `/table/<token>` (PIN-protected), its QR code, and the DdT's
side-pot calculator. The console talks to the tables' JSON API (tdapp/web/api/tables.py) and
hears its hand over Socket.IO (tdapp/realtime/table_consoles.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import Blueprint, render_template

from tdapp.console_sessions import TABLE_CONSOLES, table_console
from tdapp.kernel.refusals import DomainError
from tdapp.services import tables, tournaments
from tdapp.web import csrf
from tdapp.web.api.v1 import URL_PREFIX
from tdapp.web.console_access import qr_answer, table_access_json
from tdapp.web.guards import console_page_refusal, ddt_page

bp = Blueprint("table", __name__)
csrf.protect(bp)


def table_consoles(tid: int, numbers: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The console access of the tables `numbers` that the DdT's tables page shows (table ->
    link, QR, PIN)."""
    return {table: table_access_json(tid, table) for table in numbers}


@bp.route("/table/<token>", methods=["GET", "POST"])
def console_page(token: str) -> Any:
    """The console, or its PIN form. A link renewed since is refused (404) with its message:
    the dealer asks the DdT for the new one."""
    tid, table = tables.console_for(token)
    generation = tables.access_generation(tid, table)
    if generation is None:
        raise DomainError("UNKNOWN_TABLE_CONSOLE")
    refusal = console_page_refusal(TABLE_CONSOLES, table_console(tid, table), generation,
                                   lambda pin: tables.check_pin(tid, table, pin),
                                   "table/pin.html", table=table)
    if refusal is not None:
        return refusal
    return render_template(
        "table/console.html",
        tournament=tournaments.summary(tid),
        table=table,
        api_base=f"{URL_PREFIX}/tournaments/{tid}/tables/{table}",
        csrf=csrf.csrf_token(),
    )


@bp.get("/table/<token>/qr.svg")
def qr_code(token: str) -> Any:
    return qr_answer("table", token, tables.console_for)


@bp.get("/td/tools/side-pots")
@ddt_page
def side_pot_page() -> Any:
    """The DdT's side-pot calculator (issue 6): chips in, folds and winners give the pots."""
    return render_template("table/side_pots.html", csrf=csrf.csrf_token())
