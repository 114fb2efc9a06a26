"""Running a tournament: every change is one event appended to its log in one transaction.

The log is kept by the event-log store (tdapp/storage/event_log.py): the folded state stays in
memory, so an action costs one `decide`, one insert and one `apply`, however long the night has
been; when another process wrote since, the state is rebuilt from the newest snapshot and the
active events after it. Undo marks the newest active event undone and redo marks the first
undone one active again; nothing is deleted, and the `version` rises with every change, undo and
redo included, so clients always see a newer view.

Each event records its `actor` (who: a DdT's username, "shot clock") and its `owner`, the place
that acted, for undo by owner: "ddt" for the DdT's pages and API (the default), "table:<n>" for a
table's console, "clock" for the clock's own decisions.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col, select

from tdapp.services import bus
from tdapp.storage import database as db
from tdapp.storage.event_log import Aggregate, EventLog, Writing, pickle_format
from tdapp.storage.tournaments import LoggedEvent, Snapshot, TournamentRecord
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.errors import DomainError, register_messages
from tdapp.tournament.events import event_name, from_record, to_record
from tdapp.tournament.registry import apply, decide
from tdapp.tournament.settings import Settings
from tdapp.tournament.state import Tournament
from tdapp.wallclock import utcnow

DDT = "ddt"
"""The owner of what the DdT does from the pages and the API."""

register_messages(
    {
        "UNKNOWN_TOURNAMENT": "There is no tournament %(tournament_id)s",
        "NOTHING_TO_UNDO": "There is nothing to undo",
        "NOTHING_TO_REDO": "There is nothing to redo",
    }
)


STATE_FORMAT = pickle_format(Path(__file__).resolve().parent.parent / "tournament")


def _unknown(tournament_id: Any) -> DomainError:
    return DomainError("UNKNOWN_TOURNAMENT", tournament_id=tournament_id)


# A snapshot every 1000 events bounds a reload to that many replays (a tenth of a second);
# writing one for 3,000 players takes some 25 ms, paid by one action in a thousand. The DdT
# rarely takes back more than a few steps: 16 states are kept for an undo without a replay.
LOG: EventLog[Tournament] = EventLog(
    Aggregate(
        root=TournamentRecord,
        events=LoggedEvent,
        snapshots=Snapshot,
        key="tournament_id",
        initial=Tournament,
        apply=apply,
        to_record=to_record,
        from_record=from_record,
        unknown=_unknown,
        state_format=STATE_FORMAT,
        stamp=lambda state, version: replace(state, version=version),
    ),
    snapshot_every=1000,
    undo_depth=16,
)


@dataclass(frozen=True)
class TournamentSummary:
    id: int
    slug: str
    name: str
    version: int
    created_at: datetime


def _keep_name(writing: Writing[Tournament], before: Tournament) -> None:
    """The row's name follows the settings, so that lists need not load every tournament."""
    after = writing.state
    if before.settings.name != after.settings.name:
        writing.session.execute(
            update(TournamentRecord)
            .where(col(TournamentRecord.id) == writing.root_id)
            .values(name=after.settings.name.strip())
        )


def _ctx(now: datetime) -> Ctx:
    return Ctx(now=now, seed=secrets.randbits(64))


def dispatch(tournament_id: int, command: Any, actor: str, owner: str = DDT) -> Tournament:
    """Decide `command` on the tournament, log the event, and return the new state. A refusal
    raises DomainError and changes nothing."""
    now = utcnow()
    with LOG.write(tournament_id, now) as writing:
        before = writing.state
        event = decide(before, command, _ctx(now))
        state = writing.append(event, actor, owner)
        _keep_name(writing, before)
    bus.publish(bus.Change(tournament_id, state.version, event_name(event)))
    return state


def undo(tournament_id: int, actor: str) -> Tournament:
    """Take back the newest active event (never the set-up that created the tournament); it
    stays in the log, marked undone by `actor`."""
    now = utcnow()
    with LOG.write(tournament_id, now) as writing:
        before = writing.state
        seq = writing.folded.newest_active
        if seq <= 1:
            raise DomainError("NOTHING_TO_UNDO")
        name = writing.deactivate(seq, actor)
        _keep_name(writing, before)
    state = writing.state
    bus.publish(bus.Change(tournament_id, state.version, name, "undone"))
    return state


