"""Staff accounts: creation, password checks with a brake on guessing, and API bearer tokens.

The console (session login) and the JSON API (bearer tokens) both sit on these functions. A
token lives `TOKEN_LIFETIME_DAYS` unless the caller says otherwise, and any DdT can list and
revoke any token: the DdTs of a club trust each other, and a lost tablet must be shut out by
whoever is at the laptop. An account works in a club through its membership there
(tdapp/services/clubs.py); a token acts in one club, with the role its account has there, and
stops working when that membership ends.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypeVar

from sqlmodel import Session, col, delete, func, select
from werkzeug.security import check_password_hash, generate_password_hash

from tdapp.kernel.refusals import DomainError, Plural, register_messages
from tdapp.services import brakes, clubs, tenancy
from tdapp.storage.accounts import ApiToken, User
from tdapp.storage.clubs import Club
from tdapp.storage.database import is_id, session_scope
from tdapp.wallclock import utcnow

log = logging.getLogger(__name__)
T = TypeVar("T")

MIN_PASSWORD_LENGTH = 8
MAX_USERNAME_LENGTH = 80
# At most this many failed logins per username and address in the window, then a pause: slow
# enough to stop guessing, short enough that a DdT who mistypes at the table is not locked out.
MAX_FAILURES = 5
FAILURE_WINDOW_SECONDS = 300.0
TOKEN_LIFETIME_DAYS = 90
MAX_TOKEN_LIFETIME_DAYS = 3650
MAX_TOKEN_LABEL_LENGTH = 80

register_messages(
    {
        "USERNAME_REQUIRED": "Enter a username.",
        "USERNAME_TOO_LONG": "A username has at most %(limit)s characters.",
        "USERNAME_TAKEN": "The username %(username)s is already taken.",
        "PASSWORD_TOO_SHORT": Plural(
            "A password needs at least %(minimum)s character.",
            "A password needs at least %(minimum)s characters.",
            "minimum"),
        "TOO_MANY_ATTEMPTS": Plural(
            "Too many failed logins: try again in %(seconds)s second.",
            "Too many failed logins: try again in %(seconds)s seconds.",
            "seconds"),
        "UNKNOWN_USER": "There is no account %(username)s.",
        "UNKNOWN_TOKEN": "There is no API token %(token_id)s.",
        "TOKEN_LIFETIME": "A token lives from 1 to %(limit)s days.",
        "TOKEN_LABEL_TOO_LONG": "A token's label has at most %(limit)s characters.",
        "CLUB_REQUIRED": "This account works in several clubs: name one (%(clubs)s).",
    }
)


class AccountError(DomainError):
    """An account request refused; `message` is the English text, `code` keys its translation."""

    @property
    def message(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Account:
    """What callers need of a user, detached from any database session."""

    id: int
    username: str
    # The server's host (tdapp/services/hosting.py): signs in to no club unless it names one.
    is_hoster: bool = False


def exists(username: str) -> bool:
    """Whether an account has this username."""
    with session_scope() as db:
        return db.exec(select(User.id).where(User.username == username.strip())).first() is not None


def has_users() -> bool:
    with session_scope() as db:
        return db.exec(select(func.count()).select_from(User)).one() > 0


def create_user(
    username: str, password: str, club: str | None = None, role: str = "owner"
) -> Account:
    """A new staff account, member of `club` (a slug; the server's club when None) with `role`;
    the password is stored as a werkzeug hash only."""
    with session_scope() as db:
        return new_account(db, username, password, clubs.club_by_slug(db, club), role)


def new_account(db: Session, username: str, password: str, club: Club, role: str) -> Account:
    """`create_user` inside the caller's transaction (an invitation accepted makes the account
    and uses up the invitation together)."""
    clubs.check_role(role)
    account = new_user(db, username, password)
    clubs.join(db, account.id, club, role)
    return account


def new_user(db: Session, username: str, password: str, is_hoster: bool = False) -> Account:
    """An account with a checked username and password, in no club yet (a hoster's stays so)."""
    username = username.strip()
    if not username:
        raise AccountError("USERNAME_REQUIRED")
    if len(username) > MAX_USERNAME_LENGTH:
        raise AccountError("USERNAME_TOO_LONG", limit=MAX_USERNAME_LENGTH)
    if len(password) < MIN_PASSWORD_LENGTH:
        raise AccountError("PASSWORD_TOO_SHORT", minimum=MIN_PASSWORD_LENGTH)
    if db.exec(select(User).where(User.username == username)).first() is not None:
        raise AccountError("USERNAME_TAKEN", username=username)
    user = User(username=username, password_hash=generate_password_hash(password),
                is_hoster=is_hoster)
    db.add(user)
    db.flush()
    assert user.id is not None
    return Account(user.id, user.username, user.is_hoster)


def set_password(username: str, password: str) -> None:
    """Replace a DdT's password (the CLI's way back in for a DdT who forgot it)."""
    if len(password) < MIN_PASSWORD_LENGTH:
        raise AccountError("PASSWORD_TOO_SHORT", minimum=MIN_PASSWORD_LENGTH)
    with session_scope() as db:
        user = db.exec(select(User).where(User.username == username.strip())).first()
        if user is None:
            raise AccountError("UNKNOWN_USER", username=username)
        user.password_hash = generate_password_hash(password)


# Shared by every process (tdapp/services/brakes.py); table consoles' PINs use it too.
login_brake = brakes.Brake(
    threshold=MAX_FAILURES,
    window=timedelta(seconds=FAILURE_WINDOW_SECONDS),
    lockout=timedelta(seconds=FAILURE_WINDOW_SECONDS),
)


@functools.cache
def _unknown_user_hash() -> str:
    return generate_password_hash(secrets.token_hex(16))


def authenticate(username: str, password: str, client: str = "") -> Account | None:
    """The account if the password is right, None if not; refused outright (TOO_MANY_ATTEMPTS)
    after too many recent failures from the same address for the same username."""
    return _attempt(username, password, client, lambda found: found)


def sign_in(
    username: str, password: str, client: str = "", club: str | None = None
) -> clubs.Staff | Account | None:
    """The account's membership in `club` (a slug) if the password is right and the account is
    a member there, else None, both counted alike by the brake: a club one is not in tells no
    more than a wrong password. With no club, the one club of an account that has one; refused
    (CLUB_REQUIRED) for an account in several. A hoster who names no club signs in as the
    hoster, in no club: the account itself is the answer then."""

    def in_club(found: Account) -> clubs.Staff | Account | None:
        if club is None and found.is_hoster:
            return found
        memberships = clubs.memberships_of(found.id)
        if club is not None:
            return next((m for m in memberships if m.club_slug == club), None)
        if len(memberships) > 1:
            raise AccountError("CLUB_REQUIRED", clubs=", ".join(m.club_slug for m in memberships))
        return memberships[0] if memberships else None

    return _attempt(username, password, client, in_club)


def _attempt(
    username: str, password: str, client: str, accept: Callable[[Account], T | None]
) -> T | None:
    """One login behind the brake: what `accept` makes of the account whose password is right,
    and a failure counted when the password is wrong or `accept` finds nothing."""
    key = ("login", username.strip().casefold(), client)
    now = utcnow()
    wait = login_brake.wait_seconds(key, now)
    if wait:
        log.warning(
            "login refused for %r from %s: braked for %s s",
            username[:MAX_USERNAME_LENGTH],
            client or "-",
            wait,
        )
        raise AccountError("TOO_MANY_ATTEMPTS", seconds=wait)
    with session_scope() as db:
        user = db.exec(select(User).where(User.username == username.strip())).first()
        found = Account(user.id, user.username, user.is_hoster) if user else None
        password_hash = user.password_hash if user else None
    # An unknown username costs the same hash check as a known one: timing tells nothing.
    right = check_password_hash(password_hash or _unknown_user_hash(), password)
    accepted = accept(found) if right and found is not None else None
    if accepted is None:
        wait = login_brake.failed(key, now)
        log.warning(
            "login refused for %r from %s: wrong username, password or club%s",
            username[:MAX_USERNAME_LENGTH],
            client or "-",
            f", braked for {wait} s" if wait else "",
        )
        return None
    login_brake.succeeded(key)
    return accepted


def account(user_id: int) -> Account | None:
    with session_scope() as db:
        user = db.get(User, user_id)
        return Account(user.id, user.username) if user else None


def digest(token: str) -> str:
    """What is stored of a bearer token: its SHA-256, so a leaked table grants nothing."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class TokenInfo:
    """A token as its list shows it: never the token itself, which only its holder has."""

    id: int
    username: str
    label: str
    created_at: datetime
    expires_at: datetime

    def as_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "username": self.username,
            "label": self.label,
            "created_at": self.created_at.isoformat(),
            "expires_at": self.expires_at.isoformat(),
        }


@dataclass(frozen=True)
class IssuedToken:
    """A token just made: the bearer string, which nobody can see again, and its list entry."""

    token: str
    info: TokenInfo


def token_label(label: str, lifetime_days: int) -> str:
    """A new token's label, tidied, once its label and lifetime are checked."""
    if not 1 <= lifetime_days <= MAX_TOKEN_LIFETIME_DAYS:
        raise AccountError("TOKEN_LIFETIME", limit=MAX_TOKEN_LIFETIME_DAYS)
    label = label.strip()
    if len(label) > MAX_TOKEN_LABEL_LENGTH:
        raise AccountError("TOKEN_LABEL_TOO_LONG", limit=MAX_TOKEN_LABEL_LENGTH)
    return label


def issue(
    user: Account,
    label: str = "",
    lifetime_days: int = TOKEN_LIFETIME_DAYS,
    club_id: int | None = None,
) -> IssuedToken:
    """A new bearer token for `user` in club `club_id` (the one club `user` belongs to when
    None), valid `lifetime_days`. Only its hash is kept: the caller shows it once. Tokens
    already expired are swept away on the way."""
    label = token_label(label, lifetime_days)
    if club_id is None:
        sole = clubs.staff_of_user(user.id)
        if sole is None:
            raise AccountError("NO_CLUB", username=user.username)
        club_id = sole.club_id
    token = secrets.token_urlsafe(32)
    now = utcnow()
    with tenancy.in_club(club_id), session_scope() as db:
        db.exec(delete(ApiToken).where(col(ApiToken.expires_at) <= now))
        stored = ApiToken(
            user_id=user.id,
            club_id=club_id,
            token_hash=digest(token),
            label=label,
            created_at=now,
            expires_at=now + timedelta(days=lifetime_days),
        )
        db.add(stored)
        db.flush()
        info = TokenInfo(stored.id, user.username, label, stored.created_at, stored.expires_at)
    return IssuedToken(token, info)


def issue_token(
    user: Account, label: str = "", lifetime_days: int = TOKEN_LIFETIME_DAYS
) -> str:
    """The bearer string of a new token (see `issue`), for callers that need nothing else."""
    return issue(user, label, lifetime_days).token


def user_for_token(token: str) -> Account | None:
    """The account a live bearer token belongs to: the one its membership names (a token whose
    account is no longer a member of its club has none)."""
    staff = staff_for_token(token)
    return None if staff is None else account_of(staff)


def account_of(staff: clubs.Staff) -> Account:
    """The account a staff member acts with."""
    return Account(staff.user_id, staff.username)


def staff_for_token(token: str) -> clubs.Staff | None:
    """The membership a live bearer token acts through (its account, club and role)."""
    if not token:
        return None
    return clubs.staff_for_token(digest(token), utcnow())


def tokens() -> list[TokenInfo]:
    """The live tokens of the acting club's staff, newest first."""
    query = (
        select(ApiToken, User.username)
        .join(User, col(ApiToken.user_id) == User.id)
        .where(col(ApiToken.expires_at) > utcnow())
        .order_by(col(ApiToken.created_at).desc(), col(ApiToken.id).desc())
    )
    with session_scope() as db:
        return [
            TokenInfo(row.id, username, row.label, row.created_at, row.expires_at)
            for row, username in db.exec(query).all()
        ]


def revoke_token(token_id: int) -> None:
    """The token stops working at once; refused (UNKNOWN_TOKEN) when there is no such token."""
    with session_scope() as db:
        found = db.get(ApiToken, token_id) if is_id(token_id) else None
        if found is None:
            raise AccountError("UNKNOWN_TOKEN", token_id=token_id)
        db.delete(found)


def revoke_bearer(token: str) -> bool:
    """Revoke the token its holder presents (a client logging out); False if it was not live.
    Its holder may be of any club: the token itself is the proof."""
    with tenancy.across_clubs(), session_scope() as db:
        found = db.exec(select(ApiToken).where(ApiToken.token_hash == digest(token))).first()
        if found is None:
            return False
        db.delete(found)
        return True
