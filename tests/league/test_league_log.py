"""The league's nights on the one event-log store, on SQLite and PostgreSQL: a process that did
not write reloads what another entered or undid; snapshots bound a reload and go when a night
they folded is taken back; a refusal leaves the version and the log as they were; an undone
night stays in the log with who undid it; an old night is upgraded before replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlmodel import select

from tdapp.league import log as league_log
from tdapp.league.errors import LeagueError
from tdapp.services import league as leagues
from tdapp.storage import database as db
from tdapp.storage.event_log import Cache
from tdapp.storage.leagues import LeagueEventRecord, LeagueSnapshotRecord

SEASON = json.loads((Path(__file__).parent / "season_2024.json").read_text())
LOG = leagues.LOG


def tables(day: int) -> list[dict]:
    return [{"name": t["name"], "chips": t["chips"], "poste": t["poste"]}
            for t in SEASON["nights"][day - 1]["tables"]]


def new_league(nights: int = 0) -> int:
    league_id = leagues.create_league("Edizione 2024/25", SEASON["members"])
    for day in range(1, nights + 1):
        leagues.enter_night(league_id, day, tables(day), "giulia")
    return league_id


def days(league_id: int) -> list[int]:
    return [night.day for night in leagues.league(league_id).nights]


def snapshot_seqs(league_id: int) -> list[int]:
    with db.session_scope() as session:
        return sorted(session.exec(select(LeagueSnapshotRecord.seq).where(
            LeagueSnapshotRecord.league_id == league_id)))


def test_two_processes_take_turns_each_seeing_what_the_other_entered_or_undid(app, monkeypatch):
    league_id = new_league()
    first, second = Cache(), Cache()
    for day in (1, 2, 3):
        monkeypatch.setattr(LOG, "cache", first if day % 2 else second)
        leagues.enter_night(league_id, day, tables(day), f"process {day % 2}")
    monkeypatch.setattr(LOG, "cache", first)  # it last wrote day 3, before the other's undo
    assert days(league_id) == [1, 2, 3]
    monkeypatch.setattr(LOG, "cache", second)
    assert leagues.undo_night(league_id, "marta") == 3
    monkeypatch.setattr(LOG, "cache", first)
    assert days(league_id) == [1, 2]
    assert LOG.stored_version(league_id) == LOG.current(league_id).version == 4


def test_snapshots_bound_a_reload_and_go_with_the_night_taken_back(app, monkeypatch):
    monkeypatch.setattr(LOG, "snapshot_every", 2)
    league_id = new_league(nights=5)
    assert snapshot_seqs(league_id) == [2, 4]
    monkeypatch.setattr(LOG, "cache", Cache())
    assert days(league_id) == [1, 2, 3, 4, 5]
    assert leagues.undo_night(league_id, "marta") == 5
    assert leagues.undo_night(league_id, "marta") == 4
    assert snapshot_seqs(league_id) == [2]  # the one at 4 folded day 4 in
    monkeypatch.setattr(LOG, "cache", Cache())
    assert days(league_id) == [1, 2, 3]


def test_a_refused_entry_or_undo_changes_nothing(app):
    league_id = new_league()
    with pytest.raises(LeagueError) as nothing:
        leagues.undo_night(league_id, "giulia")
    assert nothing.value.code == "LEAGUE_NOTHING_TO_UNDO"
    leagues.enter_night(league_id, 1, tables(1), "giulia")
    with pytest.raises(LeagueError) as out_of_order:
        leagues.enter_night(league_id, 3, tables(3), "giulia")
    assert out_of_order.value.code == "DAY_OUT_OF_ORDER"
    unbalanced = tables(2)
    unbalanced[0]["chips"] = {**unbalanced[0]["chips"]}
    first = next(iter(unbalanced[0]["chips"]))
    unbalanced[0]["chips"][first] += 100
    with pytest.raises(LeagueError) as recount:
        leagues.enter_night(league_id, 2, unbalanced, "giulia")
    assert recount.value.code == "NETS_DO_NOT_BALANCE"
    with pytest.raises(LeagueError) as unknown:
        leagues.enter_night(4040, 1, tables(1), "giulia")
    assert unknown.value.code == "UNKNOWN_LEAGUE"
    assert LOG.stored_version(league_id) == 1 and days(league_id) == [1]
    with db.session_scope() as session:
        assert [row.seq for row in LOG.rows(session, league_id)] == [1]


def test_an_undone_night_stays_in_the_log_with_who_undid_it_and_a_new_entry_follows_it(app):
    league_id = new_league(nights=2)
    leagues.undo_night(league_id, "marta")
    leagues.enter_night(league_id, 2, tables(2), "marta")
    with db.session_scope() as session:
        rows = LOG.rows(session, league_id)
        assert [(r.seq, r.name, r.actor, r.owner, r.undone, r.undone_by) for r in rows] == [
            (1, "NightEntered", "giulia", "ddt", False, None),
            (2, "NightEntered", "giulia", "ddt", True, "marta"),
            (3, "NightEntered", "marta", "ddt", False, None),
        ]
        assert rows[1].undone_at is not None
    assert days(league_id) == [1, 2]


def test_an_old_night_is_upgraded_before_replay(app, monkeypatch):
    league_id = new_league(nights=2)
    entered = leagues.league(league_id).nights
    with db.session_scope() as session:  # as a version 1 that named the tables "rows"
        for row in session.exec(select(LeagueEventRecord).where(
                LeagueEventRecord.league_id == league_id)):
            payload = dict(row.payload)
            payload["rows"] = payload.pop("tables")
            row.payload = payload
            session.add(row)
    monkeypatch.setattr(league_log, "VERSION", 2)
    monkeypatch.setattr(LOG, "cache", Cache())
    with pytest.raises(ValueError, match="no upgrade for NightEntered from version 1"):
        leagues.league(league_id)

    def rows_became_tables(old: dict) -> dict:
        new = dict(old)
        new["tables"] = new.pop("rows")
        return new

    monkeypatch.setitem(league_log.UPGRADES, ("NightEntered", 1), rows_became_tables)
    assert leagues.league(league_id).nights == entered
