"""A second wall on PostgreSQL: row-level security on every club-owned table.

The session's filter (tdapp/storage/tenancy.py) keeps a club's statements to its rows; a
statement that escapes it (hand-written SQL, a Core statement that forgets `club_id`, a bug)
would read every club's. Here PostgreSQL itself refuses: each club-owned table gets one policy
reading the transaction's `tdapp.club` setting, which the engine sets as each transaction
begins: the acting club's id sees and writes that club's rows, '*' (across clubs: a token found
by its hash, the scheduler's scan, a migration) every row, and '' or no setting at all nothing.

`FORCE` makes the policy bind the tables' owner too: the app's role owns them (it runs the
migrations), and without FORCE an owner bypasses its own policies. A superuser, or a role with
BYPASSRLS, bypasses them whatever this says: the app must connect as neither (deploy/README.md).
Foreign keys (their checks and ON DELETE CASCADE) and unique constraints see every row, as
PostgreSQL's row security always lets them.

The tables are listed, not read from the models, so that this migration stays what it is when
the models change; a later club-owned table gets the same lines in its own migration
(tests/storage/test_row_level_security.py checks that every `ClubOwned` table has them).
Nothing is done on SQLite, which has no row security.

Revision ID: 0970_row_level_security
Revises: 0960_club_owned_rows
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0970_row_level_security"
down_revision: str | None = "0960_club_owned_rows"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CLUB_OWNED = (
    "tournaments", "tournament_events", "tournament_snapshots", "structure_templates",
    "roster_players", "leagues", "league_events", "league_snapshots", "league_live_nights",
    "draw_tables", "league_live_night_tables", "draw_table_events", "draw_table_snapshots",
    "seasons", "season_tournaments", "announced_level_ends", "api_tokens",
)
POLICY = "club_rows"
# current_setting's second argument: NULL rather than an error where no transaction set it.
ACTING_CLUB = "current_setting('tdapp.club', true)"
VISIBLE = f"({ACTING_CLUB} = '*' OR club_id::text = {ACTING_CLUB})"


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for name in CLUB_OWNED:
        op.execute(f'ALTER TABLE "{name}" ENABLE ROW LEVEL SECURITY')
        op.execute(f'ALTER TABLE "{name}" FORCE ROW LEVEL SECURITY')
        op.execute(f'CREATE POLICY {POLICY} ON "{name}" USING {VISIBLE} WITH CHECK {VISIBLE}')


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for name in reversed(CLUB_OWNED):
        op.execute(f'DROP POLICY {POLICY} ON "{name}"')
        op.execute(f'ALTER TABLE "{name}" NO FORCE ROW LEVEL SECURITY')
        op.execute(f'ALTER TABLE "{name}" DISABLE ROW LEVEL SECURITY')
