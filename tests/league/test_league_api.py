"""The league's JSON API and service on the real database: a season entered night by night,
standings, the next night's tables, undo, and every bad request refused with nothing changed."""

import json
from pathlib import Path

import pytest

SEASON = json.loads((Path(__file__).parent / "season_2024.json").read_text())
MEMBERS = SEASON["members"]


def tables_of(record):
    return [{"name": t["name"], "chips": dict(t["chips"]), "poste": dict(t["poste"])}
            for t in record["tables"]]


@pytest.fixture
def league_id(api):
    answer = api.post("/api/v1/leagues", json={"name": "Edizione 2024/25", "members": MEMBERS})
    assert answer.status_code == 201
    return answer.get_json()["id"]


def enter(api, league_id, upto):
    for record in SEASON["nights"][:upto]:
        answer = api.post(f"/api/v1/leagues/{league_id}/nights",
                          json={"day": record["day"], "tables": tables_of(record)})
        assert answer.status_code == 201, answer.get_json()


def test_a_whole_season_entered_gives_the_standings_and_the_finalists_LG_04_LG_06(
        api, client, league_id):
    enter(api, league_id, 25)
    body = client.get(f"/api/v1/leagues/{league_id}/standings").get_json()
    assert body["nights"] == 25
    assert [[s["player"], s["points"]] for s in body["standings"]] == SEASON["standings_after_25"]
    final = client.get(f"/api/v1/leagues/{league_id}/next-night").get_json()
    assert final["day"] == 26 and final["kind"] == "final"
    assert final["tables"][0]["players"] == SEASON["final"]


def test_a_night_answers_with_nets_and_points_LG_02_LG_03(api, client, league_id):
    enter(api, league_id, 1)
    night = client.get(f"/api/v1/leagues/{league_id}/nights/1").get_json()
    expected = {p: v for t in SEASON["nights"][0]["tables"] for p, v in t["points"].items()}
    got = {row["player"]: row["points"] for t in night["tables"] for row in t["players"]}
    assert got == expected
    assert all(sum(row["net"] for row in t["players"]) == 0 for t in night["tables"])


def test_next_night_follows_the_rotation_with_the_unavailable_replaced_LG_05(
        api, client, league_id):
    enter(api, league_id, 3)
    plan = client.get(f"/api/v1/leagues/{league_id}/next-night").get_json()
    assert plan["day"] == 4 and len(plan["sitting_out"]) == 2
    away = plan["tables"][0]["players"][1]
    again = client.get(f"/api/v1/leagues/{league_id}/next-night?unavailable={away}").get_json()
    assert again["substitutions"][0]["player"] == away
    assert again["substitutions"][0]["substitute"] in plan["sitting_out"]
    assert client.get(f"/api/v1/leagues/{league_id}/next-night").get_json() == plan  # by lot, once


def test_first_night_is_two_tables_of_six_col_salto_LG_01(client, league_id):
    plan = client.get(f"/api/v1/leagues/{league_id}/next-night").get_json()
    assert [len(t["players"]) for t in plan["tables"]] == [6, 6]
    assert all(t["col_salto"] for t in plan["tables"])


def test_undo_takes_back_the_last_night_and_it_can_be_entered_again(api, client, league_id):
    enter(api, league_id, 2)
    assert api.post(f"/api/v1/leagues/{league_id}/undo").get_json() == {"undone_day": 2}
    assert client.get(f"/api/v1/leagues/{league_id}/standings").get_json()["nights"] == 1
    assert client.get(f"/api/v1/leagues/{league_id}/nights/2").status_code == 404
    enter_second = api.post(f"/api/v1/leagues/{league_id}/nights",
                            json={"day": 2, "tables": tables_of(SEASON["nights"][1])})
    assert enter_second.status_code == 201


def test_a_count_that_does_not_balance_is_refused_and_nothing_is_stored_LG_02(api, league_id):
    record = SEASON["nights"][0]
    tables = tables_of(record)
    first = next(iter(tables[0]["chips"]))
    tables[0]["chips"][first] += 50
    answer = api.post(f"/api/v1/leagues/{league_id}/nights", json={"day": 1, "tables": tables})
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == "NETS_DO_NOT_BALANCE"
    assert api.get(f"/api/v1/leagues/{league_id}/standings").get_json()["nights"] == 0


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"day": 2, "tables": []}, 422, "INVALID_REQUEST"),
    ({"day": 2, "tables": [{"name": "A", "chips": {"Galli": "500"}}]}, 422, "INVALID_REQUEST"),
    ({"day": 3, "tables": [{"name": "A", "chips": {"Galli": 500, "Liuni": 500, "Ivo": 500,
                                                   "Gina": 500}}]}, 422, "DAY_OUT_OF_ORDER"),
    ({"day": 1, "tables": [{"name": "A", "chips": {"Galli": 500, "Liuni": 500, "Ivo": 500,
                                                   "Zorro": 500}}]}, 422, "NOT_A_MEMBER"),
])
def test_bad_nights_are_refused_with_a_clear_error(api, league_id, body, status, code):
    answer = api.post(f"/api/v1/leagues/{league_id}/nights", json=body)
    assert answer.status_code == status
    assert answer.get_json()["error"]["code"] == code


def test_not_json_unknown_league_and_no_login(api, client, league_id):
    answer = api.post(f"/api/v1/leagues/{league_id}/nights", data="{day",
                      content_type="application/json")
    assert answer.status_code == 400
    assert client.get("/api/v1/leagues/999/standings").status_code == 404
    assert client.get("/api/v1/leagues/999/next-night").get_json()["error"]["code"] == \
        "UNKNOWN_LEAGUE"
    assert client.post(f"/api/v1/leagues/{league_id}/nights", json={}).status_code == 401
    assert client.post(f"/api/v1/leagues/{league_id}/undo").status_code == 401


def test_undo_with_nothing_entered_is_refused(api, league_id):
    answer = api.post(f"/api/v1/leagues/{league_id}/undo")
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == "LEAGUE_NOTHING_TO_UNDO"


def test_a_league_needs_8_to_16_different_members(api):
    answer = api.post("/api/v1/leagues", json={"name": "x", "members": ["a"] * 8})
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == "BAD_LEAGUE"


def test_after_the_final_and_the_finalina_the_roll_of_honour_LG_06(api, client, league_id):
    enter(api, league_id, 25)
    final, finalina = SEASON["final"], SEASON["finalina"]
    winner_chips = {p: 1000 for p in final}
    winner_chips[final[-1]] += 2000
    winner_chips[final[0]] -= 1000
    winner_chips[final[1]] -= 1000
    for day, players, chips, posta in ((26, final, winner_chips, 1000),
                                       (27, finalina, None, 500)):
        chips = chips or {p: posta + (300 if p == players[2] else -75) for p in players}
        answer = api.post(f"/api/v1/leagues/{league_id}/nights",
                          json={"day": day, "tables": [{"name": "A", "chips": chips}]})
        assert answer.status_code == 201, answer.get_json()
    body = client.get(f"/api/v1/leagues/{league_id}/standings").get_json()
    assert body["roll_of_honour"]["final"] == final[-1]
    assert body["roll_of_honour"]["finalina"] == finalina[2]
    assert body["roll_of_honour"]["podium"] == [s["player"] for s in body["standings"][:3]]
    assert client.get(f"/api/v1/leagues/{league_id}/next-night").get_json()["error"]["code"] \
        == "SEASON_OVER"
    page = client.get(f"/leagues/{league_id}").get_data(as_text=True)
    assert 'id="honours"' in page
