"""The club's members (la tessera): who holds the club's card, its number and the last day it
is valid, linked to the roster player it is where the club knows; row-level security on the
new table as 0970 put on the others.

A member's name is unique in its club as the room compares names (`name_key`), and so are a
card's number (when given) and a linked roster player: the door finds one member by either.

Revision ID: 0980_members
Revises: 0970_row_level_security
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0980_members"
down_revision: str | None = "0970_row_level_security"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

POLICY = "club_rows"
# As in 0970: the transaction's acting club, '*' across clubs, NULL or '' for none.
ACTING_CLUB = "current_setting('tdapp.club', true)"
VISIBLE = f"({ACTING_CLUB} = '*' OR club_id::text = {ACTING_CLUB})"


def upgrade() -> None:
    op.create_table(
        "members",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("club_id", sa.Integer(), sa.ForeignKey("clubs.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("name_key", sa.String(80), nullable=False),
        sa.Column("number", sa.String(20), nullable=True),
        sa.Column("valid_until", sa.Date(), nullable=True),
        sa.Column("roster_id", sa.Integer(),
                  sa.ForeignKey("roster_players.id", ondelete="SET NULL"), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("club_id", "name_key", name="uq_members_club_id_name_key"),
        sa.UniqueConstraint("club_id", "number", name="uq_members_club_id_number"),
        sa.UniqueConstraint("club_id", "roster_id", name="uq_members_club_id_roster_id"),
    )
    op.create_index("ix_members_club_id", "members", ["club_id"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute('ALTER TABLE "members" ENABLE ROW LEVEL SECURITY')
        op.execute('ALTER TABLE "members" FORCE ROW LEVEL SECURITY')
        op.execute(f'CREATE POLICY {POLICY} ON "members" USING {VISIBLE} WITH CHECK {VISIBLE}')


def downgrade() -> None:
    # The policy goes with its table.
    op.drop_index("ix_members_club_id", "members")
    op.drop_table("members")
