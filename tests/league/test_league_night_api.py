"""The league night over JSON and on its pages: opened in one step, its screen, its marks, the
result confirmed from the tables; the readings a league chooses and where they show; the
post-season's absences. Every bad request refused with nothing changed."""

from __future__ import annotations

import json
from datetime import date, datetime, time, timedelta
from pathlib import Path

import pytest

from tdapp.draw_table.commands import Act, Deal, Draw, Showdown
from tdapp.i18n import club_zone
from tdapp.services import draw_tables

SEASON = json.loads((Path(__file__).parent / "season_2024.json").read_text())
MEMBERS = SEASON["members"]


@pytest.fixture
def league_id(api):
    answer = api.post("/api/v1/leagues", json={"name": "Edizione 2024/25", "members": MEMBERS})
    return answer.get_json()["id"]


def enter(api, league_id, upto):
    for record in SEASON["nights"][:upto]:
        tables = [{"name": t["name"], "chips": t["chips"], "poste": t["poste"]}
                  for t in record["tables"]]
        answer = api.post(f"/api/v1/leagues/{league_id}/nights",
                          json={"day": record["day"], "tables": tables})
        assert answer.status_code == 201, answer.get_json()


def a_pot(table_id: int, *, giri: bool = False) -> None:
    """The first to speak opens, the next calls, the rest fold; both draw, bet, show down."""
    draw_tables.dispatch(table_id, Deal(2, giri=giri), "dealer")
    order = draw_tables.current(table_id).state.hand.order
    draw_tables.dispatch(table_id, Act(order[0], "bet", 10, confirmed=True), "dealer")
    draw_tables.dispatch(table_id, Act(order[1], "call"), "dealer")
    for seat in order[2:]:
        draw_tables.dispatch(table_id, Act(seat, "fold"), "dealer")
    draw_tables.dispatch(table_id, Draw(order[0], 1), "dealer")
    draw_tables.dispatch(table_id, Draw(order[1], 1), "dealer")
    draw_tables.dispatch(table_id, Act(order[0], "bet", 20), "dealer")
    draw_tables.dispatch(table_id, Act(order[1], "call"), "dealer")
    draw_tables.dispatch(table_id, Showdown(winner=order[1]), "dealer")


def test_a_night_is_opened_played_and_confirmed_over_the_api_LG_07(api, client, league_id):
    opened = api.post(f"/api/v1/leagues/{league_id}/live-nights", json={"unavailable": []})
    assert opened.status_code == 201
    night = opened.get_json()
    assert night["day"] == 1 and [t["name"] for t in night["tables"]] == ["A", "B"]
    assert all(t["phase"] in ("before_start", "play", "giri_due") for t in night["tables"])
    again = api.post(f"/api/v1/leagues/{league_id}/live-nights", json={})
    assert again.status_code == 422
    assert again.get_json()["error"]["code"] == "NIGHT_ALREADY_OPEN"
    for table in night["tables"]:
        a_pot(table["draw_table_id"])
    marked = api.post(f"/api/v1/leagues/{league_id}/live-nights/1/marks",
                      json={"table": "A", "mark": "vestito"})
    assert marked.status_code == 200
    assert marked.get_json()["tables"][0]["telesina_due"] == ["vestito"]
    early = api.post(f"/api/v1/leagues/{league_id}/live-nights/1/confirm", json={})
    assert early.get_json()["error"]["code"] == "NIGHT_NOT_OVER"
    for table in night["tables"]:
        api.post(f"/api/v1/leagues/{league_id}/live-nights/1/marks",
                 json={"table": table["name"], "mark": "giri_telesina"})
        for _ in range(12):  # two fixed rounds at a table of six
            a_pot(table["draw_table_id"], giri=True)
    shown = client.get(f"/api/v1/leagues/{league_id}/live-nights/1").get_json()
    assert shown["over"] and all(t["phase"] == "over" for t in shown["tables"])
    assert shown["problems"] == []
    assert all(sum(t["chips"].values()) == 500 * len(t["chips"]) for t in shown["proposal"])
    confirmed = api.post(f"/api/v1/leagues/{league_id}/live-nights/1/confirm", json={})
    assert confirmed.status_code == 201
    stored = client.get(f"/api/v1/leagues/{league_id}/nights/1").get_json()
    assert [t["name"] for t in stored["tables"]] == ["A", "B"]
    assert client.get(f"/api/v1/leagues/{league_id}/live-nights/1").get_json()["confirmed"]


