"""What the hold'em table console and the draw console share: the PIN-opened session, the one
guard of their JSON API, and the QR code of the console's link."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import wraps
from typing import Any

import segno
from flask import g, render_template, request

from tdapp.console_sessions import opened_now, opened_with
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.web.api import SAFE_METHODS, csrf_header_ok, current_ddt, ddt_required
from tdapp.web.errors import RequestRefused, message_of

register_messages({
    "CONSOLE_ACCESS_RENEWED": "The DdT renewed this console's link and PIN: ask the DdT for "
                              "the new ones",
})


def console_guard(
    session_key: str,
    console: Callable[..., str],
    generation: Callable[..., str | None],
    actor: Callable[..., str],
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A DdT, or the console this session opened with the PIN of its current access.
    `console(**url_args)` names the console in the session's list `session_key`,
    `generation(**url_args)` is its access's generation now; `actor(**url_args)` is what the log
    records for its actions. A session opened with a renewed access is refused with
    CONSOLE_ACCESS_RENEWED (unless a DdT is logged in). A console's writes carry the session's
    CSRF token in a header, as the DdT's session-authenticated writes do."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(view)
        def guarded(**url_args: Any) -> Any:
            name = console(**url_args)
            if not opened_now(session_key, name, generation(**url_args)):
                if opened_with(session_key, name) is not None and current_ddt() is None:
                    raise RequestRefused("CONSOLE_ACCESS_RENEWED", status=403)
                return ddt_required(view)(**url_args)
            if request.method not in SAFE_METHODS and not csrf_header_ok():
                raise RequestRefused("CSRF_REQUIRED", status=403)
            ddt = current_ddt()
            g.actor = ddt.username if ddt is not None else actor(**url_args)
            return view(**url_args)

        return guarded

    return decorate


def pin_page(template: str, refused: DomainError | None, **context: Any) -> tuple[str, int]:
    """The PIN form, with the refusal of the PIN just typed: 401 for a wrong one, 429 while the
    console is locked (the message says how long, in the page's language)."""
    status = 200 if refused is None else 429 if refused.code == "CONSOLE_LOCKED" else 401
    error = None if refused is None else message_of(refused)
    return render_template(template, error=error, **context), status


def qr_svg(url: str) -> tuple[bytes, int, dict[str, str]]:
    """The link as a QR code the dealer scans from the table."""
    svg = io.BytesIO()  # a whole SVG document: an <img> shows nothing without its xmlns
    segno.make(url, error="m").save(svg, kind="svg", scale=6)
    return svg.getvalue(), 200, {"Content-Type": "image/svg+xml"}
