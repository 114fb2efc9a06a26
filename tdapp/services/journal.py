"""The event log in words, for the DdT's log page, the dashboard and the API.

Each line is read against the state just before its event (`tdapp.tournament.journal`), so a
player who later unregistered keeps a name and a hand's actions name the players who sat there.
The state before the first line shown comes from the log's newest snapshot before it and the
active events between, so the dashboard's few lines or a page of the log never replay the whole
night. The lines described are kept in memory and extended by the events appended since, and
dropped when an undo or a redo changed which events are active.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from tdapp.kernel.refusals import DomainError, message_for
from tdapp.services.tournament_log import LOG
from tdapp.storage import database as db
from tdapp.storage import tenancy
from tdapp.storage.tournaments import LoggedEvent
from tdapp.tournament.journal import Line, actor_label, describe, english_money, render
from tdapp.tournament.registry import apply
from tdapp.tournament.state import Tournament

Translate = Callable[[str, dict[str, Any]], str]


@dataclass(frozen=True)
class Entry:
    """One logged event as the DdT reads it: what happened (`code`, `params`) and who did it
    (`who`, a line of its own: "Marco (DdT)", "table 3", "phone of Anna Rossi", "clock")."""

    seq: int
    event: str
    actor: str
    owner: str
    at: datetime
    undone: bool
    undone_by: str | None
    code: str
    params: dict[str, Any]
    who: Line

    def text(self, translate: Translate = message_for, money: Callable[[int], str] = english_money
             ) -> str:
        return render(self.code, self.params, translate, money)

    def who_text(self, translate: Translate = message_for) -> str:
        return render(*self.who, translate)

    def as_json(self, translate: Translate = message_for,
                money: Callable[[int], str] = english_money) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "event": self.event,
            "actor": self.actor,
            "owner": self.owner,
            "who": self.who_text(translate),
            "at": self.at.isoformat(),
            "undone": self.undone,
            "undone_by": self.undone_by,
            "code": self.code,
            "params": self.params,
            "text": self.text(translate, money),
        }


@dataclass
class _Described:
    """A run of a tournament's lines, oldest first: those of events `first` to `seq`, read while
    `undone` were the events taken back; `state` is the fold of the active ones up to `seq`."""

    first: int
    seq: int
    undone: frozenset[int]
    state: Tournament
    entries: list[Entry]


_kept: dict[tuple[int, int, int], _Described] = {}
_kept_lock = threading.Lock()


def forget() -> None:
    """Forget the lines described: the database was emptied under the same engine
    (tdapp/testing.py)."""
    with _kept_lock:
        _kept.clear()

Span = Callable[[int], tuple[int, int]]
"""The first and last seq wanted, given the newest seq of the log."""


def entries(tournament_id: int, limit: int | None = None) -> list[Entry]:
    """The logged events, newest first (the `limit` newest when given), undone ones included
    and marked. A number no id column holds names no tournament, so it has no events."""
    return _lines(tournament_id, lambda newest: (
        1 if limit is None else newest - limit + 1, newest))


def newest_lines(tournament_id: int) -> Callable[[int], list[Entry]]:
    """The reader of the log's newest lines that a change carries (bus.Change.newest_lines):
    it reads when first asked, after the change's commit, and keeps what it read."""
    return functools.cache(functools.partial(entries, tournament_id))


def between(tournament_id: int, first: int, last: int) -> list[Entry]:
    """The lines of events `first` to `last` (seqs, those the log holds), newest first: a page
    of the log."""
    return _lines(tournament_id, lambda newest: (first, min(last, newest)))


def lines_of(tournament_id: int, seqs: Collection[int]) -> list[Entry]:
    """The lines of these events, newest first: the ones an undo changed, or that a revert
    would reorder."""
    if not seqs:
        return []
    return [entry for entry in between(tournament_id, min(seqs), max(seqs)) if entry.seq in seqs]


def count(tournament_id: int) -> int:
    """How many events the log holds: their seqs run from 1 to this, none is ever deleted."""
    if not db.is_id(tournament_id):
        return 0
    with db.session_scope() as session:
        return _newest(session, tournament_id)


