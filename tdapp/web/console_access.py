"""What the hold'em table console and the draw console share: the PIN-opened session and the
QR code of the console's link (their writes check the CSRF header with the API's
`csrf_header_ok`)."""

from __future__ import annotations

import io

import segno
from flask import session

# A tablet moves between tables on a long night; the oldest consoles it opened are forgotten.
OPENED_KEPT = 20


def opened_here(session_key: str, console: object) -> bool:
    """Whether this session opened that console with its PIN."""
    opened = session.get(session_key)
    return isinstance(opened, list) and console in opened


def remember_opened(session_key: str, console: int | str) -> None:
    """The PIN was right: this session may use that console from now on."""
    kept = [c for c in session.get(session_key, []) if isinstance(c, type(console))]
    session[session_key] = [*kept, console][-OPENED_KEPT:]


def qr_svg(url: str) -> tuple[bytes, int, dict[str, str]]:
    """The link as a QR code the dealer scans from the table."""
    svg = io.BytesIO()  # a whole SVG document: an <img> shows nothing without its xmlns
    segno.make(url, error="m").save(svg, kind="svg", scale=6)
    return svg.getvalue(), 200, {"Content-Type": "image/svg+xml"}
