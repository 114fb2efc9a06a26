"""`tdapp club export` and `tdapp club import`: a club moved to a server of either backend, or
copied within its own under another slug, shows the same tournaments, roster, members (their
roster players followed), templates, leagues, seasons, draw tables and staff, under new ids; a
file that cannot be imported as it is imports nothing."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import UniqueConstraint, func, select

from tdapp import cli
from tdapp.draw_table.commands import Deal
from tdapp.draw_table.view import view as draw_view
from tdapp.kernel.refusals import DomainError
from tdapp.services import (
    accounts,
    club_files,
    clubs,
    database,
    demo,
    draw_tables,
    hosting,
    invitations,
    league_nights,
    members,
    roster,
    seasons,
    templates,
    tenancy,
    tournaments,
)
from tdapp.services import league as leagues
from tdapp.services.draw_tables import Player
from tdapp.storage import backup
from tdapp.storage import club_files as files
from tdapp.storage import database as storage
from tdapp.tournament import events as tournament_events
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.players import Players
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.registry import view as tournament_view
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import Settings

SEASON = json.loads((Path(__file__).parents[1] / "league" / "season_2024.json").read_text())
LATER = datetime(2030, 1, 1, tzinfo=UTC)  # one instant for every view: the demo's clock runs
ROME = ZoneInfo("Europe/Rome")
OWNER_PASSWORD = "una password lunga"
# Ids are renumbered: what a view says of them is left out, but for roster ids, which are
# turned into the roster player's name so that one pointing at the wrong row shows.
RENUMBERED = {"id", "tournament_id", "tournament_ids", "league_id", "draw_table_id", "table_id",
              "season_id", "club_id", "user_id", "slug", "token"}


def _a_club() -> None:
    """What a club holds after a few weeks: an owner and a floor member (a token and an
    invitation too, which stay behind), a template of its own, a roster and its members (one
    linked to a roster player), the demo night and a
    night of roster players, a season of both, a league after two nights with its third being
    played on two draw tables, and a draw table of its own mid-hand."""
    club_id = tenancy.acting_club()
    owner = accounts.create_user("giulia", OWNER_PASSWORD)
    accounts.create_user("piero", "la password di piero", role="floor")
    accounts.issue_token(owner)
    invitations.invite(club_id, "director", owner.id)
    templates.save_template("Giovedì lungo", Settings(name="Giovedì lungo", starting_stack=9000))
    anna = roster.add_member("Anna Rossi", "f")
    bruno = roster.add_member("Bruno Bianchi")
    members.create_member("Anna Rossi", "12", date(2026, 12, 31), roster_id=anna.id)
    members.create_member("Carla Verdi")
    night = demo.create_demo()
    thursday = tournaments.create_tournament(Settings(name="Giovedì"), "giulia").id
    tournaments.dispatch(thursday, RegisterPlayer("Anna Rossi", roster_id=anna.id), "giulia")
    tournaments.dispatch(thursday, RegisterPlayer("Bruno Bianchi", roster_id=bruno.id), "giulia")
    tournaments.dispatch(thursday, RegisterPlayer("Carla"), "giulia")
    tournaments.dispatch(thursday, DrawSeats(), "giulia")
    tournaments.dispatch(thursday, BustPlayer(3), "giulia")
    seasons.create_season("Stagione 2026", [night.id, thursday], "td3")
    league = leagues.create_league("Edizione 2024/25", SEASON["members"])
    for played in SEASON["nights"][:2]:
        tables = [{"name": t["name"], "chips": t["chips"], "poste": t["poste"]}
                  for t in played["tables"]]
        leagues.enter_night(league, played["day"], tables, "secretary")
    day = league_nights.open_night(league, (), "secretary")
    first = league_nights.live_night(league, day, ROME).tables[0]
    league_nights.record(league, day, first.name, "telesina", "secretary")
    draw_tables.dispatch(first.draw_table_id, Deal(2), "dealer")
    own = draw_tables.create_table("Tavolo 9", [Player(n, 300) for n in ("Ada", "Bea", "Cleo")],
                                   3, "giulia").id
    draw_tables.dispatch(own, Deal(2), "dealer")


def _plain(value: Any, roster_names: dict[int, str]) -> Any:
    """`value` as plain data, less its renumbered ids, roster ids read as names."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {key: (roster_names.get(item, ("not in the roster", item))
                      if key == "roster_id" and item is not None else _plain(item, roster_names))
                for key, item in value.items() if key not in RENUMBERED}
    if isinstance(value, list | tuple | Players):
        return [_plain(item, roster_names) for item in value]
    if isinstance(value, str) and value.startswith("roster:"):
        return f"roster:{roster_names[int(value.removeprefix('roster:'))]}"
    return value


