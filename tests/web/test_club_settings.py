"""The club's settings (issue 29, items 1 and 3): its owner changes its name, language, time zone
and currency (`PUT /api/v1/club`, or the console's page); every member reads them (`GET`); a bad
one is refused with its code and changes nothing. The club's zone is the one the pages of its
staff read times in, and its language the console's until someone picks another."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from babel.dates import format_datetime

from tdapp.services import accounts, club_settings, clubs, invitations
from tests.conftest import console_client

PASSWORD = "una password lunga"


def _bearer(client, token):
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return client


def test_every_member_reads_the_clubs_settings(app, api):
    floor = accounts.create_user("marta", PASSWORD, role="floor")
    reader = _bearer(app.test_client(), accounts.issue_token(floor))
    expected = {"id": clubs.memberships_of(floor.id)[0].club_id, "slug": "club", "name": "Club",
                "language": "it", "timezone": "Europe/Rome", "currency": "EUR"}
    assert reader.get("/api/v1/club").get_json() == expected
    assert api.get("/api/v1/club").get_json() == expected


def test_the_owner_changes_the_settings(api):
    answer = api.put("/api/v1/club", json={"name": "Circolo Roma", "timezone": "Asia/Tokyo",
                                           "currency": "JPY"})
    assert answer.status_code == 200
    changed = answer.get_json()
    assert (changed["name"], changed["language"], changed["timezone"], changed["currency"]) == (
        "Circolo Roma", "it", "Asia/Tokyo", "JPY")
    assert api.get("/api/v1/club").get_json() == changed


def test_an_unknown_time_zone_is_422_and_changes_nothing(api):
    answer = api.put("/api/v1/club", json={"name": "Altro", "timezone": "Europe/Atlantide"})
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == "BAD_TIMEZONE"
    assert api.get("/api/v1/club").get_json()["name"] == "Club"


def test_a_director_may_not_change_the_settings(app, api):
    director = accounts.create_user("dario", PASSWORD, role="director")
    answer = _bearer(app.test_client(), accounts.issue_token(director)).put(
        "/api/v1/club", json={"name": "Mio"})
    assert answer.status_code == 403
    assert answer.get_json()["error"]["params"] == {"role": "director", "needs": "owner"}
    assert api.get("/api/v1/club").get_json()["name"] == "Club"


def test_the_owner_saves_the_settings_on_the_console(ddt_client, api):
    page = ddt_client.get("/td/club").get_data(as_text=True)
    assert 'value="Europe/Rome"' in page and 'id="club-settings"' in page
    answer = ddt_client.post("/td/club", data={
        "csrf_token": ddt_client.csrf, "name": "Circolo Roma", "language": "it",
        "timezone": "Europe/London", "currency": "GBP"}, follow_redirects=True)
    assert "Circolo Roma" in answer.get_data(as_text=True)
    assert api.get("/api/v1/club").get_json()["timezone"] == "Europe/London"


def test_a_bad_setting_on_the_console_is_said_and_kept_as_typed(ddt_client, api):
    answer = ddt_client.post("/td/club", data={
        "csrf_token": ddt_client.csrf, "next": "/td/club", "name": "Circolo Roma",
        "language": "it", "timezone": "Europa/Roma", "currency": "EUR"}, follow_redirects=True)
    page = answer.get_data(as_text=True)
    assert "Europa/Roma non è un fuso orario" in page
    assert 'value="Circolo Roma"' in page
    assert api.get("/api/v1/club").get_json()["name"] == "Club"


def test_the_club_settings_page_is_the_owners(app, api):
    floor = accounts.create_user("marta", PASSWORD, role="floor")
    floor_console = console_client(app, floor.id, floor.username)
    assert floor_console.get("/td/club").status_code == 403


def test_the_consoles_times_are_read_in_the_clubs_zone(ddt, ddt_client):
    club_id = clubs.memberships_of(ddt.id)[0].club_id
    club_settings.change(club_id, timezone="Asia/Tokyo")
    issued = invitations.invite(club_id, "floor", ddt.id)
    shown = format_datetime(issued.expires_at, "short", tzinfo=ZoneInfo("Asia/Tokyo"),
                            locale="it")
    assert shown in ddt_client.get("/td/members").get_data(as_text=True)


def test_the_consoles_language_is_the_clubs_until_one_picks_another(ddt, ddt_client):
    club_settings.change(clubs.memberships_of(ddt.id)[0].club_id, language="en")
    assert ">Members<" in ddt_client.get("/td/members").get_data(as_text=True)
    ddt_client.get("/lang/it")
    assert ">Membri<" in ddt_client.get("/td/members").get_data(as_text=True)


def test_a_page_acting_in_a_club_reads_its_zone_and_language_whoever_asks(app):
    """A public page (a tournament's, a league's) acts in the club it names: its times are read
    in that club's zone and it speaks that club's language, signed in or not."""
    from tdapp import i18n
    from tdapp.services import hosting, tenancy

    made = hosting.create_club("tokyo", "Tokyo", language="en", timezone="Asia/Tokyo")
    with app.test_request_context("/"), tenancy.in_club(made.id):
        assert (i18n.select_zone(), i18n.select_language()) == ("Asia/Tokyo", "en")
    with app.test_request_context("/"):
        assert (i18n.select_zone(), i18n.select_language()) == ("Europe/Rome", "it")
