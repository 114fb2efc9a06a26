"""Revision 0950 puts an existing database into one club: the server's club, every account its
owner, every API token acting in it, on SQLite and PostgreSQL alike."""

from __future__ import annotations

from datetime import datetime, timedelta

from tdapp.storage import database as db


def _database_before_clubs_with_two_accounts(url: str):
    from alembic import command
    from sqlalchemy import text

    engine = db.configure(db.normalize_url(url))
    config = db.alembic_config()
    at = datetime(2026, 3, 1, 12, 0)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0940_league_event_log")
        for user_id, name in ((1, "giulia"), (2, "marco")):
            connection.execute(
                text("INSERT INTO users (id, username, password_hash, created_at)"
                     " VALUES (:id, :name, 'x', :at)"),
                {"id": user_id, "name": name, "at": at},
            )
        connection.execute(
            text("INSERT INTO api_tokens (id, user_id, token_hash, label, created_at, expires_at)"
                 " VALUES (1, 2, :hash, 'tablet', :at, :until)"),
            {"hash": "a" * 64, "at": at, "until": at + timedelta(days=3650)},
        )
    return engine


def test_every_existing_account_becomes_an_owner_of_the_default_club(
    empty_database_url, monkeypatch
):
    from tdapp.services import clubs

    monkeypatch.setenv("TDAPP_DEFAULT_CLUB", "circolo-roma")
    engine = _database_before_clubs_with_two_accounts(empty_database_url)
    db.upgrade()
    listed = clubs.clubs()
    members = [(m.username, m.club_slug, m.role) for uid in (1, 2) for m in clubs.memberships_of(uid)]
    engine.dispose()
    assert [(c.slug, c.name, c.language, c.timezone, c.currency, c.members) for c in listed] == [
        ("circolo-roma", "Circolo Roma", "it", "Europe/Rome", "EUR", 2)
    ]
    assert members == [("giulia", "circolo-roma", "owner"), ("marco", "circolo-roma", "owner")]


def test_a_token_issued_before_clubs_acts_in_the_default_club_as_its_owner(empty_database_url):
    from tdapp.services import clubs

    engine = _database_before_clubs_with_two_accounts(empty_database_url)
    db.upgrade()
    staff = clubs.staff_for_token("a" * 64, datetime(2026, 3, 2, 12, 0).astimezone())
    engine.dispose()
    assert staff is not None
    assert (staff.username, staff.club_slug, staff.club_name, staff.role) == (
        "marco", "club", "Club", "owner")


def test_a_fresh_database_gets_the_default_club_with_its_first_account(empty_database_url):
    """An empty database stays empty (a backup can be restored into it, club and all) until its
    first account, which makes the server's club and owns it."""
    from sqlalchemy import text

    from tdapp.services import accounts, clubs

    engine = db.configure(db.normalize_url(empty_database_url))
    db.upgrade()
    with engine.connect() as connection:
        before = connection.execute(text("SELECT count(*) FROM clubs")).scalar_one()
    account = accounts.create_user("giulia", "una password lunga")
    (staff,) = clubs.memberships_of(account.id)
    engine.dispose()
    assert before == 0
    assert (staff.club_slug, staff.club_name, staff.role) == ("club", "Club", "owner")


def test_revision_0955_keeps_every_membership_and_gives_clubs_the_servers_zone(
    empty_database_url, monkeypatch
):
    """Adding the hoster's column must not rebuild `users` (nor `clubs`) on SQLite: dropping
    the old table there would cascade to every membership. The zone every club had was the
    default, so a club now follows the server's TDAPP_TIMEZONE until its owner chooses one."""
    from sqlalchemy import text

    from tdapp.services import accounts, clubs

    engine = _database_before_clubs_with_two_accounts(empty_database_url)
    db.upgrade("0950_clubs_and_roles")
    db.upgrade()
    monkeypatch.setenv("TDAPP_TIMEZONE", "America/New_York")
    listed = clubs.clubs()
    members = [m.role for uid in (1, 2) for m in clubs.memberships_of(uid)]
    with engine.connect() as connection:
        hosters = connection.execute(text("SELECT count(*) FROM users WHERE is_hoster")).scalar_one()
    giulia = accounts.account(1)
    engine.dispose()
    assert [(c.timezone, c.members) for c in listed] == [("America/New_York", 2)]
    assert members == ["owner", "owner"] and hosters == 0 and giulia is not None