def _seen(club_id: int) -> Any:
    """Everything the club's staff and public see, as plain data."""
    with tenancy.in_club(club_id):
        names = {member.id: member.name for member in roster.members()}
        ids = sorted(tournaments.tournament_ids())
        league_ids = [league_id for league_id, _ in leagues.leagues()]
        seen = {
            "club": [c for c in clubs.clubs() if c.id == club_id],
            "members": clubs.members(club_id),
            "templates": templates.list_templates(),
            "roster": roster.members(),
            "card_holders": members.list_members(size=100).members,
            "tournaments": [(tournaments.summary(t), tournaments.current(t),
                             tournament_view(tournaments.current(t), LATER, "td"),
                             tournaments.can_undo_redo(t)) for t in ids],
            "seasons": [seasons.season_standings(s.id) for s in seasons.list_seasons()],
            "leagues": [(leagues.league(league_id).standings(), [
                league_nights.live_night(league_id, day, ROME, LATER)
                for day in league_nights.open_days(league_id)]) for league_id in league_ids],
            "draw_tables": [(record.name, record.pin, draw_view(table.state, table.version),
                             [(e.seq, e.kind, e.payload, e.undone) for e in draw_tables.history(record.id)])
                            for record in draw_tables.tables()
                            for table in [draw_tables.current(record.id)]],
        }
        return _plain(seen, names)


def _rows_everywhere() -> dict[str, int]:
    """Every table's number of rows on the server: what a refused import must leave alone."""
    with storage.engine().connect() as connection:
        return {table.name: connection.execute(select(func.count()).select_from(table)).scalar_one()
                for table in backup.tables(connection)}


@pytest.fixture
def club(app) -> int:
    _a_club()
    return tenancy.acting_club()


def test_a_club_moves_to_a_server_of_either_backend_and_shows_the_same(club, empty_database_url, tmp_path):
    before = _seen(club)
    path = tmp_path / "club.jsonl"
    exported = club_files.export_club("club", path)
    assert not set(exported) & set(files.LEFT_BEHIND)
    database.open_database(empty_database_url, tmp_path)
    database.upgrade()
    imported = club_files.import_club(path)
    assert (imported.slug, imported.rows, imported.joined) == ("club", exported, [])
    assert _seen(imported.club_id) == before
    # The staff log in with the passwords they had, with the roles they had.
    giulia = accounts.authenticate("giulia", OWNER_PASSWORD)
    assert giulia is not None
    assert [(s.club_slug, s.role) for s in clubs.memberships_of(giulia.id)] == [("club", "owner")]
    rows = _rows_everywhere()
    for left in ("api_tokens", "invitations", "tournament_snapshots", "draw_table_snapshots",
                 "league_snapshots", "announced_level_ends"):
        assert rows[left] == 0, left


def test_the_demo_club_copied_under_another_slug_on_its_server_works_beside_it(club, tmp_path):
    before = _seen(club)
    path = tmp_path / "club.jsonl"
    club_files.export_club("club", path)
    imported = club_files.import_club(path, "copia")
    assert imported.joined == ["giulia", "piero"]  # the same accounts, now members of both
    assert set(imported.new_slugs) == {t.slug for t in tournaments.list_tournaments()}
    assert imported.new_links == 3
    copy = imported.club_id
    assert _seen(copy) == before
    assert _seen(club) == before
    # Every id is new, and the registrations and the members name the copy's roster players.
    with tenancy.in_club(copy):
        copied_roster = {m.id for m in roster.members()}
        assert members.find_member("Anna Rossi").roster_id in copied_roster
        thursday = next(t.id for t in tournaments.list_tournaments() if t.name == "Giovedì")
        registered = {p.roster_id for p in tournaments.current(thursday).players}
    with tenancy.in_club(club):
        assert not copied_roster & {m.id for m in roster.members()}
        assert thursday not in tournaments.tournament_ids()
    assert registered - {None} <= copied_roster and len(registered - {None}) == 2
    # Both work after, each on its own: a bust and an undone deal in the copy leave the
    # original alone, and the same in the original makes the two alike again.
    for acting in (copy, club):
        with tenancy.in_club(acting):
            night = next(t.id for t in tournaments.list_tournaments() if t.name == "Giovedì")
            tournaments.dispatch(night, BustPlayer(2), "giulia")
            own = next(r.id for r in draw_tables.tables() if r.name == "Tavolo 9")
            draw_tables.undo(own, "dealer")
        if acting == copy:
            assert _seen(club) == before
            after = _seen(copy)
            assert after != before
    assert _seen(club) == after


