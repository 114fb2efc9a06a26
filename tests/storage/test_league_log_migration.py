"""Revision 0940 moves the league nights a database holds (`league_nights`, with their own seq
and undo columns) into the league's log of the one event-log store, on SQLite and PostgreSQL:
the same nights count, the undone ones stay with who undid them and when, the league plays on
(undo, a new entry), the nights being played on the tables are kept, and a downgrade gives back
the very rows it took."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa
from alembic import command

from tdapp.league.log import night_of
from tdapp.services import clubs, league_nights, tenancy
from tdapp.services import league as leagues
from tdapp.storage import database as db

SEASON = json.loads((Path(__file__).parents[1] / "league" / "season_2024.json").read_text())
BEFORE = "0930_roster_gender"
NIGHTS = sa.table(
    "league_nights",
    *(sa.column(name, sa.Integer()) for name in ("league_id", "seq", "day")),
    sa.column("tables", sa.JSON()),
    sa.column("entered_by", sa.String()),
    sa.column("entered_at", sa.DateTime()),
    sa.column("undone", sa.Boolean()),
    sa.column("undone_by", sa.String()),
    sa.column("undone_at", sa.DateTime()),
)


def tables(day: int) -> list[dict]:
    """Day `day` of the recorded season as the secretary's page stored it."""
    return [{"name": t["name"], "chips": t["chips"], "poste": t["poste"], "cappotto": []}
            for t in SEASON["nights"][day - 1]["tables"]]


def at(minute: int) -> datetime:
    return datetime(2026, 3, 2, 21, minute)  # naive: how both backends hand a time to SQL


# Entry order: days 1-3, day 3 taken back by Marta and entered again, day 4 taken back.
ROWS = [
    {"league_id": 1, "seq": 1, "day": 1, "tables": tables(1), "entered_by": "giulia",
     "entered_at": at(1), "undone": False, "undone_by": None, "undone_at": None},
    {"league_id": 1, "seq": 2, "day": 2, "tables": tables(2), "entered_by": "giulia",
     "entered_at": at(2), "undone": False, "undone_by": None, "undone_at": None},
    {"league_id": 1, "seq": 3, "day": 3, "tables": tables(3), "entered_by": "giulia",
     "entered_at": at(3), "undone": True, "undone_by": "marta", "undone_at": at(4)},
    {"league_id": 1, "seq": 4, "day": 3, "tables": tables(3), "entered_by": "marta",
     "entered_at": at(5), "undone": False, "undone_by": None, "undone_at": None},
    {"league_id": 1, "seq": 5, "day": 4, "tables": tables(4), "entered_by": "marta",
     "entered_at": at(6), "undone": True, "undone_by": "giulia", "undone_at": at(7)},
]


def naive(value: object) -> object:
    """A time as ROWS hold it: UTC without its zone (PostgreSQL hands it back with one)."""
    if isinstance(value, datetime) and value.tzinfo is not None:
        return value.astimezone(UTC).replace(tzinfo=None)
    return value


def league_at_0930(url: str) -> sa.Engine:
    """A database at the revision before the move, holding two leagues (one with ROWS, one
    with no night yet) and a night of the first being played on the tables."""
    engine = db.configure(db.normalize_url(url))
    config = db.alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, BEFORE)
        for league_id, name in ((1, "Edizione 2024/25"), (2, "Edizione 2025/26")):
            connection.execute(
                sa.text("INSERT INTO leagues (id, name, members, seed, created_at, readings)"
                        " VALUES (:id, :name, :members, 2024, :at, '{}')"),
                {"id": league_id, "name": name, "members": json.dumps(SEASON["members"]),
                 "at": at(0)})
        connection.execute(NIGHTS.insert(), ROWS)
        connection.execute(
            sa.text("INSERT INTO league_live_nights (league_id, day, opened_at, opened_by, marks)"
                    " VALUES (1, 4, :at, 'giulia', '[]')"), {"at": at(8)})
    return engine


def test_the_entered_nights_move_into_the_leagues_log_and_the_league_plays_on(
    empty_database_url,
):
    engine = league_at_0930(empty_database_url)
    db.upgrade()
    # The leagues moved into the server's club, which 0960 made for them (no account yet).
    with tenancy.in_club(clubs.club_id_for(None)):
        _plays_on()
    engine.dispose()


def _plays_on() -> None:
    league = leagues.league(1)
    assert league.nights == tuple(night_of(day, tables(day)) for day in (1, 2, 3))
    with db.session_scope() as session:
        log = [(r.seq, r.name, r.schema_version, r.payload, r.actor, r.owner, r.created_at,
                r.undone, r.undone_by, r.undone_at) for r in leagues.LOG.rows(session, 1)]
    assert log == [
        (row["seq"], "NightEntered", 1, {"day": row["day"], "tables": row["tables"]},
         row["entered_by"], "ddt", row["entered_at"].replace(tzinfo=UTC), row["undone"],
         row["undone_by"], row["undone_at"] and row["undone_at"].replace(tzinfo=UTC))
        for row in ROWS]
    assert leagues.LOG.stored_version(1) == 5 + 2  # each entry and each undo was a change
    assert leagues.league(2).nights == () and leagues.LOG.stored_version(2) == 0
    assert league_nights.open_days(1) == [4]
    assert leagues.undo_night(1, "giulia") == 3
    assert leagues.enter_night(1, 3, tables(3), "marta").day == 3
    assert leagues.enter_night(1, 4, tables(4), "marta").day == 4
    with db.session_scope() as session:
        assert [(r.seq, r.undone) for r in leagues.LOG.rows(session, 1)][3:] == [
            (4, True), (5, True), (6, False), (7, False)]
    assert [n.day for n in leagues.league(1).nights] == [1, 2, 3, 4]


def test_a_downgrade_gives_back_the_rows_the_upgrade_took(empty_database_url):
    engine = league_at_0930(empty_database_url)
    db.upgrade()
    db.downgrade(BEFORE)
    with engine.connect() as connection:
        rows = [row._asdict() for row in connection.execute(
            sa.select(NIGHTS).order_by(NIGHTS.c.seq))]
        live = connection.execute(sa.text("SELECT league_id, day FROM league_live_nights")).all()
        columns = {c["name"] for c in sa.inspect(connection).get_columns("leagues")}
    assert [{key: naive(value) for key, value in row.items()} for row in rows] == ROWS
    assert [tuple(row) for row in live] == [(1, 4)] and "version" not in columns
    engine.dispose()
