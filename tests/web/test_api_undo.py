"""Undo by owner over the API (issue 12): the DdT's undo and a table console's undo each take back
their own steps; revert of one earlier event, refused with REVERT_CONFLICT naming the events in
the way; a busted player brought back; the log says who did each line."""

from __future__ import annotations

import re

SET_UP = {
    "name": "Lunedì",
    "starting_stack": 5000,
    "buy_in": 2000,
    "seats_per_table": 6,
    "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200}],
}


def seated(api, players: int) -> tuple[int, list[int]]:
    """A tournament with `players` seated: its id and its tables."""
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    for number in range(1, players + 1):
        api.post(f"/api/v1/tournaments/{tid}/players", json={"name": f"Player {number}"})
    view = api.post(f"/api/v1/tournaments/{tid}/seats/draw", json={}).get_json()
    return tid, sorted({p["table"] for p in view["players"]})


def console_of(api, client, tid: int, table: int) -> str:
    """Opens the table's console in `client` with its PIN; the CSRF token its writes carry."""
    access = api.post(f"/api/v1/tournaments/{tid}/tables/{table}/access", json={}).get_json()
    path = access["url"].split("localhost", 1)[1]
    token = re.search(rb'name="csrf_token" value="([^"]+)"', client.get(path).data).group(1)
    client.post(path, data={"pin": access["pin"], "csrf_token": token.decode()})
    return re.search(rb'data-csrf="([^"]+)"', client.get(path).data).group(1).decode()


def fold_around(api, base: str) -> None:
    hand = api.get(f"{base}/hand").get_json()["hand"]
    while hand["legal"]:
        answer = api.post(f"{base}/hand/actions", json={"seat": hand["legal"]["seat"],
                                                        "action": "fold"})
        hand = answer.get_json()["hand"]


def log(api, tid: int) -> list[dict]:
    return api.get(f"/api/v1/tournaments/{tid}/log").get_json()["events"]


def refused(answer, status: int, code: str) -> dict:
    assert answer.status_code == status, answer.get_data(as_text=True)
    error = answer.get_json()["error"]
    assert error["code"] == code
    return error


def test_the_ddts_undo_after_a_tables_paid_pot_takes_back_the_ddts_own_step(api):
    tid, (table,) = seated(api, 4)
    base = f"/api/v1/tournaments/{tid}/tables/{table}"
    api.post(f"{base}/hands", json={})
    api.post(f"/api/v1/tournaments/{tid}/clock", json={"action": "start"})
    fold_around(api, base)
    stacks = [p["stack"] for p in api.get(f"/api/v1/tournaments/{tid}").get_json()["players"]]

    view = api.post(f"/api/v1/tournaments/{tid}/undo").get_json()

    assert [p["stack"] for p in view["players"]] == stacks
    assert [e["event"] for e in log(api, tid) if e["undone"]] == ["ClockStarted"]
    assert api.get(f"{base}/hand").get_json()["hand"]["street"] == "complete"


def test_a_table_console_undoes_its_own_last_action_not_another_tables(api, client):
    tid, (first, second) = seated(api, 12)
    csrf = console_of(api, client, tid, first)
    mine = f"/api/v1/tournaments/{tid}/tables/{first}"
    other = f"/api/v1/tournaments/{tid}/tables/{second}"
    client.post(f"{mine}/hands", json={}, headers={"X-CSRF-Token": csrf})
    api.post(f"{other}/hands", json={})

    undone = client.post(f"{mine}/undo", json={}, headers={"X-CSRF-Token": csrf})

    assert undone.status_code == 200 and undone.get_json()["hand"] is None
    assert api.get(f"{other}/hand").get_json()["hand"]["street"] == "preflop"
    refused(client.post(f"{mine}/undo", json={}, headers={"X-CSRF-Token": csrf}),
            422, "NOTHING_TO_UNDO")
    refused(client.post(f"{other}/undo", json={}, headers={"X-CSRF-Token": csrf}),
            401, "LOGIN_REQUIRED")
    refused(client.post(f"/api/v1/tournaments/{tid}/events/2/revert", json={},
                        headers={"X-CSRF-Token": csrf}), 401, "LOGIN_REQUIRED")
    redone = client.post(f"{mine}/redo", json={}, headers={"X-CSRF-Token": csrf})
    assert redone.get_json()["hand"]["street"] == "preflop"
    entry = log(api, tid)[1]
    assert (entry["event"], entry["owner"], entry["who"]) == (
        "HandStarted", f"table:{first}", f"tavolo {first}")


def test_revert_of_a_bust_alone_or_refused_naming_the_events_in_the_way(api):
    tid, _ = seated(api, 6)
    players = f"/api/v1/tournaments/{tid}/players"
    api.post(f"{players}/1/bust")
    first_bust = log(api, tid)[0]["seq"]
    for number in (3, 4, 5):
        api.post(f"{players}/{number}/absent", json={"absent": True})
    api.post(f"{players}/2/bust")
    second_bust = log(api, tid)[0]["seq"]

    error = refused(api.post(f"/api/v1/tournaments/{tid}/events/{first_bust}/revert"),
                    422, "REVERT_CONFLICT")

    assert str(second_bust) in error["message"]
    assert error["params"]["conflicts"] == f"[{second_bust}]"
    assert error["params"]["bring_back"] == "[1]"
    assert not any(e["undone"] for e in log(api, tid))

    view = api.post(f"/api/v1/tournaments/{tid}/events/{second_bust}/revert").get_json()
    assert [p["place"] for p in view["players"]][:2] == [6, None]
    again = api.post(f"/api/v1/tournaments/{tid}/events/{first_bust}/revert").get_json()
    assert [p["place"] for p in again["players"]][:2] == [None, None]
    assert [p["status"] for p in again["players"]][2:5] == ["absent"] * 3
    refused(api.post(f"/api/v1/tournaments/{tid}/events/{first_bust}/revert"), 422, "NOT_IN_LOG")
    refused(api.post(f"/api/v1/tournaments/{tid}/events/1/revert"), 422, "SET_UP_STAYS")


def test_a_busted_player_brought_back_gets_a_seat_and_the_stack_given(api):
    tid, _ = seated(api, 6)
    players = f"/api/v1/tournaments/{tid}/players"
    api.post(f"{players}/1/bust")
    api.post(f"{players}/2/bust")
    refused(api.post(f"{players}/1/reinstate", json={"stack": 0}), 422, "INVALID_REQUEST")
    refused(api.post(f"{players}/3/reinstate", json={"stack": 4000}), 422, "NOT_OUT")

    view = api.post(f"{players}/1/reinstate", json={"stack": 4000}).get_json()

    back = view["players"][0]
    assert (back["stack"], back["place"], back["status"]) == (4000, None, "seated")
    assert back["table"] is not None and back["seat"] is not None
    assert view["players"][1]["place"] == 6
    view = api.post(f"{players}/3/bust").get_json()
    assert sorted(p["place"] for p in view["players"] if p["place"]) == [5, 6]
    assert log(api, tid)[1]["event"] == "PlayerReinstated"