def test_night_requests_are_refused_clearly_and_change_nothing(api, client, league_id):
    assert client.post(f"/api/v1/leagues/{league_id}/live-nights", json={}).status_code == 401
    missing = client.get(f"/api/v1/leagues/{league_id}/live-nights/1")
    assert missing.status_code == 404
    assert missing.get_json()["error"]["code"] == "UNKNOWN_LIVE_NIGHT"
    api.post(f"/api/v1/leagues/{league_id}/live-nights", json={})
    bad = api.post(f"/api/v1/leagues/{league_id}/live-nights/1/marks",
                   json={"table": "A", "mark": "poker"})
    assert bad.status_code == 422
    wrong = api.post(f"/api/v1/leagues/{league_id}/live-nights/1/marks",
                     json={"table": "Z", "mark": "telesina"})
    assert wrong.get_json()["error"]["code"] == "NIGHT_UNKNOWN_TABLE"
    table = client.get(f"/api/v1/leagues/{league_id}/live-nights/1").get_json()["tables"][0]
    draw_tables.dispatch(table["draw_table_id"], Deal(2), "dealer")
    held = api.post(f"/api/v1/leagues/{league_id}/live-nights/1/confirm", json={})
    assert held.status_code == 422
    assert held.get_json()["error"]["code"] == "NIGHT_NOT_OVER"
    assert client.get(f"/api/v1/leagues/{league_id}/live-nights/1").get_json()["recorded"] == []
    assert client.get(f"/api/v1/leagues/{league_id}/standings").get_json()["nights"] == 0


def test_a_league_chooses_its_readings_and_the_standings_follow_LG_04(api, client, league_id):
    enter(api, league_id, 3)
    before = client.get(f"/api/v1/leagues/{league_id}/standings").get_json()
    assert before["readings"] == {"key_2": "nights", "cappotto": "box", "day_21": "night",
                                  "changed": []}
    chosen = api.post(f"/api/v1/leagues/{league_id}/readings", json={"key_2": "amount"})
    assert chosen.get_json()["changed"] == ["key_2"]
    after = client.get(f"/api/v1/leagues/{league_id}/standings").get_json()
    assert after["readings"]["key_2"] == "amount" and after["readings"]["cappotto"] == "box"
    refused = api.post(f"/api/v1/leagues/{league_id}/readings", json={"cappotto": "maybe"})
    assert refused.status_code == 422
    assert client.get(f"/api/v1/leagues/{league_id}/standings").get_json()["readings"] == \
        after["readings"]


def test_the_sole_winner_cappotto_counts_without_a_box_LG_03(api, client, league_id):
    api.post(f"/api/v1/leagues/{league_id}/readings", json={"cappotto": "sole_winner"})
    chips = {MEMBERS[i]: v for i, v in enumerate((2500, 100, 100, 100, 100, 100))}
    b = {MEMBERS[6 + i]: 500 for i in range(6)}
    answer = api.post(f"/api/v1/leagues/{league_id}/nights", json={"day": 1, "tables": [
        {"name": "A", "chips": chips}, {"name": "B", "chips": b}]})
    lines = {row["player"]: row["points"] for row in answer.get_json()["tables"][0]["players"]}
    # +2000: biggest winner 2, four full poste, the cappotto 1 (everybody else lost)
    assert lines[MEMBERS[0]] == 2 + 4 + 1


def test_next_night_honours_the_unavailable_on_days_21_to_24_LG_06(api, client, league_id):
    enter(api, league_id, 20)
    plan = client.get(f"/api/v1/leagues/{league_id}/next-night").get_json()
    away = plan["tables"][0]["players"][0]
    again = client.get(f"/api/v1/leagues/{league_id}/next-night?unavailable={away}").get_json()
    assert away not in again["tables"][0]["players"]
    assert again["substitutions"][0]["player"] == away


def test_night_25_without_four_for_the_playoff_plays_the_main_table_LG_06(api, client,
                                                                         league_id):
    enter(api, league_id, 24)
    plan = client.get(f"/api/v1/leagues/{league_id}/next-night").get_json()
    playoff = plan["tables"][1]["players"]
    away = ",".join(playoff[:2])
    short = client.get(f"/api/v1/leagues/{league_id}/next-night?unavailable={away}")
    assert short.status_code == 200
    body = short.get_json()
    assert [t["name"] for t in body["tables"]] == ["A"]
    assert body["unplayed"][0]["table"] == "B"