def test_the_log_rebuilds_what_the_snapshots_held(club, tmp_path, monkeypatch):
    """Snapshots stay behind: a tournament whose state had one replays its whole log to it."""
    with tenancy.in_club(club):
        night = next(t.id for t in tournaments.list_tournaments() if t.name == demo.DEMO_NAME)
        monkeypatch.setattr(tournaments.LOG, "snapshot_every", 1)
        tournaments.dispatch(night, BustPlayer(5), "giulia")
    assert _rows_everywhere()["tournament_snapshots"] > 0
    before = _seen(club)
    path = tmp_path / "club.jsonl"
    club_files.export_club("club", path)
    imported = club_files.import_club(path, "copia")
    assert "tournament_snapshots" not in imported.rows
    assert _seen(imported.club_id) == before


def _rewritten(path: Path, change) -> Path:
    lines = path.read_text(encoding="utf-8").splitlines()
    changed = change(lines)
    path.write_text("\n".join(changed) + "\n", encoding="utf-8")
    return path


def _header(**fields: Any):
    def change(lines: list[str]) -> list[str]:
        return [json.dumps({**json.loads(lines[0]), **fields}), *lines[1:]]
    return change


def _a_roster_player_of_nowhere(lines: list[str]) -> list[str]:
    """A registration naming a roster player who is not in the file."""
    changed = []
    for line in lines:
        if '"PlayerRegistered"' in line and '"roster_id": ' in line and "nowhere" not in changed:
            row = json.loads(line)
            payload = next(v for v in row if isinstance(v, dict))
            payload["roster_id"] = 999
            line = json.dumps(row)
            changed.append("nowhere")
        changed.append(line)
    return [line for line in changed if line != "nowhere"]


def _a_registration_emptied_by_hand(lines: list[str]) -> list[str]:
    """A tournament's first registration with its payload emptied: the log no longer folds."""
    at = next(n for n, line in enumerate(lines) if '"PlayerRegistered"' in line)
    row = json.loads(lines[at])
    next(v for v in row if isinstance(v, dict)).clear()
    return [*lines[:at], json.dumps(row), *lines[at + 1:]]


def _a_template_twice(lines: list[str]) -> list[str]:
    """A template's row twice: the second breaks the club's one name per template."""
    at = next(n for n, line in enumerate(lines) if '"table": "structure_templates"' in line) + 1
    return [*lines[:at], lines[at], *lines[at:]]


@pytest.mark.parametrize(
    ("change", "code", "said"),
    [
        (lambda lines: ["not json at all"], "NOT_A_CLUB_FILE", "another kind of file"),
        (_header(format="tdapp-backup"), "NOT_A_CLUB_FILE", "another kind of file"),
        (_header(revision=["9999_from_the_future"]), "CLUB_FILE_SCHEMA_UNKNOWN", "9999_from_the_future"),
        (_header(revision=["0950_clubs_and_roles"]), "CLUB_FILE_OTHER_SCHEMA", "export it again"),
        (_header(slug="Not A Slug"), "BAD_CLUB_SLUG", "Not A Slug"),
        (lambda lines: lines[:-40], "NOT_A_CLUB_FILE", "cut short"),
        (lambda lines: [*lines, "[1, 2]"], "NOT_A_CLUB_FILE", "after its end"),
        (lambda lines: [*lines[:-1], "[1, 2]", lines[-1]], "NOT_A_CLUB_FILE", "not a row"),
        (_a_roster_player_of_nowhere, "NOT_A_CLUB_FILE", "roster_players 999"),
        (lambda lines: [lines[0], '{"table": "api_tokens", "columns": [], "kinds": []}',
                        *lines[1:]], "NOT_A_CLUB_FILE", "no table 'api_tokens'"),
        (_a_template_twice, "NOT_A_CLUB_FILE", "is not a tdapp club export"),
        (_a_registration_emptied_by_hand, "NOT_A_CLUB_FILE", "does not replay"),
    ],
)
def test_a_file_that_cannot_be_imported_as_it_is_imports_nothing(club, tmp_path, change, code, said):
    path = tmp_path / "club.jsonl"
    club_files.export_club("club", path)
    rows = _rows_everywhere()
    _rewritten(path, lambda lines: change(_header(slug="copia")(lines)))
    with pytest.raises(DomainError) as refused:
        club_files.import_club(path)
    assert (refused.value.code, said in str(refused.value)) == (code, True)
    assert _rows_everywhere() == rows


