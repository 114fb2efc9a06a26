"""The mail outbox (issue 30, item 8): the e-mails a club's players are to be told, kept until a
sender has sent them or given up (tdapp/storage/outbox.py). Club-owned, so row-level security
on PostgreSQL like every club-owned table (0970).

Revision ID: 0990_mail_outbox
Revises: 0985_roster_contact
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0990_mail_outbox"
down_revision: str | None = "0985_roster_contact"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLE = "mail_outbox"
POLICY = "club_rows"
# As in 0970: the transaction's club ('*' across clubs), and nothing where none is set.
ACTING_CLUB = "current_setting('tdapp.club', true)"
VISIBLE = f"({ACTING_CLUB} = '*' OR club_id::text = {ACTING_CLUB})"


def upgrade() -> None:
    op.create_table(
        TABLE,
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("club_id", sa.Integer(), sa.ForeignKey("clubs.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("to_address", sa.String(254), nullable=False),
        sa.Column("subject", sa.String(255), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("html", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.String(500), nullable=True),
        sa.Column("claim", sa.String(32), nullable=True),
    )
    op.create_index("ix_mail_outbox_club_id", TABLE, ["club_id"])
    op.create_index("ix_mail_outbox_next_attempt_at", TABLE, ["next_attempt_at"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f'ALTER TABLE "{TABLE}" ENABLE ROW LEVEL SECURITY')
        op.execute(f'ALTER TABLE "{TABLE}" FORCE ROW LEVEL SECURITY')
        op.execute(f'CREATE POLICY {POLICY} ON "{TABLE}" USING {VISIBLE} WITH CHECK {VISIBLE}')


def downgrade() -> None:
    op.drop_table(TABLE)  # its policy goes with it
