"""The second wall on PostgreSQL (issue 29, item 7 and "What it must show"): with row-level
security on (migration 0970), a raw `SELECT *` of each club-owned table, sent as the app's own
role with no ORM filter at all, inside club A's setting returns A's rows and none of B's; with
no club ('') nothing; across clubs ('*') both. An INSERT of one of B's rows inside A is refused
by the policy, and an UPDATE or DELETE inside A reaches none of B's rows.

Two clubs, each with rows in every club-owned table, built as the isolation sweep builds its
club B (tests/web/test_isolation.py). The tests' PostgreSQL role is, like the app's, no
superuser and no BYPASSRLS (tests/postgresql.py), which the first test checks: a superuser
would pass all of this by skipping the policies.
"""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from sqlmodel import SQLModel

from tdapp.services import draw_tables, league, outbox, tenancy, tournaments
from tdapp.storage import database as db
from tdapp.storage import scheduling
from tdapp.storage.tenancy import _club_owned_tables
from tdapp.wallclock import utcnow
from tests.league.test_league_api import SEASON, tables_of
from tests.web.test_isolation import _b_club


def _postgresql() -> sa.Engine:
    engine = db.engine()
    if engine.dialect.name != "postgresql":
        pytest.skip("row-level security is PostgreSQL's")
    return engine


def _club_owned() -> list[sa.Table]:
    names = {cls.__tablename__ for cls in _club_owned_tables()}
    return [table for table in SQLModel.metadata.sorted_tables if table.name in names]


def _as_club(connection: sa.Connection, setting: str) -> None:
    connection.exec_driver_sql("SELECT set_config('tdapp.club', %(club)s, true)",
                               {"club": setting})


def _clubs_seen(engine: sa.Engine, table: sa.Table, setting: str) -> list[int]:
    """The club of every row a raw `SELECT *` returns inside `setting`."""
    with engine.begin() as connection:
        _as_club(connection, setting)
        rows = connection.exec_driver_sql(f'SELECT * FROM "{table.name}"').mappings().all()
    return [row["club_id"] for row in rows]


