"""Invitations into a club: an owner makes one for a role, and whoever holds its code joins the
club with that role, as a new account or as an existing one who gives their password.

A code is 128 bits from `secrets`, shown once (in a link and its QR code) and stored only as its
SHA-256; it is good for one use within `LIFETIME`, and the owner may withdraw it before. Trying
codes is braked per address (`BRAKE`), so that the link cannot be guessed; a code used, expired,
withdrawn or never made answers the same UNKNOWN_INVITATION.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import col, delete, select

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.services import accounts, brakes, clubs
from tdapp.storage.accounts import User
from tdapp.storage.clubs import Club, Invitation, Membership
from tdapp.storage.database import is_id, session_scope
from tdapp.wallclock import utcnow

LIFETIME = timedelta(days=7)
CODE_BYTES = 16  # 128 bits
BRAKE = brakes.Brake(threshold=accounts.MAX_FAILURES, window=timedelta(minutes=5),
                     lockout=timedelta(minutes=5), growth=2, max_lockout=timedelta(hours=12))

register_messages(
    {
        "UNKNOWN_INVITATION": "This invitation is not valid: it was used, withdrawn or has "
                              "expired. Ask the club's owner for a new one.",
        "ALREADY_MEMBER": "%(username)s is already a member of this club.",
        "TOO_MANY_INVITATION_TRIES": "Too many invalid invitations from here: try again in "
                                     "%(seconds)s s.",
    }
)


class Braked(DomainError):
    """Too many wrong codes from one address: the caller answers 429."""


@dataclass(frozen=True)
class Issued:
    """An invitation just made: its code, which nobody can see again, and until when it lasts."""

    code: str
    role: clubs.Role
    expires_at: datetime


@dataclass(frozen=True)
class Pending:
    """An invitation as the owner's list shows it: never its code."""

    id: int
    role: clubs.Role
    created_by: str | None
    expires_at: datetime

    def as_json(self) -> dict[str, object]:
        return {"id": self.id, "role": self.role, "created_by": self.created_by,
                "expires_at": self.expires_at.isoformat()}


@dataclass(frozen=True)
class Accepted:
    user_id: int
    username: str
    club: str
    role: clubs.Role


def _digest(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


def invite(club_id: int, role: str, by_user_id: int) -> Issued:
    """A new invitation into the club with `role`; invitations run out are swept on the way."""
    role = clubs.check_role(role)
    code = secrets.token_urlsafe(CODE_BYTES)
    now = utcnow()
    with session_scope() as db:
        db.exec(delete(Invitation).where(col(Invitation.expires_at) <= now))
        db.add(Invitation(club_id=club_id, code_hash=_digest(code), role=role,
                          created_by=by_user_id, created_at=now, expires_at=now + LIFETIME))
    return Issued(code, role, now + LIFETIME)


def pending(club_id: int) -> list[Pending]:
    """The club's invitations still open, newest first."""
    query = (
        select(Invitation, User.username)
        .outerjoin(User, col(Invitation.created_by) == User.id)
        .where(Invitation.club_id == club_id, col(Invitation.expires_at) > utcnow())
        .order_by(col(Invitation.id).desc())
    )
    with session_scope() as db:
        return [Pending(row.id, clubs.check_role(row.role), username, row.expires_at)
                for row, username in db.exec(query).all()]


def withdraw(club_id: int, invitation_id: int) -> None:
    """The invitation stops working at once; refused (UNKNOWN_INVITATION) if the club has none
    such open."""
    with session_scope() as db:
        found = db.get(Invitation, invitation_id) if is_id(invitation_id) else None
        if found is None or found.club_id != club_id or found.expires_at <= utcnow():
            raise DomainError("UNKNOWN_INVITATION")
        db.delete(found)


def _open_invitation(code: str, client: str) -> tuple[int, str, clubs.Role]:
    """The id, club name and role of the open invitation `code` names, behind the brake: a wrong
    code counts a failure (in a transaction of its own, after the lookup's has ended)."""
    now = utcnow()
    key = ("invitation", client)
    wait = BRAKE.wait_seconds(key, now)
    if wait:
        raise Braked("TOO_MANY_INVITATION_TRIES", seconds=wait)
    found = None
    if 0 < len(code) <= 64:
        with session_scope() as db:
            found = db.exec(
                select(Invitation.id, Club.name, Invitation.role)
                .join(Club, col(Invitation.club_id) == Club.id)
                .where(Invitation.code_hash == _digest(code), col(Invitation.expires_at) > now)
            ).first()
    if found is None:
        BRAKE.failed(key, now)
        raise DomainError("UNKNOWN_INVITATION")
    invitation_id, club_name, role = found
    return invitation_id, club_name, clubs.check_role(role)


def check(code: str, client: str = "") -> tuple[str, clubs.Role]:
    """The club's name and the role an open invitation offers, for its page."""
    _, club_name, role = _open_invitation(code, client)
    return club_name, role


def accept(code: str, username: str, password: str, client: str = "") -> Accepted | None:
    """Use up the invitation: a new account with that role, or, when `username` exists, that
    account (if the password is right) joins the club. None for a wrong password of an
    existing account (counted by the login brake); the invitation stays open then."""
    invitation_id, _, _ = _open_invitation(code, client)
    signed = None
    if accounts.exists(username):
        # The password is checked before the transaction that uses the invitation up: the
        # brake writes its counts in transactions of its own.
        signed = accounts.authenticate(username, password, client)
        if signed is None:
            return None
    with session_scope() as db:
        invitation = db.exec(
            select(Invitation).where(Invitation.id == invitation_id).with_for_update()
        ).first()
        if invitation is None:  # used or withdrawn in the meantime
            raise DomainError("UNKNOWN_INVITATION")
        club = db.get(Club, invitation.club_id)
        assert club is not None
        role = clubs.check_role(invitation.role)
        if signed is None:
            account = accounts.new_account(db, username, password, club, role)
        else:
            if db.exec(select(Membership.id).where(Membership.user_id == signed.id,
                                                   Membership.club_id == club.id)).first():
                raise DomainError("ALREADY_MEMBER", username=signed.username)
            clubs.join(db, signed.id, club, role)
            account = signed
        db.delete(invitation)
        return Accepted(account.id, account.username, club.slug, role)
