"""`tdapp demo` and the other CLI commands, against the test database."""

from __future__ import annotations

import pytest

from tdapp import cli
from tdapp.services import accounts, tournaments
from tdapp.tournament.players import PlayerStatus


@pytest.fixture
def cli_database(app, database_url, monkeypatch):
    """The CLI builds its own app from the environment, as `tdapp ...` in a shell does."""
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.delenv("TDAPP_SCHEDULER", raising=False)
    return database_url


def test_demo_seats_40_at_5_tables_with_busts_rebuys_add_ons_and_a_running_clock(cli_database):
    cli.main(["demo", "--if-empty"])
    (summary,) = tournaments.list_tournaments()
    state = tournaments.current(summary.id)
    players = list(state.players)
    assert len(players) == 40
    assert len([t for t, seats in state.tables.items() if any(seats)]) == 5
    assert 0 < sum(p.status is PlayerStatus.BUSTED for p in players) < 40
    assert sum(p.rebuys for p in players) > 0
    assert sum(p.add_ons for p in players) > 0
    assert state.clock.running
    assert state.ledger.chips_issued == state.players.stack_total


def test_demo_if_empty_adds_nothing_to_a_database_with_tournaments(cli_database, capsys):
    cli.main(["demo", "--if-empty"])
    cli.main(["demo", "--if-empty"])
    assert len(tournaments.list_tournaments()) == 1
    assert "no demo added" in capsys.readouterr().out


def test_create_user_with_a_password_option(cli_database):
    cli.main(["create-user", "giulia", "--password", "una password lunga"])
    assert accounts.authenticate("giulia", "una password lunga") is not None


def test_create_user_refuses_a_short_password_and_creates_nothing(cli_database):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["create-user", "giulia", "--password", "corta"])
    assert "at least" in str(stopped.value)
    assert not accounts.has_users()


def test_db_upgrade_on_an_up_to_date_database_changes_nothing(cli_database, capsys):
    cli.main(["db", "upgrade"])
    assert "up to date" in capsys.readouterr().out


def test_set_password_replaces_a_forgotten_password(cli_database):
    cli.main(["create-user", "giulia", "--password", "una password lunga"])
    cli.main(["set-password", "giulia", "--password", "una nuova password"])
    assert accounts.authenticate("giulia", "una password lunga") is None
    assert accounts.authenticate("giulia", "una nuova password") is not None
    with pytest.raises(SystemExit) as stopped:
        cli.main(["set-password", "nessuno", "--password", "una nuova password"])
    assert "nessuno" in str(stopped.value)


def test_create_user_without_a_club_makes_an_owner_of_the_servers_club(cli_database, capsys):
    from tdapp.services import clubs

    cli.main(["create-user", "giulia", "--password", "una password lunga"])
    (staff,) = clubs.memberships_of(accounts.authenticate("giulia", "una password lunga").id)
    assert (staff.club_slug, staff.role) == ("club", "owner")
    assert "owner of club" in capsys.readouterr().out


def test_create_user_with_a_club_and_a_role(cli_database):
    from tdapp.services import clubs

    cli.main(["create-user", "marco", "--club", "club", "--role", "floor",
              "--password", "una password lunga"])
    (staff,) = clubs.memberships_of(accounts.authenticate("marco", "una password lunga").id)
    assert (staff.club_slug, staff.role) == ("club", "floor")


def test_create_user_in_an_unknown_club_creates_nothing(cli_database):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["create-user", "marco", "--club", "altro", "--password", "una password lunga"])
    assert "altro" in str(stopped.value)
    assert not accounts.has_users()


def test_club_list_names_the_servers_club_and_its_members(cli_database, capsys):
    cli.main(["create-user", "giulia", "--password", "una password lunga"])
    capsys.readouterr()
    cli.main(["club", "list"])
    assert capsys.readouterr().out == "club\tClub\tit\tEurope/Rome\tEUR\t1 members\n"


def test_a_default_club_renamed_in_the_environment_makes_no_second_club(cli_database,
                                                                         monkeypatch):
    from tdapp.services import clubs

    cli.main(["create-user", "giulia", "--password", "una password lunga"])
    monkeypatch.setenv("TDAPP_DEFAULT_CLUB", "altro")
    with pytest.raises(SystemExit) as stopped:
        cli.main(["create-user", "marco", "--password", "una password lunga"])
    assert "TDAPP_DEFAULT_CLUB=club" in str(stopped.value)
    assert [c.slug for c in clubs.clubs()] == ["club"] and not accounts.exists("marco")


def test_create_user_hoster_makes_an_account_in_no_club(cli_database, capsys):
    from tdapp.services import clubs

    cli.main(["create-user", "host", "--hoster", "--password", "una password lunga"])
    hoster = accounts.authenticate("host", "una password lunga")
    assert hoster.is_hoster and clubs.memberships_of(hoster.id) == []
    assert "hoster account host" in capsys.readouterr().out


def test_a_hoster_takes_no_club_or_role(cli_database):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["create-user", "host", "--hoster", "--club", "club",
                  "--password", "una password lunga"])
    assert "no club" in str(stopped.value) and not accounts.exists("host")


def test_club_create_makes_a_club_that_club_list_shows(cli_database, capsys):
    cli.main(["create-user", "giulia", "--password", "una password lunga"])
    cli.main(["club", "create", "circolo-roma", "--name", "Circolo Roma", "--language", "en",
              "--timezone", "Europe/London", "--currency", "GBP"])
    cli.main(["create-user", "marco", "--club", "circolo-roma", "--password",
              "una password lunga"])
    capsys.readouterr()
    cli.main(["club", "list"])
    assert capsys.readouterr().out == (
        "circolo-roma\tCircolo Roma\ten\tEurope/London\tGBP\t1 members\n"
        "club\tClub\tit\tEurope/Rome\tEUR\t1 members\n")


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        (["Circolo Roma"], "lowercase letters, digits and hyphens"),
        (["club"], "already another club's"),
        (["roma", "--timezone", "Europe/Atlantide"], "Europe/Atlantide is not a time zone"),
        (["roma", "--language", "fr"], "it (Italian) or en (English), not fr"),
    ],
)
def test_club_create_refuses_in_one_line_and_makes_nothing(cli_database, arguments, says):
    from tdapp.services import clubs

    cli.main(["create-user", "giulia", "--password", "una password lunga"])
    with pytest.raises(SystemExit) as stopped:
        cli.main(["club", "create", *arguments[:1], "--name", "Roma", *arguments[1:]])
    message = str(stopped.value)
    assert message.startswith("tdapp: ") and says in message and "\n" not in message
    assert [c.slug for c in clubs.clubs()] == ["club"]


def test_demo_goes_into_the_club_named_by_club_and_no_other(cli_database):
    """A command acts in the club `--club` names (the server's club by default): the other
    club does not see its tournament."""
    from tdapp.services import clubs, tenancy
    from tests.web.builders import second_club

    other = second_club("bianchi")
    cli.main(["demo", "--club", "bianchi"])
    assert tournaments.list_tournaments() == []
    with tenancy.in_club(other):
        (summary,) = tournaments.list_tournaments()
    assert summary.slug == "torneo-dimostrativo" and clubs.club_id_for(None) != other
    with pytest.raises(SystemExit) as stopped:
        cli.main(["demo", "--club", "nessuno"])
    assert "nessuno" in str(stopped.value)
