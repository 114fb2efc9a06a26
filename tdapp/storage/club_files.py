"""One club's rows out of a database and into another (`tdapp club export` and `tdapp club
import`, tdapp/services/club_files.py), across backends like a backup.

The file is a backup (tdapp/storage/backup.py) narrowed to one club, read and written by the
backup's own code: a header line `{"format": "tdapp-club", "version": 1, "revision": [...],
"slug": ..., "created_at": ...}`, then each moved table's line and its rows, then an end line
`{"end": {"rows": N}}`, so that a file cut short is refused instead of half imported.

Which rows are the club's is read from the schema: the club's row, every row carrying its
`club_id`, and the accounts of its members. A few club-owned tables stay behind (LEFT_BEHIND,
each with its reason). On the way in every row gets a new id and every foreign key follows its
parent (`Renumbering`), the keys being read from the tables, never listed by hand; the one id
kept inside a JSON value, a roster player's in a tournament's registration, is listed in
EMBEDDED and follows too (tests/services/test_club_files.py shows there is no other).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from sqlalchemy import Column, Connection, Select, Table, insert, select

from tdapp.storage import backup

FORMAT = "tdapp-club"
VERSION = 1
CLUBS, USERS, MEMBERSHIPS = "clubs", "users", "memberships"

LEFT_BEHIND: dict[str, str] = {
    "api_tokens": "a token is a secret of the server that issued it: the staff make new ones",
    "invitations": "an invitation's link leads to the server it was made on",
    "brakes": "they count the wrong passwords and PINs tried on this server",
    "tournament_snapshots": "a cache of the log, which rebuilds it",
    "league_snapshots": "a cache of the log, which rebuilds it",
    "draw_table_snapshots": "a cache of the log, which rebuilds it",
    "announced_level_ends": "what this server's scheduler announced; the next one announces on",
    "scheduler_heartbeat": "the server's own, of no club",
    "hoster_tokens": "a hoster's token is the server's own, of no club",
    "mail_outbox": "this server's mail to send: what it told was told from here, and a night's"
                   " news is stale by the time a club moves",
}
"""Every table a club's file does not hold, and why. Console sessions live in the browsers'
cookies, not in a table: none moves."""


@dataclass(frozen=True)
class Embedded:
    """An id kept inside a JSON column: `key` of `json_column`, in the rows of `table` whose
    `kind_column` is `kind`, names a row of `refers_to`."""

    table: str
    kind_column: str
    kind: str
    json_column: str
    key: str
    refers_to: str


EMBEDDED = (
    Embedded("tournament_events", "name", "PlayerRegistered", "payload", "roster_id",
             "roster_players"),
)


class NotAClubFile(ValueError):
    """The file is not a club export this code can read, or it is broken."""


def moved(tables: list[Table]) -> list[Table]:
    """The tables a club's file holds, parents before children as `tables` come: the clubs',
    the accounts' and every table with a `club_id` not left behind. A table that is none of
    these and not left behind either is one nobody decided about: refused, so that a new table
    gets its decision here rather than silently staying behind."""
    found = []
    for table in tables:
        if table.name in LEFT_BEHIND:
            continue
        if table.name not in (CLUBS, USERS) and "club_id" not in table.columns:
            raise RuntimeError(f"the table {table.name} neither moves with a club nor stays"
                               " behind: say which in tdapp/storage/club_files.py")
        found.append(table)
    return found


def club_rows(table: Table, tables: dict[str, Table], club_id: int) -> Select:
    """The club's own rows of `table`: its row, its members' accounts, or the rows carrying it."""
    if table.name == CLUBS:
        return select(table).where(table.c.id == club_id)
    if table.name == USERS:
        members = tables[MEMBERSHIPS]
        return select(table).where(
            table.c.id.in_(select(members.c.user_id).where(members.c.club_id == club_id)))
    return select(table).where(table.c.club_id == club_id)


def write(connection: Connection, out: IO[str], club_id: int, header: dict[str, Any]) -> dict[str, int]:
    """Write the club's file (the `header` given, its rows, the end line); the rows per table."""
    out.write(json.dumps({"format": FORMAT, "version": VERSION, **header}) + "\n")
    tables = moved(backup.tables(connection))
    by_name = {table.name: table for table in tables}
    counts = {table.name: backup.write_table(connection, out, table,
                                             club_rows(table, by_name, club_id))
              for table in tables}
    out.write(json.dumps({"end": {"rows": sum(counts.values())}}) + "\n")
    return counts


