"""A club's settings: its name, language (it/en), time zone and currency label, checked in one
place for the hoster who makes the club (tdapp/services/hosting.py) and the owner who changes
them later. A club that never chose a time zone (an empty one) keeps the server's
(`clubs.server_zone`)."""

from __future__ import annotations

import functools
import re
import zoneinfo
from dataclasses import dataclass

from sqlmodel import select

from tdapp.kernel.names import fits, tidied
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.services import clubs
from tdapp.storage.clubs import Club
from tdapp.storage.database import session_scope

LANGUAGES = ("it", "en")
MAX_NAME_LENGTH = 120
# A label beside amounts ("EUR", "CHF", "€"): a few letters or a sign, no spaces.
CURRENCY_PATTERN = re.compile(r"\S{1,8}")

register_messages(
    {
        "BAD_SLUG": "A club's slug is lowercase letters, digits and hyphens, at most "
                    "%(limit)s characters (like circolo-roma), not %(slug)s.",
        "SLUG_TAKEN": "The slug %(slug)s is already another club's.",
        "CLUB_NAME_REQUIRED": "Enter the club's name.",
        "CLUB_NAME_TOO_LONG": "A club's name has at most %(limit)s characters.",
        "BAD_LANGUAGE": "A club's language is it (Italian) or en (English), not %(language)s.",
        "BAD_TIMEZONE": "%(timezone)s is not a time zone (like Europe/Rome).",
        "BAD_CURRENCY": "A currency is 1 to 8 characters with no spaces (like EUR), "
                        "not %(currency)s.",
    }
)


@dataclass(frozen=True)
class Settings:
    """A club's settings, checked and tidied."""

    name: str
    language: str
    timezone: str  # empty: the server's
    currency: str


@functools.cache
def time_zones() -> frozenset[str]:
    """Every zone of the tz database (read from disk once): what a club may choose."""
    return frozenset(zoneinfo.available_timezones())


def check_slug(slug: str) -> str:
    """`slug` if it can name a club in URLs; refused (BAD_SLUG) otherwise."""
    if not clubs.SLUG_PATTERN.fullmatch(slug) or len(slug) > clubs.MAX_SLUG_LENGTH:
        raise DomainError("BAD_SLUG", slug=slug, limit=clubs.MAX_SLUG_LENGTH)
    return slug


def checked(name: str, language: str, timezone: str | None, currency: str) -> Settings:
    """The settings tidied, or the first thing wrong with them refused. No time zone, or an
    empty one, is the server's."""
    timezone = (timezone or "").strip()
    name = tidied(name)
    if not name:
        raise DomainError("CLUB_NAME_REQUIRED")
    if not fits(name, MAX_NAME_LENGTH):
        raise DomainError("CLUB_NAME_TOO_LONG", limit=MAX_NAME_LENGTH)
    if language not in LANGUAGES:
        raise DomainError("BAD_LANGUAGE", language=language)
    if timezone and timezone not in time_zones():
        raise DomainError("BAD_TIMEZONE", timezone=timezone)
    currency = currency.strip()
    if not CURRENCY_PATTERN.fullmatch(currency):
        raise DomainError("BAD_CURRENCY", currency=currency)
    return Settings(name, language, timezone, currency)


def settings(club_id: int) -> clubs.ClubInfo:
    """The club's settings, its time zone the one its times are read in."""
    with session_scope() as db:
        club = db.get(Club, club_id)
        if club is None:
            raise DomainError("UNKNOWN_CLUB", club=club_id)
        return clubs.info(club)


def locale_of(club_id: int) -> tuple[str, str]:
    """The club's language and chosen time zone ("" for the server's); Italian and "" for a
    club that does not exist (a public page naming nothing)."""
    with session_scope() as db:
        club = db.get(Club, club_id)
        return ("it", "") if club is None else (club.language, club.timezone)


def change(
    club_id: int,
    name: str | None = None,
    language: str | None = None,
    timezone: str | None = None,
    currency: str | None = None,
) -> clubs.ClubInfo:
    """The club's owner changes some of its settings (those given); the others stay. An empty
    time zone gives the club the server's again."""
    with session_scope() as db:
        club = db.exec(select(Club).where(Club.id == club_id).with_for_update()).first()
        if club is None:
            raise DomainError("UNKNOWN_CLUB", club=club_id)
        wanted = checked(
            club.name if name is None else name,
            club.language if language is None else language,
            club.timezone if timezone is None else timezone,
            club.currency if currency is None else currency,
        )
        club.name, club.language = wanted.name, wanted.language
        club.timezone, club.currency = wanted.timezone, wanted.currency
        db.add(club)
        return clubs.info(club)
