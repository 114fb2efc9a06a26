"""Revision 0960 gives every club-owned row its club, on SQLite and PostgreSQL: an existing
database's tournaments (their logs and snapshots kept whole: SQLite rebuilds the tables with
the foreign keys off, so nothing cascades), templates, roster, leagues, draw tables, seasons and
announced level ends go into the server's club; a database with rows but no account yet (a demo
set up before the first account) gets the club then; a login's brake keeps no club; template
names become unique per club; and a downgrade gives the rows back without the column."""

from __future__ import annotations

from datetime import datetime

import pytest
import sqlalchemy as sa
from alembic import command

from tdapp.services import clubs, templates, tenancy, tournaments
from tdapp.storage import database as db
from tdapp.tournament.settings import Settings

AT = datetime(2026, 3, 1, 20, 0)  # naive: how both backends take a time in SQL
CLUB_OWNED = ("tournaments", "tournament_events", "tournament_snapshots", "structure_templates",
              "roster_players", "leagues", "draw_tables", "draw_table_events", "seasons",
              "season_tournaments", "announced_level_ends")
ROWS = [
    "INSERT INTO tournaments (id, slug, name, version, created_at, updated_at)"
    " VALUES (1, 'lunedi', 'Lunedì', 2, :at, :at)",
    "INSERT INTO tournament_events (tournament_id, seq, name, schema_version, payload, actor,"
    " owner, created_at, undone) VALUES (1, 1, 'TournamentConfigured', 1, '{}', 'giulia', 'ddt',"
    " :at, false)",
    "INSERT INTO tournament_events (tournament_id, seq, name, schema_version, payload, actor,"
    " owner, created_at, undone) VALUES (1, 2, 'ClockStarted', 1, '{}', 'giulia', 'ddt', :at,"
    " true)",
    "INSERT INTO tournament_snapshots (tournament_id, seq, format, state, created_at)"
    " VALUES (1, 1, 'old', :state, :at)",
    "INSERT INTO structure_templates (name, settings, created_at, updated_at)"
    " VALUES ('Del lunedì', '{}', :at, :at)",
    "INSERT INTO roster_players (id, name, created_at) VALUES (1, 'Anna Rossi', :at)",
    "INSERT INTO leagues (id, name, members, seed, created_at, readings, version)"
    " VALUES (1, 'Lega', '[]', 7, :at, '{}', 0)",
    "INSERT INTO draw_tables (id, name, token, pin, league_id, version, created_by, created_at)"
    " VALUES (1, 'Tavolo', 'tokentoken12', '123456', 1, 1, 'giulia', :at)",
    "INSERT INTO draw_table_events (draw_table_id, seq, name, schema_version, payload, actor,"
    " owner, created_at, undone) VALUES (1, 1, 'TableOpened', 1, '{}', 'giulia', 'ddt', :at,"
    " false)",
    "INSERT INTO seasons (id, name, points, created_at, updated_at)"
    " VALUES (1, 'Inverno', 'td3', :at, :at)",
    "INSERT INTO season_tournaments (season_id, tournament_id) VALUES (1, 1)",
    "INSERT INTO announced_level_ends (tournament_id, due_ms) VALUES (1, 1700000000000)",
    "INSERT INTO brakes (key, failures, window_started_at, lockouts)"
    " VALUES ('login|giulia|127.0.0.1', 2, :at, 0)",
]


def _database_before_0960(url: str, with_account: bool) -> sa.Engine:
    engine = db.configure(db.normalize_url(url))
    config = db.alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        if with_account:
            command.upgrade(config, "0940_league_event_log")
            connection.execute(sa.text("INSERT INTO users (id, username, password_hash,"
                                       " created_at) VALUES (1, 'giulia', 'x', :at)"), {"at": AT})
        command.upgrade(config, "0955_hoster_accounts")
        for row in ROWS:
            connection.execute(sa.text(row), {"at": AT, "state": b"\x80\x04N."})
    return engine


def _clubs_of_rows(engine: sa.Engine) -> dict[str, set[int | None]]:
    """Every club the rows of each table name: a read across clubs (on PostgreSQL, row-level
    security shows a transaction of no club nothing)."""
    with tenancy.across_clubs(), engine.connect() as connection:
        return {name: set(connection.execute(sa.text(f"SELECT club_id FROM {name}")).scalars())
                for name in (*CLUB_OWNED, "brakes")}


@pytest.mark.parametrize("with_account", [True, False], ids=["accounts", "demo-only"])
def test_every_row_goes_into_the_servers_club_and_plays_on(empty_database_url, with_account):
    engine = _database_before_0960(empty_database_url, with_account)
    db.upgrade()
    with tenancy.across_clubs(), engine.connect() as connection:
        listed = connection.execute(sa.text("SELECT id, slug FROM clubs")).all()
        events = connection.execute(sa.text(
            "SELECT seq, undone FROM tournament_events ORDER BY seq")).all()
    (club_id, slug), = listed
    assert slug == "club"
    assert _clubs_of_rows(engine) == {**{name: {club_id} for name in CLUB_OWNED},
                                      "brakes": {None}}
    assert [tuple(row) for row in events] == [(1, False), (2, True)]
    with tenancy.in_club(club_id):
        assert [t.name for t in templates.list_templates()] == ["Del lunedì"]
        assert tournaments.summary(1).slug == "lunedi"
    other = clubs.club_id_for(None) + 1
    with engine.begin() as connection:  # a second club may keep a template of the same name
        connection.execute(sa.text("INSERT INTO clubs (id, slug, name, language, timezone,"
                                   " currency, created_at) VALUES (:id, 'bianchi', 'Bianchi',"
                                   " 'it', 'Europe/Rome', 'EUR', :at)"), {"id": other, "at": AT})
    with tenancy.in_club(other):
        templates.save_template("Del lunedì", Settings(name="Lunedì"))
        assert [t.name for t in templates.list_templates()] == ["Del lunedì"]
    with tenancy.in_club(club_id):
        assert tournaments.list_tournaments()[0].id == 1
    engine.dispose()


def test_a_downgrade_gives_the_rows_back_without_their_club(empty_database_url):
    engine = _database_before_0960(empty_database_url, with_account=True)
    with engine.connect() as connection:
        before = {name: connection.execute(sa.text(f"SELECT count(*) FROM {name}")).scalar_one()
                  for name in CLUB_OWNED}
    db.upgrade()
    db.downgrade("0955_hoster_accounts")
    with engine.connect() as connection:
        after = {name: connection.execute(sa.text(f"SELECT count(*) FROM {name}")).scalar_one()
                 for name in CLUB_OWNED}
        columns = {name for name in CLUB_OWNED
                   if "club_id" in {c["name"] for c in sa.inspect(connection).get_columns(name)}}
    engine.dispose()
    assert after == before and columns == set()


def test_a_new_servers_first_account_makes_its_club_with_the_templates(empty_database_url):
    """On a server with no club yet, the first-run page acts in no club's rows; the account it
    creates makes the server's club, and the shipped templates are written inside it."""
    import re

    from tdapp import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": empty_database_url,
                      "SCHEDULER": False})
    client = app.test_client()
    page = client.get("/setup").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    answer = client.post("/setup", data={"csrf_token": token, "username": "anna",
                                         "password": "s3cret-pass", "confirm": "s3cret-pass"})
    assert answer.status_code == 302
    assert client.get("/td/templates").status_code == 200
    with tenancy.in_club(clubs.club_id_for(None)):
        assert len(templates.list_templates()) == 3
    db.engine().dispose()
