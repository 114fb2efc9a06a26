"""Running a tournament: every change is one event appended to its log in one transaction.

The log is kept by the event-log store (tdapp/storage/event_log.py): the folded state stays in
memory, so an action costs one `decide`, one insert and one `apply`, however long the night has
been; when another process wrote since, the state is rebuilt from the newest snapshot and the
active events after it. Undo marks an event undone and redo marks it active again; nothing is
deleted, and the `version` rises with every change, undo and redo included, so clients always
see a newer view. Each place undoes its own steps (undo by owner), and the DdT may revert any one
earlier event that nothing later depends on (tdapp/tournament/touches.py says what each event
touches, tdapp/tournament/undo.py what depends on what).

Each event records its `actor` (who: a DdT's username, "shot clock") and its `owner`, the place
that acted, for undo by owner: "ddt" for the DdT's pages and API (the default), "table:<n>" for a
table's console, "phone:<player id>" for a player's phone, "clock" for the clock's own decisions.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import update
from sqlmodel import Session, col, select

from tdapp.kernel.names import same_name_key
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.services import bus, journal
from tdapp.services.tournament_log import LOG
from tdapp.storage import database as db
from tdapp.storage import tenancy
from tdapp.storage.event_log import Writing
from tdapp.storage.tournaments import LoggedEvent, TournamentRecord
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import event_name
from tdapp.tournament.registry import decide
from tdapp.tournament.settings import Settings
from tdapp.tournament.state import Tournament
from tdapp.tournament.undo import check_revert
from tdapp.wallclock import utcnow

DDT = "ddt"
"""The owner of what the DdT does from the pages and the API."""

register_messages(
    {
        "NOTHING_TO_UNDO": "There is nothing to undo",
        "NOTHING_TO_REDO": "There is nothing to redo",
        "SET_UP_STAYS": "The set-up that created the tournament cannot be taken back",
        "DELETE_NAME_MISMATCH": "To delete it, type the tournament's name: %(name)s",
    }
)


@dataclass(frozen=True)
class TournamentSummary:
    id: int
    slug: str
    name: str
    version: int
    created_at: datetime
    archived_at: datetime | None = None
    archived_by: str | None = None
    deleted_at: datetime | None = None
    deleted_by: str | None = None


Shelf = Literal["current", "archived", "deleted"]
"""Where a tournament is in the DdT's list: current (on the public pages too), archived (kept,
gone from the public pages) or deleted (a tombstone: only who deleted it, and when)."""
SHELVES: tuple[Shelf, ...] = ("current", "archived", "deleted")


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
    return dispatch_prepared(tournament_id, lambda session, state: command, actor, owner)


def dispatch_prepared(tournament_id: int, prepare: Callable[[Session, Tournament], Any],
                      actor: str, owner: str | Callable[[Any], str] = DDT) -> Tournament:
    """`dispatch`, with the command made by `prepare(session, state)` inside the action's
    transaction and lock (a check-in adds its newcomer to the roster in it: a refusal then
    adds nothing), and the owner read from the event when it names it (a sign-up owns its
    own events from its first, whose id only the event knows)."""
    now = utcnow()
    with LOG.write(tournament_id, now) as writing:
        before = writing.state
        event = decide(before, prepare(writing.session, before), _ctx(now))
        owner = owner if isinstance(owner, str) else owner(event)
        writing.append(event, actor, owner)
        _keep_name(writing, before)
        change = _change(writing, event_name(event), "applied", before, owner)
    return _published(change)


def undo(tournament_id: int, actor: str, owner: str = DDT, floor: bool = False) -> Tournament:
    """Take back the newest active event of `owner` (never the set-up that created the
    tournament): the DdT's undo never takes back a table's pot or a phone's "away", a table's
    never another table's. It stays in the log, marked undone by `actor`. Refused, naming them,
    when later events of any owner depend on it. A floor member's undo (`floor`) takes back only
    what `actor` did: a director's action is refused (ROLE_FORBIDDEN)."""
    now = utcnow()
    with LOG.write(tournament_id, now) as writing:
        before = writing.state
        row = writing.newest_active(owner)
        if row is None or row.seq <= 1:
            raise DomainError("NOTHING_TO_UNDO")
        _check_own(row, actor, floor)
        name = _take_back(writing, row.seq, actor)
        change = _change(writing, name, "undone", before)
    return _published(change)


