"""The event-log store shared by every aggregate, on SQLite and PostgreSQL: appends claim the
aggregate's row so that two processes never write the same version; a process that did not
write reloads; events taken back in the middle of the log are replayed around, snapshots after
them dropped; old events are upgraded before replay; and the questions undo by owner will ask."""

from __future__ import annotations

import pytest
from sqlmodel import col, select

from tdapp.draw_table import events as draw_events
from tdapp.draw_table.commands import Act, Deal
from tdapp.kernel.refusals import DomainError
from tdapp.services import draw_tables, tournaments
from tdapp.services.draw_tables import Player
from tdapp.storage import database as db
from tdapp.storage.draw_tables import DrawTableEventRecord
from tdapp.storage.event_log import Cache
from tdapp.storage.tournaments import LoggedEvent, Snapshot
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.registry import decide
from tdapp.tournament.settings import Settings
from tdapp.wallclock import utcnow

LOG = tournaments.LOG


def new_tournament(players: int) -> int:
    tid = tournaments.create_tournament(Settings(name="Martedì"), "ddt").id
    for number in range(1, players + 1):
        tournaments.dispatch(tid, RegisterPlayer(f"Player {number}"), "ddt")
    return tid


def names(state) -> list[str]:
    return [p.name for p in state.players]


def snapshot_seqs(tid: int) -> list[int]:
    with db.session_scope() as session:
        return sorted(session.exec(select(Snapshot.seq).where(Snapshot.tournament_id == tid)))


def test_two_processes_take_turns_each_seeing_what_the_other_wrote(app, monkeypatch):
    tid = new_tournament(players=1)
    first, second = Cache(), Cache()
    for turn in range(4):
        monkeypatch.setattr(LOG, "cache", first if turn % 2 == 0 else second)
        tournaments.dispatch(tid, RegisterPlayer(f"Turn {turn}"), f"process {turn % 2}")
    monkeypatch.setattr(LOG, "cache", first)
    state = tournaments.current(tid)
    assert names(state) == ["Player 1", "Turn 0", "Turn 1", "Turn 2", "Turn 3"]
    assert state.version == LOG.stored_version(tid) == 6
    with db.session_scope() as session:
        assert [r.seq for r in LOG.rows(session, tid)] == [1, 2, 3, 4, 5, 6]


def _as_process(monkeypatch, cache: Cache) -> None:
    monkeypatch.setattr(LOG, "cache", cache)


def _fresh_fold(monkeypatch, tid: int):
    """The tournament as a process that holds nothing rebuilds it from the database."""
    monkeypatch.setattr(LOG, "cache", Cache())
    return tournaments.current(tid)


def test_a_process_that_only_missed_appends_folds_them_on_what_it_holds(app, monkeypatch):
    tid = new_tournament(players=1)
    first, second = Cache(), Cache()
    replays = []
    rebuild = LOG.rebuild
    monkeypatch.setattr(LOG, "rebuild", lambda *a, **k: replays.append(a[1]) or rebuild(*a, **k))
    for turn in range(6):
        _as_process(monkeypatch, first if turn % 2 == 0 else second)
        tournaments.dispatch(tid, SetAbsent(1, turn % 2 == 0), f"process {turn % 2}")
    # Each process replayed the log once, when it first held nothing of this tournament; after
    # that each caught up by the other's one event.
    assert replays == [tid, tid]
    _as_process(monkeypatch, first)
    caught_up = tournaments.current(tid)
    assert caught_up.players == _fresh_fold(monkeypatch, tid).players
    assert caught_up.version == LOG.stored_version(tid) == 8


def test_a_process_replays_when_the_other_took_an_event_back_meanwhile(app, monkeypatch):
    tid = new_tournament(players=3)  # seq 1 the set-up, 2..4 the players
    first, second = Cache(), Cache()
    _as_process(monkeypatch, first)
    for player_id in (1, 2, 3):  # seq 5..7
        tournaments.dispatch(tid, SetAbsent(player_id, True), "ddt")
    _as_process(monkeypatch, second)
    assert absent(tournaments.current(tid)) == [1, 2, 3]
    _as_process(monkeypatch, first)
    tournaments.revert(tid, 5, "ddt")  # player 1 back, in the middle of the log
    tournaments.dispatch(tid, RegisterPlayer("Player 4"), "ddt")
    _as_process(monkeypatch, second)
    tournaments.dispatch(tid, SetAbsent(4, True), "ddt")
    assert absent(tournaments.current(tid)) == [2, 3, 4]
    assert tournaments.current(tid).players == _fresh_fold(monkeypatch, tid).players


