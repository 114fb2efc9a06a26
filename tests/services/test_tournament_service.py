"""The service layer on SQLite and PostgreSQL: one action, one logged event; undo and redo mark
events and never delete them; state rebuilt when another process wrote; snapshots that agree with
a replay."""

from __future__ import annotations

import contextvars
import threading

import pytest
from sqlmodel import col, select

from tdapp.kernel.refusals import DomainError
from tdapp.services import bus, journal, tournaments
from tdapp.storage import database as db
from tdapp.storage.event_log import Cache
from tdapp.storage.tournaments import LoggedEvent, Snapshot, TournamentRecord
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.events import from_record
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.registry import replay
from tdapp.tournament.settings import Settings


def new_tournament(players: int = 0, name: str = "Lunedì") -> int:
    tid = tournaments.create_tournament(Settings(name=name), "ddt").id
    for number in range(1, players + 1):
        tournaments.dispatch(tid, RegisterPlayer(f"Player {number}"), "ddt")
    return tid


def logged(tid: int) -> list[LoggedEvent]:
    with db.session_scope() as session:
        return list(
            session.exec(
                select(LoggedEvent)
                .where(LoggedEvent.tournament_id == tid)
                .order_by(col(LoggedEvent.seq))
            ).all()
        )


def stored_version(tid: int) -> int:
    with db.session_scope() as session:
        return session.get(TournamentRecord, tid).version


def forget_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """As a freshly started process: nothing in memory, everything read from the database."""
    monkeypatch.setattr(tournaments.LOG, "cache", Cache())


def test_an_action_appends_one_event_with_its_actor_and_bumps_the_version(app):
    tid = new_tournament()
    state = tournaments.dispatch(tid, RegisterPlayer("Anna Rossi"), "giulia")
    rows = logged(tid)
    assert [(r.seq, r.name, r.actor) for r in rows] == [
        (1, "TournamentConfigured", "ddt"),
        (2, "PlayerRegistered", "giulia"),
    ]
    assert rows[1].payload["name"] == "Anna Rossi"
    assert state.version == stored_version(tid) == 2
    assert [p.name for p in state.players] == ["Anna Rossi"]


def test_a_refused_command_changes_nothing(app):
    tid = new_tournament(players=2)
    with pytest.raises(DomainError) as refused:
        tournaments.dispatch(tid, BustPlayer(99), "ddt")
    assert refused.value.code == "UNKNOWN_PLAYER"
    assert len(logged(tid)) == 3
    assert stored_version(tid) == tournaments.current(tid).version == 3


def test_refused_settings_create_no_tournament_HE_01(app):
    with pytest.raises(DomainError) as refused:
        tournaments.create_tournament(Settings(name="Troppo", starting_stack=10_000), "ddt")
    assert refused.value.code == "STARTING_STACK_OUT_OF_RANGE"
    assert tournaments.list_tournaments() == []


def test_unknown_tournament_is_refused(app):
    for action in (
        lambda: tournaments.dispatch(404, RegisterPlayer("Anna"), "ddt"),
        lambda: tournaments.current(404),
        lambda: tournaments.undo(404, "ddt"),
    ):
        with pytest.raises(DomainError) as refused:
            action()
        assert refused.value.code == "UNKNOWN_TOURNAMENT"


def test_undo_takes_back_the_last_event_and_redo_restores_it_with_newer_versions(app):
    tid = new_tournament(players=3)
    undone = tournaments.undo(tid, "ddt")
    assert [p.name for p in undone.players] == ["Player 1", "Player 2"]
    assert undone.version == 5
    assert [r.undone for r in logged(tid)] == [False, False, False, True]
    assert logged(tid)[-1].undone_by == "ddt"

    redone = tournaments.redo(tid, "ddt")
    assert [p.name for p in redone.players] == ["Player 1", "Player 2", "Player 3"]
    assert redone.version == 6
    assert not any(r.undone for r in logged(tid))


def test_a_command_after_undo_leaves_the_undone_events_in_the_log_beyond_redo(app):
    tid = new_tournament(players=3)
    tournaments.undo(tid, "ddt")
    tournaments.undo(tid, "ddt")
    state = tournaments.dispatch(tid, RegisterPlayer("Nicolò"), "ddt")
    assert [p.name for p in state.players] == ["Player 1", "Nicolò"]
    assert [(r.seq, r.undone) for r in logged(tid)] == [
        (1, False), (2, False), (3, True), (4, True), (5, False)
    ]
    with pytest.raises(DomainError) as refused:
        tournaments.redo(tid, "ddt")
    assert refused.value.code == "NOTHING_TO_REDO"


def test_the_set_up_that_created_the_tournament_cannot_be_undone(app):
    tid = new_tournament()
    with pytest.raises(DomainError) as refused:
        tournaments.undo(tid, "ddt")
    assert refused.value.code == "NOTHING_TO_UNDO"
    assert tournaments.can_undo_redo(tid) == (False, False)


def test_undo_deeper_than_the_states_kept_in_memory_rebuilds_from_the_log(app, monkeypatch):
    monkeypatch.setattr(tournaments.LOG, "undo_depth", 2)
    tid = new_tournament(players=6)
    for _ in range(5):
        state = tournaments.undo(tid, "ddt")
    assert [p.name for p in state.players] == ["Player 1"]
    forget_memory(monkeypatch)
    assert [p.name for p in tournaments.current(tid).players] == ["Player 1"]
    assert tournaments.can_undo_redo(tid) == (True, True)