def redo(tournament_id: int, actor: str, owner: str = DDT, floor: bool = False) -> Tournament:
    """Apply again `owner`'s newest undone event, as it was decided (same seat, same place, same
    time), while `owner` has made no newer event: once it acted after an undo, its undone events
    stay undone. Other owners' events since are kept; refused, naming them, when one of them
    depends on what the redo would bring back. A floor member (`floor`) redoes only their own."""
    now = utcnow()
    with LOG.write(tournament_id, now) as writing:
        row = writing.redoable_of(owner)
        if row is None:
            raise DomainError("NOTHING_TO_REDO")
        _check_own(row, actor, floor)
        before = writing.state
        if row.seq < writing.folded.newest_active:
            log = _active_log(writing, also=row.seq)
            check_revert(log, row.seq)
        name = writing.reactivate(row.seq)
        _keep_name(writing, before)
        change = _change(writing, name, "redone", before)
    return _published(change)


def _check_own(row: LoggedEvent, actor: str, floor: bool) -> None:
    """A floor member takes back or brings back only what they did themselves."""
    if floor and row.actor != actor:
        raise DomainError("ROLE_FORBIDDEN", role="floor", needs="director")


def revert(tournament_id: int, seq: int, actor: str) -> Tournament:
    """Take back one earlier event of any owner (the DdT's correction), when nothing after it
    depends on it; otherwise REVERT_CONFLICT names the later events in the way."""
    now = utcnow()
    with LOG.write(tournament_id, now) as writing:
        if seq == 1:
            raise DomainError("SET_UP_STAYS")
        if seq < 1 or seq > writing.folded.last or seq in writing.folded.undone:
            raise DomainError("NOT_IN_LOG", seq=seq)
        before = writing.state
        name = _take_back(writing, seq, actor)
        change = _change(writing, name, "undone", before)
    return _published(change)


def _take_back(writing: Writing[Tournament], seq: int, actor: str) -> str:
    """Mark `seq` undone, once no later active event depends on it. The newest active event has
    nothing after it: only an older one costs reading the log."""
    before = writing.state
    if seq != writing.folded.newest_active:
        check_revert(_active_log(writing), seq)
    name = writing.deactivate(seq, actor)
    _keep_name(writing, before)
    return name


def _active_log(writing: Writing[Tournament], also: int | None = None) -> list[tuple[int, Any]]:
    """The active events, oldest first, with undone event `also` among them as if active."""
    return [
        (row.seq, LOG.event_of(row))
        for row in LOG.rows(writing.session, writing.root_id)
        if not row.undone or row.seq == also
    ]


def _change(writing: Writing[Tournament], name: str, action: str, before: Tournament,
            owner: str | None = None) -> bus.Change:
    """The change being written, with what its subscribers need (bus.Change), read inside its
    transaction. `owner` is the one who acted, when it appended an event: the DdT's own action
    leaves its newest step to undo and nothing to redo, another owner's leaves the DdT's buttons
    as they were; an undo, a redo or a revert (no `owner`) asks the log."""
    state = writing.state
    kept = _buttons.get(_key(writing.root_id))
    if owner == DDT:
        can_undo, can_redo = True, False
    elif owner is not None and kept is not None and kept[0] == writing.version - 1:
        can_undo, can_redo = kept[1]
    else:
        can_undo, can_redo = _asked(writing.session, writing.root_id, DDT)
    return bus.Change(writing.root_id, state.version, name, state,
                      _slug(writing.session, writing.root_id), can_undo, can_redo, action, before,
                      newest_lines=journal.newest_lines(writing.root_id))


