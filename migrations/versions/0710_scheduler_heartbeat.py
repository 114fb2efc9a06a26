"""The scheduler owner's heartbeat and the last level end announced per tournament, so that a
standby taking over announces a level end its predecessor died just before, and `/readyz` can
tell whether any owner is alive.

Revision ID: 0710_scheduler_heartbeat
Revises: 0700_api_token_expiry
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0710_scheduler_heartbeat"
down_revision: str | None = "0700_api_token_expiry"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "scheduler_heartbeat",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("pid", sa.Integer(), nullable=False),
        sa.Column("host", sa.String(255), nullable=False),
        sa.Column("beat_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "announced_level_ends",
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            primary_key=True,
            autoincrement=False,
        ),
        sa.Column("due_ms", sa.BigInteger(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("announced_level_ends")
    op.drop_table("scheduler_heartbeat")
