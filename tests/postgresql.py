"""Throwaway PostgreSQL databases for the tests, made by the server's superuser and owned by and
connected to as a role like the app's: no superuser, no BYPASSRLS (deploy/README.md), so that
row-level security (migration 0970) binds every PostgreSQL test as it binds the app.

`APP_ROLE` is one role shared by every test session of the machine (several may run at once):
made when missing, never dropped, since another session's databases may still be its; once
they are dropped it owns nothing. The server takes any login on 127.0.0.1 (trust), so it has
no password here; tests/hosted makes a role of its own with one, through the deploy script.
"""

from __future__ import annotations

from sqlalchemy import create_engine, text

ADMIN_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
SERVER = "127.0.0.1:5432"
APP_ROLE = "tdapp_test"


def admin_run(*statements: str) -> None:
    """Statements as the superuser, each in its own transaction (CREATE DATABASE needs none)."""
    admin = create_engine(ADMIN_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            for statement in statements:
                connection.execute(text(statement))
    finally:
        admin.dispose()


# Two sessions making the role at once: the second one's CREATE fails on the catalogue's unique
# index (unique_violation) rather than finding the role (duplicate_object); either means it is there.
_APP_ROLE_ONCE = f"""
DO $$ BEGIN
  CREATE ROLE "{APP_ROLE}" LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$"""


def create_database(name: str) -> str:
    """A new empty database owned by `APP_ROLE`; the URL that connects to it as that role."""
    admin_run(_APP_ROLE_ONCE, f'CREATE DATABASE "{name}" OWNER "{APP_ROLE}"')
    return f"postgresql+psycopg://{APP_ROLE}@{SERVER}/{name}"


def drop_database(name: str) -> None:
    admin_run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