def test_an_event_taken_back_and_brought_back_by_the_other_process_is_folded_as_it_was(
    app, monkeypatch
):
    tid = new_tournament(players=2)
    first, second = Cache(), Cache()
    _as_process(monkeypatch, second)
    tournaments.current(tid)
    _as_process(monkeypatch, first)
    tournaments.dispatch(tid, SetAbsent(1, True), "ddt")
    tournaments.undo(tid, "ddt")
    tournaments.redo(tid, "ddt")
    tournaments.dispatch(tid, SetAbsent(2, True), "ddt")
    _as_process(monkeypatch, second)  # the same events taken back as when it folded: none
    tournaments.dispatch(tid, RegisterPlayer("Player 3"), "ddt")
    state = tournaments.current(tid)
    assert absent(state) == [1, 2]
    assert state.players == _fresh_fold(monkeypatch, tid).players


def test_a_reader_folds_no_event_twice_when_a_writer_commits_during_its_read(
    app, monkeypatch, database_url
):
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite's transaction reads one snapshot: no commit can fall within it")
    tid = new_tournament(players=1)
    writer, reader = Cache(), Cache()
    rebuild = LOG.rebuild

    def another_process_commits_first(session, root_id, before=None):
        # Each statement of a read-committed transaction sees what committed before it.
        monkeypatch.setattr(LOG, "rebuild", rebuild)
        _as_process(monkeypatch, writer)
        tournaments.dispatch(tid, RegisterPlayer("Meanwhile"), "ddt")
        _as_process(monkeypatch, reader)
        return rebuild(session, root_id, before)

    _as_process(monkeypatch, reader)
    monkeypatch.setattr(LOG, "rebuild", another_process_commits_first)
    tournaments.current(tid)
    _as_process(monkeypatch, writer)
    tournaments.dispatch(tid, RegisterPlayer("After"), "ddt")
    _as_process(monkeypatch, reader)
    assert names(tournaments.current(tid)) == ["Player 1", "Meanwhile", "After"]


def test_a_write_that_fails_leaves_neither_the_version_nor_the_log_changed(app):
    tid = new_tournament(players=1)
    with pytest.raises(DomainError), LOG.write(tid, utcnow()) as writing:
        event = decide(writing.state, RegisterPlayer("Kept"), Ctx(now=writing.now, seed=1))
        writing.append(event, "ddt", "ddt")
        raise DomainError("NOTHING_TO_UNDO")  # refused after the insert: all rolled back
    assert LOG.stored_version(tid) == 2
    assert names(tournaments.current(tid)) == ["Player 1"]
    with pytest.raises(DomainError) as unknown, LOG.write(4040, utcnow()):
        pass
    assert unknown.value.code == "UNKNOWN_TOURNAMENT"


def absent(state) -> list[int]:
    return [p.id for p in state.players if p.absent]


def test_an_event_taken_back_in_the_middle_is_replayed_around_and_later_snapshots_dropped(
    app, monkeypatch
):
    monkeypatch.setattr(LOG, "snapshot_every", 3)
    tid = new_tournament(players=3)  # seq 1 the set-up, 2..4 the players
    for player_id in (1, 2, 3):  # seq 5..7
        tournaments.dispatch(tid, SetAbsent(player_id, True), "ddt")
    assert snapshot_seqs(tid) == [3, 6]
    with LOG.write(tid, utcnow()) as writing:
        assert writing.deactivate(5, "giulia") == "PresenceChanged"
    assert absent(writing.state) == [2, 3]
    assert snapshot_seqs(tid) == [3]  # the one at 6 had player 1 away
    monkeypatch.setattr(LOG, "cache", Cache())
    assert absent(tournaments.current(tid)) == [2, 3]

    with LOG.write(tid, utcnow()) as writing:
        writing.reactivate(5)
    assert absent(writing.state) == [1, 2, 3]
    monkeypatch.setattr(LOG, "cache", Cache())
    reloaded = tournaments.current(tid)
    assert reloaded.players == writing.state.players
    assert reloaded.version == LOG.stored_version(tid) == 9


