"""Revision 0970 turns row-level security on and forces it on every club-owned table of a
PostgreSQL database, and its downgrade takes it off again, policies included; on SQLite both
ways change nothing. The policies' effect is tests/web/test_row_level_security.py's."""

from __future__ import annotations

import sqlalchemy as sa

from tdapp.storage import database as db

SECURED = ("SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity,"
           " (SELECT count(*) FROM pg_policy p WHERE p.polrelid = c.oid)"
           " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
           " WHERE n.nspname = current_schema() AND c.relkind = 'r'")


def _secured(engine: sa.Engine) -> dict[str, tuple[bool, bool, int]]:
    """Each table's row security, forcing and number of policies, where any is set."""
    if engine.dialect.name != "postgresql":
        return {}
    with engine.connect() as connection:
        rows = connection.execute(sa.text(SECURED)).all()
    return {name: (on, forced, policies) for name, on, forced, policies in rows
            if on or forced or policies}


def test_the_upgrade_secures_the_club_owned_tables_and_the_downgrade_takes_it_back(
        empty_database_url):
    engine = db.configure(db.normalize_url(empty_database_url))
    db.upgrade()
    secured = _secured(engine)
    db.downgrade("0960_club_owned_rows")
    after_downgrade = _secured(engine)
    db.upgrade()
    again = _secured(engine)
    engine.dispose()
    if engine.dialect.name == "postgresql":
        assert "tournaments" in secured and "api_tokens" in secured and "clubs" not in secured
        assert set(secured.values()) == {(True, True, 1)}
    else:
        assert secured == {}
    assert after_downgrade == {}
    assert again == secured
