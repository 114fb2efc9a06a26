"""What the hold'em table console and the draw console share: the PIN-opened session, the one
guard of their JSON API, and the QR code of the console's link."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import wraps
from typing import Any

import segno
from flask import g, request, session

from tdapp.web.api import SAFE_METHODS, csrf_header_ok, current_ddt, ddt_required
from tdapp.web.errors import RequestRefused

# A tablet moves between tables on a long night; the oldest consoles it opened are forgotten.
OPENED_KEPT = 20

# The session's lists of the consoles it opened: hold'em tables as "<tournament>:<table>",
# draw tables by id.
TABLE_CONSOLES = "table_consoles"
DRAW_CONSOLES = "draw_consoles"


def table_console(tid: int, table: int) -> str:
    """How the session names a hold'em table's console."""
    return f"{tid}:{table}"


def opened_here(session_key: str, console: object) -> bool:
    """Whether this session opened that console with its PIN."""
    opened = session.get(session_key)
    return isinstance(opened, list) and console in opened


def remember_opened(session_key: str, console: int | str) -> None:
    """The PIN was right: this session may use that console from now on."""
    kept = [c for c in session.get(session_key, []) if isinstance(c, type(console))]
    session[session_key] = [*kept, console][-OPENED_KEPT:]


def console_guard(
    session_key: str, console: Callable[..., object], actor: Callable[..., str]
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A DdT, or the console this session opened with the PIN. `console(**url_args)` names the
    console in the session's list `session_key`; `actor(**url_args)` is what the log records
    for its actions. A console's writes carry the session's CSRF token in a header, as the
    DdT's session-authenticated writes do."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(view)
        def guarded(**url_args: Any) -> Any:
            if not opened_here(session_key, console(**url_args)):
                return ddt_required(view)(**url_args)
            if request.method not in SAFE_METHODS and not csrf_header_ok():
                raise RequestRefused("CSRF_REQUIRED", status=403)
            ddt = current_ddt()
            g.actor = ddt.username if ddt is not None else actor(**url_args)
            return view(**url_args)

        return guarded

    return decorate


def qr_svg(url: str) -> tuple[bytes, int, dict[str, str]]:
    """The link as a QR code the dealer scans from the table."""
    svg = io.BytesIO()  # a whole SVG document: an <img> shows nothing without its xmlns
    segno.make(url, error="m").save(svg, kind="svg", scale=6)
    return svg.getvalue(), 200, {"Content-Type": "image/svg+xml"}
