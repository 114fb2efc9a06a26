"""`POST /api/v1/tournaments/<id>/clock` and the public display page, through the test client."""

from __future__ import annotations

import pytest

from tdapp.services import tournaments
from tdapp.tournament.settings import Settings


@pytest.fixture
def tid(app) -> int:
    return tournaments.create_tournament(Settings(name="Clock API"), "test").id


def clock(api, tid: int, **body):
    return api.post(f"/api/v1/tournaments/{tid}/clock", json=body)


def test_each_action_answers_the_tournaments_view_with_the_clock(api, tid):
    answer = clock(api, tid, action="start")
    assert answer.status_code == 200
    assert answer.json["clock"]["running"] and answer.json["id"] == tid
    assert clock(api, tid, action="adjust", seconds=-90).status_code == 200
    assert clock(api, tid, action="jump", level=3).json["clock"]["level"] == 3
    assert clock(api, tid, action="previous").json["clock"]["level"] == 2
    assert clock(api, tid, action="next").json["clock"]["level"] == 3
    paused = clock(api, tid, action="pause").json
    assert not paused["clock"]["running"]
    assert clock(api, tid, action="resume").json["clock"]["running"]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"action": "rewind"}, 422, "INVALID_REQUEST"),
        ({"action": "adjust"}, 422, "FIELD_REQUIRED"),
        ({"action": "adjust", "seconds": "60"}, 422, "INVALID_REQUEST"),
        ({"action": "adjust", "seconds": 0}, 422, "BAD_ADJUSTMENT"),
        ({"action": "jump"}, 422, "FIELD_REQUIRED"),
        ({"action": "jump", "level": 99}, 422, "LEVEL_OUT_OF_RANGE"),
        ({"action": "pause", "level": 2}, 422, "FIELD_NOT_FOR_ACTION"),
        ({"action": "pause"}, 422, "CLOCK_NOT_RUNNING"),
        ({"action": "start", "extra": 1}, 422, "INVALID_REQUEST"),
    ],
)
def test_a_bad_clock_request_is_refused_with_a_code_and_changes_nothing(api, tid, body, status, code):
    before = tournaments.current(tid).version
    answer = clock(api, tid, **body)
    assert answer.status_code == status
    assert answer.json["error"]["code"] == code
    assert answer.json["error"]["message"]
    assert tournaments.current(tid).version == before


def test_the_clock_needs_a_ddt_and_a_known_tournament(client, api, tid):
    assert client.post(f"/api/v1/tournaments/{tid}/clock", json={"action": "start"}).status_code == 401
    missing = clock(api, tid + 100, action="start")
    assert missing.status_code == 404 and missing.json["error"]["code"] == "UNKNOWN_TOURNAMENT"


def test_a_screen_layout_is_set_and_bad_ones_refused(api, tid):
    answer = api.post(f"/api/v1/tournaments/{tid}/displays/bar", json={"layout": "rotate", "seconds": 30})
    assert answer.status_code == 200
    assert answer.json["displays"] == {"bar": {"layout": "rotate", "seconds": 30}}
    refused = api.post(f"/api/v1/tournaments/{tid}/displays/bar", json={"layout": "poster"})
    assert refused.status_code == 422 and refused.json["error"]["code"] == "BAD_LAYOUT"


def test_the_display_page_is_public_with_its_view_and_a_qr_code_to_the_players_page(client, tid):
    slug = tournaments.summary(tid).slug
    page = client.get(f"/t/{slug}/clock?screen=bar")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "<svg" in html and f"http://localhost/t/{slug}" in html
    assert 'data-screen="bar"' in html
    assert "/static/vendor/socket.io.min.js" in html


def test_the_display_of_an_unknown_tournament_is_not_found(client, app):
    assert client.get("/t/no-such-night/clock").status_code == 404
