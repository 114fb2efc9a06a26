"""League nights on the one event-log store: each league gets a `version` and a log of events
(`league_events`) with snapshots, like tournaments and draw tables; every entered night moves
into it as a "NightEntered" event and `league_nights` goes.

Revision ID: 0940_league_event_log
Revises: 0930_roster_gender
Create Date: 2026-12-05

Nothing is lost: a night keeps its league, its place in the entry order (`seq`), its day and
tables (the event's payload, as tdapp/league/log.py stores them), who entered it and when (the
event's actor and time), whether it was undone, by whom and when. Its owner is "ddt", the
secretary's. A league's version counts the changes its log saw: each entry and each undo.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0940_league_event_log"
down_revision: str | None = "0930_roster_gender"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NIGHT_ENTERED = "NightEntered"


def _nights() -> sa.TableClause:
    return sa.table(
        "league_nights",
        sa.column("league_id", sa.Integer()),
        sa.column("seq", sa.Integer()),
        sa.column("day", sa.Integer()),
        sa.column("tables", sa.JSON()),
        sa.column("entered_by", sa.String(120)),
        sa.column("entered_at", sa.DateTime(timezone=True)),
        sa.column("undone", sa.Boolean()),
        sa.column("undone_by", sa.String(120)),
        sa.column("undone_at", sa.DateTime(timezone=True)),
    )


def _events() -> sa.TableClause:
    return sa.table(
        "league_events",
        sa.column("league_id", sa.Integer()),
        sa.column("seq", sa.Integer()),
        sa.column("name", sa.String(80)),
        sa.column("schema_version", sa.Integer()),
        sa.column("payload", sa.JSON()),
        sa.column("actor", sa.String(120)),
        sa.column("owner", sa.String(80)),
        sa.column("created_at", sa.DateTime(timezone=True)),
        sa.column("undone", sa.Boolean()),
        sa.column("undone_by", sa.String(120)),
        sa.column("undone_at", sa.DateTime(timezone=True)),
    )


def _create_nights() -> None:
    """`league_nights` as revision 0100 made it."""
    op.create_table(
        "league_nights",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("league_id", sa.Integer(), sa.ForeignKey("leagues.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("tables", sa.JSON(), nullable=False),
        sa.Column("entered_by", sa.String(120), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("undone_by", sa.String(120), nullable=True),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("league_id", "seq"),
    )
    op.create_index("ix_league_nights_league_id", "league_nights", ["league_id"])


def upgrade() -> None:
    with op.batch_alter_table("leagues") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))
    op.create_table(
        "league_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("actor", sa.String(120), nullable=False),
        sa.Column("owner", sa.String(80), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("undone_by", sa.String(120), nullable=True),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("league_id", sa.Integer(), sa.ForeignKey("leagues.id", ondelete="CASCADE"),
                  nullable=False),
        sa.UniqueConstraint("league_id", "seq"),
    )
    op.create_index("ix_league_events_league_id", "league_events", ["league_id"])
    op.create_table(
        "league_snapshots",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("format", sa.String(40), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("league_id", sa.Integer(), sa.ForeignKey("leagues.id", ondelete="CASCADE"),
                  nullable=False),
        sa.UniqueConstraint("league_id", "seq"),
    )
    connection = op.get_bind()
    nights, events = _nights(), _events()
    changes: Counter[int] = Counter()
    rows = connection.execute(sa.select(nights).order_by(nights.c.league_id, nights.c.seq)).all()
    for row in rows:
        connection.execute(events.insert().values(
            league_id=row.league_id, seq=row.seq, name=NIGHT_ENTERED, schema_version=1,
            payload={"day": row.day, "tables": row.tables}, actor=row.entered_by, owner="ddt",
            created_at=row.entered_at, undone=row.undone, undone_by=row.undone_by,
            undone_at=row.undone_at))
        changes[row.league_id] += 2 if row.undone else 1
    leagues = sa.table("leagues", sa.column("id", sa.Integer()), sa.column("version", sa.Integer()))
    for league_id, version in changes.items():
        connection.execute(leagues.update().where(leagues.c.id == league_id)
                           .values(version=version))
    op.drop_index("ix_league_nights_league_id", "league_nights")
    op.drop_table("league_nights")


def downgrade() -> None:
    """The nights back into `league_nights`, the log's other columns with them (an owner, a
    schema version, snapshots) gone."""
    _create_nights()
    connection = op.get_bind()
    nights, events = _nights(), _events()
    rows = connection.execute(sa.select(events).where(events.c.name == NIGHT_ENTERED)
                              .order_by(events.c.league_id, events.c.seq)).all()
    for row in rows:
        connection.execute(nights.insert().values(
            league_id=row.league_id, seq=row.seq, day=row.payload["day"],
            tables=row.payload["tables"], entered_by=row.actor, entered_at=row.created_at,
            undone=row.undone, undone_by=row.undone_by, undone_at=row.undone_at))
    op.drop_table("league_snapshots")
    op.drop_index("ix_league_events_league_id", "league_events")
    op.drop_table("league_events")
    # Not in batch: on SQLite a batch rebuilds the table, and dropping the old `leagues` would
    # delete every row that points at it (foreign keys are on); SQLite drops a column in place.
    op.drop_column("leagues", "version")
