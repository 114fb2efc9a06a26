"""The seating API and the players' pages on SQLite and PostgreSQL: suggested moves and breaks,
applying them, moves by hand, and every bad request refused with nothing changed (TO-05..TO-13)."""

from __future__ import annotations

import pytest

SET_UP = {
    "name": "Lunedì sera",
    "starting_stack": 5000,
    "buy_in": 2000,
    "seats_per_table": 9,
    "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200}],
}
NAMES = ["Nicolò Rossi", "Anna Bianchi", "Niccolò Verdi", "Giulia Neri"]


def night(api, players: int = 18, names: list[str] | None = None) -> tuple[int, str]:
    """A tournament with `players` registered and seated; the first ones take `names`."""
    answer = api.post("/api/v1/tournaments", json=SET_UP)
    assert answer.status_code == 201, answer.get_json()
    tid, slug = answer.get_json()["id"], answer.get_json()["slug"]
    names = (names or []) + [f"Player {n}" for n in range(1, players + 1)]
    for name in names[:players]:
        assert api.post(f"/api/v1/tournaments/{tid}/players", json={"name": name}).status_code == 201
    assert api.post(f"/api/v1/tournaments/{tid}/seats/draw").status_code == 200
    return tid, slug


def bust_at(api, tid: int, table: int, count: int) -> None:
    view = api.get(f"/api/v1/tournaments/{tid}").get_json()
    seated = [p["id"] for p in view["players"] if p["table"] == table and p["status"] != "busted"]
    for pid in seated[:count]:
        assert api.post(f"/api/v1/tournaments/{tid}/players/{pid}/bust").status_code == 200


def refused(answer, status: int, code: str) -> None:
    assert answer.status_code == status, answer.get_data(as_text=True)
    assert answer.get_json()["error"]["code"] == code


def test_balance_lists_the_suggested_move_with_its_reason_TO_05_TO_07(api):
    tid, _ = night(api)
    assert api.get(f"/api/v1/tournaments/{tid}/balance").get_json()["moves"] == []
    bust_at(api, tid, 2, 2)
    found = api.get(f"/api/v1/tournaments/{tid}/balance").get_json()
    (move,) = found["moves"]
    assert move["reason"] == "BALANCE"
    assert move["params"]["from_table"] == 1 and move["params"]["to_table"] == 2
    assert (move["params"]["source_players"], move["params"]["destination_players"]) == (9, 7)
    assert move["message"]
    assert found["break_order"] == [2, 1]


def test_apply_suggested_moves_the_player_and_undo_takes_it_back(api):
    tid, _ = night(api)
    bust_at(api, tid, 2, 2)
    view = api.post(f"/api/v1/tournaments/{tid}/moves", json={"apply": "suggested"}).get_json()
    assert sorted(t["players"] for t in view["tables"]) == [8, 8]
    assert view["seating"]["suggestions"]["moves"] == []
    undone = api.post(f"/api/v1/tournaments/{tid}/undo").get_json()
    assert sorted(t["players"] for t in undone["tables"]) == [7, 9]


def test_a_player_moved_by_hand_to_an_open_seat(api):
    tid, _ = night(api, players=16)
    view = api.get(f"/api/v1/tournaments/{tid}").get_json()
    table_two = next(t for t in view["tables"] if t["number"] == 2)
    open_seat = next(s["seat"] for s in table_two["seats"] if s["player_id"] is None)
    mover = next(p for p in view["players"] if p["table"] == 1)
    body = {"player": mover["id"], "table": 2, "seat": open_seat}
    after = api.post(f"/api/v1/tournaments/{tid}/moves", json=body).get_json()
    moved = next(p for p in after["players"] if p["id"] == mover["id"])
    assert (moved["table"], moved["seat"]) == (2, open_seat)
    assert after["seating"]["last_moves"][str(mover["id"])]["reason"] == "MANUAL"


