"""The draw tables' JSON API and console access (issue 7): refusals are 4xx with
{"error": {"code", "message"}} and change nothing; the console opens with the table's PIN.
Telesina tables (issue 17): `"game": "telesina"` and a variant at the opening, a caller that
names no game gets a draw table as before; the up-cards, vele and cambio entered."""

from __future__ import annotations

import pytest

PLAYERS = [{"name": n, "resto": 300} for n in ("Anna", "Bruno", "Carla", "Dario", "Elena")]
BASE = "/api/v1/draw-tables"


@pytest.fixture
def table(api):
    answer = api.post(BASE, json={"name": "Tavolo 1", "players": PLAYERS, "dealer": 5,
                                  "invito_max": 5})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def refused(answer, status, code):
    assert answer.status_code == status, answer.get_json()
    error = answer.get_json()["error"]
    assert error["code"] == code and error["message"]


def test_a_hand_through_the_api_with_the_opening_confirmed_and_the_winner_tapped(api, table):
    tid = table["id"]
    view = api.post(f"{BASE}/{tid}/deal", json={"invito": 2}).get_json()
    assert (view["phase"], view["level"], view["legal"]["seat"]) == ("first_round", "jacks", 1)
    assert view["legal"]["opening"] and view["legal"]["max_to"] == 10  # the pot (IT-10)
    api.post(f"{BASE}/{tid}/actions", json={"seat": 1, "action": "bet", "amount": 10,
                                            "confirmed": True})
    for seat in (2, 3, 4, 5):
        view = api.post(f"{BASE}/{tid}/actions", json={"seat": seat, "action": "fold"}).get_json()
    assert view["outcome"]["won"] == {"1": 20}
    assert view["can_deal"] and view["outcome"]["next_dealer"] == 1
    api.post(f"{BASE}/{tid}/undo")
    log = api.get(f"{BASE}/{tid}/events").get_json()["events"]
    assert [e["kind"] for e in log][:3] == ["TableOpened", "HandDealt", "ActionTaken"]
    assert log[2]["payload"]["confirmed"] and log[-1]["undone"] and log[-1]["actor"] == "ddt"


def test_bad_requests_are_refused_and_change_nothing(api, table):
    tid = table["id"]
    api.post(f"{BASE}/{tid}/deal", json={"invito": 2})
    version = api.get(f"{BASE}/{tid}").get_json()["version"]
    cases = [
        ("/actions", {"seat": 3, "action": "check"}, 422, "DRAW_REFUSED"),  # not in turn
        ("/actions", {"seat": 1, "action": "bet", "amount": 10}, 422, "DRAW_REFUSED"),
        ("/actions", {"seat": 1, "action": "bet", "amount": 11, "confirmed": True}, 422,
         "DRAW_REFUSED"),  # above the pot (IT-10)
        ("/actions", {"seat": 1, "action": "shove"}, 422, "INVALID_REQUEST"),
        ("/actions", {"seat": "1", "action": "fold"}, 422, "INVALID_REQUEST"),
        ("/deal", {"invito": 2}, 422, "DRAW_HAND_IN_PLAY"),
        ("/draw", {"seat": 1, "cards": 5}, 422, "INVALID_REQUEST"),
        ("/showdown", {}, 422, "INVALID_REQUEST"),
        ("/showdown", {"winner": 1}, 422, "DRAW_REFUSED"),
        ("/misdeal", {"kind": "stub_miscount"}, 422, "DRAW_REFUSED"),
    ]
    for path, body, status, code in cases:
        refused(api.post(f"{BASE}/{tid}{path}", json=body), status, code)
    refused(api.post(f"{BASE}/{tid}/actions", data="{", content_type="application/json"),
            400, "MALFORMED_JSON")
    assert api.get(f"{BASE}/{tid}").get_json()["version"] == version


def test_opening_a_table_refuses_bad_seats_and_unknown_tables(api):
    refused(api.post(BASE, json={"name": "T", "players": PLAYERS, "dealer": 6}), 422,
            "BAD_DRAW_TABLE")
    refused(api.post(BASE, json={"name": "T", "players": PLAYERS[:1], "dealer": 1}), 422,
            "INVALID_REQUEST")
    refused(api.post(BASE, json={"name": "T", "players": PLAYERS, "dealer": 1,
                                 "league_id": 4242}), 404, "UNKNOWN_LEAGUE")
    refused(api.get(f"{BASE}/999"), 404, "UNKNOWN_DRAW_TABLE")
    refused(api.post(f"{BASE}/99999999999/deal", json={"invito": 1}), 404, "UNKNOWN_DRAW_TABLE")


def test_the_console_needs_the_pin_or_a_ddt(app, api, table):
    client = app.test_client()
    refused(client.get(f"{BASE}/{table['id']}"), 401, "LOGIN_REQUIRED")
    page = table["url"].split("localhost", 1)[1]
    assert client.get(page).status_code == 200  # the PIN form
    with client.session_transaction() as session:
        session["csrf_token"] = "t"
    wrong = "0000" if table["pin"] != "0000" else "1111"
    assert client.post(page, data={"pin": wrong, "csrf_token": "t"}).status_code == 401
    assert client.post(page, data={"pin": table["pin"], "csrf_token": "t"}).status_code == 302
    assert b"draw/console.js" in client.get(page).data
    refused(client.post(f"{BASE}/{table['id']}/deal", json={"invito": 1}), 403, "CSRF_REQUIRED")
    answer = client.post(f"{BASE}/{table['id']}/deal", json={"invito": 1},
                         headers={"X-CSRF-Token": "t"})
    assert answer.status_code == 200
    renewed = api.post(f"{BASE}/{table['id']}/access").get_json()
    assert client.get(page).status_code == 404  # the old link no longer opens
    assert renewed["url"] != table["url"]