def test_a_taken_slug_is_refused_and_another_one_chosen(club, tmp_path):
    path = tmp_path / "club.jsonl"
    club_files.export_club("club", path)
    rows = _rows_everywhere()
    with pytest.raises(DomainError) as refused:
        club_files.import_club(path)
    assert refused.value.code == "CLUB_SLUG_TAKEN"
    assert "--slug NEW" in str(refused.value)
    assert _rows_everywhere() == rows
    assert club_files.import_club(path, "circolo-due").slug == "circolo-due"


def test_another_person_s_username_is_refused_by_name_unless_the_hoster_renames_it(
    club, empty_database_url, tmp_path
):
    path = tmp_path / "club.jsonl"
    club_files.export_club("club", path)
    database.open_database(empty_database_url, tmp_path)
    database.upgrade()
    with tenancy.across_clubs():  # the new server's first account makes its club
        accounts.create_user("piero", "un'altra password ancora")
    rows = _rows_everywhere()
    for renamed, code, said in [
        ({}, "USERNAMES_TAKEN", "the usernames piero: nothing"),
        ({"piero": "piero-2", "pietro": "pietro-2"}, "RENAMED_USER_NOT_IN_FILE", "pietro"),
        ({"piero": " "}, "USERNAME_REQUIRED", "Enter a username"),
    ]:
        with pytest.raises(DomainError) as refused:
            club_files.import_club(path, "arrivato", renamed)
        assert (refused.value.code, said in str(refused.value)) == (code, True)
        assert _rows_everywhere() == rows
    imported = club_files.import_club(path, "arrivato", {"piero": "piero.arrivato"})
    assert imported.joined == []
    piero = accounts.authenticate("piero.arrivato", "la password di piero")
    assert [(s.club_slug, s.role) for s in clubs.memberships_of(piero.id)] == [("arrivato", "floor")]
    assert [(s.club_slug, s.role) for s in clubs.memberships_of(
        accounts.authenticate("piero", "un'altra password ancora").id)] == [("club", "owner")]


def test_every_table_either_moves_with_its_club_or_stays_behind_for_a_reason(app):
    with storage.engine().connect() as connection:
        tables = backup.tables(connection)
    moved = files.moved(tables)
    names = {table.name for table in tables}
    assert set(files.LEFT_BEHIND) <= names
    assert {table.name for table in moved} == names - set(files.LEFT_BEHIND)
    # Each moved table's parents move too: every foreign key can follow its row.
    moved_names = {table.name for table in moved}
    for table in moved:
        for key in table.foreign_keys:
            assert key.column.table.name in moved_names, (table.name, key.parent.name)


# The values unique across a server, which an import into a server that has them must change
# or refuse (tdapp/services/club_files.py): every other unique key holds the row's club or a
# parent of the club's.
SERVER_WIDE = {("clubs", ("slug",)), ("users", ("username",)), ("tournaments", ("slug",)),
               ("draw_tables", ("token",))}


def test_every_unique_key_of_a_moved_table_is_within_the_club_or_taken_care_of(app):
    with storage.engine().connect() as connection:
        moved = files.moved(backup.tables(connection))
        inspector = connection.dialect
        found = set()
        for table in moved:
            keys = [tuple(c["column_names"]) for c in inspector.get_unique_constraints(connection, table.name)]
            keys += [tuple(i["column_names"]) for i in inspector.get_indexes(connection, table.name)
                     if i["unique"]]
            keys += [tuple(c.name for c in constraint.columns) for constraint in table.constraints
                     if isinstance(constraint, UniqueConstraint)]
            for columns in keys:
                own = own_key_names(table)
                within = any(table.c[c].foreign_keys for c in columns) or set(columns) <= own
                if not within:
                    found.add((table.name, columns))
    assert found == SERVER_WIDE


