"""Which club's rows a statement may see: the acting club, set once per request, event or job,
and applied by the session itself, so that no query can forget it.

Every club-owned table (a tournament and its log, a template, the roster, a league, a season, a
draw table, an API token...) derives from `ClubOwned`, which gives it a NOT NULL `club_id`. The
acting club lives in a context variable:

- `in_club(club_id)`: the ORM's selects, updates and deletes of club-owned rows get
  `club_id = <club>` added (`with_loader_criteria`, aliases and subqueries included), and a new
  club-owned row is stamped with the club on flush (one of another club is refused).
- `across_clubs()`: no filter, for the few reads that are server-wide by nature: a token found
  by its hash, a tournament found by its public slug, the scheduler's scan of running clocks,
  the hoster's list of clubs, a backup. New rows are not stamped there (nor with no context):
  they must name their club themselves.
- no context at all: a statement touching a club-owned table raises `NoActingClub`. Forgetting
  the club is a programming error that the tests find, never a leak.

Core statements on the tables themselves (the event log's, built once for speed) are not ORM
statements: they name `club_id` by hand. On PostgreSQL each transaction also starts with
`set_config('tdapp.club', ...)` (the club's id, '*' across clubs, '' with no context), the
setting that row-level security reads as a second wall behind this one (migration 0970: a
statement that escapes this filter still reads and writes nothing of another club's, as long
as the app's role is no superuser, deploy/README.md). The setting is the context's when the
transaction begins: a club entered later in the same transaction is not seen by PostgreSQL,
so a transaction is opened inside its club (the one exception, a new club's first rows,
goes through `inside_new_club`).

The web sets the context before each request (from the staff member's membership, or from the
tournament or table a public page names), Socket.IO per event, the scheduler per tournament job
and the CLI from `--club`. Whatever is cached in memory by a global id is keyed by the club too
(`cache_key`), so that a hit never skips the filter.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from typing import Any, Final

from sqlalchemy import event, inspect
from sqlalchemy.engine import Connection
from sqlalchemy.orm import ORMExecuteState, Session, with_loader_criteria
from sqlalchemy.sql import TableClause, visitors
from sqlmodel import Field, SQLModel


class _Across:
    """The marker of `across_clubs()`."""

    def __repr__(self) -> str:
        return "ACROSS"


ACROSS: Final = _Across()
NOWHERE: Final = 0
"""A club id that no row carries: the acting club of a request that names a tournament, a
table or a league that exists nowhere, so that it reads what a missing one reads."""

_acting: ContextVar[int | _Across | None] = ContextVar("tdapp_acting_club", default=None)


class NoActingClub(RuntimeError):
    """A club-owned table was queried with no acting club: the caller forgot `in_club`."""


class OtherClubsRow(RuntimeError):
    """A row of another club was about to be written inside this club."""


class ClubOwned(SQLModel):
    """The column every club-owned table carries; its rows are seen only inside their club."""

    club_id: int | None = Field(default=None, foreign_key="clubs.id", index=True,
                                nullable=False, ondelete="CASCADE")



@contextmanager
def in_club(club_id: int) -> Iterator[None]:
    """Act inside `club_id` for the block."""
    token = enter(club_id)
    try:
        yield
    finally:
        leave(token)


@contextmanager
def across_clubs() -> Iterator[None]:
    """Read every club's rows for the block: only for reads that are server-wide by nature."""
    token = _acting.set(ACROSS)
    try:
        yield
    finally:
        leave(token)


def enter(club_id: int | None) -> Token:
    """Set the acting club (None: no club) where a `with` block cannot be used (a request's
    before and teardown hooks); `leave` with the token puts back what was there."""
    return _acting.set(club_id)


def leave(token: Token) -> None:
    _acting.reset(token)


def acting_club() -> int:
    """The club this code acts in; refused across clubs or with none."""
    club = _acting.get()
    if club is None or club is ACROSS:
        raise NoActingClub(f"this needs one acting club (in_club), not {club!r}")
    return club  # type: ignore[return-value]


def current() -> int | None:
    """The acting club, None across clubs, with none or NOWHERE: for what only records the
    club when there is one (a brake on a console's PIN)."""
    club = _acting.get()
    return None if club is None or club is ACROSS or club == NOWHERE else club  # type: ignore[return-value]


def cache_key(key: Any) -> tuple[int, Any]:
    """`key` (a global id) as an in-memory cache keys it: inside the acting club, so that another
    club's hit is a miss and goes to the (filtered) database."""
    return acting_club(), key


