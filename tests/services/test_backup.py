"""`tdapp backup` and `tdapp restore`: a copy of a running database that restores into an empty
one of either backend and shows the same tournaments, draw tables and league."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tdapp import cli
from tdapp.draw_table.commands import Act, Deal
from tdapp.draw_table.view import view as draw_view
from tdapp.kernel.refusals import DomainError
from tdapp.services import accounts, backup, database, demo, draw_tables, tournaments
from tdapp.services import league as leagues
from tdapp.services.draw_tables import Player
from tdapp.storage import database as storage
from tdapp.tournament.registry import view as tournament_view

SEASON = json.loads((Path(__file__).parents[1] / "league" / "season_2024.json").read_text())
LATER = datetime(2030, 1, 1, tzinfo=UTC)  # one instant for both views: the clock is running


def _club_night() -> dict[str, int]:
    """A tournament in full swing, a draw table mid-hand, a league after three nights, a DdT."""
    accounts.create_user("giulia", "una password lunga")
    tournament = demo.create_demo()
    players = [Player(name, 300) for name in ("Anna", "Bruno", "Carla", "Dario")]
    table = draw_tables.create_table("Tavolo 1", players, 4, "ddt").id
    draw_tables.dispatch(table, Deal(2), "dealer")
    draw_tables.dispatch(table, Act(1, "check"), "dealer")
    league = leagues.create_league("Edizione 2024/25", SEASON["members"])
    for night in SEASON["nights"][:3]:
        tables = [{"name": t["name"], "chips": t["chips"], "poste": t["poste"]} for t in night["tables"]]
        leagues.enter_night(league, night["day"], tables, "secretary")
    return {"tournament": tournament.id, "draw_table": table, "league": league}


def _views(ids: dict[str, int]) -> dict[str, object]:
    table = draw_tables.current(ids["draw_table"])
    return {
        "tournaments": tournaments.list_tournaments(),
        "tournament": tournament_view(tournaments.current(ids["tournament"]), LATER, "td"),
        "draw_table": draw_view(table.state, table.version),
        "draw_log": [(e.seq, e.kind, e.payload, e.undone) for e in draw_tables.history(table.id)],
        "standings": leagues.league(ids["league"]).standings(),
    }


def _rows(path: Path) -> list[str]:
    return path.read_text().splitlines()[1:]  # the header names the backend and the time


def test_a_backup_restores_into_an_empty_database_of_either_backend_with_the_same_views(
    app, empty_database_url, tmp_path
):
    ids = _club_night()
    before = _views(ids)
    first = tmp_path / "first.jsonl"
    backup.backup(first)

    database.open_database(empty_database_url, tmp_path)
    backup.restore(first)
    assert _views(ids) == before
    assert accounts.authenticate("giulia", "una password lunga") is not None
    # And back: the restored database backs up to the very same rows.
    second = tmp_path / "second.jsonl"
    backup.backup(second)
    assert _rows(second) == _rows(first)
    # Ids continue after the restored ones (PostgreSQL's sequences were moved on).
    newer = tournaments.create_tournament(tournaments.current(ids["tournament"]).settings, "ddt")
    assert newer.id == ids["tournament"] + 1


def test_a_restore_into_a_database_with_data_is_refused_and_changes_nothing(app, tmp_path):
    ids = _club_night()
    path = tmp_path / "night.jsonl"
    backup.backup(path)
    with pytest.raises(DomainError) as refused:
        backup.restore(path)
    assert refused.value.code == "RESTORE_NOT_EMPTY"
    assert len(tournaments.list_tournaments()) == 1
    assert draw_tables.current(ids["draw_table"]).version == 3


@pytest.fixture
def cli_on(monkeypatch):
    def point(url: str) -> None:
        monkeypatch.setenv("DATABASE_URL", url)
        monkeypatch.delenv("TDAPP_SCHEDULER", raising=False)

    return point


def test_the_cli_refuses_another_kind_of_file_in_one_line(app, database_url, cli_on, tmp_path, capsys):
    cli_on(database_url)
    other = tmp_path / "notes.txt"
    other.write_text("the chip count of table 3\n")
    with pytest.raises(SystemExit) as stopped:
        cli.main(["restore", str(other)])
    assert stopped.value.code != 0
    assert str(stopped.value).count("\n") == 0
    assert "is not a tdapp backup" in str(stopped.value)


def test_the_cli_backs_up_and_restores(app, database_url, empty_database_url, cli_on, tmp_path, capsys):
    ids = _club_night()
    before = _views(ids)
    path = tmp_path / "night.jsonl"
    cli_on(database_url)
    cli.main(["backup", str(path)])
    cli_on(empty_database_url)
    cli.main(["restore", str(path)])
    assert "Restored" in capsys.readouterr().out
    assert _views(ids) == before
    with pytest.raises(SystemExit) as stopped:
        cli.main(["restore", str(path)])
    assert "restore only into a new, empty database" in str(stopped.value)


def test_a_restore_into_an_empty_schema_of_another_revision_is_refused(app, empty_database_url, tmp_path):
    _club_night()
    path = tmp_path / "night.jsonl"
    backup.backup(path)
    database.open_database(empty_database_url, tmp_path)
    storage.upgrade("0700_api_token_expiry")  # a schema one migration behind the backup's
    with pytest.raises(DomainError) as refused:
        backup.restore(path)
    assert refused.value.code == "RESTORE_OTHER_SCHEMA"
