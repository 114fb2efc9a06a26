"""Seasons: the club groups tournaments and ranks their players by a points formula it names
(tdapp/season/points.py). A season is a row and its tournaments; the standings are derived
from the tournaments' results every time they are asked for."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import delete
from sqlmodel import Session, col, select

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.season.points import Formula, parse
from tdapp.season.rules import checked_season
from tdapp.season.standings import Line, standings
from tdapp.services import results
from tdapp.storage.database import is_id, session_scope
from tdapp.storage.seasons import SeasonRecord, SeasonTournament
from tdapp.storage.tournaments import TournamentRecord
from tdapp.wallclock import utcnow

register_messages(
    {
        "UNKNOWN_SEASON": "There is no season %(season_id)s",
        "SEASON_TOURNAMENTS_UNKNOWN": "There is no tournament %(tournaments)s",
    }
)


@dataclass(frozen=True)
class Season:
    id: int
    name: str
    formula: Formula
    tournament_ids: tuple[int, ...]


@dataclass(frozen=True)
class Standings:
    """A season's table now, with its tournaments oldest first."""

    season: Season
    nights: list[results.Night]
    lines: list[Line]


def _check_known(db: Session, ids: tuple[int, ...]) -> None:
    wanted = [tid for tid in ids if is_id(tid)]
    known = set(db.exec(select(TournamentRecord.id).where(col(TournamentRecord.id).in_(wanted)))
                .all()) if wanted else set()
    missing = [tid for tid in ids if tid not in known]
    if missing:
        raise DomainError("SEASON_TOURNAMENTS_UNKNOWN",
                          tournaments=", ".join(str(tid) for tid in missing))


def create_season(name: object, tournament_ids: Sequence[int], points: object) -> Season:
    """A new season; a refusal creates nothing."""
    name, formula, ids = checked_season(name, tournament_ids, points)
    with session_scope() as db:
        _check_known(db, ids)
        row = SeasonRecord(name=name, points=formula.spec)
        db.add(row)
        db.flush()
        db.add_all(SeasonTournament(season_id=row.id, tournament_id=tid) for tid in ids)
        return Season(row.id, name, formula, ids)


def change_season(season_id: int, name: object, tournament_ids: Sequence[int],
                  points: object) -> Season:
    """The season with a new name, formula and list of tournaments; a refusal changes nothing."""
    name, formula, ids = checked_season(name, tournament_ids, points)
    with session_scope() as db:
        row = _row(db, season_id)
        _check_known(db, ids)
        row.name, row.points, row.updated_at = name, formula.spec, utcnow()
        db.add(row)
        db.execute(delete(SeasonTournament).where(col(SeasonTournament.season_id) == season_id))
        db.add_all(SeasonTournament(season_id=season_id, tournament_id=tid) for tid in ids)
        return Season(season_id, name, formula, ids)


def delete_season(season_id: int) -> None:
    """The season goes; its tournaments stay."""
    with session_scope() as db:
        row = _row(db, season_id)
        db.execute(delete(SeasonTournament).where(col(SeasonTournament.season_id) == season_id))
        db.delete(row)


def _row(db: Session, season_id: int) -> SeasonRecord:
    row = db.get(SeasonRecord, season_id) if is_id(season_id) else None
    if row is None:
        raise DomainError("UNKNOWN_SEASON", season_id=season_id)
    return row


def _season(db: Session, row: SeasonRecord) -> Season:
    ids = db.exec(select(SeasonTournament.tournament_id)
                  .where(SeasonTournament.season_id == row.id)).all()
    return Season(row.id, row.name, parse(row.points), tuple(sorted(ids)))


def season(season_id: int) -> Season:
    with session_scope() as db:
        return _season(db, _row(db, season_id))


def list_seasons() -> list[Season]:
    """Every season, newest first."""
    with session_scope() as db:
        rows = db.exec(select(SeasonRecord).order_by(col(SeasonRecord.id).desc())).all()
        return [_season(db, row) for row in rows]


def season_standings(season_id: int) -> Standings:
    found = season(season_id)
    nights = results.nights(list(found.tournament_ids))
    lines = standings((n.played for n in nights), found.formula, results.roster_names())
    return Standings(found, nights, lines)