@pytest.mark.parametrize(
    "body, status, code",
    [
        ({}, 422, "MOVE_OR_APPLY"),
        ({"player": 1, "table": 2}, 422, "MOVE_OR_APPLY"),
        ({"player": 1, "table": 2, "seat": 3, "apply": "suggested"}, 422, "MOVE_OR_APPLY"),
        ({"apply": "everything"}, 422, "INVALID_REQUEST"),
        ({"player": "1", "table": 2, "seat": 3}, 422, "INVALID_REQUEST"),
        ({"player": 1, "table": 9, "seat": 3}, 404, "UNKNOWN_TABLE"),
        ({"player": 1, "table": 2, "seat": 10}, 422, "NO_SUCH_SEAT"),
        ({"player": 99, "table": 2, "seat": 3}, 404, "UNKNOWN_PLAYER"),
    ],
)
def test_bad_moves_are_refused_and_change_nothing(api, body, status, code):
    tid, _ = night(api)
    before = api.get(f"/api/v1/tournaments/{tid}").get_json()
    refused(api.post(f"/api/v1/tournaments/{tid}/moves", json=body), status, code)
    after = api.get(f"/api/v1/tournaments/{tid}").get_json()
    assert after["version"] == before["version"]
    assert after["tables"] == before["tables"]


def test_nothing_to_apply_is_refused(api):
    tid, _ = night(api)
    refused(
        api.post(f"/api/v1/tournaments/{tid}/moves", json={"apply": "suggested"}),
        422,
        "NOTHING_TO_APPLY",
    )


def test_table_break_is_suggested_then_applied_in_the_set_order_TO_10(api):
    tid, _ = night(api, players=27)
    assert api.put(f"/api/v1/tournaments/{tid}/break-order", json={"order": [1]}).status_code == 200
    bust_at(api, tid, 2, 5)
    bust_at(api, tid, 3, 4)
    found = api.get(f"/api/v1/tournaments/{tid}/balance").get_json()
    assert [b["table"] for b in found["breaks"]] == [1]
    view = api.post(f"/api/v1/tournaments/{tid}/moves", json={"apply": "suggested"}).get_json()
    assert [t["number"] for t in view["tables"]] == [2, 3]


def test_seating_settings_hand_for_hand_and_buttons_through_the_api_TO_02_TO_13(api):
    tid, _ = night(api)
    refused(api.put(f"/api/v1/tournaments/{tid}/seating", json={"balance_diff": 1}), 422, "INVALID_REQUEST")
    view = api.put(f"/api/v1/tournaments/{tid}/seating", json={"balance_diff": 3}).get_json()
    assert view["seating"]["balance_diff"] == 3
    view = api.post(f"/api/v1/tournaments/{tid}/hand-for-hand", json={"on": True}).get_json()
    assert view["seating"]["hand_for_hand"] is True
    assert "HAND_FOR_HAND_ON" in [w["code"] for w in view["warnings"]]
    view = api.post(f"/api/v1/tournaments/{tid}/buttons/draw").get_json()
    assert set(view["seating"]["next_hands"]) == {"1", "2"}
    refused(api.post(f"/api/v1/tournaments/{tid}/final-table"), 422, "NOT_FINAL_YET")


def test_the_seating_api_needs_a_ddt(client, api):
    tid, _ = night(api)
    refused(client.get(f"/api/v1/tournaments/{tid}/balance"), 401, "LOGIN_REQUIRED")
    refused(client.post(f"/api/v1/tournaments/{tid}/moves", json={"apply": "suggested"}), 401, "LOGIN_REQUIRED")


def test_players_page_finds_a_name_without_accents_or_case(client, api):
    _, slug = night(api, players=8, names=NAMES)
    page = client.get(f"/t/{slug}?q=NICOLO").get_data(as_text=True)
    assert "Nicolò Rossi" in page and "Niccolò Verdi" not in page and "Anna Bianchi" not in page
    found = client.get(f"/t/{slug}/players?q=nicc").get_json()["players"]
    assert [p["name"] for p in found] == ["Niccolò Verdi"]
    assert found[0]["table"] and found[0]["seat"]


