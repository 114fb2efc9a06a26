"""Hoster accounts: the server's host makes clubs and their first owners, and belongs to no club
unless a club takes it in. A hoster's tokens act in no club, so they live apart from the clubs'
tokens (`hoster_tokens`), where no club's list or filter ever meets them.

A club's time zone becomes optional: a club that never chose one (an empty `timezone`) keeps
the server's (TDAPP_TIMEZONE, else Europe/Rome). Nothing could set a club's zone before this
revision, so every club's "Europe/Rome" was that default, not a choice: it is cleared, and a
server whose TDAPP_TIMEZONE names another zone keeps showing its times in that zone. (Empty,
not NULL: making the column nullable would rebuild `clubs` on SQLite, and dropping the old
table there cascades to every membership and token.)

Revision ID: 0955_hoster_accounts
Revises: 0950_clubs_and_roles
Create Date: 2026-12-04
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0955_hoster_accounts"
down_revision: str | None = "0950_clubs_and_roles"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DEFAULT_ZONE = "Europe/Rome"


def upgrade() -> None:
    # A plain ADD COLUMN, never a batch rebuild: dropping the old `users` on SQLite would
    # cascade to every membership and token.
    op.add_column("users", sa.Column("is_hoster", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))
    op.create_table(
        "hoster_tokens",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("label", sa.String(80), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_hoster_tokens_user_id", "hoster_tokens", ["user_id"])
    op.create_index("ix_hoster_tokens_token_hash", "hoster_tokens", ["token_hash"], unique=True)
    clubs = sa.table("clubs", sa.column("timezone", sa.String(64)))
    op.get_bind().execute(clubs.update().values(timezone=""))


def downgrade() -> None:
    clubs = sa.table("clubs", sa.column("timezone", sa.String(64)))
    op.get_bind().execute(
        clubs.update().where(clubs.c.timezone == "").values(timezone=DEFAULT_ZONE))
    op.drop_table("hoster_tokens")
    op.drop_column("users", "is_hoster")  # SQLite 3.35+ drops it in place, no rebuild