def _two_clubs(app, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Clubs A and B with rows in every club-owned table: the isolation sweep's club B built
    twice, each with a night entered in a league of its own (a league's log), a snapshot after
    every event (the logs' snapshot tables), the level end the scheduler claims for its
    running clock and a letter in its mail outbox."""
    for log in (tournaments.LOG, draw_tables.LOG, league.LOG):
        monkeypatch.setattr(log, "snapshot_every", 1)
    clubs = []
    for slug, owner in (("azzurri", "alba"), ("bianchi", "bruno")):
        built: dict[str, Any] = _b_club(app, slug, owner)
        with tenancy.in_club(built["id"]):
            night = SEASON["nights"][0]
            played = league.create_league("Stagione", SEASON["members"])
            league.enter_night(played, night["day"], tables_of(night), owner)
            with db.session_scope() as session:
                assert scheduling.claim_level_end(session, built["named"]["tid"][0], 1)
            outbox.queue([outbox.Letter(f"{slug}@example.org", "Posto", "Testo", "<p>Testo</p>")],
                         utcnow())
        clubs.append(built["id"])
    return clubs[0], clubs[1]


def test_the_app_connects_as_a_role_the_policies_bind(app):
    engine = _postgresql()
    with engine.connect() as connection:
        role = connection.execute(sa.text(
            "SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user")).one()
        secured = connection.execute(sa.text(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = current_schema() AND c.relrowsecurity AND c.relforcerowsecurity"
            " AND pg_get_userbyid(c.relowner) = current_user")).scalars().all()
        policies = connection.execute(sa.text(
            "SELECT tablename, policyname, cmd FROM pg_policies"
            " WHERE schemaname = current_schema()")).all()
    assert tuple(role) == (False, False)
    club_owned = {table.name for table in _club_owned()}
    assert set(secured) == club_owned
    assert sorted(policies) == sorted((name, "club_rows", "ALL") for name in club_owned)


def test_a_raw_select_inside_one_club_returns_no_row_of_another(app, monkeypatch):
    engine = _postgresql()
    a, b = _two_clubs(app, monkeypatch)
    for table in _club_owned():
        across = _clubs_seen(engine, table, "*")
        assert {a, b} <= set(across), f"{table.name}: the builders left a club without rows"
        inside_a = _clubs_seen(engine, table, str(a))
        assert inside_a and set(inside_a) == {a}, table.name
        assert inside_a.count(a) == across.count(a), table.name
        assert set(_clubs_seen(engine, table, str(b))) == {b}, table.name
        assert _clubs_seen(engine, table, "") == [], table.name


def test_no_setting_at_all_reads_nothing(app, monkeypatch):
    """A connection that never went through the engine's hook (a DBAPI transaction of its own)
    has no `tdapp.club`: `current_setting(..., true)` is NULL, and NULL lets nothing through."""
    engine = _postgresql()
    _two_clubs(app, monkeypatch)
    raw = engine.raw_connection()
    try:
        cursor = raw.cursor()
        for table in _club_owned():
            cursor.execute(f'SELECT count(*) FROM "{table.name}"')
            assert cursor.fetchone()[0] == 0, table.name
    finally:
        raw.rollback()
        raw.close()


def test_a_write_inside_one_club_cannot_reach_another(app, monkeypatch):
    engine = _postgresql()
    a, b = _two_clubs(app, monkeypatch)
    for table in _club_owned():
        with engine.begin() as connection:
            _as_club(connection, "*")
            b_row = connection.execute(sa.select(table).where(table.c.club_id == b)).mappings().first()
            a_rows = connection.execute(
                sa.select(sa.func.count()).select_from(table).where(table.c.club_id == a)).scalar()
        with pytest.raises(sa.exc.ProgrammingError, match="row-level security policy"), \
                engine.begin() as connection:
            _as_club(connection, str(a))
            connection.execute(table.insert().values(**b_row))
        with engine.connect() as connection, connection.begin() as transaction:
            _as_club(connection, str(a))
            touched = connection.execute(table.update().values(club_id=table.c.club_id)).rowcount
            deleted = connection.execute(table.delete().where(table.c.club_id == b)).rowcount
            transaction.rollback()
        assert (touched, deleted) == (a_rows, 0), table.name
        with pytest.raises(sa.exc.ProgrammingError, match="row-level security policy"), \
                engine.begin() as connection:
            _as_club(connection, str(a))
            connection.execute(table.update().where(table.c.club_id == a).values(club_id=b))


def test_a_read_in_one_round_trip_sees_its_clubs_rows_and_leaves_no_setting_behind(
    app, monkeypatch
):
    """`database.first_row` sends the club's setting and the statement as one query (the token's
    look-up, a view's version): with no ORM filter, the policies alone let in only the acting
    club's rows; the pool gets the connection back out of autocommit and with no setting."""
    engine = _postgresql()
    a, b = _two_clubs(app, monkeypatch)
    tournament = next(t for t in _club_owned() if t.name == "tournaments")
    with engine.begin() as connection:
        _as_club(connection, "*")
        ids = dict(connection.execute(sa.select(tournament.c.club_id, tournament.c.id)).all())
    read = sa.select(tournament.c.club_id).where(tournament.c.id == sa.bindparam("id"))
    for club, other in ((a, b), (b, a)):
        with tenancy.in_club(club):
            assert db.first_row(read, {"id": ids[club]}) == (club,)
            assert db.first_row(read, {"id": ids[other]}) is None
    with tenancy.across_clubs():
        assert db.first_row(read, {"id": ids[b]}) == (b,)
    assert db.first_row(read, {"id": ids[a]}) is None  # no acting club: nothing at all
    by_slug = sa.select(tournament.c.id).where(tournament.c.slug == sa.bindparam("slug"))
    with tenancy.in_club(a):
        # The values are bound on the client: one that would end a naively quoted statement
        # is only a value.
        assert db.first_row(by_slug, {"slug": "x'; DROP TABLE tournaments; --"}) is None
        assert db.first_row(read, {"id": ids[a]}) == (a,)
    with pytest.raises(ValueError, match="plain bound parameters"):
        db.first_row(sa.select(tournament.c.id).where(tournament.c.id.in_([ids[a]])), {})
    for _ in range(engine.pool.size() + 1):  # every pooled connection the reads used
        raw = engine.raw_connection()
        try:
            assert raw.driver_connection.autocommit is False
            cursor = raw.cursor()
            cursor.execute("SELECT current_setting('tdapp.club', true)")
            assert cursor.fetchone()[0] in (None, "")
        finally:
            raw.rollback()
            raw.close()
