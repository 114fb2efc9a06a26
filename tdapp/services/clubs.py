"""Clubs and their staff: who works in which club, under which role.

A server holds one club for now (its slug is `TDAPP_DEFAULT_CLUB`, default `club`); every
account belongs to it as owner unless created otherwise. A session or a token acts through one
membership, looked up on every request (`staff`, `staff_of_user`), so that a role changed or a
member removed counts at the next request.

The roles rank owner > director > floor: what each may do is one table in tdapp/web/roles.py.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, cast

from sqlalchemy import bindparam
from sqlmodel import Session, col, delete, func, select

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.services import templates, tenancy
from tdapp.storage.accounts import ApiToken, User
from tdapp.storage.clubs import Club, Membership
from tdapp.storage.database import first_row, is_id, session_scope

Role = Literal["owner", "director", "floor"]
ROLES: tuple[Role, ...] = ("owner", "director", "floor")
_RANK: dict[str, int] = {"floor": 1, "director": 2, "owner": 3}
SLUG_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
MAX_SLUG_LENGTH = 40
DEFAULT_SLUG = "club"
DEFAULT_ZONE = "Europe/Rome"

register_messages(
    {
        "UNKNOWN_CLUB": "There is no club %(club)s.",
        "UNKNOWN_ROLE": "A role is owner, director or floor, not %(role)s.",
        "UNKNOWN_MEMBER": "User %(user_id)s is not a member of this club.",
        "LAST_OWNER": "The club's last owner stays an owner: make another member owner first.",
        "NO_CLUB": "The account %(username)s belongs to no club.",
        "DEFAULT_CLUB_MISSING": "TDAPP_DEFAULT_CLUB names the club %(club)s, but this server's "
                                "club is %(existing)s: set TDAPP_DEFAULT_CLUB=%(existing)s.",
    }
)


def allows(role: str, needs: str) -> bool:
    """Whether `role` may do what `needs` asks: an owner may do all a director may, and a
    director all a floor member may."""
    return _RANK.get(role, 0) >= _RANK[needs]


def check_role(role: str) -> Role:
    """`role` as a role, or refused (UNKNOWN_ROLE)."""
    if role not in ROLES:
        raise DomainError("UNKNOWN_ROLE", role=role)
    return cast(Role, role)


def default_slug() -> str:
    """The slug of the server's club, as the installer configured it."""
    slug = os.environ.get("TDAPP_DEFAULT_CLUB") or DEFAULT_SLUG
    if not SLUG_PATTERN.fullmatch(slug) or len(slug) > MAX_SLUG_LENGTH:
        # The installer's mistake, not a user's: a server error names it.
        raise ValueError(f"TDAPP_DEFAULT_CLUB must be lowercase letters, digits and hyphens,"
                         f" not {slug!r}")
    return slug


def server_zone() -> str:
    """The time zone of a club that never chose one: the installer's TDAPP_TIMEZONE (checked
    when the server starts, tdapp/__init__.py), else Rome's."""
    return os.environ.get("TDAPP_TIMEZONE", "").strip() or DEFAULT_ZONE


def name_from_slug(slug: str) -> str:
    """The name of a club made from its slug alone ("circolo-roma": "Circolo Roma")."""
    return " ".join(word.capitalize() for word in slug.split("-"))


@dataclass(frozen=True)
class ClubInfo:
    """A club as lists and settings show it: `timezone` is the zone its times are read in (the
    server's when the club never chose one)."""

    id: int
    slug: str
    name: str
    language: str
    timezone: str
    currency: str
    members: int = 0


@dataclass(frozen=True)
class Staff:
    """An account as it works in one club: what the guards, the roles and the pages need."""

    membership_id: int
    user_id: int
    username: str
    club_id: int
    club_slug: str
    club_name: str
    role: Role
    # The club's language and chosen time zone (empty: the server's), read by every page.
    club_language: str = "it"
    club_timezone: str = ""

    def may(self, needs: str) -> bool:
        return allows(self.role, needs)


