"""Deals over JSON: ICM equities for any stacks and prizes, a tournament's deal proposal, and
accepting it as the payouts; every bad request a 422 that changes nothing."""

from __future__ import annotations

import pytest

from tests.web.builders import seated


def test_icm_answers_equities_in_cents_adding_up_to_the_prizes(api):
    # The Wikipedia example in cents: 45.18 / 32.25 / 22.57 of 100 euros.
    answer = api.post("/api/v1/tools/icm", json={"stacks": [5000, 3000, 2000], "prizes": [7000, 3000]})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == {"method": "icm", "equities": [4518, 3225, 2257]}


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"stacks": [100, 0], "prizes": [100]}, "DEAL_BAD_STACK"),
        ({"stacks": [100, -5], "prizes": [100]}, "DEAL_BAD_STACK"),
        ({"stacks": [100, 50], "prizes": [100, 60, 40]}, "DEAL_MORE_PRIZES_THAN_PLAYERS"),
        ({"stacks": [100, 50], "prizes": [40, 60]}, "DEAL_PRIZES_NOT_IN_ORDER"),
        ({"stacks": [100, 50], "prizes": [0]}, "DEAL_NO_PRIZES"),
        ({"stacks": [100] * 11, "prizes": [100]}, "DEAL_ICM_TOO_MANY_PLAYERS"),
        ({"stacks": [100, 1.5], "prizes": [100]}, "INVALID_REQUEST"),
        ({"stacks": ["100"], "prizes": [100]}, "INVALID_REQUEST"),
        ({"stacks": [100]}, "INVALID_REQUEST"),
    ],
)
def test_icm_refuses_what_it_cannot_share(api, body, code):
    refused(api.post("/api/v1/tools/icm", json=body), 422, code)


def test_icm_with_more_than_ten_players_points_to_the_chip_chop(api):
    answer = api.post("/api/v1/tools/icm", json={"stacks": [100] * 12, "prizes": [1000]})
    assert "chip-chop" in answer.get_json()["error"]["message"]
    assert answer.get_json()["error"]["params"] == {"max": 10, "players": 12}


def refused(answer, status: int, code: str) -> None:
    assert answer.status_code == status, answer.get_data(as_text=True)
    assert answer.get_json()["error"]["code"] == code
    assert answer.get_json()["error"]["message"]


def final_three(api) -> int:
    """Ten players at 20 euros (50/30/20 of 200), seven out, the three left counted."""
    tid, _table, _players = seated(api, 10)
    for pid in range(10, 3, -1):
        assert api.post(f"/api/v1/tournaments/{tid}/players/{pid}/bust").status_code == 200
    for pid, stack in ((1, 10000), (2, 25000), (3, 15000)):
        answer = api.post(f"/api/v1/tournaments/{tid}/players/{pid}/chips", json={"stack": stack})
        assert answer.status_code == 200, answer.get_json()
    return tid


def test_a_proposal_gives_each_player_left_an_amount_and_is_accepted_as_the_payouts(api):
    tid = final_three(api)
    url = f"/api/v1/tournaments/{tid}/deals/proposal"
    before = api.get(f"/api/v1/tournaments/{tid}").get_json()["version"]
    chop = api.post(url, json={"method": "chip_chop"}).get_json()
    # Each takes 40 euros; the 80 left go by chips 25/15/10 of 50.
    assert [(p["player_id"], p["amount"]) for p in chop["players"]] == [
        (2, 8000),
        (3, 6400),
        (1, 5600),
    ]
    assert chop["prizes"] == [10000, 6000, 4000]
    icm = api.post(url, json={"method": "icm", "keep_for_winner": 1000}).get_json()
    assert icm["keep_for_winner"] == 1000
    assert sum(p["amount"] for p in icm["players"]) == 19000
    assert icm["payouts"][0] == icm["players"][0]["amount"] + 1000
    assert api.get(f"/api/v1/tournaments/{tid}").get_json()["version"] == before

    accepted = api.put(f"/api/v1/tournaments/{tid}/payouts", json={"amounts": icm["payouts"]})
    assert accepted.status_code == 200, accepted.get_json()
    places = accepted.get_json()["payouts"]["places"]
    assert [p["amount_cents"] for p in places] == icm["payouts"]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"method": "split"}, "INVALID_REQUEST"),
        ({"method": "icm", "keep_for_winner": -1}, "INVALID_REQUEST"),
        ({"method": "icm", "keep_for_winner": 4001}, "DEAL_KEEP_TOO_LARGE"),
        ({}, "INVALID_REQUEST"),
    ],
)
def test_a_bad_proposal_is_refused(api, body, code):
    tid = final_three(api)
    refused(api.post(f"/api/v1/tournaments/{tid}/deals/proposal", json=body), 422, code)


def test_a_proposal_for_an_unknown_tournament_is_404(api):
    refused(api.post("/api/v1/tournaments/999/deals/proposal", json={"method": "icm"}), 404, "UNKNOWN_TOURNAMENT")
