"""Tournaments can be archived (kept, gone from the public pages) or deleted (a tombstone that
hides them everywhere and keeps who did it; the log stays). Templates whose rebuy or add-on
equals their starting stack or buy-in get tied to them, so a night with another stack or buy-in
sells them at its own.

Revision ID: 0920_archive_and_entry_links
Revises: 0910_seasons_tables
Create Date: 2026-12-03
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0920_archive_and_entry_links"
down_revision: str | None = "0910_seasons_tables"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("archived_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("archived_by", sa.String(120), nullable=True))
        batch.add_column(sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("deleted_by", sa.String(120), nullable=True))
    templates = sa.table("structure_templates", sa.column("id", sa.Integer()),
                         sa.column("settings", sa.JSON()))
    connection = op.get_bind()
    for row in connection.execute(sa.select(templates.c.id, templates.c.settings)).all():
        settings = row.settings if isinstance(row.settings, dict) else json.loads(row.settings)
        tied = _tied(settings)
        if tied != settings:
            connection.execute(templates.update().where(templates.c.id == row.id)
                               .values(settings=tied))


def _tied(settings: dict) -> dict:
    """The settings with each rebuy and add-on amount equal to the starting stack or buy-in
    marked as following it: that is what the three shipped templates meant."""
    tied = dict(settings)
    for name in ("rebuy", "add_on"):
        rules = settings.get(name)
        if not isinstance(rules, dict):
            continue
        rules = dict(rules)
        if "chips_as_stack" not in rules:
            rules["chips_as_stack"] = rules.get("chips") == settings.get("starting_stack")
        if "price_as_buy_in" not in rules:
            rules["price_as_buy_in"] = rules.get("price_cents") == settings.get("buy_in_cents")
        tied[name] = rules
    return tied


def downgrade() -> None:
    """The ties stay in the templates' JSON (older code ignores the fields it does not know)."""
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("deleted_by")
        batch.drop_column("deleted_at")
        batch.drop_column("archived_by")
        batch.drop_column("archived_at")
