"""Every club-owned row carries its club: tournaments and their logs, templates, the roster,
leagues and their nights, seasons, draw tables, the scheduler's announced level ends (and the
API tokens, which 0950 gave one already). Existing rows go into the server's club; a database
with rows but no club yet (a demo set up before any account) gets the club here, as 0950 makes
it (with 0955's empty time zone: the server's). Brakes get a club only when they guard
something of a club (a console's PIN, a player's phone): a login's brake guards an account
before any club is known, so its club stays NULL.

SQLite rebuilds each table to make the column NOT NULL: `tdapp.storage.database` runs the
migrations with the foreign keys off (and checks them before the commit), so that dropping the
old `tournaments` cascades to none of its events.

Template names become unique within a club, not across the server: two clubs may each have
their "Torneo del lunedì". Tournament slugs stay unique across the server (`/t/<slug>`).

Revision ID: 0960_club_owned_rows
Revises: 0955_hoster_accounts
Create Date: 2026-12-04
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0960_club_owned_rows"
down_revision: str | None = "0955_hoster_accounts"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Parents before children: the order in which the columns are added and filled.
CLUB_OWNED = (
    "tournaments", "tournament_events", "tournament_snapshots", "structure_templates",
    "roster_players", "leagues", "league_events", "league_snapshots", "league_live_nights",
    "draw_tables", "league_live_night_tables", "draw_table_events", "draw_table_snapshots",
    "seasons", "season_tournaments", "announced_level_ends",
)
TEMPLATE_NAMES = "uq_structure_templates_club_id_name"


def _default_slug() -> str:
    slug = os.environ.get("TDAPP_DEFAULT_CLUB") or "club"
    if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", slug) or len(slug) > 40:
        raise ValueError(f"TDAPP_DEFAULT_CLUB must be lowercase letters, digits and hyphens,"
                         f" not {slug!r}")
    return slug


def _has_rows(connection: sa.Connection) -> bool:
    return any(
        connection.execute(sa.select(sa.literal(1)).select_from(sa.table(name)).limit(1)).first()
        for name in CLUB_OWNED
    )


def _the_club(connection: sa.Connection) -> int | None:
    """The club existing rows belong to: the server's club (the default slug, else the one
    club 0950 made), made here when rows exist but no club does; None for an empty database,
    whose club comes with its first account."""
    clubs = sa.table("clubs", sa.column("id", sa.Integer()), sa.column("slug", sa.String()),
                     sa.column("name", sa.String()), sa.column("language", sa.String()),
                     sa.column("timezone", sa.String()), sa.column("currency", sa.String()),
                     sa.column("created_at", sa.DateTime(timezone=True)))
    slug = _default_slug()
    found = connection.execute(sa.select(clubs.c.id).where(clubs.c.slug == slug)).scalar()
    if found is None:
        found = connection.execute(sa.select(clubs.c.id).order_by(clubs.c.id).limit(1)).scalar()
    if found is not None or not _has_rows(connection):
        return found
    now = datetime.now(UTC)
    return connection.execute(
        clubs.insert().values(
            slug=slug, name=" ".join(word.capitalize() for word in slug.split("-")),
            language="it", timezone="", currency="EUR",  # "": the server's zone (0955)
            created_at=now.replace(tzinfo=None) if connection.dialect.name == "sqlite" else now,
        ).returning(clubs.c.id)
    ).scalar_one()


def upgrade() -> None:
    connection = op.get_bind()
    club_id = _the_club(connection)
    for name in CLUB_OWNED:
        op.add_column(name, sa.Column("club_id", sa.Integer(), nullable=True))
        if club_id is not None:
            connection.execute(sa.table(name, sa.column("club_id", sa.Integer()))
                               .update().values(club_id=club_id))
        with op.batch_alter_table(name) as batch:
            batch.alter_column("club_id", existing_type=sa.Integer(), nullable=False)
            batch.create_foreign_key(f"fk_{name}_club_id_clubs", "clubs", ["club_id"], ["id"],
                                     ondelete="CASCADE")
            batch.create_index(f"ix_{name}_club_id", ["club_id"])
    _template_names_per_club(connection)
    with op.batch_alter_table("brakes") as batch:
        batch.add_column(sa.Column("club_id", sa.Integer(), nullable=True))
        batch.create_foreign_key("fk_brakes_club_id_clubs", "clubs", ["club_id"], ["id"],
                                 ondelete="CASCADE")
        batch.create_index("ix_brakes_club_id", ["club_id"])


def _template_names_per_club(connection: sa.Connection) -> None:
    """The server-wide UNIQUE(name) of 0001 (unnamed: PostgreSQL calls it
    structure_templates_name_key, SQLite names it not at all) becomes UNIQUE(club_id, name)."""
    if connection.dialect.name == "postgresql":
        with op.batch_alter_table("structure_templates") as batch:
            batch.drop_constraint("structure_templates_name_key", type_="unique")
            batch.create_unique_constraint(TEMPLATE_NAMES, ["club_id", "name"])
        return
    convention = {"uq": "uq_%(table_name)s_%(column_0_name)s"}
    with op.batch_alter_table("structure_templates", naming_convention=convention) as batch:
        batch.drop_constraint("uq_structure_templates_name", type_="unique")
        batch.create_unique_constraint(TEMPLATE_NAMES, ["club_id", "name"])


def downgrade() -> None:
    """Back to one club per server: the columns go (and with them which club a row was of)."""
    with op.batch_alter_table("brakes") as batch:
        batch.drop_index("ix_brakes_club_id")
        batch.drop_constraint("fk_brakes_club_id_clubs", type_="foreignkey")
        batch.drop_column("club_id")
    with op.batch_alter_table("structure_templates") as batch:
        batch.drop_constraint(TEMPLATE_NAMES, type_="unique")
        batch.create_unique_constraint("structure_templates_name_key", ["name"])
    for name in reversed(CLUB_OWNED):
        with op.batch_alter_table(name) as batch:
            batch.drop_index(f"ix_{name}_club_id")
            batch.drop_constraint(f"fk_{name}_club_id_clubs", type_="foreignkey")
            batch.drop_column("club_id")
