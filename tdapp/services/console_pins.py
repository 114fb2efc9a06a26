"""The one brake on every console's PIN, and the access generation a console session is bound to.

A PIN is braked per console, never per address: a player at the table with a phone and a few
friends' phones (or a script on many addresses) guessed a four-digit PIN in under a minute when
the brake was keyed by address. After `THRESHOLD` wrong PINs within `WINDOW` the console refuses
every PIN, the right one too, for a lockout that doubles each time up to `MAX_LOCKOUT`; the right
PIN outside a lockout resets it. The DdT, logged in, never enters a PIN and is never braked: they
open the console from their session, so a locked console never stops the table for long.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import col, select

from tdapp.kernel.numbers import whole_or_none
from tdapp.kernel.refusals import DomainError, Plural, register_messages
from tdapp.services import brakes
from tdapp.storage import database as db
from tdapp.storage import tenancy
from tdapp.storage.brakes import BrakeRecord
from tdapp.wallclock import utcnow

register_messages({
    "CONSOLE_LOCKED": Plural(
        "Too many wrong PINs: this console is locked for %(seconds)s second. "
        "The DdT can open it at once",
        "Too many wrong PINs: this console is locked for %(seconds)s seconds. "
        "The DdT can open it at once",
        "seconds"),
})

THRESHOLD = 5
WINDOW = timedelta(minutes=5)
# 1, 2, 4, ... minutes: 5 more guesses a minute at first, then ever fewer, up to 5 an hour.
BRAKE = brakes.Brake(THRESHOLD, WINDOW, timedelta(minutes=1), growth=2,
                     max_lockout=timedelta(hours=1), of_club=True)


def table_key(tournament_id: int, table: int) -> tuple[str, str, str]:
    """The brake's key of a hold'em table's console."""
    return ("table-console", str(tournament_id), str(table))


def draw_key(table_id: int) -> tuple[str, str]:
    """The brake's key of a draw table's console."""
    return ("draw-console", str(table_id))


def check(key: tuple[str, ...], pin: str | None, given: object, wrong: DomainError) -> None:
    """Let the PIN `given` open the console whose PIN is `pin` (None: it has none yet), or
    refuse: `CONSOLE_LOCKED` while the console is locked, whatever was given; else `wrong`."""
    now = utcnow()
    wait = BRAKE.wait_seconds(key, now)
    if wait:
        raise DomainError("CONSOLE_LOCKED", seconds=wait)
    if pin is None or not hmac.compare_digest(pin.encode(), str(given).encode()):
        BRAKE.failed(key, now)
        raise wrong
    BRAKE.succeeded(key)


@dataclass(frozen=True)
class LockedConsole:
    """A console refusing PINs, for the DdT's warning: which one and until when (UTC)."""

    console: int
    until: datetime


def locked(prefix: tuple[str, ...]) -> list[LockedConsole]:
    """The consoles under `prefix` (("table-console", "<tournament>") or ("draw-console",))
    locked now, by number: one read of the brakes' table for the DdT's pages."""
    start = brakes.stored_key((*prefix, ""))
    now = utcnow()
    with db.engine().connect() as connection:
        rows = connection.execute(
            select(BrakeRecord.key, BrakeRecord.locked_until).where(
                col(BrakeRecord.key).startswith(start, autoescape=True),
                col(BrakeRecord.locked_until) > now,
                # The brakes are no club-owned table (a login's has no club): by hand.
                BrakeRecord.club_id == tenancy.acting_club(),
            )
        ).all()
    found = [(whole_or_none(key[len(start):]), until) for key, until in rows]
    return sorted((LockedConsole(console, until) for console, until in found
                   if console is not None), key=lambda lock: lock.console)


def generation(token: str) -> str:
    """What a console session remembers of the access it was opened with: a digest of the
    link's token, so that a renewed link ends it and the cookie does not carry the secret."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]