def redo(tournament_id: int, actor: str) -> Tournament:
    """Apply again the oldest undone event newer than every active one, as it was decided (same
    seat, same place, same time). Once anyone acted after an undo, the undone events are older
    than that action and stay undone: a redo never reorders the night."""
    now = utcnow()
    with LOG.write(tournament_id, now) as writing:
        before = writing.state
        redoable = writing.folded.redoable
        if not redoable:
            raise DomainError("NOTHING_TO_REDO")
        name = writing.reactivate(redoable[0])
        _keep_name(writing, before)
    state = writing.state
    bus.publish(bus.Change(tournament_id, state.version, name, "redone"))
    return state


def current(tournament_id: int) -> Tournament:
    """The tournament's state now, rebuilt first if another process wrote since this one read."""
    return LOG.current(tournament_id).state


def state_of(change: bus.Change) -> Tournament:
    """The state `change` produced, for its subscribers: this process's own, without asking the
    database, when it still holds that version (a later change, from here or from another
    process, reaches them as a change of its own); else the state now."""
    held = LOG.held(change.tournament_id)
    if held is not None and held.version == change.version:
        return held.state
    return current(change.tournament_id)


def can_undo_redo(tournament_id: int) -> tuple[bool, bool]:
    """Whether undo and redo have something to act on, for the console's buttons."""
    folded = LOG.current(tournament_id)
    return folded.newest_active > 1, bool(folded.redoable)


# --- creating and finding tournaments -------------------------------------------------------


def slugify(name: str) -> str:
    """A URL-safe form of a name: "Torneo del Lunedì" -> "torneo-del-lunedi"."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:100] or "torneo"


def _unique_slug(session: Session, name: str) -> str:
    base = slugify(name)
    taken = set(
        session.exec(
            select(TournamentRecord.slug).where(
                (TournamentRecord.slug == base) | col(TournamentRecord.slug).like(f"{base}-%")
            )
        ).all()
    )
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"


def create_tournament(settings: Settings, actor: str) -> TournamentSummary:
    """A new tournament whose log starts with its set-up; refused settings create nothing."""
    now = utcnow()
    event = decide(Tournament(), ConfigureTournament(settings), _ctx(now))
    with db.session_scope() as session:
        record = TournamentRecord(
            slug=_unique_slug(session, settings.name),
            name=settings.name.strip(),
            version=1,
            created_at=now,
            updated_at=now,
        )
        session.add(record)
        session.flush()
        folded = LOG.start(session, record.id, event, actor, DDT, now)
        summary = TournamentSummary(record.id, record.slug, record.name, 1, now)
    LOG.keep(summary.id, folded)
    bus.publish(bus.Change(summary.id, 1, event_name(event)))
    return summary


def tournament_id_for_slug(slug: str) -> int:
    with db.session_scope() as session:
        found = session.exec(
            select(TournamentRecord.id).where(TournamentRecord.slug == slug)
        ).first()
    if found is None:
        raise DomainError("UNKNOWN_TOURNAMENT", tournament_id=slug)
    return found


def summary(tournament_id: int) -> TournamentSummary:
    if db.is_id(tournament_id):
        with db.engine().connect() as connection:
            row = connection.execute(
                select(
                    TournamentRecord.id,
                    TournamentRecord.slug,
                    TournamentRecord.name,
                    TournamentRecord.version,
                    TournamentRecord.created_at,
                ).where(TournamentRecord.id == tournament_id)
            ).one_or_none()
        if row is not None:
            return TournamentSummary(*row)
    raise DomainError("UNKNOWN_TOURNAMENT", tournament_id=tournament_id)


def list_tournaments() -> list[TournamentSummary]:
    """Every tournament, newest first."""
    with db.session_scope() as session:
        records = session.exec(
            select(TournamentRecord).order_by(col(TournamentRecord.created_at).desc())
        ).all()
        return [TournamentSummary(r.id, r.slug, r.name, r.version, r.created_at) for r in records]


def tournament_ids() -> list[int]:
    """Every tournament's id (the scheduler rebuilds its jobs from these at start-up)."""
    with db.session_scope() as session:
        return list(session.exec(select(TournamentRecord.id)).all())
