"""Draw tables of Italian draw with their event logs.

Revision ID: 0200_draw_tables
Revises: 0100_league
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0200_draw_tables"
down_revision: str | None = "0100_league"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "draw_tables",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("pin", sa.String(8), nullable=False),
        sa.Column(
            "league_id", sa.Integer(), sa.ForeignKey("leagues.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_by", sa.String(120), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "draw_table_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "draw_table_id", sa.Integer(),
            sa.ForeignKey("draw_tables.id", ondelete="CASCADE"), nullable=False,
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("actor", sa.String(120), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.UniqueConstraint("draw_table_id", "seq"),
    )
    op.create_index("ix_draw_table_events_draw_table_id", "draw_table_events", ["draw_table_id"])


def downgrade() -> None:
    op.drop_index("ix_draw_table_events_draw_table_id", "draw_table_events")
    op.drop_table("draw_table_events")
    op.drop_table("draw_tables")