def test_a_reactivation_the_later_events_no_longer_fit_is_rolled_back_whole(app):
    tid = new_tournament(players=2)
    tournaments.undo(tid, "ddt")  # Player 2 out: player id 2 is free again
    tournaments.dispatch(tid, RegisterPlayer("Player 3"), "ddt")  # and Player 3 takes it
    version = LOG.stored_version(tid)
    with pytest.raises(ValueError, match="player id"), LOG.write(tid, utcnow()) as writing:
        writing.reactivate(3)
    assert LOG.stored_version(tid) == version
    assert names(tournaments.current(tid)) == ["Player 1", "Player 3"]
    assert tournaments.can_undo_redo(tid) == (True, False)


def test_the_questions_of_undo_by_owner(app):
    tid = new_tournament(players=4)  # seq 1..5, all the DdT's
    for player_id, owner in ((1, "ddt"), (2, "table:3"), (3, "ddt"), (4, "table:3")):
        tournaments.dispatch(tid, SetAbsent(player_id, True), "someone", owner)  # seq 6..9
    with LOG.write(tid, utcnow()) as writing:
        writing.deactivate(9, "dealer")  # table 3 takes back its last step
        writing.deactivate(7, "dealer")  # and the one before, behind the DdT's seq 8
        assert absent(writing.state) == [1, 3]
        assert writing.newest_active("table:3") is None
        assert writing.newest_active("ddt").seq == 8
        assert writing.newest_active().seq == 8
        assert writing.redoable_of("table:3").seq == 7  # the last it took back: undos retraced
        assert writing.redoable_of("ddt") is None
        assert [r.seq for r in writing.active_after(5)] == [6, 8]
    tournaments.dispatch(tid, SetAbsent(1, False), "dealer", "table:3")
    with LOG.write(tid, utcnow()) as writing:
        assert writing.redoable_of("table:3") is None  # it acted since: nothing to bring back
        assert writing.newest_active("table:3").seq == 10
    with db.session_scope() as session:
        rows = session.exec(select(LoggedEvent).where(LoggedEvent.tournament_id == tid,
                                                      LoggedEvent.seq > 5)
                            .order_by(col(LoggedEvent.seq))).all()
        assert [(r.owner, r.undone, r.undone_by) for r in rows] == [
            ("ddt", False, None), ("table:3", True, "dealer"), ("ddt", False, None),
            ("table:3", True, "dealer"), ("table:3", False, None),
        ]


def test_an_old_draw_table_event_is_upgraded_before_replay(app, monkeypatch):
    players = [Player(n, 300) for n in ("Anna", "Bruno", "Carla")]
    tid = draw_tables.create_table("Tavolo 2", players, 3, "ddt").id
    draw_tables.dispatch(tid, Deal(2), "dealer")
    played = draw_tables.dispatch(tid, Act(1, "bet", 6, confirmed=True), "dealer").state
    with db.session_scope() as session:  # as version 1 of a HandDealt that said "hand"
        row = session.exec(select(DrawTableEventRecord).where(
            DrawTableEventRecord.draw_table_id == tid, DrawTableEventRecord.seq == 2)).one()
        payload = dict(row.payload)
        payload["hand"] = payload.pop("number")
        row.payload = payload
        session.add(row)
    monkeypatch.setitem(draw_events.VERSIONS, "HandDealt", 2)
    monkeypatch.setattr(draw_tables.LOG, "cache", Cache())
    with pytest.raises(ValueError, match="no upgrade for HandDealt from version 1"):
        draw_tables.current(tid)

    def hand_became_number(old: dict) -> dict:
        new = dict(old)
        new["number"] = new.pop("hand")
        return new

    monkeypatch.setitem(draw_events._UPGRADES, ("HandDealt", 1), hand_became_number)
    assert draw_tables.current(tid).state == played
