"""One event log for every aggregate: events are never deleted, each has an owner (the place
that acted, for undo by owner); draw-table events get the columns of tournament events (a schema
version outside the payload, who undid them and when) and snapshots of their own.

Revision ID: 0800_event_log_owner
Revises: 0710_scheduler_heartbeat
Create Date: 2026-12-03

Existing events get the owner "ddt"; a draw-table event's version moves from the payload's "v"
key into `schema_version`.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0800_event_log_owner"
down_revision: str | None = "0710_scheduler_heartbeat"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _draw_table_events() -> sa.TableClause:
    """The columns of draw-table events this revision rewrites."""
    return sa.table(
        "draw_table_events",
        sa.column("id", sa.Integer()),
        sa.column("payload", sa.JSON()),
        sa.column("schema_version", sa.Integer()),
    )


def upgrade() -> None:
    with op.batch_alter_table("tournament_events") as batch:
        batch.add_column(sa.Column("owner", sa.String(80), nullable=False, server_default="ddt"))
    with op.batch_alter_table("draw_table_events") as batch:
        batch.alter_column("kind", new_column_name="name", existing_type=sa.String(40),
                           type_=sa.String(80), existing_nullable=False)
        batch.alter_column("at", new_column_name="created_at",
                           existing_type=sa.DateTime(timezone=True), existing_nullable=False)
        batch.add_column(sa.Column("schema_version", sa.Integer(), nullable=False,
                                   server_default="1"))
        batch.add_column(sa.Column("owner", sa.String(80), nullable=False, server_default="ddt"))
        batch.add_column(sa.Column("undone_by", sa.String(120), nullable=True))
        batch.add_column(sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True))
    events = _draw_table_events()
    connection = op.get_bind()
    for event_id, payload in connection.execute(sa.select(events.c.id, events.c.payload)):
        version = int(payload.pop("v", 1))
        connection.execute(events.update().where(events.c.id == event_id)
                           .values(payload=payload, schema_version=version))
    op.create_table(
        "draw_table_snapshots",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("draw_table_id", sa.Integer(),
                  sa.ForeignKey("draw_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("format", sa.String(40), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("draw_table_id", "seq"),
    )


def downgrade() -> None:
    op.drop_table("draw_table_snapshots")
    events = _draw_table_events()
    connection = op.get_bind()
    rows = connection.execute(sa.select(events.c.id, events.c.payload, events.c.schema_version))
    for event_id, payload, version in rows:
        connection.execute(events.update().where(events.c.id == event_id)
                           .values(payload={"v": version, **payload}))
    with op.batch_alter_table("draw_table_events") as batch:
        batch.drop_column("undone_at")
        batch.drop_column("undone_by")
        batch.drop_column("owner")
        batch.drop_column("schema_version")
        batch.alter_column("created_at", new_column_name="at",
                           existing_type=sa.DateTime(timezone=True), existing_nullable=False)
        batch.alter_column("name", new_column_name="kind", existing_type=sa.String(80),
                           type_=sa.String(40), existing_nullable=False)
    with op.batch_alter_table("tournament_events") as batch:
        batch.drop_column("owner")

