"""The club's members: who holds its card (la tessera), its number and the last day it is valid.

A member may be linked to the roster player they are; the door finds a member by that link
first, else by the name as the room compares names (`find_member`). In a club a name, a card's
number and a roster player are one member's each.

A spreadsheet's list comes in whole or not at all (`import_csv`). Each row is matched to a
member already known by its card number, else by its name, and updates that member; a row that
matches nobody adds one. A cell left empty (or a column the file lacks) leaves that field of a
known member as it is, so a sheet of names and new end dates renews the cards without touching
their numbers. A bad row refuses the whole file, naming its line and why.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from typing import Final

from sqlalchemy import and_, func, or_
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from tdapp.kernel.names import fits, folded, same_name_key, tidied
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.services import member_sheet
from tdapp.storage.database import is_id, session_scope
from tdapp.storage.members import MemberRow
from tdapp.storage.roster import RosterPlayer
from tdapp.wallclock import utcnow

MAX_NAME = 80
MAX_NUMBER = 20
PAGE_SIZE = 50
# An import overtaken by another writer this many times in a row is refused (it changed nothing).
IMPORT_ATTEMPTS = 3

register_messages({
    "BAD_MEMBER_NAME": "A member needs a name of at most %(max)s characters",
    "BAD_MEMBER_NUMBER": "\u201c%(number)s\u201d is not a card number: letters and digits, with - / "
                         ". between them, at most %(max)s characters",
    "BAD_MEMBER_DATE": "\u201c%(value)s\u201d is not a day: write it as 31/12/2026 or 2026-12-31",
    "MEMBER_NAME_TAKEN": "%(name)s is already a member",
    "MEMBER_NUMBER_TAKEN": "Card %(number)s is already %(holder)s's",
    "MEMBER_ROSTER_TAKEN": "That roster player is already the member %(holder)s",
    "MEMBER_ON_TWO_LINES": "%(name)s is on line %(other)s too",
    "CARD_ON_TWO_LINES": "card %(number)s is on line %(other)s too",
    "MEMBERS_CHANGED_MEANWHILE": "Other changes to the members kept overtaking this import: "
                                 "nothing was imported; import the file again",
    "UNKNOWN_CARD_HOLDER": "There is no member %(member_id)s",
    "UNKNOWN_ROSTER_PLAYER": "There is no roster player %(roster_id)s",
})

# Letters and digits, with a dash, slash or dot between them: "1024", "2026/17", "A-12".
_NUMBER = re.compile(r"[A-Za-z0-9]+(?:[-/.][A-Za-z0-9]+)*")
# A day as a spreadsheet writes it: 31/12/2026, 31.12.2026, 31-12-2026 or 31/12/26.
_DAY_FIRST = re.compile(r"([0-9]{1,2})[/.-]([0-9]{1,2})[/.-]([0-9]{4}|[0-9]{2})")
_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class _Keep:
    """The marker of a field that an update leaves as it is."""

    def __repr__(self) -> str:
        return "KEEP"


KEEP: Final = _Keep()


@dataclass(frozen=True)
class Member:
    id: int
    name: str
    number: str | None
    valid_until: date | None
    roster_id: int | None

    def valid_on(self, day: date) -> bool:
        """Whether the card is valid on `day`: up to its last day included, or with no end."""
        return self.valid_until is None or day <= self.valid_until

    def renewal(self, today: date) -> date | None:
        """The last day of the card renewed for a year: a year after its end, or after today
        when it has ended already; None for a card with no end."""
        if self.valid_until is None:
            return None
        start = max(self.valid_until, today)
        try:
            return start.replace(year=start.year + 1)
        except ValueError:  # 29 February
            return start.replace(year=start.year + 1, day=28)


@dataclass(frozen=True)
class MemberPage:
    """One page of the list: `members` of `total` matching, page `number` of `count`."""

    members: list[Member]
    total: int
    number: int
    count: int
    size: int


@dataclass(frozen=True)
class Imported:
    """What a file did: members added, members changed, and rows that changed nothing."""

    added: int
    updated: int
    unchanged: int


def member_name(text: object) -> str:
    name = tidied(text)
    if not fits(name, MAX_NAME):
        raise DomainError("BAD_MEMBER_NAME", max=MAX_NAME)
    return name


def card_number(text: str | None) -> str | None:
    """A card's number as kept (its spaces trimmed); None for none."""
    number = (text or "").strip()
    if not number:
        return None
    if len(number) > MAX_NUMBER or not _NUMBER.fullmatch(number):
        raise DomainError("BAD_MEMBER_NUMBER", number=number[:40], max=MAX_NUMBER)
    return number