def info(club: Club, members: int = 0) -> ClubInfo:
    assert club.id is not None
    return ClubInfo(club.id, club.slug, club.name, club.language,
                    club.timezone or server_zone(), club.currency, members)


def default_club(db: Session) -> Club:
    """The server's club, made on the spot (with the shipped templates) when the database has
    no club at all yet (a new server's first account). A database whose club has another slug
    than TDAPP_DEFAULT_CLUB says so (DEFAULT_CLUB_MISSING) rather than get a second club."""
    slug = default_slug()
    club = db.exec(select(Club).where(Club.slug == slug)).first()
    if club is not None:
        return club
    existing = db.exec(select(Club.slug).order_by(col(Club.id)).limit(1)).first()
    if existing is not None:
        raise DomainError("DEFAULT_CLUB_MISSING", club=slug, existing=existing)
    club = Club(slug=slug, name=name_from_slug(slug))
    db.add(club)
    db.flush()
    furnish(db, club)
    return club


def furnish(db: Session, club: Club) -> None:
    """Give a club just added in `db` what every new club starts with (the shipped templates),
    written inside it whatever club acts around."""
    assert club.id is not None
    tenancy.inside_new_club(db, club.id)
    with tenancy.in_club(club.id):
        templates.ship(db, club.id)
        db.flush()


def club_id_for(slug: str | None) -> int:
    """The id of the club `slug` names, the server's club when None (made if the database has
    none yet: a CLI command on a new server); refused (UNKNOWN_CLUB) if none."""
    with session_scope() as db:
        club = club_by_slug(db, slug)
        assert club.id is not None
        return club.id


def club_by_slug(db: Session, slug: str | None) -> Club:
    """The club `slug` names (the server's club when None); refused (UNKNOWN_CLUB) if none."""
    if slug is None:
        return default_club(db)
    club = db.exec(select(Club).where(Club.slug == slug)).first()
    if club is None:
        if slug == default_slug():
            return default_club(db)
        raise DomainError("UNKNOWN_CLUB", club=slug)
    return club


def join(db: Session, user_id: int, club: Club, role: str) -> Membership:
    """Make `user_id` a member of `club` with `role`, or give an existing member that role."""
    membership = db.exec(
        select(Membership).where(Membership.user_id == user_id, Membership.club_id == club.id)
    ).first()
    if membership is None:
        assert club.id is not None
        membership = Membership(user_id=user_id, club_id=club.id, role=check_role(role))
    else:
        membership.role = check_role(role)
    db.add(membership)
    db.flush()
    return membership


def clubs() -> list[ClubInfo]:
    """Every club of the server with its number of members, by slug (none before the first
    account of a new server)."""
    counts = (
        select(Membership.club_id, func.count().label("members"))
        .group_by(col(Membership.club_id))
        .subquery()
    )
    query = (
        select(Club, counts.c.members)
        .outerjoin(counts, counts.c.club_id == Club.id)
        .order_by(col(Club.slug))
    )
    with session_scope() as db:
        return [info(club, members or 0) for club, members in db.exec(query).all()]


_STAFF_QUERY = (
    select(Membership.id, Membership.user_id, User.username, col(Club.id).label("club_id"),
           Club.slug, Club.name, Membership.role, Club.language, Club.timezone)
    .join(User, col(Membership.user_id) == User.id)
    .join(Club, col(Membership.club_id) == Club.id)
)


def _staff(rows: Sequence[tuple]) -> list[Staff]:
    return [Staff(*row) for row in rows]


def staff(membership_id: int) -> Staff | None:
    """The membership a session names, or None once it is gone (the member was removed)."""
    if not is_id(membership_id):
        return None
    with session_scope() as db:
        rows = db.exec(_STAFF_QUERY.where(Membership.id == membership_id)).all()
    found = _staff(rows)
    return found[0] if found else None


def memberships_of(user_id: int) -> list[Staff]:
    """Every club `user_id` works in, oldest membership first."""
    if not is_id(user_id):
        return []
    with session_scope() as db:
        rows = db.exec(_STAFF_QUERY.where(Membership.user_id == user_id)
                       .order_by(col(Membership.id))).all()
    return _staff(rows)


