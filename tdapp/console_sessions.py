"""Which consoles a browser session opened with their PIN, and with which access generation:
read by the console guards of the pages and the API (tdapp/web/guards.py) and by the consoles'
Socket.IO joins (tdapp/realtime), so that a renewed link and PIN end them all alike."""

from __future__ import annotations

import hmac

from flask import session

# A tablet moves between tables on a long night; the oldest consoles it opened are forgotten.
OPENED_KEPT = 20

# The session's lists of the consoles it opened, each as [console, access generation]: hold'em
# tables as "<tournament>:<table>", draw tables as "<id>".
TABLE_CONSOLES = "table_consoles"
DRAW_CONSOLES = "draw_consoles"


def table_console(tid: int, table: int) -> str:
    """How the session names a hold'em table's console."""
    return f"{tid}:{table}"


def opened_with(session_key: str, console: str) -> str | None:
    """The access generation with which this session opened that console with its PIN, or
    None when it never did (a session from before generations were kept counts as never)."""
    for entry in session.get(session_key, []):
        if isinstance(entry, list) and len(entry) == 2 and entry[0] == console:
            return str(entry[1])
    return None


def opened_now(session_key: str, console: str, generation: str | None) -> bool:
    """Whether this session opened that console with its current access (`generation`)."""
    opened = opened_with(session_key, console)
    return opened is not None and generation is not None and hmac.compare_digest(
        opened, generation)


def remember_opened(session_key: str, console: str, generation: str) -> None:
    """The PIN was right: this session may use that console until its access is renewed."""
    kept = [entry for entry in session.get(session_key, [])
            if isinstance(entry, list) and len(entry) == 2 and entry[0] != console]
    session[session_key] = [*kept, [console, generation]][-OPENED_KEPT:]
