"""Moving one night to another server: `tdapp export ID FILE` writes a tournament's identity and
its whole event log (undone events too, so redo still works there); `tdapp import FILE` makes a
new tournament of it, under the same slug when that is free and a fresh one when it is taken.

The file is one JSON document, `{"format": "tdapp-tournament", "version": 1, "tournament": {...},
"events": [...]}`: a tournament is read whole anyway (its log must replay before anything is
written), and one document is what a DdT can open, mail and check. Snapshots stay behind: they
are a cache, rebuilt from the log. The log is read through the storage's tables directly.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import insert
from sqlmodel import col, select

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.services import tournaments
from tdapp.storage import database as db
from tdapp.storage.tournaments import LoggedEvent, TournamentRecord
from tdapp.tournament.configure import TournamentConfigured
from tdapp.tournament.events import from_record
from tdapp.tournament.registry import replay
from tdapp.tournament.state import Tournament
from tdapp.wallclock import utcnow

FORMAT = "tdapp-tournament"
VERSION = 1

log = logging.getLogger(__name__)

register_messages(
    {
        "NOT_A_TOURNAMENT_FILE": "%(path)s is not a tdapp tournament export: %(reason)s.",
        "EXPORT_DOES_NOT_REPLAY": "The events of %(path)s do not replay (event %(seq)s: %(reason)s): nothing was imported.",
    }
)


def _event_json(row: LoggedEvent) -> dict[str, Any]:
    return {
        "seq": row.seq,
        "name": row.name,
        "schema_version": row.schema_version,
        "payload": row.payload,
        "actor": row.actor,
        "created_at": row.created_at.isoformat(),
        "undone": row.undone,
        "undone_by": row.undone_by,
        "undone_at": row.undone_at.isoformat() if row.undone_at else None,
    }


def export_tournament(tournament_id: int, path: str | Path) -> int:
    """Write the tournament's file; returns how many events it holds."""
    with db.session_scope() as session:
        record = session.get(TournamentRecord, tournament_id) if db.is_id(tournament_id) else None
        if record is None:
            raise DomainError("UNKNOWN_TOURNAMENT", tournament_id=tournament_id)
        rows = session.exec(
            select(LoggedEvent)
            .where(LoggedEvent.tournament_id == tournament_id)
            .order_by(col(LoggedEvent.seq))
        ).all()
        document = {
            "format": FORMAT,
            "version": VERSION,
            "exported_at": utcnow().isoformat(),
            "tournament": {
                "slug": record.slug,
                "name": record.name,
            },
            "events": [_event_json(row) for row in rows],
        }
    try:
        Path(path).write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")
    except OSError as failed:
        raise DomainError("FILE_UNREADABLE", path=str(path), reason=failed.strerror) from None
    log.info("exported to %s: %s events", path, len(rows), extra={"tournament": tournament_id})
    return len(rows)


def _read(path: str | Path) -> dict[str, Any]:
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as failed:
        raise DomainError("FILE_UNREADABLE", path=str(path), reason=failed.strerror) from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        document = None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise DomainError("NOT_A_TOURNAMENT_FILE", path=str(path), reason="another kind of file")
    if document.get("version") != VERSION:
        reason = f"format version {document.get('version')!r}"
        raise DomainError("NOT_A_TOURNAMENT_FILE", path=str(path), reason=reason)
    return document


def _moment(value: Any) -> datetime:
    moment = datetime.fromisoformat(value)
    if moment.tzinfo is None:
        raise ValueError(f"the time {value!r} has no zone")
    return moment


def _row(number: int, event: Any) -> dict[str, Any]:
    """The stored row of event `number` (without its tournament), checked for shape."""
    if event["seq"] != number:
        raise ValueError(f"expected event {number} here")
    if not isinstance(event["undone"], bool) or not isinstance(event["actor"], str):
        raise ValueError("undone must be true or false and the actor a name")
    return {
        "seq": number,
        "name": event["name"],
        "schema_version": event["schema_version"],
        "payload": event["payload"],
        "actor": event["actor"][:120],
        "created_at": _moment(event["created_at"]),
        "undone": event["undone"],
        "undone_by": event.get("undone_by"),
        "undone_at": _moment(event["undone_at"]) if event.get("undone_at") else None,
    }


def _replayed(path: str | Path, events: list[Any]) -> tuple[Tournament, list[dict[str, Any]]]:
    """The state the file's active events fold into and the rows to store, or a refusal naming
    the first event that does not decode or apply. The file comes from outside: whatever an
    event breaks on (a missing field, a wrong type, an unknown name, a player who is not there)
    means that it does not replay."""
    if not events:
        raise DomainError("EXPORT_DOES_NOT_REPLAY", path=str(path), seq=1, reason="no events")
    state = Tournament()
    rows: list[dict[str, Any]] = []
    for number, event in enumerate(events, start=1):
        try:
            row = _row(number, event)
            decoded = from_record(
                {"name": row["name"], "version": row["schema_version"], "payload": row["payload"]}
            )
            if (number == 1) != isinstance(decoded, TournamentConfigured):
                raise ValueError("the log opens with the set-up, and only there")
            if rows and rows[-1]["undone"] and not row["undone"]:
                raise ValueError("an active event after an undone one")
            if not row["undone"]:
                state = replay([decoded], state)
        except Exception as broken:
            reason = str(broken) or type(broken).__name__
            raise DomainError(
                "EXPORT_DOES_NOT_REPLAY", path=str(path), seq=number, reason=reason
            ) from None
        rows.append(row)
    if rows[0]["undone"]:
        raise DomainError("EXPORT_DOES_NOT_REPLAY", path=str(path), seq=1, reason="the set-up is undone")
    return state, rows


def import_tournament(path: str | Path) -> tournaments.TournamentSummary:
    """A new tournament from an export; nothing is written when the file is refused."""
    document = _read(path)
    events = document.get("events")
    identity = document.get("tournament")
    if not isinstance(events, list) or not isinstance(identity, dict):
        raise DomainError("NOT_A_TOURNAMENT_FILE", path=str(path), reason="no tournament in it")
    state, rows = _replayed(path, events)
    # A version is only compared with earlier ones of the same server: one per event will do.
    version = len(rows)
    now = utcnow()
    with db.session_scope() as session:
        slug = tournaments.slugify(str(identity.get("slug") or state.settings.name))
        record = TournamentRecord(
            slug=tournaments.unique_slug(session, slug),
            name=state.settings.name.strip(),
            version=version,
            created_at=now,
            updated_at=now,
        )
        session.add(record)
        session.flush()
        # A Core insert, which the session does not stamp: the club is named by hand.
        session.execute(insert(LoggedEvent), [
            {"tournament_id": record.id, "club_id": record.club_id, **row} for row in rows])
        summary = tournaments.TournamentSummary(
            record.id, record.slug, record.name, version, record.created_at
        )
    log.info("imported from %s as %s", path, summary.slug, extra={"tournament": summary.id})
    tournaments.announce(summary.id, rows[-1]["name"])
    return summary
