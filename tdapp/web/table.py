"""The table console's pages: `/table/<token>` (PIN-protected), its QR code, and the DdT's
side-pot calculator. The console talks to the tables' JSON API (tdapp/web/api/tables.py) and
hears its hand over Socket.IO (tdapp/realtime/table_consoles.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for

from tdapp.console_sessions import (
    TABLE_CONSOLES,
    opened_now,
    remember_opened,
    table_console,
)
from tdapp.kernel.refusals import DomainError
from tdapp.services import tables, tournaments
from tdapp.web import csrf
from tdapp.web.api import URL_PREFIX, current_ddt
from tdapp.web.console_access import pin_page, qr_svg

bp = Blueprint("table", __name__)
csrf.protect(bp)


def access_json(tid: int, table: int) -> dict[str, Any]:
    """The console's link, QR code and PIN; all None until the DdT first makes them."""
    token = tables.console_token(tid, table)
    if token is None:
        return {"table": table, "pin": None, "url": None, "qr": None}
    return {
        "table": table,
        "pin": tournaments.current(tid).play.access[table].pin,
        "url": url_for("table.console_page", token=token, _external=True),
        "qr": url_for("table.qr_code", token=token),
    }


def table_consoles(tid: int, numbers: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The console access of the tables `numbers` that the DdT's tables page shows (table ->
    link, QR, PIN)."""
    return {table: access_json(tid, table) for table in numbers}


@bp.route("/table/<token>", methods=["GET", "POST"])
def console_page(token: str) -> Any:
    """The console, or its PIN form. A link renewed since is refused (404) with its message:
    the dealer asks the DdT for the new one."""
    tid, table = tables.console_for(token)
    console = table_console(tid, table)
    generation = tables.access_generation(tid, table)
    if generation is None:
        raise DomainError("UNKNOWN_TABLE_CONSOLE")
    refused = None
    if request.method == "POST" and current_ddt() is None:
        try:
            tables.check_pin(tid, table, request.form.get("pin", ""))
        except DomainError as wrong:
            refused = wrong
        else:
            remember_opened(TABLE_CONSOLES, console, generation)
            return redirect(url_for("table.console_page", token=token))
    if not opened_now(TABLE_CONSOLES, console, generation) and current_ddt() is None:
        return pin_page("table/pin.html", refused, table=table)
    summary = tournaments.summary(tid)
    return render_template(
        "table/console.html",
        tournament=summary,
        table=table,
        api_base=f"{URL_PREFIX}/tournaments/{tid}/tables/{table}",
        csrf=csrf.csrf_token(),
    )


@bp.get("/table/<token>/qr.svg")
def qr_code(token: str) -> Any:
    try:
        tables.console_for(token)
    except DomainError:
        abort(404)
    return qr_svg(url_for("table.console_page", token=token, _external=True))


@bp.get("/td/tools/side-pots")
def side_pot_page() -> Any:
    """The DdT's side-pot calculator (issue 6): chips in, folds and winners give the pots."""
    if current_ddt() is None:
        return redirect(url_for("auth.login", next=request.path))
    return render_template("table/side_pots.html", csrf=csrf.csrf_token())
