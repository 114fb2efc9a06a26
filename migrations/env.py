"""Alembic's entry point: runs migrations on the connection `tdapp.storage.database.upgrade` hands over, or on
`sqlalchemy.url` when alembic is driven by hand."""

from __future__ import annotations

from alembic import context
from sqlalchemy import engine_from_config, pool
from sqlmodel import SQLModel

# Every module of tables, so that autogenerate sees them all on SQLModel.metadata.
import tdapp.storage.accounts  # noqa: F401
import tdapp.storage.brakes  # noqa: F401
import tdapp.storage.clubs  # noqa: F401
import tdapp.storage.draw_tables  # noqa: F401
import tdapp.storage.leagues  # noqa: F401
import tdapp.storage.members  # noqa: F401
import tdapp.storage.outbox  # noqa: F401
import tdapp.storage.roster  # noqa: F401
import tdapp.storage.scheduling  # noqa: F401
import tdapp.storage.seasons  # noqa: F401
import tdapp.storage.templates  # noqa: F401
import tdapp.storage.tournaments  # noqa: F401

config = context.config
target_metadata = SQLModel.metadata


def _across_clubs() -> None:
    """A migration sees and writes every club's rows: on PostgreSQL, the transaction's
    `tdapp.club` is '*', which row-level security (0970) lets through (tdapp/storage/tenancy.py).
    Set here, not by the engine's hook, so that alembic driven by hand gets it too."""
    if context.get_context().dialect.name == "postgresql":
        context.execute("SELECT set_config('tdapp.club', '*', true)")


def run_migrations_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        _across_clubs()
        context.run_migrations()


def _run(connection) -> None:
    # SQLite cannot ALTER most things in place: batch mode rebuilds the table instead.
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        _across_clubs()
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    connectable = engine_from_config(
        config.get_section(config.config_ini_section, {}),
        prefix="sqlalchemy.",
        poolclass=pool.NullPool,
    )
    with connectable.connect() as connection:
        _run(connection)


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
