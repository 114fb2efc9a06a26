"""The hoster: the account of whoever runs the server for many clubs. A hoster makes clubs (with
their first owner) and lists them; it belongs to no club, so it sees no club's tournaments,
roster or league unless a club also takes it in as a member (and then only as that member,
through a token or a session in that club).

A hoster's token acts as the hoster and in no club: it is kept in `hoster_tokens`, apart from
the clubs' tokens, and every club endpoint refuses it (NOT_A_CLUB_MEMBER, tdapp/web/roles.py).
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from sqlalchemy.exc import IntegrityError
from sqlmodel import col, delete, select

from tdapp.kernel.refusals import DomainError
from tdapp.services import accounts, club_settings, clubs
from tdapp.storage.accounts import HosterToken, User
from tdapp.storage.clubs import Club
from tdapp.storage.database import session_scope
from tdapp.wallclock import utcnow


def create_hoster(username: str, password: str) -> accounts.Account:
    """A new hoster account, in no club."""
    with session_scope() as db:
        return accounts.new_user(db, username, password, is_hoster=True)


def create_club(
    slug: str,
    name: str,
    language: str = "it",
    timezone: str | None = None,
    currency: str = "EUR",
    owner: tuple[str, str] | None = None,
    client: str = "",
) -> clubs.ClubInfo | None:
    """A new club, with `owner` (username, password) as its first owner when given: a new
    account, or an existing one whose password is right. None, and nothing made, for an
    existing account's wrong password (counted by the login brake, as a login's)."""
    slug = club_settings.check_slug(slug.strip())
    wanted = club_settings.checked(name, language, timezone, currency)
    _refuse_taken(slug)
    existing = None
    if owner is not None and accounts.exists(owner[0]):
        # Checked before the transaction that makes the club: the brake counts in its own.
        existing = accounts.authenticate(owner[0], owner[1], client)
        if existing is None:
            return None
    try:
        with session_scope() as db:
            club = Club(slug=slug, name=wanted.name, language=wanted.language,
                        timezone=wanted.timezone, currency=wanted.currency)
            db.add(club)
            db.flush()
            clubs.furnish(db, club)
            if existing is not None:
                clubs.join(db, existing.id, club, "owner")
            elif owner is not None:
                accounts.new_account(db, owner[0], owner[1], club, "owner")
            return clubs.info(club, members=0 if owner is None else 1)
    except IntegrityError:
        # Another request took the slug between the check and the commit.
        raise DomainError("SLUG_TAKEN", slug=slug) from None


def _refuse_taken(slug: str) -> None:
    with session_scope() as db:
        if db.exec(select(Club.id).where(Club.slug == slug)).first() is not None:
            raise DomainError("SLUG_TAKEN", slug=slug)


def issue_token(
    hoster: accounts.Account, label: str = "",
    lifetime_days: int = accounts.TOKEN_LIFETIME_DAYS,
) -> accounts.IssuedToken:
    """A bearer token acting as the hoster `hoster`, valid `lifetime_days`; shown once."""
    assert hoster.is_hoster
    label = accounts.token_label(label, lifetime_days)
    token = secrets.token_urlsafe(32)
    now = utcnow()
    with session_scope() as db:
        db.exec(delete(HosterToken).where(col(HosterToken.expires_at) <= now))
        stored = HosterToken(user_id=hoster.id, token_hash=accounts.digest(token), label=label,
                             created_at=now, expires_at=now + timedelta(days=lifetime_days))
        db.add(stored)
        db.flush()
        assert stored.id is not None
        info = accounts.TokenInfo(stored.id, hoster.username, label, stored.created_at,
                                  stored.expires_at)
    return accounts.IssuedToken(token, info)


def hoster_for_token(token: str) -> accounts.Account | None:
    """The hoster a live hoster token belongs to (an account no longer a hoster has none)."""
    if not token:
        return None
    query = (
        select(User.id, User.username)
        .join(HosterToken, col(HosterToken.user_id) == User.id)
        .where(HosterToken.token_hash == accounts.digest(token),
               col(HosterToken.expires_at) > utcnow(), col(User.is_hoster))
    )
    with session_scope() as db:
        row = db.exec(query).first()
    return accounts.Account(row[0], row[1], is_hoster=True) if row is not None else None


def revoke_bearer(token: str) -> bool:
    """Revoke the hoster token its holder presents (logging out); False if it was not live."""
    with session_scope() as db:
        found = db.exec(
            select(HosterToken).where(HosterToken.token_hash == accounts.digest(token),
                                      col(HosterToken.expires_at) > utcnow())
        ).first()
        if found is None:
            return False
        db.delete(found)
        return True