def announce(tournament_id: int, event: str) -> None:
    """Publish the tournament as it stands as a change named `event`: one that arrived whole
    (an import) reaches its subscribers (the scheduler's clock jobs, open consoles) as a new
    one does."""
    can_undo, can_redo = can_undo_redo(tournament_id)
    state = current(tournament_id)
    bus.publish(bus.Change(tournament_id, state.version, event, state, summary(tournament_id).slug,
                           can_undo, can_redo, newest_lines=journal.newest_lines(tournament_id)))


def _published(change: bus.Change) -> Tournament:
    """Publish a committed change, and keep the DdT's buttons it carries for the readers of
    that version."""
    _buttons[_key(change.tournament_id)] = (change.version, (change.can_undo, change.can_redo))
    bus.publish(change)
    return change.after


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


def can_undo_redo(tournament_id: int, owner: str = DDT) -> tuple[bool, bool]:
    """Whether `owner`'s undo and redo have something to act on, for the console's buttons.
    The DdT's answer is kept per version of the log (each change carries it)."""
    version = LOG.current(tournament_id).version
    kept = _buttons.get(_key(tournament_id)) if owner == DDT else None
    if kept is not None and kept[0] == version:
        return kept[1]
    with db.session_scope() as session:
        answer = _asked(session, tournament_id, owner)
    if owner == DDT:
        _buttons[_key(tournament_id)] = (version, answer)
    return answer


def _asked(session: Session, tournament_id: int, owner: str) -> tuple[bool, bool]:
    """`owner`'s undo and redo, asked of the log (the set-up that created it is never undone)."""
    active = LOG.newest_active(session, tournament_id, owner)
    redoable = LOG.redoable_of(session, tournament_id, owner)
    return active is not None and active.seq > 1, redoable is not None


def _slug(session: Session, tournament_id: int) -> str:
    """The tournament's address, read once: it never changes after the creation."""
    key = _key(tournament_id)
    slug = _slugs.get(key)
    if slug is None:
        slug = session.exec(select(TournamentRecord.slug).where(
            col(TournamentRecord.id) == tournament_id)).one()
        _slugs[key] = slug
    return slug


def _key(tournament_id: int) -> tuple[int, int, int]:
    """What is kept per tournament is kept per database too (tests open several), and inside
    the acting club: another club's id misses it."""
    return id(db.engine()), *tenancy.cache_key(tournament_id)


# The DdT's undo and redo per tournament, with the version they were read at.
_buttons: dict[tuple[int, int, int], tuple[int, tuple[bool, bool]]] = {}
_slugs: dict[tuple[int, int, int], str] = {}


def forget() -> None:
    """Forget the states, the undo buttons and the slugs held in memory: the database was
    emptied under the same engine, so its next tournament 1 is another one
    (tdapp/testing.py)."""
    LOG.cache.clear()
    _buttons.clear()
    _slugs.clear()


# --- creating and finding tournaments -------------------------------------------------------