def read_header(lines: IO[str]) -> dict[str, Any]:
    """The file's header, or NotAClubFile for any other file."""
    try:
        header = json.loads(lines.readline())
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise NotAClubFile("another kind of file")
    if header.get("version") != VERSION:
        raise NotAClubFile(f"format version {header.get('version')!r}")
    revision, slug = header.get("revision"), header.get("slug")
    if not isinstance(revision, list) or not all(isinstance(r, str) for r in revision):
        raise NotAClubFile("no schema revision in its header")
    if not isinstance(slug, str):
        raise NotAClubFile("no club's slug in its header")
    return header


def batches(lines: IO[str], present: dict[str, Table],
            dialect: str) -> Iterator[tuple[Table, list[dict[str, Any]]]]:
    """The file's rows after its header, as the backup reads them (each table first with an
    empty batch); only the tables in `present` may appear, and the file must end with its end
    line, counting the rows read."""
    ended: list[Any] = []

    def until_the_end() -> Iterator[str]:
        for line in lines:
            if line.startswith('{"end"'):
                ended.append(json.loads(line)["end"])
                return
            yield line

    read = 0
    try:
        for table, batch in backup.batches(until_the_end(), present, dialect):
            read += len(batch)
            yield table, batch
    except backup.NotABackup as broken:
        raise NotAClubFile(str(broken)) from None
    if not ended or not isinstance(ended[0], dict) or ended[0].get("rows") != read:
        raise NotAClubFile("it is cut short")
    if lines.read().strip():
        raise NotAClubFile("it goes on after its end")


def own_key(table: Table) -> Column | None:
    """The table's own id, renumbered on import: a single primary key that is no foreign key
    (a season's tournament has none: its key is its two parents')."""
    keys = list(table.primary_key.columns)
    return keys[0] if len(keys) == 1 and not keys[0].foreign_keys else None


class Renumbering:
    """Rows inserted under new ids, each foreign key (and EMBEDDED id) turned into the new id
    of its parent, which the file has to hold and to have given before: a row pointing
    anywhere else is refused, so no row of a file can reach another club's."""

    def __init__(self, connection: Connection, tables: list[Table]) -> None:
        self.connection = connection
        self.new_ids: dict[str, dict[int, int]] = defaultdict(dict)
        # Only the ids some row points at are kept: a season of logs is not held in memory.
        self.pointed_at = {key.column.table.name for table in tables for key in table.foreign_keys}
        self.pointed_at |= {embedded.refers_to for embedded in EMBEDDED}

    def same(self, table: Table, old: int, new: int) -> None:
        """Row `old` of the file is row `new` already here (an account the server has)."""
        self._note(table, old, new)

    def insert(self, table: Table, rows: list[dict[str, Any]]) -> None:
        followed = [self._follow(table, row) for row in rows]
        key = own_key(table)
        if key is None:
            self.connection.execute(insert(table), followed)
            return
        olds = [row.pop(key.name) for row in followed]
        if table.name not in self.pointed_at:
            self.connection.execute(insert(table), followed)
            return
        news = self.connection.execute(
            insert(table).returning(key, sort_by_parameter_order=True), followed).scalars().all()
        for old, new in zip(olds, news, strict=True):
            self._note(table, old, new)

    def _note(self, table: Table, old: Any, new: int) -> None:
        if not isinstance(old, int) or old in self.new_ids[table.name]:
            raise NotAClubFile(f"the id {old!r} of {table.name} is not one row's")
        self.new_ids[table.name][old] = new

    def _new_id(self, table: str, old: Any, named_in: str) -> int:
        try:
            return self.new_ids[table][old]
        except (KeyError, TypeError):
            raise NotAClubFile(f"{named_in} names {table} {old!r}, which is not in it") from None

    def _follow(self, table: Table, row: dict[str, Any]) -> dict[str, Any]:
        followed = dict(row)
        for key in table.foreign_keys:
            column = key.parent.name
            if followed.get(column) is not None:
                followed[column] = self._new_id(key.column.table.name, followed[column],
                                                f"{table.name}.{column}")
        for embedded in EMBEDDED:
            if embedded.table != table.name or followed.get(embedded.kind_column) != embedded.kind:
                continue
            value = followed.get(embedded.json_column)
            if isinstance(value, dict) and value.get(embedded.key) is not None:
                followed[embedded.json_column] = {**value, embedded.key: self._new_id(
                    embedded.refers_to, value[embedded.key], f"a {embedded.kind} event")}
        return followed