def own_key_names(table) -> set[str]:
    key = files.own_key(table)
    return set() if key is None else {key.name}


def test_the_only_database_id_inside_an_event_is_a_roster_players():
    """What EMBEDDED lists is all there is: a tournament's events name its players by their
    number in the tournament (player_id), and a roster player by the roster's id; a draw
    table's and a league's events name seats, players and tables by number and by name. The
    JSON columns hold set-ups (a template's), names (a league's members, its readings) and a
    live night's marks, which name their table by name."""
    from tdapp.draw_table import events as draw_events
    from tdapp.league import log as league_log

    def ids(classes) -> set[str]:
        return {f.name for cls in classes for f in dataclasses.fields(cls)
                if f.name.endswith(("_id", "_ids"))}

    assert ids(tournament_events._BY_NAME.values()) == {"player_id", "roster_id"}
    draw_classes = [value for value in vars(draw_events).values()
                    if isinstance(value, type) and dataclasses.is_dataclass(value)]
    assert draw_classes and ids(draw_classes) == set()
    assert ids([league_log.NightEntered]) == set()
    assert [(e.table, e.kind, e.key) for e in files.EMBEDDED] == [
        ("tournament_events", "PlayerRegistered", "roster_id")]


def _keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from _keys(item)


def test_the_ids_inside_the_json_of_a_club_s_rows_are_players_numbers_and_roster_ids(club, tmp_path):
    """The same, read off the JSON values of a club's file: in every table, the only keys that
    look like ids are a tournament's player numbers and the roster ids EMBEDDED lists."""
    path = tmp_path / "club.jsonl"
    club_files.export_club("club", path)
    found, table = set(), None
    for line in path.read_text(encoding="utf-8").splitlines()[1:-1]:
        item = json.loads(line)
        if isinstance(item, dict):
            table = item["table"]
            continue
        found |= {(table, key) for value in item if isinstance(value, dict | list)
                  for key in _keys(value) if key.endswith(("_id", "_ids"))}
    assert found == {("tournament_events", "player_id"), ("tournament_events", "roster_id")}


def test_the_cli_moves_the_demo_club_and_refuses_in_one_line(app, database_url, monkeypatch, tmp_path, capsys):
    demo.create_demo()
    accounts.create_user("giulia", OWNER_PASSWORD)
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.delenv("TDAPP_SCHEDULER", raising=False)
    path = tmp_path / "club.jsonl"
    cli.main(["club", "export", "club", str(path)])
    cli.main(["club", "import", str(path), "--slug", "copia"])
    said = capsys.readouterr().out
    assert f"Club club exported to {path}" in said
    assert "Imported the club copia (Club)" in said
    assert "Accounts this server had already, now members: giulia." in said
    assert "/t/torneo-dimostrativo-2" in said
    cli.main(["club", "import", str(path), "--slug", "terzo", "--rename-user", "giulia=giulia.terza"])
    assert "now members" not in capsys.readouterr().out
    assert accounts.authenticate("giulia.terza", OWNER_PASSWORD) is not None
    cli.main(["club", "list"])
    listed = capsys.readouterr().out
    assert "copia\tClub" in listed and "terzo\tClub" in listed
    for argv, words in [
        (["club", "import", str(path)], "This server has a club club already"),
        (["club", "export", "nowhere", str(path)], "There is no club nowhere"),
    ]:
        with pytest.raises(SystemExit) as stopped:
            cli.main(argv)
        assert stopped.value.code != 0
        assert "\n" not in str(stopped.value)
        assert words in str(stopped.value)


def test_a_hoster_who_is_a_member_arrives_as_a_member_only(club, empty_database_url, tmp_path):
    """A club's file makes members: whoever ran the old server does not run the new one."""
    path = tmp_path / "club.jsonl"
    with tenancy.across_clubs():
        hoster = hosting.create_hoster("gestore", "la password del gestore")
    with storage.session_scope() as session:
        clubs.join(session, hoster.id, clubs.club_by_slug(session, "club"), "director")
    club_files.export_club("club", path)
    database.open_database(empty_database_url, tmp_path)
    database.upgrade()
    club_files.import_club(path, "arrivato")
    arrived = accounts.authenticate("gestore", "la password del gestore")
    assert arrived is not None and not arrived.is_hoster
    assert [(s.club_slug, s.role) for s in clubs.memberships_of(arrived.id)] == [
        ("arrivato", "director")]
