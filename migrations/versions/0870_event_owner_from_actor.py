"""Tournament events logged before owners were stored got the owner "ddt" (0800): give each the
place that made it, read from its actor, so that the DdT's undo never takes back an older table's
pot or phone's "away" and the log names who acted.

Revision ID: 0870_event_owner_from_actor
Revises: 0850_brakes
Create Date: 2026-12-03

Actors were "table <n> console" for a table's console, "phone:<player id>" for a phone and
"shot clock" for the decision limit; everything else was the DdT's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0870_event_owner_from_actor"
down_revision: str | None = "0850_brakes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TABLE_CONSOLE = re.compile(r"table ([0-9]+) console")
_PHONE = re.compile(r"phone:[0-9]+")


def _owner(actor: str) -> str:
    table = _TABLE_CONSOLE.fullmatch(actor)
    if table is not None:
        return f"table:{table.group(1)}"
    if _PHONE.fullmatch(actor):
        return actor
    return "clock" if actor == "shot clock" else "ddt"


def upgrade() -> None:
    events = sa.table("tournament_events", sa.column("actor", sa.String()),
                      sa.column("owner", sa.String()))
    connection = op.get_bind()
    actors = connection.execute(
        sa.select(events.c.actor).where(events.c.owner == "ddt").distinct()).scalars()
    for actor in list(actors):
        owner = _owner(actor)
        if owner != "ddt":
            connection.execute(events.update().where(events.c.owner == "ddt",
                                                     events.c.actor == actor).values(owner=owner))


def downgrade() -> None:
    """The owners stay: before this revision they were a guess, and "ddt" would be a worse one."""
