"""API tokens expire and carry a label, so that a DdT can tell them apart and revoke one.

Revision ID: 0700_api_token_expiry
Revises: 0200_draw_tables
Create Date: 2026-12-02

Tokens issued before this revision get the default lifetime (90 days) from their creation.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, timedelta

import sqlalchemy as sa
from alembic import op

revision: str = "0700_api_token_expiry"
down_revision: str | None = "0200_draw_tables"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DEFAULT_LIFETIME = timedelta(days=90)


def upgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.add_column(sa.Column("label", sa.String(80), nullable=False, server_default=""))
        batch.add_column(sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True))
    tokens = sa.table(
        "api_tokens",
        sa.column("id", sa.Integer()),
        sa.column("created_at", sa.DateTime(timezone=True)),
        sa.column("expires_at", sa.DateTime(timezone=True)),
    )
    connection = op.get_bind()
    for token_id, created_at in connection.execute(sa.select(tokens.c.id, tokens.c.created_at)):
        if created_at.tzinfo is None:  # SQLite keeps no zone: stored times are UTC
            created_at = created_at.replace(tzinfo=UTC)
        expires = created_at + DEFAULT_LIFETIME
        if connection.dialect.name == "sqlite":
            expires = expires.replace(tzinfo=None)
        connection.execute(
            tokens.update().where(tokens.c.id == token_id).values(expires_at=expires)
        )
    with op.batch_alter_table("api_tokens") as batch:
        batch.alter_column("expires_at", existing_type=sa.DateTime(timezone=True), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_column("expires_at")
        batch.drop_column("label")
