"""What the DdT hands a table's console, the hold'em table's and the draw table's alike: its
PIN, its link, and the link as a QR code the dealer scans at the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import abort, url_for

from tdapp.kernel.refusals import DomainError
from tdapp.services import draw_tables, tables, tournaments
from tdapp.web.qr import svg_image


def access_json(pages: str, token: str | None, pin: str | None) -> dict[str, Any]:
    """The console's PIN, link and QR code; all None until the DdT first makes them. `pages` is
    the blueprint of the console's page and QR code ("table", "draw_console")."""
    if token is None:
        return {"pin": None, "url": None, "qr": None}
    return {"pin": pin,
            "url": url_for(f"{pages}.console_page", token=token, _external=True),
            "qr": url_for(f"{pages}.qr_code", token=token)}


def table_access_json(tid: int, table: int) -> dict[str, Any]:
    """A hold'em table console's access, with the table's number."""
    token = tables.console_token(tid, table)
    pin = tournaments.current(tid).play.access[table].pin if token is not None else None
    return {"table": table, **access_json("table", token, pin)}


def draw_access_json(opened: draw_tables.LoadedDrawTable) -> dict[str, Any]:
    """A draw table console's access."""
    return access_json("draw_console", opened.token, opened.pin)


def qr_answer(pages: str, token: str, console_for: Callable[[str], Any]) -> Any:
    """The QR code of the console's link, 404 for a token that opens no console (renewed)."""
    try:
        console_for(token)
    except DomainError:
        abort(404)
    return svg_image(url_for(f"{pages}.console_page", token=token, _external=True))
