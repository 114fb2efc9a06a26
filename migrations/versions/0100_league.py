"""The Monday league: leagues with their members and the nights' entered results.

Revision ID: 0100_league
Revises: 0001_initial
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0100_league"
down_revision: str | None = "0001_initial"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "leagues",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("members", sa.JSON(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "league_nights",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "league_id", sa.Integer(), sa.ForeignKey("leagues.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("tables", sa.JSON(), nullable=False),
        sa.Column("entered_by", sa.String(120), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("undone_by", sa.String(120), nullable=True),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("league_id", "seq"),
    )
    op.create_index("ix_league_nights_league_id", "league_nights", ["league_id"])


def downgrade() -> None:
    op.drop_index("ix_league_nights_league_id", "league_nights")
    op.drop_table("league_nights")
    op.drop_table("leagues")
