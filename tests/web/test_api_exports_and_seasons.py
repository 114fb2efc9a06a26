"""Exports (results.csv, results.json, log.csv) and seasons over the JSON API, on SQLite and
PostgreSQL, with every bad request refused in 4xx JSON that changes nothing."""

from __future__ import annotations

import csv
import io

import pytest

from tests.web.builders import SET_UP


def night(api, finish: list[str], name: str = "Lunedì sera", roster: dict[str, int] | None = None,
          set_up: dict | None = None) -> int:
    """A tournament played out: `finish` are the names, winner first; those in `roster`
    registered from the roster; `set_up` overrides the builders' set-up."""
    roster = roster or {}
    body = SET_UP | {"name": name} | (set_up or {})
    tid = api.post("/api/v1/tournaments", json=body).get_json()["id"]
    ids = {}
    for player in finish:
        body = {"roster_id": roster[player]} if player in roster else {"name": player}
        answer = api.post(f"/api/v1/tournaments/{tid}/players", json=body)
        assert answer.status_code == 201, answer.get_json()
        ids[player] = answer.get_json()["id"]
    api.post(f"/api/v1/tournaments/{tid}/seats/draw", json={})
    for player in reversed(finish[1:]):
        answer = api.post(f"/api/v1/tournaments/{tid}/players/{ids[player]}/bust", json={})
        assert answer.status_code == 200, answer.get_json()
    return tid


def refused(answer, status: int, code: str) -> dict:
    assert answer.status_code == status, answer.get_data(as_text=True)
    error = answer.get_json()["error"]
    assert error["code"] == code and error["message"]
    return error


def rows_of(answer) -> list[list[str]]:
    raw = answer.get_data()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte-order mark, for Excel
    text = raw.decode("utf-8-sig")
    assert "\r\n" in text
    return list(csv.reader(io.StringIO(text), delimiter=";"))


def test_results_csv_is_italian_excels_dialect_winner_first(api):
    tid = night(api, ["Nicolò", "Bruno", "Carla"])
    answer = api.get(f"/api/v1/tournaments/{tid}/results.csv")
    assert answer.status_code == 200
    assert answer.mimetype == "text/csv"
    assert 'filename="lunedi-sera-results.csv"' in answer.headers["Content-Disposition"]
    # 3 x 20 euros; the default payouts of a small field: 70% and 30%
    assert rows_of(answer) == [
        ["Posto", "Nome", "Iscrizioni", "Rebuy", "Add-on", "Fee della casa (€)", "Premio (€)"],
        ["1", "Nicolò", "1", "0", "0", "0,00", "42,00"],
        ["2", "Bruno", "1", "0", "0", "0,00", "18,00"],
        ["3", "Carla", "1", "0", "0", "0,00", "0,00"],
    ]


def test_results_csv_in_english_uses_commas_and_decimal_points(api):
    tid = night(api, ["Anna", "Bruno"])
    api.get("/lang/en")
    text = api.get(f"/api/v1/tournaments/{tid}/results.csv").get_data().decode("utf-8-sig")
    assert list(csv.reader(io.StringIO(text))) == [
        ["Place", "Name", "Entries", "Rebuys", "Add-ons", "House fees (€)", "Prize (€)"],
        ["1", "Anna", "1", "0", "0", "0.00", "28.00"],
        ["2", "Bruno", "1", "0", "0", "0.00", "12.00"],
    ]


def test_results_json_lists_the_same_rows_with_cents(api):
    tid = night(api, ["Anna", "Bruno", "Carla"])
    body = api.get(f"/api/v1/tournaments/{tid}/results.json").get_json()
    assert body["tournament"] == {"id": tid, "slug": "lunedi-sera", "name": "Lunedì sera",
                                  "date": None, "entries": 3, "prize_pool_cents": 6000,
                                  "fees_cents": 0}
    assert body["results"][0] == {"place": 1, "name": "Anna", "entries": 1, "rebuys": 0,
                                  "add_ons": 0, "fees_cents": 0, "prize_cents": 4200, "tied": 1}
    assert [r["place"] for r in body["results"]] == [1, 2, 3]


def test_the_results_show_the_house_fees_beside_the_prize_pool(api):
    """A "20 + 5" night (issue 16): the pool has the 20s, the house the 5s, each player's row
    what they paid the house."""
    tid = night(api, ["Anna", "Bruno", "Carla"], set_up={"buy_in": 2000, "fee": 500})
    body = api.get(f"/api/v1/tournaments/{tid}/results.json").get_json()
    assert body["tournament"]["prize_pool_cents"] == 6000
    assert body["tournament"]["fees_cents"] == 1500
    assert [row["fees_cents"] for row in body["results"]] == [500, 500, 500]
    rows = rows_of(api.get(f"/api/v1/tournaments/{tid}/results.csv"))
    assert [row[5] for row in rows[1:]] == ["5,00", "5,00", "5,00"]


def test_log_csv_is_the_log_in_words_oldest_first(api):
    tid = night(api, ["Anna", "Bruno"])
    rows = rows_of(api.get(f"/api/v1/tournaments/{tid}/log.csv"))
    assert rows[0] == ["#", "Ora", "Da", "Cosa è successo", "Annullato da"]
    assert [row[0] for row in rows[1:]] == [str(seq) for seq in range(1, len(rows))]
    assert "Bruno" in rows[-1][3] and rows[-1][2].endswith("(DdT)")
    assert all(len(row[1]) == 19 for row in rows[1:])  # 2026-12-03 21:15:07, the room's time


