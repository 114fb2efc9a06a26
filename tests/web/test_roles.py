"""Roles of a club's staff (issue 29, item 3): every endpoint is classified in one table, a floor
member runs the night's players but not the clock, the set-up, the payouts, deals, archive,
delete or PINs, and a refusal is `403 ROLE_FORBIDDEN` that changes nothing."""

from __future__ import annotations

import pytest

from tdapp.services import accounts, tournaments
from tdapp.web import roles
from tests.conftest import console_client
from tests.web.builders import seated

FLOOR_PASSWORD = "una password lunga"


def _bearer(client, token: str):
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return client


@pytest.fixture
def floor(app):
    """A test client with a floor member's bearer token."""
    account = accounts.create_user("marta", FLOOR_PASSWORD, role="floor")
    return _bearer(app.test_client(), accounts.issue_token(account))


@pytest.fixture
def floor_console(app):
    """A test client logged in to the console as a floor member, with its CSRF token."""
    account = accounts.create_user("marta", FLOOR_PASSWORD, role="floor")
    return console_client(app, account.id, account.username)


def test_every_endpoint_of_the_app_is_classified_once(app):
    sets = (roles.OPEN, roles.FLOOR, roles.DIRECTOR, roles.OWNER, roles.HOSTER)
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    unclassified = sorted(e for e in endpoints if not any(e in s for s in sets))
    twice = sorted(e for e in endpoints if sum(e in s for s in sets) > 1)
    stale = sorted(e for s in sets for e in s if e not in endpoints)
    assert (unclassified, twice, stale) == ([], [], [])


def test_a_floor_member_records_busts_rebuys_and_chip_counts(api, floor):
    tid, _, (first, second, _) = seated(api)
    assert floor.post(f"/api/v1/tournaments/{tid}/players/{second}/chips",
                      json={"stack": 4000}).status_code == 200
    assert floor.post(f"/api/v1/tournaments/{tid}/players/{first}/bust").status_code == 200
    assert floor.post(f"/api/v1/tournaments/{tid}/players",
                      json={"name": "Late Player"}).status_code in (200, 201)
    assert floor.get(f"/api/v1/tournaments/{tid}/log").status_code == 200
    events = floor.get(f"/api/v1/tournaments/{tid}/log").get_json()["events"]
    assert sum(entry["actor"] == "marta" for entry in events) == 3


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "/clock", {"action": "start"}),
        ("put", "/settings", {"name": "Altro"}),
        ("put", "/payouts", {"amounts": [1000]}),
        ("post", "/archive", {"archived": True}),
        ("delete", "", None),
        ("post", "/events/2/revert", {}),
        ("post", "/tables/1/access", {}),
        ("post", "/hand-for-hand", {"on": True}),
    ],
)
def test_a_floor_member_is_refused_the_directors_work_and_nothing_changes(
    api, floor, method, path, body
):
    tid, _, _ = seated(api)
    version = tournaments.current(tid).version
    answer = getattr(floor, method)(f"/api/v1/tournaments/{tid}{path}", json=body)
    assert answer.status_code == 403
    error = answer.get_json()["error"]
    assert (error["code"], error["params"]) == ("ROLE_FORBIDDEN",
                                                 {"role": "floor", "needs": "director"})
    # Said in the room's language, each role by its name rather than its code.
    assert "(Personale di sala)" in error["message"] and "serve il ruolo Direttore" in error["message"]
    assert tournaments.current(tid).version == version


def test_a_floor_member_cannot_create_a_tournament_or_see_the_tokens(floor):
    answer = floor.post("/api/v1/tournaments", json={"name": "Nuovo"})
    assert answer.status_code == 403
    assert tournaments.list_tournaments() == []
    assert floor.get("/api/v1/auth/tokens").status_code == 403


def test_a_directors_token_runs_the_clock(api, app):
    tid, _, _ = seated(api)
    account = accounts.create_user("dario", FLOOR_PASSWORD, role="director")
    director = _bearer(app.test_client(), accounts.issue_token(account))
    answer = director.post(f"/api/v1/tournaments/{tid}/clock", json={"action": "start"})
    assert answer.status_code == 200


def test_a_floor_member_undoes_their_own_bust_but_not_a_directors_chip_count(api, floor):
    tid, _, (first, second, _) = seated(api)
    assert floor.post(f"/api/v1/tournaments/{tid}/players/{first}/bust").status_code == 200
    assert floor.post(f"/api/v1/tournaments/{tid}/undo").status_code == 200
    assert tournaments.current(tid).players.get(first).place is None
    assert api.post(f"/api/v1/tournaments/{tid}/players/{second}/chips",
                    json={"stack": 4000}).status_code == 200
    version = tournaments.current(tid).version
    refused = floor.post(f"/api/v1/tournaments/{tid}/undo")
    assert refused.status_code == 403
    assert refused.get_json()["error"]["params"] == {"role": "floor", "needs": "director"}
    assert tournaments.current(tid).version == version
    assert api.post(f"/api/v1/tournaments/{tid}/undo").status_code == 200


def test_the_console_hides_the_clock_set_up_payouts_and_delete_from_the_floor(api, floor_console):
    tid, _, _ = seated(api)
    dashboard = floor_console.get(f"/td/t/{tid}").get_data(as_text=True)
    assert 'data-clock="start"' not in dashboard and 'id="clock-layout"' not in dashboard
    assert f"/td/t/{tid}/setup" not in dashboard
    assert 'id="club-name"' in dashboard and ">Club<" in dashboard
    listed = floor_console.get("/td/tournaments").get_data(as_text=True)
    assert "/delete" not in listed and 'id="new-tournament"' not in listed
    payouts = floor_console.get(f"/td/t/{tid}/payouts").get_data(as_text=True)
    assert 'name="amount-1"' not in payouts and 'id="payout-table-form"' not in payouts


def test_the_directors_console_keeps_every_control(api, ddt_client):
    tid, _, _ = seated(api)
    dashboard = ddt_client.get(f"/td/t/{tid}").get_data(as_text=True)
    assert 'data-clock="start"' in dashboard and f"/td/t/{tid}/setup" in dashboard


def test_a_console_page_the_floor_may_not_open_says_so(api, floor_console):
    tid, _, _ = seated(api)
    answer = floor_console.get(f"/td/t/{tid}/setup")
    assert answer.status_code == 403
    assert "serve il ruolo Direttore" in answer.get_data(as_text=True)


def test_a_console_form_the_floor_may_not_send_changes_nothing(api, floor_console):
    tid, _, _ = seated(api)
    name = tournaments.current(tid).settings.name
    answer = floor_console.post(f"/td/tournaments/{tid}/delete",
                                data={"csrf_token": floor_console.csrf, "confirm_name": name},
                                follow_redirects=True)
    assert "(Personale di sala)" in answer.get_data(as_text=True)
    assert [t.id for t in tournaments.list_tournaments()] == [tid]


def test_a_floor_member_registers_and_busts_from_the_console(api, floor_console):
    tid, _, (first, _, _) = seated(api)
    answer = floor_console.post(f"/td/t/{tid}/players/act",
                                data={"csrf_token": floor_console.csrf, "do": f"bust-{first}"})
    assert answer.status_code == 303
    assert tournaments.current(tid).players.get(first).place is not None