def test_a_process_sees_what_another_process_wrote(app, monkeypatch):
    tid = new_tournament(players=2)
    this_process = tournaments.LOG.cache
    forget_memory(monkeypatch)  # the other process writes with a memory of its own
    tournaments.dispatch(tid, RegisterPlayer("From elsewhere"), "ddt")
    monkeypatch.setattr(tournaments.LOG, "cache", this_process)

    assert [p.name for p in tournaments.current(tid).players][-1] == "From elsewhere"
    state = tournaments.dispatch(tid, RegisterPlayer("Here"), "ddt")
    assert [p.name for p in state.players] == ["Player 1", "Player 2", "From elsewhere", "Here"]
    assert [r.seq for r in logged(tid)] == [1, 2, 3, 4, 5]


def test_snapshots_give_the_same_state_as_replaying_the_log(app, monkeypatch):
    monkeypatch.setattr(tournaments.LOG, "snapshot_every", 4)
    tid = new_tournament(players=9)
    with db.session_scope() as session:
        seqs = session.exec(select(Snapshot.seq).where(Snapshot.tournament_id == tid)).all()
    assert sorted(seqs) == [4, 8]

    replayed = replay(
        from_record({"name": r.name, "version": r.schema_version, "payload": r.payload})
        for r in logged(tid)
    )
    forget_memory(monkeypatch)
    loaded = tournaments.current(tid)
    assert loaded.players == replayed.players
    assert loaded.ledger == replayed.ledger
    assert loaded.version == stored_version(tid)


def test_a_snapshot_past_an_undone_event_is_not_used(app, monkeypatch):
    monkeypatch.setattr(tournaments.LOG, "snapshot_every", 4)
    tid = new_tournament(players=3)  # the snapshot holds seq 4, the third registration
    tournaments.undo(tid, "ddt")
    forget_memory(monkeypatch)
    assert [p.name for p in tournaments.current(tid).players] == ["Player 1", "Player 2"]
    state = tournaments.dispatch(tid, RegisterPlayer("Instead"), "ddt")
    forget_memory(monkeypatch)
    assert [p.name for p in tournaments.current(tid).players] == [
        "Player 1",
        "Player 2",
        "Instead",
    ]
    assert state.version == stored_version(tid)


def test_each_committed_change_is_published_once_with_its_version(app):
    heard: list[bus.Change] = []
    bus.subscribe(heard.append)
    tid = new_tournament(players=1)
    tournaments.undo(tid, "ddt")
    tournaments.redo(tid, "ddt")
    with pytest.raises(DomainError):
        tournaments.dispatch(tid, BustPlayer(7), "ddt")
    assert [(c.version, c.event, c.action) for c in heard] == [
        (1, "TournamentConfigured", "applied"),
        (2, "PlayerRegistered", "applied"),
        (3, "PlayerRegistered", "undone"),
        (4, "PlayerRegistered", "redone"),
    ]
    assert {c.tournament_id for c in heard} == {tid}


def test_slugs_are_unique_and_readable(app):
    first = tournaments.create_tournament(Settings(name="Torneo del Lunedì"), "ddt")
    second = tournaments.create_tournament(Settings(name="Torneo del Lunedì"), "ddt")
    assert (first.slug, second.slug) == ("torneo-del-lunedi", "torneo-del-lunedi-2")
    assert tournaments.tournament_id_for_slug(second.slug) == second.id


def test_concurrent_actions_on_several_tournaments_all_land_in_order(app):
    tids = [new_tournament(name=f"Sala {n}") for n in range(3)]
    failures: list[BaseException] = []

    def register_many(tid: int, prefix: str) -> None:
        try:
            for number in range(10):
                tournaments.dispatch(tid, RegisterPlayer(f"{prefix} {number}"), "ddt")
        except BaseException as failure:  # reported by the assertion below
            failures.append(failure)

    # Each thread acts in the test's club, as a request's thread does in its own.
    threads = [
        threading.Thread(target=contextvars.copy_context().run,
                         args=(register_many, tid, f"{tid}-{worker}"))
        for tid in tids
        for worker in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    for tid in tids:
        assert [r.seq for r in logged(tid)] == list(range(1, 22))
        assert len(tournaments.current(tid).players) == 20


def test_the_log_reads_newest_first_in_words_with_undone_events_marked(app):
    tid = new_tournament(players=3)
    tournaments.undo(tid, "giulia")
    newest = journal.entries(tid, limit=2)
    assert [(e.seq, e.code, e.params, e.undone, e.undone_by) for e in newest] == [
        (4, "LOG_REGISTERED", {"player": "Player 3"}, True, "giulia"),
        (3, "LOG_REGISTERED", {"player": "Player 2"}, False, None),
    ]
    assert newest[1].text() == "Player 2 registered"
    assert len(journal.entries(tid)) == 4


def test_a_deleted_tournament_takes_no_change_and_answers_no_read_though_this_process_held_it(app):
    # The claim and the version check run statements built once, with the id bound: the
    # tombstone must still hide the row from both.
    tid = new_tournament(players=2)
    assert tournaments.current(tid).version == stored_version(tid)
    tournaments.delete(tid, "Lunedì", "ddt")
    for attempt in (lambda: tournaments.dispatch(tid, RegisterPlayer("Late"), "ddt"),
                    lambda: tournaments.current(tid)):
        with pytest.raises(DomainError) as refused:
            attempt()
        assert refused.value.code == "UNKNOWN_TOURNAMENT"
    assert [e.name for e in logged(tid)][-1] == "PlayerRegistered"