def _club_owned_tables() -> tuple[type[ClubOwned], ...]:
    """Every mapped club-owned class. `with_loader_criteria` takes a base class too, but calls
    its lambda with the base first, and a SQLModel base has no `club_id` to read: the criteria
    go table by table instead, each reaching that table wherever the statement names it (a
    join, a subquery, an alias)."""
    global _tables
    known = len(SQLModel.metadata.tables)  # found again whenever a module defines more tables
    if _tables[0] != known:
        found, waiting = [], list(ClubOwned.__subclasses__())
        while waiting:
            cls = waiting.pop()
            waiting.extend(cls.__subclasses__())
            if hasattr(cls, "__table__"):
                found.append(cls)
        _tables = (known, tuple(found))
    return _tables[1]


_tables: tuple[int, tuple[type[ClubOwned], ...]] = (-1, ())


def _named_tables(statement: Any) -> frozenset[type[ClubOwned]]:
    """The club-owned tables a statement names anywhere (its entities, joins, subqueries)."""
    owned = _by_name()
    return frozenset(owned[element.name] for element in visitors.iterate(statement)
                     if isinstance(element, TableClause) and element.name in owned)


def _by_name() -> dict[str, type[ClubOwned]]:
    # By name: a statement holds the ORM's annotated copies of the tables, not the tables.
    tables = _club_owned_tables()
    if _table_map[0] is not tables:
        _table_map[:] = [tables, {cls.__tablename__: cls for cls in tables}]  # type: ignore[attr-defined]
    return _table_map[1]


_table_map: list[Any] = [None, {}]


def _criteria(club: int, named: frozenset[type[ClubOwned]]) -> tuple[Any, ...]:
    """The options that keep a statement inside `club`, one per club-owned table it names,
    made once per club and set of tables: building them for each statement cost several times
    the query itself."""
    key = (club, named)
    made = _made.get(key)
    if made is None:
        made = _made[key] = tuple(
            with_loader_criteria(table, lambda cls: cls.club_id == club, include_aliases=True)
            for table in sorted(named, key=lambda cls: cls.__name__))
    return made


_made: dict[tuple[int, frozenset[type[ClubOwned]]], tuple[Any, ...]] = {}


@event.listens_for(Session, "do_orm_execute")
def _only_the_acting_club(state: ORMExecuteState) -> None:
    # A Core statement on a table (the event log's, built once) names its club by hand, and
    # reworking it here would cost it its compiled form on every run.
    if not state.is_orm_statement or not (state.is_select or state.is_update or state.is_delete):
        return
    club = _acting.get()
    if club is ACROSS:
        return
    named = _named_tables(state.statement)
    if not named:
        return
    if club is None:
        raise NoActingClub(f"{', '.join(sorted(cls.__name__ for cls in named))} queried"
                           " outside any club (in_club)")
    state.statement = state.statement.options(*_criteria(club, named))  # type: ignore[arg-type]


@event.listens_for(Session, "before_flush")
def _stamp_new_rows(session: Session, _context: Any, _instances: Any) -> None:
    club = _acting.get()
    for row in session.new:
        if not isinstance(row, ClubOwned):
            continue
        if (club is ACROSS or club is None) and row.club_id is not None:
            continue  # a row that names its club where no club acts (a new club's templates)
        acting = acting_club()
        if row.club_id is None:
            row.club_id = acting
        elif row.club_id != acting:
            raise OtherClubsRow(f"{type(row).__name__} of club {row.club_id} inside club {acting}")
    for row in session.dirty:
        if isinstance(row, ClubOwned) and inspect(row).attrs.club_id.history.has_changes():
            raise OtherClubsRow(f"{type(row).__name__} cannot move to another club")


def setting() -> str:
    """The value of PostgreSQL's `tdapp.club` for a transaction begun now."""
    club = _acting.get()
    return "" if club is None else "*" if club is ACROSS else str(club)


def tell_postgresql(connection: Connection) -> None:
    """The engine's `begin` hook on PostgreSQL: the transaction knows its club (`set_config`
    with `is_local`, so it ends with the transaction)."""
    _set(connection, setting())


def inside_new_club(session: Session, club_id: int) -> None:
    """The transaction that has just made club `club_id` goes on inside it: on PostgreSQL its
    setting becomes that club, so that row-level security lets in the new club's first rows
    (its shipped templates), written where no club acted when the transaction began, and
    still nothing of another club's. Across clubs, where every row is let in, nothing changes."""
    connection = session.connection()
    if connection.dialect.name == "postgresql" and _acting.get() is not ACROSS:
        _set(connection, str(club_id))


# The setting's statement, `is_local`: it ends with the transaction that runs it. Its value
# goes as the parameter CLUB_PARAMETER.
CLUB_PARAMETER = "tdapp_club"
SET_CLUB = f"SELECT set_config('tdapp.club', %({CLUB_PARAMETER})s, true)"


def _set(connection: Connection, club: str) -> None:
    connection.exec_driver_sql(SET_CLUB, {CLUB_PARAMETER: club})
