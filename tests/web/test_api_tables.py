"""The tables' JSON API and the console's PIN (issue 6): hands end to end, refusals as 4xx that
change nothing, the DdT's side-pot calculator."""

from __future__ import annotations

import re

SET_UP = {
    "name": "Console",
    "starting_stack": 5000,
    "buy_in": 2000,
    "seats_per_table": 9,
    "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200}],
}


def table_with_players(api, players: int = 3) -> tuple[int, int]:
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    for number in range(1, players + 1):
        api.post(f"/api/v1/tournaments/{tid}/players", json={"name": f"Player {number}"})
    view = api.post(f"/api/v1/tournaments/{tid}/seats/draw", json={}).get_json()
    table = view["players"][0]["table"]
    return tid, table


def refused(answer, status: int, code: str) -> None:
    assert answer.status_code == status, answer.get_data(as_text=True)
    assert answer.get_json()["error"]["code"] == code


def test_a_hand_through_the_api_from_start_to_paid_pots(api):
    tid, table = table_with_players(api)
    base = f"/api/v1/tournaments/{tid}/tables/{table}"
    started = api.post(f"{base}/hands", json={})
    assert started.status_code == 201
    hand = started.get_json()["hand"]
    assert hand["legal"]["min_to"] == 100 and hand["legal"]["max_to"] == 5000
    assert 15_000 < hand["deadline_ms"] - hand["server_ms"] <= 20_000  # HE-23: 20 s
    while hand["legal"]:
        seat = hand["legal"]["seat"]
        action = "all_in" if "all_in" in hand["legal"]["actions"] else "call"
        hand = api.post(f"{base}/hand/actions", json={"seat": seat, "action": action}).get_json()[
            "hand"
        ]
    assert hand["street"] == "showdown"
    winner = hand["pots"][0]["eligible"][0]
    winners = [[winner] for pot in hand["pots"] if not pot["returned"]]
    paid = api.post(f"{base}/hand/showdown", json={"winners": winners}).get_json()["hand"]
    assert paid["street"] == "complete" and paid["paid"][0]["winners"] == [winner]
    assert api.get(base + "/hand").get_json()["hand"]["number"] == 1


def test_refusals_are_4xx_with_a_reason_and_change_nothing(api):
    tid, table = table_with_players(api)
    base = f"/api/v1/tournaments/{tid}/tables/{table}"
    refused(api.post(f"/api/v1/tournaments/{tid}/tables/99/hands", json={}), 422, "NO_SUCH_TABLE")
    refused(api.get(f"/api/v1/tournaments/{tid}/tables/99/hand"), 422, "NO_SUCH_TABLE")
    hand = api.post(f"{base}/hands", json={}).get_json()["hand"]
    version = api.get(base + "/hand").get_json()["version"]
    seat = hand["legal"]["seat"]
    refused(
        api.post(f"{base}/hand/actions", json={"seat": seat, "action": "raise", "amount": 60}),
        422,
        "ILLEGAL_ACTION",
    )
    refused(
        api.post(f"{base}/hand/actions", json={"seat": seat, "action": "limp"}),
        422,
        "INVALID_REQUEST",
    )
    refused(
        api.post(f"{base}/hand/actions", json={"seat": "1", "action": "fold"}),
        422,
        "INVALID_REQUEST",
    )
    refused(api.post(f"{base}/hand/showdown", json={"winners": [[seat]]}), 422, "NOT_SHOWDOWN")
    refused(api.post(f"{base}/hands", json={}), 422, "HAND_IN_PLAY")
    assert api.get(base + "/hand").get_json()["version"] == version


def test_misdeal_only_before_substantial_action_IR_11(api):
    tid, table = table_with_players(api, 4)
    base = f"/api/v1/tournaments/{tid}/tables/{table}"
    hand = api.post(f"{base}/hands", json={}).get_json()["hand"]
    voided = api.post(f"{base}/hand/misdeal", json={}).get_json()["hand"]
    assert voided["street"] == "voided"
    hand = api.post(f"{base}/hands", json={}).get_json()["hand"]
    for _ in range(2):
        seat = hand["legal"]["seat"]
        hand = api.post(f"{base}/hand/actions", json={"seat": seat, "action": "call"}).get_json()[
            "hand"
        ]
    refused(api.post(f"{base}/hand/misdeal", json={}), 422, "NO_MISDEAL_AFTER_SA")