@pytest.mark.parametrize("path", ["results.csv", "results.json", "log.csv"])
def test_exports_of_an_unknown_tournament_are_404_json(api, path):
    refused(api.get(f"/api/v1/tournaments/999999/{path}"), 404, "UNKNOWN_TOURNAMENT")


def test_exports_need_a_ddt(client):
    refused(client.get("/api/v1/tournaments/1/results.csv"), 401, "LOGIN_REQUIRED")


def test_a_season_ranks_players_across_tournaments(api):
    anna = api.post("/api/v1/roster", json={"name": "Anna Rossi"}).get_json()["id"]
    first = night(api, ["Anna Rossi", "Bruno", "Carla", "Dario"], "Prima",
                  roster={"Anna Rossi": anna})
    # typed this time: the folded name is the roster's Anna
    second = night(api, ["bruno", "ANNA  ROSSI", "Carla"], "Seconda")
    answer = api.post("/api/v1/seasons", json={"name": "Inverno 2027",
                                               "tournaments": [first, second],
                                               "points": "linear"})
    assert answer.status_code == 201, answer.get_json()
    season = answer.get_json()
    assert season == {"id": season["id"], "name": "Inverno 2027", "points": "linear",
                      "tournaments": [first, second]}
    table = api.get(f"/api/v1/seasons/{season['id']}/standings").get_json()
    assert [t["name"] for t in table["tournaments"]] == ["Prima", "Seconda"]
    assert [(s["place"], s["player"], s["points"], s["tournaments"], s["wins"])
            for s in table["standings"]] == [
        (1, "Anna Rossi", 6.0, 2, 1),   # 4 + 2
        (1, "Bruno", 6.0, 2, 1),        # 3 + 3, one win and best place 1 too: shared
        (3, "Carla", 3.0, 2, 0),        # 2 + 1
        (4, "Dario", 1.0, 1, 0),
    ]
    assert table["standings"][0]["roster_id"] == anna
    # first of four (70% of 80 euros) and second of three (30% of 60)
    assert table["standings"][0]["prize_cents"] == 5600 + 1800


def test_a_season_is_changed_listed_and_deleted(api):
    tid = night(api, ["Anna", "Bruno"])
    created = api.post("/api/v1/seasons", json={"name": "Estate", "tournaments": []}).get_json()
    assert created["points"] == "td3"
    sid = created["id"]
    changed = api.put(f"/api/v1/seasons/{sid}", json={
        "name": "Estate 2027", "tournaments": [tid], "points": "fixed:10,6"})
    assert changed.get_json() == {"id": sid, "name": "Estate 2027", "points": "fixed:10,6",
                                  "tournaments": [tid]}
    table = api.get(f"/api/v1/seasons/{sid}/standings").get_json()
    assert [(s["player"], s["points"]) for s in table["standings"]] == [("Anna", 10.0),
                                                                         ("Bruno", 6.0)]
    assert [s["id"] for s in api.get("/api/v1/seasons").get_json()["seasons"]] == [sid]
    assert api.delete(f"/api/v1/seasons/{sid}").status_code == 204
    refused(api.get(f"/api/v1/seasons/{sid}/standings"), 404, "UNKNOWN_SEASON")
    assert api.get(f"/api/v1/tournaments/{tid}").status_code == 200  # the tournament stays


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"name": "", "tournaments": []}, 422, "BAD_SEASON_NAME"),
    ({"name": "   ", "tournaments": []}, 422, "BAD_SEASON_NAME"),
    ({"name": "x" * 121, "tournaments": []}, 422, "BAD_SEASON_NAME"),
    ({"name": "S", "tournaments": [], "points": "sqrt(n)/r"}, 422, "BAD_POINTS_FORMULA"),
    ({"name": "S", "tournaments": [], "points": "fixed:10,x"}, 422, "BAD_POINTS_TABLE"),
    ({"name": "S", "tournaments": [424242, 0]}, 422, "SEASON_TOURNAMENTS_UNKNOWN"),
    ({"name": "S", "tournaments": ["1"]}, 422, "INVALID_REQUEST"),
    ({"name": "S"}, 422, "INVALID_REQUEST"),
    ({"name": "S", "tournaments": [], "extra": 1}, 422, "INVALID_REQUEST"),
])
def test_bad_seasons_are_refused_and_create_nothing(api, body, status, code):
    error = refused(api.post("/api/v1/seasons", json=body), status, code)
    if code == "SEASON_TOURNAMENTS_UNKNOWN":
        assert error["params"] == {"tournaments": "424242, 0"}
    assert api.get("/api/v1/seasons").get_json() == {"seasons": []}


def test_a_tournament_listed_twice_is_refused(api):
    tid = night(api, ["Anna", "Bruno"])
    refused(api.post("/api/v1/seasons", json={"name": "S", "tournaments": [tid, tid]}), 422,
            "SEASON_TOURNAMENT_TWICE")


def test_a_refused_change_leaves_the_season_as_it_was(api):
    sid = api.post("/api/v1/seasons", json={"name": "S", "tournaments": [],
                                            "points": "linear"}).get_json()["id"]
    refused(api.put(f"/api/v1/seasons/{sid}", json={"name": "T", "tournaments": [999999]}),
            422, "SEASON_TOURNAMENTS_UNKNOWN")
    assert api.get(f"/api/v1/seasons/{sid}").get_json()["name"] == "S"
    refused(api.put("/api/v1/seasons/999999", json={"name": "T", "tournaments": []}), 404,
            "UNKNOWN_SEASON")


def test_seasons_need_a_ddt(client):
    refused(client.post("/api/v1/seasons", json={"name": "S", "tournaments": []}), 401,
            "LOGIN_REQUIRED")
