"""Users and their API tokens, the roster, structure templates, tournaments and their event logs.

Revision ID: 0001_initial
Revises:
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_initial"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _when(name: str) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=False)


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("username", sa.String(80), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=False),
        _when("created_at"),
    )
    op.create_index("ix_users_username", "users", ["username"], unique=True)

    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("token_hash", sa.String(64), nullable=False),
        _when("created_at"),
    )
    op.create_index("ix_api_tokens_token_hash", "api_tokens", ["token_hash"], unique=True)
    op.create_index("ix_api_tokens_user_id", "api_tokens", ["user_id"])

    op.create_table(
        "roster_players",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(120), nullable=False),
        _when("created_at"),
    )
    op.create_index("ix_roster_players_name", "roster_players", ["name"])

    op.create_table(
        "structure_templates",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(120), nullable=False, unique=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        _when("created_at"),
        _when("updated_at"),
    )

    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("slug", sa.String(140), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        _when("created_at"),
        _when("updated_at"),
    )
    op.create_index("ix_tournaments_slug", "tournaments", ["slug"], unique=True)

    op.create_table(
        "tournament_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("actor", sa.String(120), nullable=False),
        _when("created_at"),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("undone_by", sa.String(120), nullable=True),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("tournament_id", "seq"),
    )

    op.create_table(
        "tournament_snapshots",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("format", sa.String(40), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        _when("created_at"),
        sa.UniqueConstraint("tournament_id", "seq"),
    )


def downgrade() -> None:
    op.drop_table("tournament_snapshots")
    op.drop_table("tournament_events")
    op.drop_table("tournaments")
    op.drop_table("structure_templates")
    op.drop_table("roster_players")
    op.drop_table("api_tokens")
    op.drop_table("users")