def test_the_ddt_opens_a_table_from_the_form(ddt_client):
    form = {"csrf_token": ddt_client.csrf, "name": "Lunedì", "dealer": "2", "invito_max": "5",
            "players": "Anna, 200\nBruno, 200\nCarla, 200\nDario, 200"}
    answer = ddt_client.post("/draw-tables/", data=form)
    assert answer.status_code == 302 and "/draw/" in answer.headers["Location"]
    page = ddt_client.get(answer.headers["Location"])
    assert page.status_code == 200 and "Lunedì" in page.get_data(as_text=True)
    bad = ddt_client.post("/draw-tables/", data={**form, "players": "Anna 200"})
    assert bad.status_code == 422


def test_the_qr_code_is_a_whole_svg_document(client, table):
    page = table["url"].split("localhost", 1)[1]
    answer = client.get(page + "/qr.svg")
    assert answer.status_code == 200 and answer.content_type == "image/svg+xml"
    assert b'xmlns="http://www.w3.org/2000/svg"' in answer.data
    assert client.get("/draw/not-a-known-token/qr.svg").status_code == 404


def test_wrong_pins_make_the_console_wait(app, table):
    client = app.test_client()
    page = table["url"].split("localhost", 1)[1]
    with client.session_transaction() as session:
        session["csrf_token"] = "t"
    wrong = "0000" if table["pin"] != "0000" else "1111"
    for _ in range(5):
        assert client.post(page, data={"pin": wrong, "csrf_token": "t"}).status_code == 401
    held = client.post(page, data={"pin": table["pin"], "csrf_token": "t"})
    assert held.status_code == 429  # even the right PIN waits


# --- telesina tables (issue 17) ---


def open_telesina(api, variant: str) -> dict:
    answer = api.post(BASE, json={"name": "Telesina", "players": PLAYERS, "dealer": 5,
                                  "game": "telesina", "variant": variant})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


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


def test_a_round_of_telesina_at_a_draw_table_through_the_api_and_undone(api, table):
    tid = table["id"]
    view = api.post(f"{BASE}/{tid}/telesina-round", json={}).get_json()
    assert (view["game"], view["variant"], view["dealer"]) == ("telesina", "secca", 5)
    assert view["round"]["hands"] == 5 and not view["round"]["giri"]
    view = api.post(f"{BASE}/{tid}/deal", json={}).get_json()
    assert view["phase"] == "cards" and view["round"]["played"] == 1
    log = api.get(f"{BASE}/{tid}/events").get_json()["events"]
    assert [e["kind"] for e in log[1:]] == ["TelesinaRoundStarted", "HandDealt"]
    assert log[1]["payload"] == {"variant": "secca", "hands": 5, "giri": False}
    api.post(f"{BASE}/{tid}/undo")
    view = api.post(f"{BASE}/{tid}/undo").get_json()
    assert (view["game"], view["round"], view["can_play_telesina"]) == ("draw", None, True)
    view = api.post(f"{BASE}/{tid}/telesina-round",
                    json={"variant": "texas", "giri": True}).get_json()
    assert (view["variant"], view["invito"], view["round"]["giri"]) == ("texas", 5, True)


def test_a_round_of_telesina_is_refused_mid_hand_and_while_it_goes_around(api, table):
    tid = table["id"]
    api.post(f"{BASE}/{tid}/deal", json={"invito": 2})
    version = api.get(f"{BASE}/{tid}").get_json()["version"]
    refused(api.post(f"{BASE}/{tid}/telesina-round", json={"variant": "secca"}), 422,
            "DRAW_HAND_IN_PLAY")
    refused(api.post(f"{BASE}/{tid}/telesina-round", json={"variant": "tre_vele"}), 422,
            "INVALID_REQUEST")  # TS-07: abolished
    assert api.get(f"{BASE}/{tid}").get_json()["version"] == version
    api.post(f"{BASE}/{tid}/undo")
    api.post(f"{BASE}/{tid}/telesina-round", json={"variant": "secca"})
    refused(api.post(f"{BASE}/{tid}/telesina-round", json={"variant": "cambio"}), 422,
            "TELESINA_ROUND_ON")
    refused(api.post(f"{BASE}/{tid}/misdeal", json={"kind": "stub_miscount"}), 422,
            "TABLE_WRONG_GAME")  # the round plays telesina
    answer = api.post(BASE, json={"name": "T", "players": PLAYERS, "dealer": 1,
                                  "game": "telesina", "variant": "secca"})
    refused(api.post(f"{BASE}/{answer.get_json()['id']}/telesina-round", json={}), 422,
            "TABLE_WRONG_GAME")