def test_the_pages_show_the_readings_where_they_act(ddt_client, client, league_id, api):
    enter(api, league_id, 1)
    client.get("/lang/en")
    standings = client.get(f"/leagues/{league_id}").get_data(as_text=True)
    assert 'id="readings"' in standings
    assert "Day 21 is played by the five of the eight with the best day-20 results" in standings
    assert "chosen by this league" not in standings
    night = client.get(f"/leagues/{league_id}/nights/1").get_data(as_text=True)
    assert "Tied biggest winners at a table both get 2 points" in night
    assert "A full vestito is a full house of jacks or higher" in night
    help_page = client.get("/games/help").get_data(as_text=True)
    assert "The podium is read from the standings after the Final" in help_page
    assert "the refund goes into the middle, for the next deal" in help_page
    ddt_client.post(f"/leagues/{league_id}/readings",
                    data={"csrf_token": ddt_client.csrf, "day_21": "standings"})
    changed = client.get(f"/leagues/{league_id}").get_data(as_text=True)
    assert "Day 21 is played by the top five of the standings. <span class=\"muted\">" \
        "(chosen by this league)" in changed
    client.get("/lang/it")
    italian = client.get(f"/leagues/{league_id}").get_data(as_text=True)
    assert "La giornata 21 la giocano i primi cinque della classifica." in italian
    assert "(scelta di questo torneo)" in italian


def test_the_night_screen_opens_from_the_secretary_page(ddt_client, client, league_id):
    page = ddt_client.get(f"/leagues/{league_id}/secretary").get_data(as_text=True)
    assert 'id="open-night"' in page
    answer = ddt_client.post(f"/leagues/{league_id}/open-night",
                             data={"csrf_token": ddt_client.csrf})
    assert answer.status_code == 302 and answer.location.endswith(f"/leagues/{league_id}"
                                                                 "/nights/1/live")
    screen = client.get(f"/leagues/{league_id}/nights/1/live").get_data(as_text=True)
    assert 'id="table-A"' in screen and 'id="table-B"' in screen and 'id="giri-at"' in screen
    assert client.get(f"/leagues/{league_id}/nights/2/live").status_code == 404


def test_the_club_zone_has_rome_s_offset_not_its_old_local_mean_time(app):
    with app.test_request_context("/"):
        eight = datetime.combine(date(2026, 11, 30), time(20, 0), club_zone())
    assert eight.utcoffset() == timedelta(hours=1)


def test_the_secretary_page_is_prefilled_from_the_tables_of_an_open_night(ddt_client, api,
                                                                         league_id):
    api.post(f"/api/v1/leagues/{league_id}/live-nights", json={})
    table = api.get(f"/api/v1/leagues/{league_id}/live-nights/1").get_json()["tables"][0]
    a_pot(table["draw_table_id"])
    counted = api.get(f"/api/v1/leagues/{league_id}/live-nights/1").get_json()["proposal"][0]
    page = ddt_client.get(f"/leagues/{league_id}/secretary").get_data(as_text=True)
    assert 'id="live-night"' in page and 'id="open-night"' not in page
    for chips in counted["chips"].values():
        assert f'value="{chips}"' in page
    assert any(chips != 500 for chips in counted["chips"].values())


def test_the_night_says_the_round_of_telesina_going_on_at_a_table_TS_08(api, client, league_id):
    night = api.post(f"/api/v1/leagues/{league_id}/live-nights", json={}).get_json()
    table = night["tables"][1]
    assert table["telesina_on"] is None
    api.post(f"/api/v1/draw-tables/{table['draw_table_id']}/telesina-round",
             json={"variant": "due_vele"})
    api.post(f"/api/v1/draw-tables/{table['draw_table_id']}/deal", json={})
    shown = client.get(f"/api/v1/leagues/{league_id}/live-nights/1").get_json()["tables"][1]
    assert shown["round_on"] == "telesina" and shown["telesina_played"] == 1
    assert shown["telesina_on"] == {"variant": "due_vele", "giri": False, "played": 1,
                                    "hands": 6}  # day 1: six at a table, each deals once
