"""The chip set and the chip race over JSON: the set-up takes a chip set, the view plans the
colour-ups, and a race records the new stacks (undo takes it back); bad requests change nothing."""

from __future__ import annotations

from tests.web.builders import seated

CHIP_SET = [
    {"value": 100, "colour": "black", "available": 500},
    {"value": 25, "colour": "green", "available": 300},
    {"value": 500, "colour": "purple", "available": 100},
]


def test_a_chip_set_is_set_up_read_back_and_raced(api):
    tid, _table, players = seated(api, 4)
    answer = api.put(f"/api/v1/tournaments/{tid}/settings", json={"chip_set": CHIP_SET})
    assert answer.status_code == 200, answer.get_json()
    read = api.get(f"/api/v1/tournaments/{tid}/settings").get_json()["chip_set"]
    assert [c["value"] for c in read] == [25, 100, 500]
    view = api.get(f"/api/v1/tournaments/{tid}").get_json()
    assert view["colour_up"]["in_play"] == [25, 100, 500]
    assert view["colour_up"]["breakdown"]["starting_stack"] == [8, 13, 7]

    counts = [{"player_id": players[0], "chips": 6}, {"player_id": players[1], "chips": 1}]
    raced = api.post(f"/api/v1/tournaments/{tid}/chips/race", json={"value": 25, "counts": counts})
    assert raced.status_code == 200, raced.get_json()
    after = raced.get_json()
    assert after["colour_up"]["in_play"] == [100, 500]
    # Three odd greens (75) make one new black, to the higher of the two players' cards.
    stacks = {p["id"]: p["stack"] for p in after["players"]}
    assert stacks[players[0]] + stacks[players[1]] == 5000 - 50 + 5000 - 25 + 100
    assert after["ledger"]["chips_issued"] == 4 * 5000 + 25

    undone = api.post(f"/api/v1/tournaments/{tid}/undo").get_json()
    assert undone["colour_up"]["in_play"] == [25, 100, 500]
    assert {p["id"]: p["stack"] for p in undone["players"]}[players[0]] == 5000


def refused(answer, code: str) -> None:
    assert answer.status_code == 422, answer.get_data(as_text=True)
    assert answer.get_json()["error"]["code"] == code


def test_bad_chip_sets_and_races_are_refused_and_change_nothing(api):
    tid, _table, players = seated(api, 2)
    url = f"/api/v1/tournaments/{tid}/settings"
    refused(api.put(url, json={"chip_set": [{"value": 25, "colour": "green", "available": 1}, {"value": 60, "colour": "red", "available": 1}]}), "BAD_CHIP_SET")
    refused(api.put(url, json={"chip_set": [{"value": 25, "colour": "", "available": 1}]}), "INVALID_REQUEST")
    refused(api.put(url, json={"chip_set": [{"value": 100, "colour": "black", "available": 1}]}), "CHIP_SET_CANNOT_PAY_LEVEL")
    race = f"/api/v1/tournaments/{tid}/chips/race"
    refused(api.post(race, json={"value": 25}), "NO_CHIP_SET")
    api.put(url, json={"chip_set": CHIP_SET})
    version = api.get(f"/api/v1/tournaments/{tid}").get_json()["version"]
    refused(api.post(race, json={"value": 100}), "RACE_WRONG_CHIP")
    refused(api.post(race, json={"value": 25, "counts": [{"player_id": players[0], "chips": 201}]}), "RACE_MORE_THAN_STACK")
    refused(api.post(race, json={"value": 25, "counts": [{"player_id": players[0], "chips": -1}]}), "INVALID_REQUEST")
    assert api.get(f"/api/v1/tournaments/{tid}").get_json()["version"] == version