def read_day(text: str | None) -> date | None:
    """A card's last day as typed or as a spreadsheet writes it: 2026-12-31, 31/12/2026 (day
    first, as in Italy), 31.12.2026, 31-12-2026 or 31/12/26; None for an empty one."""
    raw = (text or "").strip()
    if not raw:
        return None
    try:
        if _ISO_DAY.fullmatch(raw):
            return date.fromisoformat(raw)
        found = _DAY_FIRST.fullmatch(raw)
        if found:
            day, month, year = (int(part) for part in found.groups())
            return date(year + 2000 if year < 100 else year, month, day)
    except ValueError:
        pass
    raise DomainError("BAD_MEMBER_DATE", value=raw[:40])


def _member(row: MemberRow) -> Member:
    return Member(row.id, row.name, row.number, row.valid_until, row.roster_id)


def find_member(name: str, roster_id: int | None = None) -> Member | None:
    """The member at the door: the one linked to roster player `roster_id`, else the one named
    `name` (case, accents and spaces aside), unless linked to another roster player than the
    one given."""
    with session_scope() as db:
        if roster_id is not None and is_id(roster_id):
            linked = db.exec(select(MemberRow).where(MemberRow.roster_id == roster_id)).first()
            if linked is not None:
                return _member(linked)
        named = db.exec(select(MemberRow).where(
            MemberRow.name_key == same_name_key(tidied(name)))).first()
        if named is None or roster_id is not None and named.roster_id not in (None, roster_id):
            return None
        return _member(named)


