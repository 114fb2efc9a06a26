"""Seasons: the tournaments the club groups and the points formula that ranks their players.

Revision ID: 0910_seasons_tables
Revises: 0900_night_live_nights
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0910_seasons_tables"
down_revision: str | None = "0900_night_live_nights"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("points", sa.String(1000), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "season_tournaments",
        sa.Column("season_id", sa.Integer(), sa.ForeignKey("seasons.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("tournament_id", sa.Integer(),
                  sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
    )
    op.create_index("ix_season_tournaments_tournament_id", "season_tournaments",
                    ["tournament_id"])


def downgrade() -> None:
    op.drop_index("ix_season_tournaments_tournament_id", "season_tournaments")
    op.drop_table("season_tournaments")
    op.drop_table("seasons")
