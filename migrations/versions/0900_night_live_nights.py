"""A league's readings of the seed's open rules, and the league nights being played: each opened
from its day's plan, with its draw tables and what its screen recorded.

Revision ID: 0900_night_live_nights
Revises: 0870_event_owner_from_actor
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0900_night_live_nights"
down_revision: str | None = "0870_event_owner_from_actor"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("leagues") as batch:
        batch.add_column(sa.Column("readings", sa.JSON(), nullable=False, server_default="{}"))
    op.create_table(
        "league_live_nights",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("league_id", sa.Integer(),
                  sa.ForeignKey("leagues.id", ondelete="CASCADE"), nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("opened_by", sa.String(120), nullable=False),
        sa.Column("marks", sa.JSON(), nullable=False),
        sa.UniqueConstraint("league_id", "day"),
    )
    op.create_index("ix_league_live_nights_league_id", "league_live_nights", ["league_id"])
    op.create_table(
        "league_live_night_tables",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("live_night_id", sa.Integer(),
                  sa.ForeignKey("league_live_nights.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(20), nullable=False),
        sa.Column("draw_table_id", sa.Integer(),
                  sa.ForeignKey("draw_tables.id", ondelete="CASCADE"), nullable=False,
                  unique=True),
        sa.UniqueConstraint("live_night_id", "name"),
    )
    op.create_index("ix_league_live_night_tables_live_night_id", "league_live_night_tables",
                    ["live_night_id"])


def downgrade() -> None:
    op.drop_index("ix_league_live_night_tables_live_night_id", "league_live_night_tables")
    op.drop_table("league_live_night_tables")
    op.drop_index("ix_league_live_nights_league_id", "league_live_nights")
    op.drop_table("league_live_nights")
    with op.batch_alter_table("leagues") as batch:
        batch.drop_column("readings")