def undone_seqs(tournament_id: int) -> frozenset[int]:
    """The events taken back (by an undo or a revert) and not redone."""
    if not db.is_id(tournament_id):
        return frozenset()
    with db.session_scope() as session:
        return _undone(session, tournament_id)


def _lines(tournament_id: int, span: Span) -> list[Entry]:
    """The lines `span` asks for, newest first. Each is read against the state before its
    event, taken from the newest snapshot before the first line and the events between, so a
    page costs at most a snapshot's worth of replay, never the whole night. The run of lines
    described is kept: the dashboard and the first page of the log only extend it by the events
    appended since, and older pages join it when they reach it."""
    if not db.is_id(tournament_id):
        raise DomainError("UNKNOWN_TOURNAMENT", tournament_id=tournament_id)
    with _kept_lock, db.session_scope() as session:
        newest = _newest(session, tournament_id)
        if not newest:  # every tournament's log starts with its set-up: this one is not here
            raise DomainError("UNKNOWN_TOURNAMENT", tournament_id=tournament_id)
        first, last = span(newest)
        first = max(first, 1)
        if first > last:
            return []
        undone = _undone(session, tournament_id)
        key = (id(db.engine()), *tenancy.cache_key(tournament_id))
        kept = _kept.get(key)
        if kept is not None and kept.undone != undone:
            kept = None
        run = _run(session, tournament_id, undone, kept, first, last)
        if kept is None or run.seq >= kept.seq:
            _kept[key] = run
        lines = run.entries[first - run.first:last - run.first + 1]
    return lines[::-1]


def _run(session: Session, tournament_id: int, undone: frozenset[int],
         kept: _Described | None, first: int, last: int) -> _Described:
    """A run holding lines `first` to `last`: the kept run extended at its newest end or its
    oldest when the lines reach it, else a run of those lines alone."""
    if kept is not None and kept.first <= first <= kept.seq + 1:
        _extend(session, tournament_id, kept, last)
        return kept
    if kept is not None and first < kept.first <= last + 1:
        older = _fresh_run(session, tournament_id, undone, first, kept.first - 1)
        kept.entries[:0] = older.entries
        kept.first = first
        _extend(session, tournament_id, kept, last)
        return kept
    return _fresh_run(session, tournament_id, undone, first, last)


def _fresh_run(session: Session, tournament_id: int, undone: frozenset[int], first: int,
               last: int) -> _Described:
    before = LOG.rebuild(session, tournament_id, before=first)
    run = _Described(first, first - 1, undone, before, [])
    _extend(session, tournament_id, run, last)
    return run


def _extend(session: Session, tournament_id: int, run: _Described, last: int) -> None:
    """Describe the events after the run's newest up to `last`, each decoded once."""
    if last <= run.seq:
        return
    rows = session.exec(select(LoggedEvent).where(
        LoggedEvent.tournament_id == tournament_id, LoggedEvent.seq > run.seq,
        LoggedEvent.seq <= last,
    ).order_by(col(LoggedEvent.seq))).all()
    for row in rows:
        event = LOG.event_of(row)
        run.entries.append(_entry(row, event, run.state))
        if not row.undone:
            run.state = apply(run.state, event)
        run.seq = row.seq


def _newest(session: Session, tournament_id: int) -> int:
    return session.exec(select(func.max(LoggedEvent.seq)).where(
        LoggedEvent.tournament_id == tournament_id)).one() or 0


def _undone(session: Session, tournament_id: int) -> frozenset[int]:
    return frozenset(session.exec(select(LoggedEvent.seq).where(
        LoggedEvent.tournament_id == tournament_id, col(LoggedEvent.undone))).all())


def _entry(row: LoggedEvent, event: Any, before: Tournament) -> Entry:
    code, params = describe(event, before)
    return Entry(row.seq, row.name, row.actor, row.owner, row.created_at, row.undone, row.undone_by,
                 code, dict(params), actor_label(row.owner, row.actor, before))
