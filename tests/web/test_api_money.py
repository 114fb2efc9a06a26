"""Issue 16 over the JSON API, on both databases: the house fee, bounties named at a bust, and
a re-entry that forfeits a stack; every refusal a 422 that changes nothing."""

from __future__ import annotations

from tests.web.test_api_tournaments import SET_UP, create, player, refused, register

MONEY = {
    "fee": 500,
    "bounty": {"cents": 1000, "progressive": True},
    "rebuy": {"until_level": 2, "chips": 5000, "price": 2000, "max_stack": 5000, "fee": 200},
    "re_entry": {"until_level": 2, "price": 2000, "fee": 500},
}


def test_fees_and_bounty_travel_both_ways_in_the_set_up(api):
    tid = create(api, **MONEY)
    settings = api.get(f"/api/v1/tournaments/{tid}/settings").get_json()
    assert settings["fee"] == 500
    assert settings["bounty"] == {"cents": 1000, "progressive": True}
    assert settings["rebuy"]["fee"] == 200 and settings["re_entry"]["fee"] == 500
    assert settings["add_on"]["fee"] == 0


def test_a_fee_above_the_buy_in_is_refused(api):
    answer = api.post("/api/v1/tournaments", json=SET_UP | {"fee": 2001})
    refused(answer, 422, "FEE_ABOVE_PRICE")
    assert answer.get_json()["error"]["params"]["field"] == "fee_cents"
    rebuy = MONEY["rebuy"] | {"fee": 2500}
    refused(api.post("/api/v1/tournaments", json=SET_UP | {"rebuy": rebuy}), 422, "FEE_ABOVE_PRICE")
    refused(api.post("/api/v1/tournaments", json=SET_UP | {"bounty": {"cents": 0}}), 422,
            "INVALID_REQUEST")


def test_pko_bust_pays_the_eliminator_and_the_ledger_keeps_fees_and_bounties_apart(api):
    tid = create(api, **MONEY)
    register(api, tid, 4)
    view = api.post(f"/api/v1/tournaments/{tid}/seats/draw").get_json()
    ledger = view["ledger"]
    assert (ledger["prize_pool_cents"], ledger["fees_cents"], ledger["bounty_cents"]) == (
        8000, 2000, 4000,
    )
    view = api.post(f"/api/v1/tournaments/{tid}/players/2/bust", json={"eliminated_by": [1]})
    assert view.status_code == 200, view.get_json()
    view = view.get_json()
    assert (player(view, 1)["bounty_cents"], player(view, 1)["bounties_won_cents"]) == (1500, 500)
    assert player(view, 2)["bounty_cents"] == 0
    assert view["ledger"]["bounties_paid_cents"] == 500
    assert view["payouts"]["bounties"] == [{"player_id": 1, "name": "Player 1", "amount_cents": 500}]


def test_bad_eliminators_are_refused_and_change_nothing(api):
    tid = create(api, **MONEY)
    register(api, tid, 4)
    api.post(f"/api/v1/tournaments/{tid}/seats/draw")
    before = api.get(f"/api/v1/tournaments/{tid}").get_json()["version"]
    bust = f"/api/v1/tournaments/{tid}/players/2/bust"
    refused(api.post(bust, json={"eliminated_by": [9]}), 422, "ELIMINATOR_NOT_IN_TOURNAMENT")
    refused(api.post(bust, json={"eliminated_by": [2]}), 422, "ELIMINATOR_OUT")
    refused(api.post(bust, json={"eliminated_by": [1, 1]}), 422, "ELIMINATOR_TWICE")
    refused(api.post(bust, json={"eliminated_by": ["x"]}), 422, "INVALID_REQUEST")
    answer = api.post(f"/api/v1/tournaments/{tid}/busts",
                      json={"players": [2, 3], "eliminated_by": [[1]]})
    refused(answer, 422, "ELIMINATORS_MISMATCH")
    assert api.get(f"/api/v1/tournaments/{tid}").get_json()["version"] == before


def test_an_eliminator_at_another_table_is_refused(api):
    tid = create(api, **MONEY)
    register(api, tid, 12)
    view = api.post(f"/api/v1/tournaments/{tid}/seats/draw").get_json()
    table = player(view, 1)["table"]
    other = next(p["id"] for p in view["players"] if p["table"] != table)
    answer = api.post(f"/api/v1/tournaments/{tid}/players/1/bust", json={"eliminated_by": [other]})
    refused(answer, 422, "ELIMINATOR_NOT_AT_TABLE")


def test_re_entry_with_chips_needs_the_forfeit_and_takes_the_chips_out_of_play(api):
    tid = create(api, **MONEY)
    register(api, tid, 4)
    api.post(f"/api/v1/tournaments/{tid}/seats/draw")
    assert api.post(f"/api/v1/tournaments/{tid}/clock", json={"action": "start"}).status_code == 200
    api.post(f"/api/v1/tournaments/{tid}/players/1/chips", json={"stack": 3000})
    refused(api.post(f"/api/v1/tournaments/{tid}/players/1/reentry"), 422, "NOT_BUSTED")
    answer = api.post(f"/api/v1/tournaments/{tid}/players/1/reentry", json={"forfeit": True})
    assert answer.status_code == 200, answer.get_json()
    view = answer.get_json()
    assert (player(view, 1)["entries"], player(view, 1)["stack"]) == (2, 5000)
    assert player(view, 1)["bounty_cents"] == 2000  # the old head stays, the new one is added
    assert view["ledger"]["forfeited_chips"] == 3000
    assert view["ledger"]["fees_cents"] == 4 * 500 + 500
