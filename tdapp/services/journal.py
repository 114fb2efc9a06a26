"""The event log in words, for the DdT's log page, the dashboard and the API.

Each line is read against the state just before its event (`tdapp.tournament.journal`), so a
player who later unregistered keeps a name and a hand's actions name the players who sat there.
That means replaying the night: the lines of each tournament are kept in memory and extended by
the events appended since, and rebuilt from the start only when an undo or a redo changed which
events are active.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, select

from tdapp.storage import database as db
from tdapp.storage.tournaments import LoggedEvent
from tdapp.tournament.errors import message_for
from tdapp.tournament.events import from_record
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
    """A tournament's lines, oldest first, up to `seq`, with the state after the active ones."""

    seq: int
    undone: frozenset[int]
    state: Tournament
    entries: list[Entry]


_kept: dict[tuple[int, int], _Described] = {}
_kept_lock = threading.Lock()


def entries(tournament_id: int, limit: int | None = None) -> list[Entry]:
    """The logged events, newest first (the `limit` newest when given), undone ones included
    and marked. A number no id column holds names no tournament, so it has no events."""
    if not db.is_id(tournament_id):
        return []
    with _kept_lock, db.session_scope() as session:
        undone = frozenset(session.exec(select(LoggedEvent.seq).where(
            LoggedEvent.tournament_id == tournament_id, col(LoggedEvent.undone))).all())
        key = (id(db.engine()), tournament_id)
        kept = _kept.get(key)
        if kept is None or kept.undone != undone:
            kept = _Described(0, undone, Tournament(), [])
        rows = session.exec(select(LoggedEvent).where(
            LoggedEvent.tournament_id == tournament_id, LoggedEvent.seq > kept.seq,
        ).order_by(col(LoggedEvent.seq))).all()
        for row in rows:
            kept.entries.append(_entry(row, kept.state))
            if not row.undone:
                kept.state = apply(kept.state, _event_of(row))
            kept.seq = row.seq
        _kept[key] = kept
        newest_first = kept.entries[::-1]
    return newest_first if limit is None else newest_first[:limit]


def _event_of(row: LoggedEvent) -> Any:
    return from_record({"name": row.name, "version": row.schema_version, "payload": row.payload})


def _entry(row: LoggedEvent, before: Tournament) -> Entry:
    code, params = describe(_event_of(row), before)
    return Entry(row.seq, row.name, row.actor, row.owner, row.created_at, row.undone, row.undone_by,
                 code, dict(params), actor_label(row.owner, row.actor, before))

