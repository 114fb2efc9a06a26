"""The engine: SQLite's pragmas on every pooled connection, working SAVEPOINTs, UTC times, and
the URLs a hosting panel hands out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from sqlmodel import select

from tdapp import db
from tdapp.models import RosterPlayer


def test_every_pooled_sqlite_connection_has_the_pragmas(tmp_path):
    engine = db.make_engine(f"sqlite:///{tmp_path / 'pragmas.sqlite3'}")
    connections = [engine.connect() for _ in range(3)]  # three distinct pooled connections
    try:
        for connection in connections:
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
    finally:
        for connection in connections:
            connection.close()
        engine.dispose()


def test_a_savepoint_rolls_back_alone(app):
    with db.session_scope() as session:
        session.add(RosterPlayer(name="Kept"))
        nested = session.begin_nested()
        session.add(RosterPlayer(name="Rolled back"))
        session.flush()
        nested.rollback()
    with db.session_scope() as session:
        assert session.exec(select(RosterPlayer.name)).all() == ["Kept"]


def test_a_failed_block_commits_nothing(app):
    with pytest.raises(RuntimeError), db.session_scope() as session:
        session.add(RosterPlayer(name="Lost"))
        session.flush()
        raise RuntimeError("refused halfway")
    with db.session_scope() as session:
        assert session.exec(select(RosterPlayer)).all() == []


def test_times_come_back_as_the_same_utc_instant(app):
    rome = timezone(timedelta(hours=1))
    written = datetime(2026, 12, 7, 21, 30, tzinfo=rome)
    with db.session_scope() as session:
        session.add(RosterPlayer(name="Orario", created_at=written))
    with db.session_scope() as session:
        read = session.exec(select(RosterPlayer.created_at)).one()
    assert read == written
    assert read.tzinfo == UTC


def test_a_naive_time_is_refused(app):
    with pytest.raises(Exception, match="naive"), db.session_scope() as session:
        session.add(RosterPlayer(name="Senza fuso", created_at=datetime(2026, 12, 7, 21, 30)))
        session.flush()


@pytest.mark.parametrize(
    ("given", "used"),
    [
        ("postgres://u@h/tdapp", "postgresql+psycopg://u@h/tdapp"),
        ("postgresql://u@h/tdapp", "postgresql+psycopg://u@h/tdapp"),
        ("sqlite:////srv/tdapp.sqlite3", "sqlite:////srv/tdapp.sqlite3"),
    ],
)
def test_hosting_urls_are_driven_with_psycopg_3(given, used):
    assert db.normalize_url(given) == used


def test_the_default_database_is_a_file_in_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert db.database_url(None, tmp_path) == f"sqlite:///{tmp_path / 'tdapp.sqlite3'}"
    monkeypatch.setenv("DATABASE_URL", "postgresql://u@h/club")
    assert db.database_url(None, tmp_path) == "postgresql+psycopg://u@h/club"
    assert db.database_url("sqlite:///x.sqlite3", tmp_path) == "sqlite:///x.sqlite3"


def test_the_schema_matches_the_models_after_the_migrations(app):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlmodel import SQLModel

    import tdapp.league_models  # noqa: F401  (its tables are part of the schema too)

    with db.engine().connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    assert differences == []
