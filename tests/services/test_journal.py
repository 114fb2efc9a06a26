"""A window of the log (the dashboard's newest lines, a page) reads exactly as the same lines of
the whole log, though it starts from a snapshot instead of replaying the night (issue 14)."""

from __future__ import annotations

import pytest
from sqlmodel import select

from tdapp.services import journal, tournaments
from tdapp.storage import database as db
from tdapp.storage.tournaments import Snapshot
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.presence import SetAbsent
from tests.services.nights import a_bust_and_ten_steps_after, night

SNAPSHOT_EVERY = 4


@pytest.fixture(autouse=True)
def seeded_with_small_snapshots(monkeypatch):
    """The seat draw is seeded; a snapshot every 4 events puts several in a short night."""
    monkeypatch.setattr(tournaments, "_ctx", lambda now: Ctx(now=now, seed=2027))
    monkeypatch.setattr(tournaments.LOG, "snapshot_every", SNAPSHOT_EVERY)


def fresh_process() -> None:
    """No line described yet in this process."""
    journal._kept.clear()


def corrected_night() -> int:
    """23 events: a bust reverted ten steps later, a pause undone, redone and undone again by
    another hand, and events after it; the revert dropped the snapshots at 12 and 16."""
    tid = night(6)
    a_bust_and_ten_steps_after(tid)
    tournaments.revert(tid, 9, "giulia")
    tournaments.undo(tid, "marco")
    tournaments.redo(tid, "marco")
    tournaments.undo(tid, "giulia")
    for player, absent in ((5, False), (6, False), (2, True), (3, True)):
        tournaments.dispatch(tid, SetAbsent(player, absent), "giulia")
    return tid


def snapshots(tid: int) -> list[int]:
    with db.session_scope() as session:
        return sorted(session.exec(select(Snapshot.seq).where(Snapshot.tournament_id == tid)))


def test_every_window_of_the_log_reads_as_the_same_lines_of_the_whole_log(app):
    tid = corrected_night()
    assert snapshots(tid) == [4, 8, 20]
    fresh_process()
    whole = journal.entries(tid)
    assert [e.seq for e in whole] == list(range(23, 0, -1))
    assert {e.seq for e in whole if e.undone} == {9, 19} == journal.undone_seqs(tid)

    for first in range(1, 24):
        for last in range(first, 24):
            fresh_process()
            assert journal.between(tid, first, last) == [
                e for e in whole if first <= e.seq <= last], (first, last)


def test_the_lines_kept_in_a_process_serve_the_next_pages_as_a_fresh_process_reads_them(app):
    tid = corrected_night()
    fresh_process()
    whole = journal.entries(tid)
    fresh_process()
    assert journal.entries(tid, limit=3) == whole[:3]
    assert journal.between(tid, 14, 20) == whole[3:10]  # reaches the kept lines: joins them
    assert journal.between(tid, 2, 5) == whole[18:22]  # apart from them: read alone
    assert journal.lines_of(tid, {9, 19}) == [whole[4], whole[14]]
    tournaments.dispatch(tid, SetAbsent(4, True), "giulia")
    newest = journal.entries(tid, limit=2)
    assert (newest[0].seq, newest[1]) == (24, whole[0])
    assert journal.entries(tid)[1:] == whole
    assert journal.count(tid) == 24


def test_the_newest_lines_replay_from_the_snapshot_before_them_not_from_the_start(
        app, monkeypatch):
    tid = corrected_night()
    fresh_process()
    read = tournaments.LOG.event_of
    decoded = []
    monkeypatch.setattr(tournaments.LOG, "event_of", lambda row: decoded.append(row.seq) or read(row))

    newest = journal.entries(tid, limit=2)

    assert [e.seq for e in newest] == [23, 22]
    assert decoded == [21, 22, 23]  # after the snapshot at 20