def test_side_pot_tool(api):
    body = {"committed": {"1": 1000, "2": 2500, "3": 2500}, "folded": [], "winners": [[1], [2]]}
    answer = api.post("/api/v1/tools/side-pots", json=body).get_json()
    assert [p["amount"] for p in answer["pots"]] == [3000, 3000]
    assert answer["payouts"] == {"1": 3000, "2": 3000, "3": 0}
    bad = {"committed": {"1": 100}, "folded": [1]}
    refused(api.post("/api/v1/tools/side-pots", json=bad), 422, "BAD_SIDE_POTS")


def test_before_the_first_hand_the_table_answers_its_seats_not_an_error(api):
    tid, table = table_with_players(api)
    answer = api.get(f"/api/v1/tournaments/{tid}/tables/{table}/hand")
    assert answer.status_code == 200
    found = answer.get_json()
    assert found["hand"] is None
    seats = found["seats"]
    assert sorted(s["name"] for s in seats) == ["Player 1", "Player 2", "Player 3"]
    assert all(s["stack"] == 5000 and s["absent"] is False for s in seats)
    assert len({s["seat"] for s in seats}) == 3


def test_reading_a_tables_access_writes_nothing_to_the_log(api):
    tid, table = table_with_players(api)
    base = f"/api/v1/tournaments/{tid}/tables/{table}"
    version = api.get(base + "/hand").get_json()["version"]
    none_yet = api.get(base + "/access").get_json()
    assert none_yet == {"table": table, "pin": None, "url": None, "qr": None}
    made = api.post(base + "/access", json={}).get_json()
    assert made["pin"] and made["url"]
    for _ in range(2):
        assert api.get(base + "/access").get_json() == made
    assert api.get(base + "/hand").get_json()["version"] == version + 1  # the one renewal


def test_the_qr_code_is_a_whole_svg_document_an_img_can_show(api, client):
    tid, table = table_with_players(api)
    access = api.post(f"/api/v1/tournaments/{tid}/tables/{table}/access", json={}).get_json()
    svg = client.get(access["qr"])
    assert svg.headers["Content-Type"] == "image/svg+xml"
    assert b'xmlns="http://www.w3.org/2000/svg"' in svg.data


def test_console_needs_the_table_pin_and_acts_only_on_its_table(api, client):
    tid, table = table_with_players(api)
    access = api.post(f"/api/v1/tournaments/{tid}/tables/{table}/access", json={}).get_json()
    path = access["url"].split("localhost", 1)[1]
    page = client.get(path)
    assert page.status_code == 200 and b'name="pin"' in page.data
    token = re.search(rb'name="csrf_token" value="([^"]+)"', page.data).group(1).decode()
    wrong = client.post(path, data={"pin": "x" + access["pin"], "csrf_token": token})
    assert wrong.status_code == 401
    right = client.post(path, data={"pin": access["pin"], "csrf_token": token})
    assert right.status_code == 302
    console = client.get(path)
    csrf = re.search(rb'data-csrf="([^"]+)"', console.data).group(1).decode()
    base = f"/api/v1/tournaments/{tid}/tables/{table}"
    refused(client.post(f"{base}/hands", json={}), 403, "CSRF_REQUIRED")
    started = client.post(f"{base}/hands", json={}, headers={"X-CSRF-Token": csrf})
    assert started.status_code == 201
    other = client.post(
        f"/api/v1/tournaments/{tid}/tables/{table + 1}/hands",
        json={},
        headers={"X-CSRF-Token": csrf},
    )
    refused(other, 401, "LOGIN_REQUIRED")
    renewed = api.post(f"/api/v1/tournaments/{tid}/tables/{table}/access", json={}).get_json()
    assert renewed["url"] != access["url"] and client.get(path).status_code == 404
    assert client.get(renewed["qr"]).headers["Content-Type"] == "image/svg+xml"


