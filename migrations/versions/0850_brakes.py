"""Brakes on guessing live in the database, so that every process behind a proxy counts the
same failures.

Revision ID: 0850_brakes
Revises: 0800_event_log_owner
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0850_brakes"
down_revision: str | None = "0800_event_log_owner"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "brakes",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("window_started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lockouts", sa.Integer(), nullable=False),
    )
    op.create_index("ix_brakes_window_started_at", "brakes", ["window_started_at"])


def downgrade() -> None:
    op.drop_index("ix_brakes_window_started_at", table_name="brakes")
    op.drop_table("brakes")
