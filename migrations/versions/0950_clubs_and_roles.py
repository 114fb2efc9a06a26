"""Clubs and their staff's roles: the server's club (slug `TDAPP_DEFAULT_CLUB`, default `club`),
every existing account its owner, every API token acting in it, and the club's invitations.

Revision ID: 0950_clubs_and_roles
Revises: 0940_league_event_log
Create Date: 2026-12-04
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0950_clubs_and_roles"
down_revision: str | None = "0940_league_event_log"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _default_slug() -> str:
    slug = os.environ.get("TDAPP_DEFAULT_CLUB") or "club"
    if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", slug) or len(slug) > 40:
        raise ValueError(f"TDAPP_DEFAULT_CLUB must be lowercase letters, digits and hyphens,"
                         f" not {slug!r}")
    return slug


def _now(connection: sa.Connection) -> datetime:
    now = datetime.now(UTC)
    # SQLite keeps no zone: stored times are UTC.
    return now.replace(tzinfo=None) if connection.dialect.name == "sqlite" else now


def _default_club(connection: sa.Connection, clubs: sa.Table) -> int:
    slug = _default_slug()
    return connection.execute(
        clubs.insert().values(
            slug=slug, name=" ".join(word.capitalize() for word in slug.split("-")),
            language="it", timezone="Europe/Rome", currency="EUR", created_at=_now(connection),
        ).returning(clubs.c.id)
    ).scalar_one()


def upgrade() -> None:
    clubs = op.create_table(
        "clubs",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("slug", sa.String(40), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("language", sa.String(2), nullable=False),
        sa.Column("timezone", sa.String(64), nullable=False),
        sa.Column("currency", sa.String(8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_clubs_slug", "clubs", ["slug"], unique=True)
    memberships = op.create_table(
        "memberships",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("club_id", sa.Integer(), sa.ForeignKey("clubs.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("user_id", "club_id"),
    )
    op.create_index("ix_memberships_user_id", "memberships", ["user_id"])
    op.create_index("ix_memberships_club_id", "memberships", ["club_id"])
    op.create_table(
        "invitations",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("club_id", sa.Integer(), sa.ForeignKey("clubs.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("created_by", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL"),
                  nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_invitations_club_id", "invitations", ["club_id"])
    op.create_index("ix_invitations_code_hash", "invitations", ["code_hash"], unique=True)

    connection = op.get_bind()
    users = sa.table("users", sa.column("id", sa.Integer()))
    user_ids = connection.execute(sa.select(users.c.id).order_by(users.c.id)).scalars().all()
    # A database with accounts moves into the server's club. An empty one (a new server, or one
    # about to take a restored backup, whose own club comes with it) gets its club with its
    # first account (tdapp/services/clubs.py `default_club`).
    club_id = _default_club(connection, clubs) if user_ids else None
    if club_id is not None:
        now = _now(connection)
        connection.execute(memberships.insert(), [
            {"user_id": user_id, "club_id": club_id, "role": "owner", "created_at": now}
            for user_id in user_ids
        ])

    with op.batch_alter_table("api_tokens") as batch:
        batch.add_column(sa.Column("club_id", sa.Integer(), nullable=True))
    if club_id is not None:
        tokens = sa.table("api_tokens", sa.column("club_id", sa.Integer()))
        connection.execute(tokens.update().values(club_id=club_id))
    with op.batch_alter_table("api_tokens") as batch:
        batch.alter_column("club_id", existing_type=sa.Integer(), nullable=False)
        batch.create_foreign_key("fk_api_tokens_club_id_clubs", "clubs", ["club_id"], ["id"],
                                 ondelete="CASCADE")
        batch.create_index("ix_api_tokens_club_id", ["club_id"])


def downgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_index("ix_api_tokens_club_id")
        batch.drop_constraint("fk_api_tokens_club_id_clubs", type_="foreignkey")
        batch.drop_column("club_id")
    op.drop_table("invitations")
    op.drop_table("memberships")
    op.drop_table("clubs")