def test_the_console_marks_a_player_away_and_the_absent_hand_checks_or_folds_HE_25(api):
    tid, table = table_with_players(api)
    base = f"/api/v1/tournaments/{tid}/tables/{table}"
    hand = api.post(f"{base}/hands", json={}).get_json()["hand"]
    seat = hand["legal"]["seat"]
    marked = api.post(f"{base}/seats/{seat}/absent", json={"absent": True}).get_json()["hand"]
    assert next(s for s in marked["seats"] if s["seat"] == seat)["absent"]
    played = api.post(f"{base}/hand/absent", json={}).get_json()["hand"]
    assert next(s for s in played["seats"] if s["seat"] == seat)["folded"]
    empty = min(set(range(1, 10)) - {s["seat"] for s in played["seats"]})
    refused(api.post(f"{base}/seats/{empty}/absent", json={"absent": True}), 422, "NOT_IN_HAND")


def test_side_pot_page_is_for_the_ddt(client, ddt_client):
    assert client.get("/td/tools/side-pots").status_code == 302
    page = ddt_client.get("/td/tools/side-pots")
    assert page.status_code == 200 and b"side_pots.js" in page.data


def test_the_console_records_the_rebuy_of_a_player_left_with_no_chips_HE_02_HE_36(api):
    set_up = {**SET_UP, "rebuy": {"until_level": 1, "chips": 5000, "price": 2000}}
    tid = api.post("/api/v1/tournaments", json=set_up).get_json()["id"]
    for name in ("Anna", "Bruno"):
        api.post(f"/api/v1/tournaments/{tid}/players", json={"name": name})
    table = api.post(f"/api/v1/tournaments/{tid}/seats/draw", json={}).get_json()["players"][0][
        "table"
    ]
    base = f"/api/v1/tournaments/{tid}/tables/{table}"
    hand = api.post(f"{base}/hands", json={}).get_json()["hand"]
    while hand["legal"]:
        legal = hand["legal"]
        action = "all_in" if "all_in" in legal["actions"] else "call"
        hand = api.post(f"{base}/hand/actions", json={"seat": legal["seat"], "action": action})
        hand = hand.get_json()["hand"]
    winner = hand["pots"][0]["eligible"][0]
    paid = api.post(f"{base}/hand/showdown", json={"winners": [[winner]]}).get_json()
    loser = next(s for s in paid["seats"] if s["seat"] != winner)
    assert loser["out_of_chips"] and loser["may_rebuy"] and loser["stack"] == 0
    version = paid["version"]
    refused(api.post(f"{base}/seats/{winner}/bust", json={}), 422, "STILL_HAS_CHIPS")
    assert api.get(base + "/hand").get_json()["version"] == version
    rebought = api.post(f"{base}/seats/{loser['seat']}/rebuy", json={}).get_json()
    back = next(s for s in rebought["seats"] if s["seat"] == loser["seat"])
    assert back["stack"] == 5000 and not back["out_of_chips"]


def test_the_ddts_tables_page_gives_each_table_its_qr_link_pin_and_a_new_pin(api, ddt_client):
    tid, table = table_with_players(api)
    page = ddt_client.get(f"/td/t/{tid}/tables").get_data(as_text=True)
    action = f"/td/t/{tid}/tables/{table}/access"
    assert f'action="{action}"' in page and "qr.svg" not in page
    refused_post = ddt_client.post(action, data={})
    assert refused_post.status_code in (400, 403)
    assert api.get(f"/api/v1/tournaments/{tid}/tables/{table}/access").get_json()["pin"] is None
    made = ddt_client.post(action, data={"csrf_token": ddt_client.csrf, "next": "/td/"})
    assert made.status_code == 303
    access = api.get(f"/api/v1/tournaments/{tid}/tables/{table}/access").get_json()
    page = ddt_client.get(f"/td/t/{tid}/tables").get_data(as_text=True)
    assert f'<img src="{access["qr"]}"' in page
    assert f'href="{access["url"]}"' in page and f">{access['pin']}</strong>" in page
    ddt_client.post(action, data={"csrf_token": ddt_client.csrf, "next": "/td/"})
    renewed = api.get(f"/api/v1/tournaments/{tid}/tables/{table}/access").get_json()
    assert renewed["url"] != access["url"]