def test_players_page_lists_everyone_with_table_and_seat_and_stays_light(client, api):
    _, slug = night(api, players=12, names=NAMES)
    answer = client.get(f"/t/{slug}")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert page.count('href="/t/') >= 12
    assert len(answer.get_data()) < 50_000


def test_a_players_own_page_shows_the_seat_and_the_last_move(client, api):
    tid, slug = night(api, names=NAMES)
    bust_at(api, tid, 2, 2)
    view = api.post(f"/api/v1/tournaments/{tid}/moves", json={"apply": "suggested"}).get_json()
    moved = next(iter(view["seating"]["last_moves"].values()))
    player = next(p for p in view["players"] if p["id"] == moved["player_id"])
    page = client.get(f"/t/{slug}/p/{player['id']}").get_data(as_text=True)
    assert player["name"] in page
    assert f'id="my-table">{player["table"]}<' in page
    assert f'id="my-seat">{player["seat"]}<' in page
    assert "Bilanciamento dei tavoli" in page, "Italian first"
    english = client.get(f"/lang/en?next=/t/{slug}/p/{player['id']}", follow_redirects=True)
    assert "Table balance" in english.get_data(as_text=True)
    assert "buy_in" not in page and "prize" not in page


def test_an_unknown_player_or_tournament_is_a_404(client, api):
    _, slug = night(api, players=4)
    assert client.get(f"/t/{slug}/p/999").status_code == 404
    assert client.get("/t/no-such-night").status_code == 404


def test_the_console_tables_page_shows_the_suggested_move_with_apply(ddt_client, api):
    tid, _ = night(api)
    bust_at(api, tid, 2, 2)
    page = ddt_client.get(f"/td/t/{tid}/tables").get_data(as_text=True)
    assert 'id="moves"' in page
    assert f'data-api="/api/v1/tournaments/{tid}/moves"' in page
    assert "seat" in page.lower() and "id=\"balanced\"" not in page
    body = {"apply": "suggested"}
    headers = {"X-CSRF-Token": ddt_client.csrf}
    answer = ddt_client.post(f"/api/v1/tournaments/{tid}/moves", json=body, headers=headers)
    assert answer.status_code == 200
    page = ddt_client.get(f"/td/t/{tid}/tables").get_data(as_text=True)
    assert 'id="balanced"' in page


def test_a_player_marks_themself_away_and_back_from_the_phone_HE_25(client, api):
    tid, slug = night(api, players=4, names=NAMES)
    page = client.get(f"/t/{slug}/p/1").get_data(as_text=True)
    token = page.split('name="csrf_token" value="')[1].split('"')[0]
    view = api.get(f"/api/v1/tournaments/{tid}").get_json()
    code = next(p for p in view["players"] if p["id"] == 1)["phone_code"]
    refused = client.post(f"/t/{slug}/p/1/presence", data={"absent": "1", "code": code})
    assert refused.status_code == 400
    answer = client.post(
        f"/t/{slug}/p/1/presence", data={"absent": "1", "code": code, "csrf_token": token}
    )
    assert answer.status_code == 302
    view = api.get(f"/api/v1/tournaments/{tid}").get_json()
    assert next(p for p in view["players"] if p["id"] == 1)["status"] == "absent"
    client.post(f"/t/{slug}/p/1/presence", data={"absent": "0", "csrf_token": token})
    view = api.get(f"/api/v1/tournaments/{tid}").get_json()
    assert next(p for p in view["players"] if p["id"] == 1)["status"] == "seated"
    log = api.get(f"/api/v1/tournaments/{tid}/log").get_json()["events"]
    assert [e["actor"] for e in log].count("phone:1") == 2


def test_a_large_field_searches_first_and_the_page_stays_under_50_kb(client, api):
    _, slug = night(api, players=160, names=NAMES)
    answer = client.get(f"/t/{slug}")
    assert len(answer.get_data()) < 50_000
    page = answer.get_data(as_text=True)
    assert 'id="hint"' in page and "Player 7" not in page
    found = client.get(f"/t/{slug}?q=player 15").get_data(as_text=True)
    assert ">Player 15<" in found and ">Player 150<" in found and ">Player 16<" not in found