def staff_of_user(user_id: int) -> Staff | None:
    """The one club of an account that belongs to exactly one: what a session that names no
    membership (one opened before clubs existed) acts through."""
    found = memberships_of(user_id)
    return found[0] if len(found) == 1 else None


def session_staff(user_id: object, membership_id: object) -> Staff | None:
    """The membership a console session acts through: the one it names, or, for a session
    opened before it named one, the account's one club. None once the member was removed."""
    if not isinstance(user_id, int):
        return None
    found = staff(membership_id) if isinstance(membership_id, int) else staff_of_user(user_id)
    return found if found is not None and found.user_id == user_id else None


# Built once, run with each bearer token (every action of a table console): a statement built per
# call cost more than the query, a sixth of a table action's server time.
_TOKEN_STAFF_QUERY = _STAFF_QUERY.join(
    ApiToken, (col(ApiToken.user_id) == Membership.user_id) & (col(ApiToken.club_id) == Membership.club_id)
).where(ApiToken.token_hash == bindparam("digest"), col(ApiToken.expires_at) > bindparam("now"))


def staff_for_token(token_hash: str, now: datetime) -> Staff | None:
    """The membership a live token acts through: its account in its club."""
    # A token is found by its hash before any club is known: the one look-up across clubs.
    with tenancy.across_clubs():
        row = first_row(_TOKEN_STAFF_QUERY, {"digest": token_hash, "now": now})
    return Staff(*row) if row is not None else None


@dataclass(frozen=True)
class Member:
    user_id: int
    username: str
    role: Role

    def as_json(self) -> dict[str, object]:
        return {"user_id": self.user_id, "username": self.username, "role": self.role}


def members(club_id: int) -> list[Member]:
    """The club's staff: owners first, then directors, then floor, each by username."""
    query = (
        select(Membership.user_id, User.username, Membership.role)
        .join(User, col(Membership.user_id) == User.id)
        .where(Membership.club_id == club_id)
    )
    with session_scope() as db:
        rows = db.exec(query).all()
    listed = [Member(user_id, username, cast(Role, role)) for user_id, username, role in rows]
    return sorted(listed, key=lambda m: (-_RANK[m.role], m.username.casefold()))


def _membership(db: Session, club_id: int, user_id: int) -> Membership:
    found = db.exec(
        select(Membership).where(Membership.club_id == club_id, Membership.user_id == user_id)
    ).first() if is_id(user_id) else None
    if found is None:
        raise DomainError("UNKNOWN_MEMBER", user_id=user_id)
    return found


def _keep_an_owner(db: Session, membership: Membership) -> None:
    """Refuse (LAST_OWNER) to take away the club's last owner: nobody could manage it after."""
    if membership.role != "owner":
        return
    # The owners' rows locked: two owners demoting each other at once cannot both pass.
    owners = db.exec(
        select(Membership.id)
        .where(Membership.club_id == membership.club_id, Membership.role == "owner")
        .with_for_update()
    ).all()
    if len(owners) <= 1:
        raise DomainError("LAST_OWNER")


def set_role(club_id: int, user_id: int, role: str) -> Member:
    """Give a member another role; refused (LAST_OWNER) for the last owner's demotion."""
    role = check_role(role)
    with session_scope() as db:
        membership = _membership(db, club_id, user_id)
        if role != "owner":
            _keep_an_owner(db, membership)
        membership.role = role
        db.add(membership)
        user = db.get(User, user_id)
        assert user is not None
        return Member(user_id, user.username, role)


def remove(club_id: int, user_id: int) -> None:
    """The member leaves the club: their tokens in it are deleted and the membership with
    them, so that their tokens and console sessions are refused at their next request.
    Refused (LAST_OWNER) for the last owner."""
    with session_scope() as db:
        membership = _membership(db, club_id, user_id)
        _keep_an_owner(db, membership)
        db.exec(delete(ApiToken).where(col(ApiToken.user_id) == user_id,
                                       col(ApiToken.club_id) == club_id))
        db.delete(membership)
