"""A roster player's gender, optional: the words that agree with a player ("Eliminata",
"Eliminato") follow it, and a player whose gender nobody gave is spoken of in neutral words.

Revision ID: 0930_roster_gender
Revises: 0920_archive_and_entry_links
Create Date: 2026-12-04
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0930_roster_gender"
down_revision: str | None = "0920_archive_and_entry_links"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("roster_players") as batch:
        batch.add_column(sa.Column("gender", sa.String(1), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("roster_players") as batch:
        batch.drop_column("gender")
