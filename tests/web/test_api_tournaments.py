"""The JSON API v1 on SQLite and PostgreSQL: the DdT's actions end to end, and every bad request
answered with a 4xx `{"error": {"code", "message"}}` that changes nothing."""

from __future__ import annotations

import pytest

LEVELS = [
    {"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200},
    {"small_blind": 50, "big_blind": 100, "ante": 0, "seconds": 1200},
    {"break": True, "seconds": 600},
    {"small_blind": 100, "big_blind": 200, "ante": 200, "seconds": 1200},
]
SET_UP = {
    "name": "Lunedì sera",
    "starting_stack": 5000,
    "buy_in": 2000,
    "seats_per_table": 9,
    "levels": LEVELS,
    "rebuy": {"until_level": 2, "chips": 5000, "price": 2000, "max_stack": 5000},
    "add_on": {"chips": 5000, "price": 2000, "until_level": 2},
}


def create(api, **changes) -> int:
    answer = api.post("/api/v1/tournaments", json=SET_UP | changes)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["id"]


def register(api, tid: int, count: int) -> list[int]:
    ids = []
    for number in range(1, count + 1):
        answer = api.post(f"/api/v1/tournaments/{tid}/players", json={"name": f"Player {number}"})
        assert answer.status_code == 201
        ids.append(answer.get_json()["id"])
    return ids


def player(view: dict, pid: int) -> dict:
    return next(p for p in view["players"] if p["id"] == pid)


def refused(answer, status: int, code: str) -> None:
    assert answer.status_code == status, answer.get_data(as_text=True)
    error = answer.get_json()["error"]
    assert error["code"] == code
    assert error["message"]


def test_create_answers_201_with_id_and_slug(api):
    answer = api.post("/api/v1/tournaments", json=SET_UP)
    assert answer.status_code == 201
    assert answer.get_json() == {"id": answer.get_json()["id"], "slug": "lunedi-sera"}
    view = api.get(f"/api/v1/tournaments/{answer.get_json()['id']}").get_json()
    assert view["tournament"]["name"] == "Lunedì sera"
    assert view["tournament"]["buy_in_cents"] == 2000
    assert view["version"] == 1


def test_a_night_through_the_api_draw_rebuy_add_on_chips_absent_bust_undo_redo(api):
    tid = create(api)
    ids = register(api, tid, 12)
    assert ids == list(range(1, 13))

    view = api.post(f"/api/v1/tournaments/{tid}/seats/draw").get_json()
    assert sorted(t["players"] for t in view["tables"]) == [6, 6]
    assert all(p["table"] and p["seat"] and p["status"] == "seated" for p in view["players"])

    assert api.post(f"/api/v1/tournaments/{tid}/players/3/rebuy").status_code == 200
    assert api.post(f"/api/v1/tournaments/{tid}/players/4/addon").status_code == 200
    answer = api.post(f"/api/v1/tournaments/{tid}/players/5/chips", json={"stack": 2700})
    assert player(answer.get_json(), 5)["stack"] == 2700
    answer = api.post(f"/api/v1/tournaments/{tid}/players/6/absent", json={"absent": True})
    assert player(answer.get_json(), 6)["status"] == "absent"
    view = api.post(f"/api/v1/tournaments/{tid}/players/7/bust").get_json()

    busted = player(view, 7)
    assert (busted["status"], busted["place"], busted["table"]) == ("busted", 12, None)
    assert (player(view, 3)["rebuys"], player(view, 4)["add_ons"]) == (1, 1)
    assert view["ledger"]["players_left"] == 11
    assert view["ledger"]["prize_pool_cents"] == 12 * 2000 + 2000 + 2000
    assert view["ledger"]["chips_issued"] == 12 * 5000 + 5000 + 5000
    version = view["version"]

    undone = api.post(f"/api/v1/tournaments/{tid}/undo").get_json()
    assert player(undone, 7)["status"] == "seated"
    assert undone["version"] == version + 1
    assert undone["can_redo"] is True
    redone = api.post(f"/api/v1/tournaments/{tid}/redo").get_json()
    assert player(redone, 7)["place"] == 12
    assert redone["version"] == version + 2

    log = api.get(f"/api/v1/tournaments/{tid}/log").get_json()["events"]
    assert (log[0]["code"], log[0]["params"]) == ("LOG_BUSTED", {"player": "Player 7", "place": 12})
    assert "Player 7" in log[0]["text"] and "12" in log[0]["text"]
    assert log[-1]["event"] == "TournamentConfigured"
    assert all(entry["actor"] == "ddt" for entry in log)


def test_two_busts_in_one_hand_the_larger_starting_stack_finishes_higher_TO_14(api):
    tid = create(api)
    register(api, tid, 4)
    api.post(f"/api/v1/tournaments/{tid}/seats/draw")
    answer = api.post(
        f"/api/v1/tournaments/{tid}/busts", json={"players": [1, 2], "hand_stacks": [800, 3000]}
    )
    assert answer.status_code == 200, answer.get_json()
    view = answer.get_json()
    assert (player(view, 2)["place"], player(view, 1)["place"]) == (3, 4)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": 7}, "name"),
        ({"starting_stack": "5000"}, "starting_stack"),
        ({"buy_in": 20.5}, "buy_in"),
        ({"buy_in": -1}, "buy_in"),
        ({"seats_per_table": True}, "seats_per_table"),
        ({"levels": [{"small_blind": 25}]}, "levels.0"),
        ({"levels": "fast"}, "levels"),
        ({"starting_stack": 10**40}, "starting_stack"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_wrong_types_and_out_of_range_numbers_get_422_and_create_nothing(api, body, field):
    answer = api.post("/api/v1/tournaments", json=SET_UP | body)
    refused(answer, 422, "INVALID_REQUEST")
    assert any(f.startswith(field) for f in answer.get_json()["error"]["fields"])
    assert api.get("/api/v1/tournaments").get_json()["tournaments"] == []


def test_a_starting_stack_outside_5000_9000_is_refused_HE_01(api):
    answer = api.post("/api/v1/tournaments", json=SET_UP | {"starting_stack": 10_000})
    refused(answer, 422, "STARTING_STACK_OUT_OF_RANGE")
    assert "10000" in answer.get_json()["error"]["message"]


@pytest.mark.parametrize("seats", [1, 11])
def test_seats_per_table_outside_2_to_10_are_refused(api, seats):
    refused(
        api.post("/api/v1/tournaments", json=SET_UP | {"seats_per_table": seats}),
        422,
        "BAD_SEATS_PER_TABLE",
    )


def test_malformed_json_gets_400_and_changes_nothing(api):
    tid = create(api)
    before = api.get(f"/api/v1/tournaments/{tid}").get_json()["version"]
    for path in ("/api/v1/tournaments", f"/api/v1/tournaments/{tid}/players"):
        answer = api.post(path, data="{name: oops", content_type="application/json")
        refused(answer, 400, "MALFORMED_JSON")
    answer = api.post(f"/api/v1/tournaments/{tid}/players", json=["Anna"])
    refused(answer, 422, "INVALID_REQUEST")
    assert api.get(f"/api/v1/tournaments/{tid}").get_json()["version"] == before


def test_unknown_ids_get_404(api):
    tid = create(api)
    refused(api.get("/api/v1/tournaments/999"), 404, "UNKNOWN_TOURNAMENT")
    refused(api.post(f"/api/v1/tournaments/{tid}/players/42/bust"), 404, "UNKNOWN_PLAYER")
    refused(api.post("/api/v1/tournaments/999/undo"), 404, "UNKNOWN_TOURNAMENT")
    refused(api.get("/api/v1/templates/999"), 404, "UNKNOWN_TEMPLATE")
    refused(api.get("/api/v1/no/such/path"), 404, "NOT_FOUND")
    refused(api.patch(f"/api/v1/tournaments/{tid}"), 405, "METHOD_NOT_ALLOWED")
    huge = 10**30  # no database column holds it: still just an unknown id
    refused(api.get(f"/api/v1/tournaments/{huge}"), 404, "UNKNOWN_TOURNAMENT")
    refused(api.post(f"/api/v1/tournaments/{huge}/players/1/bust"), 404, "UNKNOWN_TOURNAMENT")
    refused(api.post(f"/api/v1/tournaments/{tid}/players/{huge}/bust"), 404, "UNKNOWN_PLAYER")
    refused(api.get(f"/api/v1/templates/{huge}"), 404, "UNKNOWN_TEMPLATE")


def test_a_rule_refusal_is_422_and_changes_nothing(api):
    tid = create(api)
    register(api, tid, 3)
    version = api.get(f"/api/v1/tournaments/{tid}").get_json()["version"]
    refused(
        api.post(f"/api/v1/tournaments/{tid}/players/1/chips", json={"stack": -5}),
        422,
        "INVALID_REQUEST",
    )
    api.post(f"/api/v1/tournaments/{tid}/players/2/bust")
    refused(api.post(f"/api/v1/tournaments/{tid}/players/2/bust"), 422, "ALREADY_OUT")
    assert api.get(f"/api/v1/tournaments/{tid}").get_json()["version"] == version + 1


def test_nothing_to_undo_or_redo_is_refused(api):
    tid = create(api)
    refused(api.post(f"/api/v1/tournaments/{tid}/undo"), 422, "NOTHING_TO_UNDO")
    refused(api.post(f"/api/v1/tournaments/{tid}/redo"), 422, "NOTHING_TO_REDO")


def test_settings_change_and_read_back_in_the_shape_they_are_sent(api):
    tid = create(api)
    answer = api.put(f"/api/v1/tournaments/{tid}/settings", json={"name": "Martedì", "rebuy": None})
    assert answer.status_code == 200, answer.get_json()
    settings = api.get(f"/api/v1/tournaments/{tid}/settings").get_json()
    assert (settings["name"], settings["rebuy"]) == ("Martedì", None)
    assert settings["levels"] == [
        level | ({"note": ""} if "break" in level else {"big_blind_ante": False})
        for level in LEVELS
    ]
    again = api.post("/api/v1/tournaments", json=settings)
    assert again.status_code == 201


def test_templates_ship_three_and_can_be_saved_edited_and_deleted(api):
    shipped = api.get("/api/v1/templates").get_json()["templates"]
    assert len(shipped) == 3
    assert any(t["settings"]["starting_stack"] == 5000 for t in shipped)

    tid = create(api)
    saved = api.post("/api/v1/templates", json={"template_name": "Il mio", "tournament": tid})
    assert saved.status_code == 201
    template = saved.get_json()
    assert template["settings"]["levels"][0]["small_blind"] == 25

    edited = api.put(
        f"/api/v1/templates/{template['id']}",
        json={
            "template_name": "Il mio turbo",
            "levels": [LEVELS[0] | {"seconds": 600}, LEVELS[1] | {"seconds": 600}],
        },
    ).get_json()
    assert (edited["name"], edited["settings"]["levels"][0]["seconds"]) == ("Il mio turbo", 600)
    from_template = api.post(
        "/api/v1/tournaments", json={"name": "Dal modello", "template": template["id"]}
    )
    view = api.get(f"/api/v1/tournaments/{from_template.get_json()['id']}").get_json()
    assert view["clock"]["remaining_ms"] == 600_000

    refused(
        api.post("/api/v1/templates", json={"template_name": "Il mio turbo"}),
        422,
        "TEMPLATE_NAME_TAKEN",
    )
    assert api.delete(f"/api/v1/templates/{template['id']}").status_code == 204
    assert len(api.get("/api/v1/templates").get_json()["templates"]) == 3


def test_roster_players_are_found_ignoring_case_and_accents_and_registered_by_id(api):
    member = api.post("/api/v1/roster", json={"name": "Nicolò Bianchi"}).get_json()
    refused(api.post("/api/v1/roster", json={"name": "nicolò bianchi"}), 422, "ROSTER_NAME_TAKEN")
    found = api.get("/api/v1/roster?q=nicolo").get_json()["players"]
    assert found == [member]
    tid = create(api)
    answer = api.post(f"/api/v1/tournaments/{tid}/players", json={"roster_id": member["id"]})
    view = api.get(f"/api/v1/tournaments/{tid}").get_json()
    assert player(view, answer.get_json()["id"])["name"] == "Nicolò Bianchi"


def test_an_oversized_body_is_refused_unread_with_413(api):
    answer = api.post(
        "/api/v1/tournaments", data=b" " * (5 * 1024 * 1024), content_type="application/json"
    )
    refused(answer, 413, "REQUEST_ENTITY_TOO_LARGE")