def slugify(name: str) -> str:
    """A URL-safe form of a name: "Torneo del Lunedì" -> "torneo-del-lunedi"."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:100] or "torneo"


def unique_slug(session: Session, name: str) -> str:
    """A slug no tournament of any club has: `/t/<slug>` names one tournament on the server,
    so two clubs each creating "Lunedì sera" get "lunedi-sera" and "lunedi-sera-2"."""
    base = slugify(name)
    with tenancy.across_clubs():
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
            slug=unique_slug(session, settings.name),
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
    _slugs[_key(summary.id)] = summary.slug
    _published(bus.Change(summary.id, 1, event_name(event), folded.state, summary.slug,
                          can_undo=False, can_redo=False,
                          newest_lines=journal.newest_lines(summary.id)))
    return summary


def tournament_id_for_slug(slug: str, archived_too: bool = False) -> int:
    """The tournament a public address names; an archived one only for the DdT (`archived_too`),
    a deleted one never."""
    query = select(TournamentRecord.id).where(
        TournamentRecord.slug == slug, col(TournamentRecord.deleted_at).is_(None))
    if not archived_too:
        query = query.where(col(TournamentRecord.archived_at).is_(None))
    with db.session_scope() as session:
        found = session.exec(query).first()
    if found is None:
        raise DomainError("UNKNOWN_TOURNAMENT", tournament_id=slug)
    return found


def _summary(record: TournamentRecord) -> TournamentSummary:
    return TournamentSummary(record.id, record.slug, record.name, record.version,
                             record.created_at, record.archived_at, record.archived_by,
                             record.deleted_at, record.deleted_by)


def summary(tournament_id: int) -> TournamentSummary:
    """A tournament that is not deleted, archived or not."""
    if db.is_id(tournament_id):
        with db.session_scope() as session:
            record = session.exec(select(TournamentRecord).where(
                LOG.aggregate.found(tournament_id))).first()
            if record is not None:
                return _summary(record)
    raise DomainError("UNKNOWN_TOURNAMENT", tournament_id=tournament_id)


def list_tournaments(shelf: Shelf = "current") -> list[TournamentSummary]:
    """The tournaments on one shelf of the DdT's list, newest first: by default those on the
    public pages too."""
    archived, deleted = col(TournamentRecord.archived_at), col(TournamentRecord.deleted_at)
    where = {
        "current": archived.is_(None) & deleted.is_(None),
        "archived": archived.is_not(None) & deleted.is_(None),
        "deleted": deleted.is_not(None),
    }[shelf]
    with db.session_scope() as session:
        records = session.exec(
            select(TournamentRecord).where(where)
            .order_by(col(TournamentRecord.created_at).desc())
        ).all()
        return [_summary(r) for r in records]


def archive(tournament_id: int, actor: str, archived: bool = True) -> TournamentSummary:
    """Take a night off the public pages and keep it (`archived=False` puts it back)."""
    with db.session_scope() as session:
        record = _kept_record(session, tournament_id)
        record.archived_at = utcnow() if archived else None
        record.archived_by = actor if archived else None
        session.add(record)
        session.flush()
        return _summary(record)


def delete(tournament_id: int, confirm_name: str, actor: str) -> TournamentSummary:
    """A tombstone: the tournament is hidden everywhere, its row and log kept with who deleted it
    and when. `confirm_name` must be its name (case, accents and spaces aside)."""
    with db.session_scope() as session:
        record = _kept_record(session, tournament_id)
        typed = confirm_name if isinstance(confirm_name, str) else ""
        if not typed.strip() or same_name_key(typed) != same_name_key(record.name):
            raise DomainError("DELETE_NAME_MISMATCH", name=record.name)
        record.deleted_at = utcnow()
        record.deleted_by = actor
        session.add(record)
        session.flush()
        return _summary(record)


def _kept_record(session: Session, tournament_id: int) -> TournamentRecord:
    record = session.exec(select(TournamentRecord).where(
        LOG.aggregate.found(tournament_id))).first() if db.is_id(tournament_id) else None
    if record is None:
        raise DomainError("UNKNOWN_TOURNAMENT", tournament_id=tournament_id)
    return record


def tournament_ids() -> list[int]:
    """Every tournament's id but the deleted ones (the scheduler rebuilds its jobs from these at
    start-up)."""
    return list(versions())


def versions() -> dict[int, int]:
    """Every tournament's version by its id, but the deleted ones (the scheduler's owner looks
    for a change nobody told it of)."""
    with db.session_scope() as session:
        return dict(session.exec(select(TournamentRecord.id, TournamentRecord.version).where(
            col(TournamentRecord.deleted_at).is_(None))).all())
