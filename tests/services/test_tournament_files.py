"""`tdapp export` and `tdapp import`: one night moved to another server replays to the same
view; a file that is not an export, or whose events do not replay, imports nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from tdapp import cli
from tdapp.kernel.refusals import DomainError
from tdapp.services import clubs, database, demo, tenancy, tournament_files, tournaments
from tdapp.tournament.registry import view

LATER = datetime(2030, 1, 1, tzinfo=UTC)


def _seen(tournament_id: int) -> dict:
    """What the DdT's screen shows, less the version (a count of this server's changes)."""
    shown = view(tournaments.current(tournament_id), LATER, "td")
    shown.pop("version")
    return shown


@pytest.fixture
def night(app):
    """The demo night with its last change undone, so that its log ends with an undone event."""
    summary = demo.create_demo()
    tournaments.undo(summary.id, "ddt")
    return summary


def test_an_imported_night_replays_to_the_same_view_under_a_fresh_slug(night, tmp_path):
    path = tmp_path / "night.json"
    count = tournament_files.export_tournament(night.id, path)
    imported = tournament_files.import_tournament(path)
    assert imported.id != night.id
    assert imported.slug == f"{night.slug}-2"
    assert _seen(imported.id) == _seen(night.id)
    assert tournaments.can_undo_redo(imported.id) == (True, True)
    redone = tournaments.redo(imported.id, "ddt")
    assert view(redone, LATER, "td")["players"] == view(
        tournaments.redo(night.id, "ddt"), LATER, "td"
    )["players"]
    assert json.loads(path.read_text())["format"] == "tdapp-tournament"
    assert count == len(json.loads(path.read_text())["events"])


def test_a_night_moves_to_a_server_on_the_other_backend_with_its_slug(
    night, empty_database_url, tmp_path
):
    path = tmp_path / "night.json"
    tournament_files.export_tournament(night.id, path)
    before = _seen(night.id)
    database.open_database(empty_database_url, tmp_path)
    database.upgrade()
    # The new server's club, made by its first command as `tdapp import` makes it.
    with tenancy.in_club(clubs.club_id_for(None)):
        imported = tournament_files.import_tournament(path)
        assert imported.slug == night.slug
        assert _seen(imported.id) == before


def _tampered(tmp_path, night, change) -> str:
    path = tmp_path / "night.json"
    tournament_files.export_tournament(night.id, path)
    document = json.loads(path.read_text())
    change(document)
    path.write_text(json.dumps(document))
    return str(path)


def _drop_a_registration(document: dict) -> None:
    registrations = [e for e in document["events"] if e["name"] == "PlayerRegistered"]
    document["events"].remove(registrations[3])
    for seq, event in enumerate(document["events"], start=1):
        event["seq"] = seq


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d.update(format="tdapp-backup"), "NOT_A_TOURNAMENT_FILE"),
        (lambda d: d.update(version=2), "NOT_A_TOURNAMENT_FILE"),
        (lambda d: d["events"][5].update(name="PlayerTeleported"), "EXPORT_DOES_NOT_REPLAY"),
        (lambda d: d["events"][5].update(payload={}), "EXPORT_DOES_NOT_REPLAY"),
        (lambda d: d["events"].pop(5), "EXPORT_DOES_NOT_REPLAY"),
        (lambda d: d["events"][5].update(created_at="2026-12-03T21:00:00"), "EXPORT_DOES_NOT_REPLAY"),
        (_drop_a_registration, "EXPORT_DOES_NOT_REPLAY"),
    ],
)
def test_a_file_that_is_not_a_replayable_export_imports_nothing(night, tmp_path, change, code):
    path = _tampered(tmp_path, night, change)
    with pytest.raises(DomainError) as refused:
        tournament_files.import_tournament(path)
    assert refused.value.code == code
    assert [t.id for t in tournaments.list_tournaments()] == [night.id]


def test_the_cli_exports_imports_and_refuses_in_one_line(night, database_url, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.delenv("TDAPP_SCHEDULER", raising=False)
    path = tmp_path / "night.json"
    cli.main(["export", str(night.id), str(path)])
    cli.main(["import", str(path)])
    assert f"({night.slug}-2)" in capsys.readouterr().out
    path.write_text("not json at all")
    with pytest.raises(SystemExit) as stopped:
        cli.main(["import", str(path)])
    assert stopped.value.code != 0
    assert "\n" not in str(stopped.value)
    assert "is not a tdapp tournament export" in str(stopped.value)
    with pytest.raises(SystemExit) as stopped:
        cli.main(["export", "999", str(path)])
    assert "There is no tournament 999" in str(stopped.value)
