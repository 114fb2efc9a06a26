"""A roster player's contact, as the sign-ups key it (an e-mail address lowercased, a phone
number's digits with its country prefix): kept at a check-in, so that a player who signs up
again with the same contact finds their nights, places, prizes and season points (issue 30).

A plain ADD COLUMN and an index, never a batch rebuild: dropping the old `roster_players` on
SQLite would cascade to what refers to it.

Revision ID: 0985_roster_contact
Revises: 0970_row_level_security
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0985_roster_contact"
down_revision: str | None = "0980_members"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("roster_players", sa.Column("contact_key", sa.String(length=120), nullable=True))
    op.create_index("ix_roster_players_contact_key", "roster_players", ["contact_key"])


def downgrade() -> None:
    op.drop_index("ix_roster_players_contact_key", table_name="roster_players")
    op.drop_column("roster_players", "contact_key")  # SQLite 3.35+ drops it in place
