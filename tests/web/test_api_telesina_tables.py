"""Telesina tables over the draw tables' JSON API (issue 17): `"game": "telesina"` and a variant
at the opening, a caller that names no game gets a draw table as before; the up-cards, vele and
cambio entered; refusals are 4xx and change nothing."""

from __future__ import annotations

import pytest

PLAYERS = [{"name": n, "resto": 300} for n in ("Anna", "Bruno", "Carla", "Dario", "Elena")]
BASE = "/api/v1/draw-tables"


def open_telesina(api, variant: str) -> dict:
    answer = api.post(BASE, json={"name": "Telesina", "players": PLAYERS, "dealer": 5,
                                  "game": "telesina", "variant": variant})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def refused(answer, status, code):
    assert answer.status_code == status, answer.get_json()
    error = answer.get_json()["error"]
    assert error["code"] == code and error["message"]


def test_no_game_named_is_a_draw_table_and_the_view_says_which_game(api):
    draw = api.post(BASE, json={"name": "T", "players": PLAYERS, "dealer": 5}).get_json()
    assert (draw["game"], draw["variant"], draw["level"]) == ("draw", None, "jacks")
    telesina = open_telesina(api, "fischer")
    assert (telesina["game"], telesina["variant"]) == ("telesina", "fischer")
    assert telesina["pin"] and telesina["url"]


@pytest.mark.parametrize("body, code", [
    ({"game": "telesina"}, "TABLE_GAME"),
    ({"game": "draw", "variant": "secca"}, "TABLE_GAME"),
    ({"game": "telesina", "variant": "tre_vele"}, "INVALID_REQUEST"),  # TS-07: abolished
    ({"game": "stud"}, "INVALID_REQUEST"),
])
def test_a_game_and_variant_that_do_not_fit_are_refused(api, body, code):
    refused(api.post(BASE, json={"name": "T", "players": PLAYERS, "dealer": 5, **body}), 422,
            code)


def test_a_texas_hand_through_the_api_TS_06(api):
    tid = open_telesina(api, "texas")["id"]
    view = api.post(f"{BASE}/{tid}/deal", json={}).get_json()
    assert (view["phase"], view["to_act"], view["middle"]) == ("betting", 1, 25)
    view = api.post(f"{BASE}/{tid}/actions", json={"seat": 1, "action": "bet",
                                                   "amount": 20}).get_json()
    assert view["legal"]["cap"] == 20 and view["legal"]["max_to"] == 40
    for seat in (2, 3, 4, 5):
        view = api.post(f"{BASE}/{tid}/actions", json={"seat": seat, "action": "fold"})
    view = view.get_json()
    assert view["outcome"]["won"] == {"1": 45} and view["can_deal"]
    log = api.get(f"{BASE}/{tid}/events").get_json()["events"]
    assert log[0]["payload"]["game"] == "telesina" and log[0]["payload"]["variant"] == "texas"


def test_the_up_cards_and_the_cambio_through_the_api_TS_02(api):
    tid = open_telesina(api, "cambio")["id"]
    api.post(f"{BASE}/{tid}/deal", json={})
    streets = ({"1": "7h", "2": "Kh", "3": "Ah", "4": "8c", "5": "As"},
               {"1": "7d", "2": "9h", "3": "9c", "4": "Td", "5": "6s"},
               {"1": "tc", "2": "Th", "3": "Jc", "4": "Qd", "5": "6d"},
               {"1": "Jd", "2": "Jh", "3": "Kc", "4": "Qs", "5": "Ks"})
    for cards in streets:
        view = api.post(f"{BASE}/{tid}/cards", json={"up": cards}).get_json()
        while view["legal"] is not None:
            view = api.post(f"{BASE}/{tid}/actions", json={"seat": view["to_act"],
                                                           "action": "check"}).get_json()
    assert view["exchange"] == {"seat": 1} and view["seats"][0]["showing"][2] == "Tc"
    refused(api.post(f"{BASE}/{tid}/exchange", json={"seat": 1, "given": "Tc"}), 422,
            "INVALID_REQUEST")
    view = api.post(f"{BASE}/{tid}/exchange", json={"seat": 1, "given": "Tc",
                                                    "received": "7c"}).get_json()
    assert view["seats"][0]["showing"] == ["7h", "7d", "7c", "Jd"]


def test_bad_requests_at_a_telesina_table_are_refused_and_change_nothing(api):
    tid = open_telesina(api, "secca")["id"]
    api.post(f"{BASE}/{tid}/deal", json={})
    version = api.get(f"{BASE}/{tid}").get_json()["version"]
    cases = [
        ("/actions", {"seat": 1, "action": "check"}, 422, "DRAW_REFUSED"),  # cards first
        ("/cards", {"up": {"1": "Ah"}}, 422, "DRAW_REFUSED"),  # every seat's up-card
        ("/cards", {"up": {"1": "Zz", "2": "Kh", "3": "Qh", "4": "Jh", "5": "Th"}}, 422,
         "DRAW_REFUSED"),
        ("/cards", {"up": {"9": "Ah"}}, 422, "INVALID_REQUEST"),
        ("/cards", {"up": {"1": "5h", "2": "Kh", "3": "Qh", "4": "Jh", "5": "Th"}}, 422,
         "DRAW_REFUSED"),  # no fives with five players
        ("/draw", {"seat": 1, "cards": 2}, 422, "TABLE_WRONG_GAME"),
        ("/deal", {}, 422, "DRAW_HAND_IN_PLAY"),
        ("/exchange", {"seat": 1}, 422, "DRAW_REFUSED"),
        ("/showdown", {"winner": 1}, 422, "DRAW_REFUSED"),
    ]
    for path, body, status, code in cases:
        refused(api.post(f"{BASE}/{tid}{path}", json=body), status, code)
    assert api.get(f"{BASE}/{tid}").get_json()["version"] == version


def test_the_ddt_opens_a_telesina_table_from_the_form(ddt_client):
    form = {"csrf_token": ddt_client.csrf, "name": "Texas", "dealer": "2", "invito_max": "5",
            "players": "Anna, 200\nBruno, 200\nCarla, 200\nDario, 200", "game": "texas"}
    answer = ddt_client.post("/draw-tables/", data=form)
    assert answer.status_code == 302
    page = ddt_client.get(answer.headers["Location"]).get_data(as_text=True)
    assert 'data-game="telesina"' in page and "Texas (del Club)" in page
    assert ddt_client.post("/draw-tables/", data={**form, "game": "tre_vele"}).status_code == 422
