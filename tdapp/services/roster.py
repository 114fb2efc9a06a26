"""The club's roster: the players the DdT registers by name, night after night."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from tdapp.kernel.names import fits, folded, same_name_key, tidied
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.storage.database import is_id, session_scope
from tdapp.storage.roster import RosterPlayer
from tdapp.tournament.players import GENDERS

MAX_NAME = 80

register_messages(
    {
        "BAD_ROSTER_NAME": "A roster player needs a name of at most %(max)s characters",
        "ROSTER_NAME_TAKEN": "%(name)s is already in the roster",
        "UNKNOWN_ROSTER_PLAYER": "There is no roster player %(roster_id)s",
    }
)


@dataclass(frozen=True)
class Member:
    id: int
    name: str
    gender: str | None = None


def members(search: str = "") -> list[Member]:
    """The roster by name; with `search`, only names containing it (ignoring case and accents)."""
    with session_scope() as db:
        rows = db.exec(select(RosterPlayer).order_by(col(RosterPlayer.name))).all()
        found = [Member(row.id, row.name, row.gender) for row in rows]
    wanted = folded(search.strip())
    return [m for m in found if wanted in folded(m.name)] if wanted else found


def member_named(name: str) -> Member | None:
    """The roster player with this name, case, accents and spaces ignored."""
    wanted = same_name_key(name)
    return next((m for m in members() if same_name_key(m.name) == wanted), None)


def add_member(name: str, gender: str | None = None) -> Member:
    name = tidied(name)
    if not fits(name, MAX_NAME):
        raise DomainError("BAD_ROSTER_NAME", max=MAX_NAME)
    if gender is not None and gender not in GENDERS:
        raise DomainError("BAD_GENDER")
    with session_scope() as db:
        if _named(db, name) is not None:
            raise DomainError("ROSTER_NAME_TAKEN", name=name)
        return _added(db, name, gender)


def named_or_added(db: Session, name: str) -> Member:
    """The roster player with this name (case, accents and spaces ignored), or a new one, in the
    caller's transaction: a check-in adds its newcomer with the entry, or not at all."""
    found = _named(db, name)
    return found if found is not None else _added(db, tidied(name), None)


def keep_contact(db: Session, roster_id: int, key: str) -> None:
    """The roster player's contact, as a sign-up they checked in with keys it: a later sign-up
    with it finds their history (tdapp/services/signup_history.py)."""
    row = db.get(RosterPlayer, roster_id)
    if row is not None and row.contact_key != key:
        row.contact_key = key
        db.add(row)


def _named(db: Session, name: str) -> Member | None:
    wanted = same_name_key(name)
    for row in db.exec(select(RosterPlayer)).all():
        if same_name_key(row.name) == wanted:
            return Member(row.id, row.name, row.gender)
    return None


def _added(db: Session, name: str, gender: str | None) -> Member:
    row = RosterPlayer(name=name, gender=gender)
    db.add(row)
    db.flush()
    return Member(row.id, row.name, row.gender)


def member(roster_id: int) -> Member:
    with session_scope() as session:
        row = session.get(RosterPlayer, roster_id) if is_id(roster_id) else None
        if row is None:
            raise DomainError("UNKNOWN_ROSTER_PLAYER", roster_id=roster_id)
        return Member(row.id, row.name, row.gender)
