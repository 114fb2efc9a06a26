"""Moving a club to another server: `tdapp club export SLUG FILE` writes the club, its members'
accounts and everything it owns; `tdapp club import FILE [--slug NEW]` makes a new club of it,
on SQLite or PostgreSQL whichever the other side was (tdapp/storage/club_files.py).

What moves: the club's row; its members' accounts (password hashes included: they log in with
the passwords they had) and memberships with their roles; templates, roster, leagues with their
logs and nights, seasons, draw tables with their logs, tournaments with their logs. Every id is
new on the new server; nothing else changes, but for three names that are unique across a
server and may be taken on the new one: a tournament's public slug and a draw table's console
link then get a fresh one (said in the answer), and the club's slug is refused (`--slug NEW`).

An account whose username the new server has already is the same person only when it holds the
very same password hash (salted: no two passwords hash alike, so it is a copy of that account:
the club moving within its own server, or a member of two clubs that both moved): the
membership then joins that account. Any other such username is refused, named, and nothing is
imported: joining would give the club's role to a stranger who chose the same name, and
renaming on the quiet would leave the member unable to log in as they know. The hoster, who
can tell the member, renames such accounts on the way in (`--rename-user OLD=NEW`).

What stays behind, and why, is listed in tdapp/storage/club_files.py: API tokens, invitations,
brakes, snapshots (rebuilt from the logs), the scheduler's announced level ends. Hold'em table
consoles' links name their tournament's id, so they change with it; their PINs do not.

The import is one transaction: a broken file, a slug taken, a username taken, a schema this
server is not at: one refusal and nothing written.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from sqlalchemy import Table
from sqlalchemy.exc import CompileError, DataError, IntegrityError
from sqlmodel import Session, select

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.services import accounts, clubs, draw_tables, league, tenancy, tournaments
from tdapp.services.tournament_log import LOG as TOURNAMENTS_LOG
from tdapp.storage import backup
from tdapp.storage import club_files as files
from tdapp.storage import database as db
from tdapp.storage.clubs import Club
from tdapp.storage.event_log import EventLog
from tdapp.wallclock import utcnow

log = logging.getLogger(__name__)

register_messages(
    {
        "NOT_A_CLUB_FILE": "%(path)s is not a tdapp club export: %(reason)s.",
        "BAD_CLUB_SLUG": "A club's slug is lowercase letters, digits and hyphens (at most 40), not %(club)s.",
        "CLUB_SLUG_TAKEN": "This server has a club %(club)s already: import it under another slug (--slug NEW).",
        "CLUB_FILE_SCHEMA_UNKNOWN": "The file's schema (%(revision)s) is unknown to this version of tdapp: upgrade tdapp here first.",
        "CLUB_FILE_OTHER_SCHEMA": "The file's schema is %(revision)s, this server's %(found)s: upgrade tdapp where the club comes from, then export it again.",
        "USERNAMES_TAKEN": "Other accounts here have the usernames %(usernames)s: nothing was imported (give them others with --rename-user OLD=NEW).",
        "RENAMED_USER_NOT_IN_FILE": "The file has no account %(username)s to rename.",
    }
)

ONE_BY_ONE = ("tournaments", "draw_tables")
"""Tables whose rows may need a new public name, looked up among the rows inserted before."""


@dataclass(frozen=True)
class Imported:
    """What an import made: the new club, the rows per table, the accounts the server had
    already (their memberships joined them), and the public names that were taken here."""

    club_id: int
    slug: str
    name: str
    rows: dict[str, int]
    joined: list[str] = field(default_factory=list)
    new_slugs: dict[str, str] = field(default_factory=dict)
    new_links: int = 0


def export_club(slug: str, path: str | Path) -> dict[str, int]:
    """Write the club's file, read at one instant while the club may go on playing; the rows
    per table."""
    with tenancy.across_clubs():
        with db.session_scope() as session:
            club = session.exec(select(Club).where(Club.slug == slug)).first()
        if club is None:
            raise DomainError("UNKNOWN_CLUB", club=slug)
        try:
            with Path(path).open("w", encoding="utf-8") as out, backup.one_instant(db.engine()) as connection:
                header = {"revision": backup.schema_revisions(connection), "slug": club.slug,
                          "backend": connection.dialect.name,
                          "created_at": utcnow().isoformat()}
                counts = files.write(connection, out, club.id, header)
        except OSError as failed:
            raise DomainError("FILE_UNREADABLE", path=str(path), reason=failed.strerror) from None
    log.info("club %s exported to %s: %s rows", slug, path, sum(counts.values()))
    return counts


def import_club(path: str | Path, slug: str | None = None,
                renamed: Mapping[str, str] | None = None) -> Imported:
    """A new club from a club's file, under `slug` or the file's own, its accounts named in
    `renamed` (old username: new) under their new names; nothing is written when anything is
    refused."""
    try:
        with Path(path).open(encoding="utf-8") as lines:
            try:
                header = files.read_header(lines)
            except files.NotAClubFile as refused:
                raise DomainError("NOT_A_CLUB_FILE", path=str(path), reason=str(refused)) from None
            slug = _checked_slug(slug if slug is not None else header["slug"])
            _same_schema(header["revision"])
            renamed = {old: _checked_username(new) for old, new in (renamed or {}).items()}
            with tenancy.across_clubs():
                imported = _load(path, lines, slug, renamed)
    except OSError as failed:
        raise DomainError("FILE_UNREADABLE", path=str(path), reason=failed.strerror) from None
    except UnicodeDecodeError:
        raise DomainError("NOT_A_CLUB_FILE", path=str(path), reason="not text") from None
    log.info("club %s imported from %s: %s rows", slug, path, sum(imported.rows.values()))
    _tell_the_scheduler(imported.club_id)
    return imported


def _checked_slug(slug: str) -> str:
    if not clubs.SLUG_PATTERN.fullmatch(slug) or len(slug) > 40:
        raise DomainError("BAD_CLUB_SLUG", club=slug)
    return slug


def _checked_username(username: str) -> str:
    username = username.strip()
    if not username:
        raise DomainError("USERNAME_REQUIRED")
    if len(username) > accounts.MAX_USERNAME_LENGTH:
        raise DomainError("USERNAME_TOO_LONG", limit=accounts.MAX_USERNAME_LENGTH)
    return username


def _same_schema(revision: list[str]) -> None:
    """The file's rows fit this server's tables only at the same schema revision: a newer
    tdapp's file is unknown here, an older one's must be exported again once upgraded."""
    found = backup.current_revisions(db.engine())
    if revision == found:
        return
    named = ", ".join(revision) or "-"
    if not set(revision) <= db.known_revisions():
        raise DomainError("CLUB_FILE_SCHEMA_UNKNOWN", revision=named)
    raise DomainError("CLUB_FILE_OTHER_SCHEMA", revision=named, found=", ".join(found))


def _load(path: str | Path, lines: IO[str], slug: str, renamed: Mapping[str, str]) -> Imported:
    with db.session_scope() as session:
        if session.exec(select(Club.id).where(Club.slug == slug)).first() is not None:
            raise DomainError("CLUB_SLUG_TAKEN", club=slug)
        connection = session.connection()
        tables = files.moved(backup.tables(connection))
        moving = _Moving(session, files.Renumbering(connection, tables), slug, renamed)
        try:
            for table, batch in files.batches(lines, {t.name: t for t in tables},
                                              connection.dialect.name):
                moving.add(table, batch)
            club = moving.the_club()
            moving.every_rename_done()
            moving.every_log_replays()
        except DomainError:
            raise
        except (KeyError, TypeError, ValueError, CompileError) as broken:  # NotAClubFile too
            raise DomainError("NOT_A_CLUB_FILE", path=str(path), reason=str(broken)) from None
        except (IntegrityError, DataError) as broken:  # a row the schema refuses
            reason = str(broken.orig).splitlines()[0]
            raise DomainError("NOT_A_CLUB_FILE", path=str(path), reason=reason) from None
    return Imported(club["id"], slug, club["name"], moving.rows, moving.joined,
                    moving.new_slugs, moving.new_links)


# Every event log a club's file moves, by its root's table.
REPLAYED: tuple[tuple[str, EventLog[Any]], ...] = (
    ("tournaments", TOURNAMENTS_LOG), ("draw_tables", draw_tables.LOG), ("leagues", league.LOG))


class _Moving:
    """The rows of one import on their way in, with what the server-wide names needed."""

    def __init__(self, session: Session, numbering: files.Renumbering, slug: str,
                 renamed: Mapping[str, str]) -> None:
        self.session = session
        self.numbering = numbering
        self.slug = slug
        self.renamed = renamed
        self.accounts: set[str] = set()
        self.rows: dict[str, int] = {}
        self.clubs: list[dict[str, Any]] = []
        self.joined: list[str] = []
        self.new_slugs: dict[str, str] = {}
        self.new_links = 0

    def add(self, table: Table, batch: list[dict[str, Any]]) -> None:
        self.rows[table.name] = self.rows.get(table.name, 0) + len(batch)
        if table.name == files.CLUBS:
            for row in batch:
                row["slug"] = self.slug
                self.clubs.append(row)
        elif table.name == files.USERS:
            batch = self._new_accounts(table, batch)
        if table.name in ONE_BY_ONE:
            for row in batch:
                self.numbering.insert(table, [self._public_names(table, row)])
        elif batch:
            self.numbering.insert(table, batch)

    def the_club(self) -> dict[str, Any]:
        """The file's one club, with its new id."""
        if len(self.clubs) != 1:
            raise files.NotAClubFile(f"it holds {len(self.clubs)} clubs, not one")
        club = self.clubs[0]
        return {**club, "id": self.numbering.new_ids[files.CLUBS][club["id"]]}

    def every_rename_done(self) -> None:
        """A rename of an account the file does not hold is a mistyped name: refused."""
        missing = sorted(set(self.renamed) - self.accounts)
        if missing:
            raise DomainError("RENAMED_USER_NOT_IN_FILE", username=", ".join(missing))

    def every_log_replays(self) -> None:
        """Each moved log folds to a state before anything is committed: a file whose events
        were changed by hand is refused whole, not found broken by the first screen that
        reads it."""
        for table, log in REPLAYED:
            for old, new in self.numbering.new_ids[table].items():
                try:
                    log.rebuild(self.session, new)
                except Exception as broken:  # whatever a changed payload makes the fold raise
                    raise files.NotAClubFile(
                        f"the log of {table} {old} does not replay: {broken}") from None

    def _new_accounts(self, table: Table, batch: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The accounts to make (renamed as the hoster said): those whose username is free
        here. One that is taken by a copy of the same account (the same password hash) is that
        account; by anyone else, refused."""
        self.accounts |= {row["username"] for row in batch}
        # A club's file makes club members, never a hoster of the server it lands on, whatever
        # the account was where it came from (or a hand-edited file says).
        batch = [{**row, "username": self.renamed.get(row["username"], row["username"]),
                  **({"is_hoster": False} if "is_hoster" in row else {})}
                 for row in batch]
        names = [row["username"] for row in batch]
        here = {username: (user_id, password_hash) for username, user_id, password_hash
                in self.session.connection().execute(
                    select(table.c.username, table.c.id, table.c.password_hash)
                    .where(table.c.username.in_(names)))}
        clashes = sorted(row["username"] for row in batch
                         if row["username"] in here
                         and here[row["username"]][1] != row["password_hash"])
        if clashes:
            raise DomainError("USERNAMES_TAKEN", usernames=", ".join(clashes))
        for row in batch:
            if row["username"] in here:
                self.numbering.same(table, row["id"], here[row["username"]][0])
                self.joined.append(row["username"])
        return [row for row in batch if row["username"] not in here]

    def _public_names(self, table: Table, row: dict[str, Any]) -> dict[str, Any]:
        """The row with a free public slug (a tournament) or console link (a draw table): its
        own when nobody here has it."""
        if table.name == "tournaments":
            free = tournaments.unique_slug(self.session, row["slug"])
            if free != row["slug"]:
                self.new_slugs[row["slug"]] = free
            return {**row, "slug": free}
        taken = self.session.connection().execute(
            select(table.c.id).where(table.c.token == row["token"])).first()
        if taken is None:
            return row
        self.new_links += 1
        return {**row, "token": secrets.token_urlsafe(12)}


def _tell_the_scheduler(club_id: int) -> None:
    """Each tournament announced as a new one, as a single tournament's import does, so that a
    clock that was running goes on being planned wherever the scheduler runs."""
    with tenancy.in_club(club_id):
        for tournament_id in tournaments.tournament_ids():
            tournaments.announce(tournament_id, "ClubImported")