def list_members(search: str = "", page: int = 1, size: int = PAGE_SIZE) -> MemberPage:
    """The members by name, `size` a page; with `search`, those whose name holds every word of
    it (case and accents aside) or whose card number it is. A page past the end is the last."""
    words = folded(search).split()
    query = select(MemberRow)
    if words:
        named = [col(MemberRow.name_key).contains(word, autoescape=True) for word in words]
        query = query.where((col(MemberRow.number) == search.strip()) | and_(*named))
    with session_scope() as db:
        total = db.exec(select(func.count()).select_from(query.subquery())).one()
        count = max(1, -(-total // size))
        number = min(max(page, 1), count)
        rows = db.exec(query.order_by(col(MemberRow.name_key), col(MemberRow.id))
                       .offset((number - 1) * size).limit(size)).all()
        return MemberPage([_member(row) for row in rows], total, number, count, size)


def member(member_id: int) -> Member:
    with session_scope() as db:
        return _member(_row(db, member_id))


def create_member(name: str, number: str | None = None, valid_until: date | None = None,
                  roster_id: int | None = None) -> Member:
    name, number = member_name(name), card_number(number)
    with _refusing_clashes(name, number, roster_id, None), session_scope() as db:
        _check(db, name, number, roster_id, None)
        row = MemberRow(name=name, name_key=same_name_key(name), number=number,
                        valid_until=valid_until, roster_id=roster_id)
        db.add(row)
        db.flush()
        return _member(row)


def update_member(member_id: int, *, name: str | _Keep = KEEP,
                  number: str | None | _Keep = KEEP, valid_until: date | None | _Keep = KEEP,
                  roster_id: int | None | _Keep = KEEP) -> Member:
    """Change the fields given (a renewal is a new `valid_until`); the others stay."""
    with session_scope() as db:
        row = _row(db, member_id)
        new_name = row.name if isinstance(name, _Keep) else member_name(name)
        new_number = row.number if isinstance(number, _Keep) else card_number(number)
        new_until = row.valid_until if isinstance(valid_until, _Keep) else valid_until
        new_roster = row.roster_id if isinstance(roster_id, _Keep) else roster_id
    with _refusing_clashes(new_name, new_number, new_roster, member_id), session_scope() as db:
        row = _row(db, member_id)
        _check(db, new_name, new_number, new_roster, member_id)
        _set(row, new_name, new_number, new_until, new_roster)
        db.flush()
        return _member(row)


def delete_member(member_id: int) -> None:
    with session_scope() as db:
        db.delete(_row(db, member_id))


def import_csv(data: bytes) -> Imported:
    """Add or update every member a spreadsheet's CSV lists, or none of them (module doc)."""
    rows = member_sheet.rows_of(member_sheet.text_of(data))
    read = [_read_row(row) for row in rows]
    for _ in range(IMPORT_ATTEMPTS):
        try:
            return _imported(read)
        except IntegrityError:
            # Another import, or a DdT's new card, committed a member this one had read as
            # missing (PostgreSQL reads what was committed before each statement): the unique
            # keys refused the commit, so it is done again on what the other left.
            continue
    raise DomainError("MEMBERS_CHANGED_MEANWHILE")


def _imported(read: list[tuple[int, str, str | None, date | None]]) -> Imported:
    """One import's transaction: the members as they are now, each row matched, added or
    updated; a clash with a member committed meanwhile raises IntegrityError."""
    with session_scope() as db:
        known = _known(db)
        by_number = {m.number: m for m in known if m.number is not None}
        by_key = {m.name_key: m for m in known}
        seen: dict[tuple[str, object], int] = {}
        planned: list[tuple[MemberRow | None, str, str | None, date | None]] = []
        for line, name, number, until in read:
            key = same_name_key(name)
            carded, named = by_number.get(number) if number else None, by_key.get(key)
            if carded is not None and named is not None and carded is not named:
                raise member_sheet.at_line(line, DomainError(
                    "MEMBER_NUMBER_TAKEN", number=number, holder=carded.name))
            target = carded or named
            _once(seen, ("name", key), line, "MEMBER_ON_TWO_LINES", name=name)
            if number is not None:
                _once(seen, ("number", number), line, "CARD_ON_TWO_LINES", number=number)
            if target is not None:
                _once(seen, ("member", target.id), line, "MEMBER_ON_TWO_LINES", name=target.name)
            planned.append((target, name, number, until))
        added = updated = 0
        for target, name, number, until in planned:
            if target is None:
                db.add(MemberRow(name=name, name_key=same_name_key(name), number=number,
                                 valid_until=until))
                added += 1
            elif (name, number or target.number, until or target.valid_until) != (
                    target.name, target.number, target.valid_until):
                _set(target, name, number or target.number, until or target.valid_until,
                     target.roster_id)
                updated += 1
        db.flush()
    return Imported(added, updated, len(planned) - added - updated)


def _known(db: Session) -> list[MemberRow]:
    """The club's members as this import's transaction reads them: on PostgreSQL, without
    another's that commits after this read (the tests hide some to stand for that)."""
    return list(db.exec(select(MemberRow)).all())


def _once(seen: dict[tuple[str, object], int], mark: tuple[str, object], line: int, code: str,
          **params: object) -> None:
    """Note that the file's `line` names `mark`; refused when an earlier line named it too."""
    if mark in seen:
        raise member_sheet.at_line(line, DomainError(code, **params, other=seen[mark]))
    seen[mark] = line


def _read_row(row: member_sheet.SheetRow) -> tuple[int, str, str | None, date | None]:
    try:
        return row.line, member_name(row.name), card_number(row.number), read_day(row.valid_until)
    except DomainError as bad:
        raise member_sheet.at_line(row.line, bad) from None


def _row(db: Session, member_id: int) -> MemberRow:
    row = db.get(MemberRow, member_id) if is_id(member_id) else None
    if row is None:
        raise DomainError("UNKNOWN_CARD_HOLDER", member_id=member_id)
    return row


def _set(row: MemberRow, name: str, number: str | None, valid_until: date | None,
         roster_id: int | None) -> None:
    row.name, row.name_key, row.number = name, same_name_key(name), number
    row.valid_until, row.roster_id = valid_until, roster_id
    row.updated_at = utcnow()


def _check(db: Session, name: str, number: str | None, roster_id: int | None,
           member_id: int | None) -> None:
    """Refuse a roster player the club does not have, or a name, number or roster player that
    another member already holds."""
    if roster_id is not None and (not is_id(roster_id) or db.get(RosterPlayer, roster_id) is None):
        raise DomainError("UNKNOWN_ROSTER_PLAYER", roster_id=roster_id)
    key = same_name_key(name)
    conditions = [col(MemberRow.name_key) == key]
    if number is not None:
        conditions.append(col(MemberRow.number) == number)
    if roster_id is not None:
        conditions.append(col(MemberRow.roster_id) == roster_id)
    others = db.exec(select(MemberRow).where(or_(*conditions))).all()
    _clash_among(others, key, number, roster_id, member_id)


def _clash_among(members: list[MemberRow], key: str, number: str | None, roster_id: int | None,
                 member_id: int | None) -> None:
    for other in members:
        if other.id == member_id:
            continue
        if other.name_key == key:
            raise DomainError("MEMBER_NAME_TAKEN", name=other.name)
        if number is not None and other.number == number:
            raise DomainError("MEMBER_NUMBER_TAKEN", number=number, holder=other.name)
        if roster_id is not None and other.roster_id == roster_id:
            raise DomainError("MEMBER_ROSTER_TAKEN", holder=other.name)


@contextmanager
def _refusing_clashes(name: str, number: str | None, roster_id: int | None,
                      member_id: int | None) -> Iterator[None]:
    """Two DdTs adding one card at once: the second's commit breaks a unique key, and is told
    which, as if it had come second in the first place."""
    try:
        yield
    except IntegrityError:
        with session_scope() as db:
            _check(db, name, number, roster_id, member_id)
        raise
