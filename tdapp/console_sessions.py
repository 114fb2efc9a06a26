"""What a browser session holds that the pages (tdapp/web) and the Socket.IO joins
(tdapp/realtime) both read: which consoles it opened with their PIN, and with which access
generation, so that a renewed link and PIN end them all alike; and which member of the club's
staff signed in, so that a removed member's page and sockets are refused alike."""

from __future__ import annotations

import hmac

from flask import session

from tdapp.services import clubs
from tdapp.services.clubs import Staff

# The session's keys of the signed-in staff member (tdapp/web/auth.py writes them at login).
SESSION_USER_ID = "user_id"
SESSION_USERNAME = "username"
SESSION_MEMBERSHIP_ID = "membership_id"
# Set at a login whose account works in several clubs, or in none, until it chooses one
# (tdapp/web/auth.py): the session then acts in no club.
SESSION_CHOOSING_CLUB = "choosing_club"

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


def signed_in_staff() -> Staff | None:
    """The staff member this browser session signed in as; None for nobody, or once the
    member was removed from the club."""
    return clubs.session_staff(session.get(SESSION_USER_ID), session.get(SESSION_MEMBERSHIP_ID))
