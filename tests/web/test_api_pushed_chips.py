"""Chips pushed without a word through the tables' API (RULES.md HE-14; TDA rules 43-45):
`{"seat", "action": "chips", "pushed", "pieces"}` answers with the hand and what the push became;
a push that cannot be is refused and changes nothing."""

from __future__ import annotations

from tests.web.test_api_tables import refused, table_with_players


def started(api, players: int = 3):
    """A hand at 25/50, stacks of 5,000: the first to speak faces the 50 big blind."""
    tid, table = table_with_players(api, players)
    base = f"/api/v1/tournaments/{tid}/tables/{table}"
    hand = api.post(f"{base}/hands", json={}).get_json()["hand"]
    return base, hand


def push(api, base, seat, pushed, pieces, **more):
    body = {"seat": seat, "action": "chips", "pushed": pushed, "pieces": pieces, **more}
    return api.post(f"{base}/hand/actions", json=body)


def test_a_single_oversized_chip_is_a_call_and_the_change_goes_back_HE_14_TDA_44(api):
    base, hand = started(api)
    seat = hand["legal"]["seat"]
    answer = push(api, base, seat, 1000, 1)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    body = answer.get_json()
    assert body["became"] == {"action": "call", "amount": 50, "change": 950, "to_add": 0}
    mine = next(s for s in body["hand"]["seats"] if s["seat"] == seat)
    assert (mine["bet"], mine["stack"]) == (50, 4950)
    # Every console of the table reads the same ruling with the hand.
    shown = api.get(base + "/hand").get_json()["hand"]["pushed"]
    assert shown == {"seat": seat, "pushed": 1000, "pieces": 1, "became": body["became"]}


def test_several_chips_all_needed_for_the_call_are_a_call_HE_14_TDA_45(api):
    base, hand = started(api)
    became = push(api, base, hand["legal"]["seat"], 75, 2).get_json()["became"]
    assert became == {"action": "call", "amount": 50, "change": 25, "to_add": 0}


def test_half_a_raise_over_the_call_is_a_full_minimum_raise_and_undo_takes_it_back_HE_14_TDA_43(api):
    base, hand = started(api)
    seat = hand["legal"]["seat"]
    # A 50 and a 25: the 25 can go and 50 still calls; 25 over is half the 50 raise.
    became = push(api, base, seat, 75, 2, smallest=25).get_json()["became"]
    assert became == {"action": "raise", "amount": 100, "change": 0, "to_add": 25}
    back = api.post(f"{base}/undo", json={}).get_json()["hand"]
    assert back["legal"]["seat"] == seat and back["pushed"] is None


def test_less_than_half_a_raise_over_the_call_is_a_call_HE_14_TDA_43(api):
    base, hand = started(api)
    became = push(api, base, hand["legal"]["seat"], 60, 3).get_json()["became"]
    assert (became["action"], became["amount"], became["change"]) == ("call", 50, 10)


def test_more_than_a_full_raise_is_a_raise_to_the_total_pushed_HE_14_TDA_43(api):
    base, hand = started(api)
    answer = push(api, base, hand["legal"]["seat"], 300, 3).get_json()
    assert answer["became"] == {"action": "raise", "amount": 300, "change": 0, "to_add": 0}
    assert answer["hand"]["legal"]["min_to"] == 550  # the next full raise is 250 more


def test_the_whole_stack_pushed_is_an_all_in_HE_14(api):
    base, hand = started(api)
    answer = push(api, base, hand["legal"]["seat"], 5000, 5).get_json()
    assert answer["became"]["action"] == "all_in" and answer["became"]["amount"] == 5000


def test_with_no_bet_to_face_one_oversized_chip_is_a_bet_of_its_value_HE_14_TDA_44(api):
    base, hand = started(api)
    while hand["street"] == "preflop":
        legal = hand["legal"]
        action = "call" if "call" in legal["actions"] else "check"
        hand = api.post(f"{base}/hand/actions", json={"seat": legal["seat"], "action": action})
        hand = hand.get_json()["hand"]
    answer = push(api, base, hand["legal"]["seat"], 500, 1).get_json()
    assert answer["became"] == {"action": "bet", "amount": 500, "change": 0, "to_add": 0}
    assert answer["hand"]["street"] == "flop"


def test_a_push_that_cannot_be_is_refused_and_changes_nothing_HE_14(api):
    base, hand = started(api)
    seat = hand["legal"]["seat"]
    version = api.get(base + "/hand").get_json()["version"]
    over = push(api, base, seat, 6000, 2)
    refused(over, 422, "ILLEGAL_ACTION")
    assert over.get_json()["error"]["message"] == f"il posto {seat} ha 5.000 fiches, non 6.000"
    refused(push(api, base, seat, 40, 2), 422, "ILLEGAL_ACTION")  # less than the call
    refused(push(api, base, seat, 3, 4), 422, "ILLEGAL_ACTION")  # four chips cannot make 3
    refused(push(api, base, seat, 0, 1), 422, "INVALID_REQUEST")
    refused(push(api, base, seat, 100, 1, amount=100), 422, "INVALID_REQUEST")
    missing = api.post(f"{base}/hand/actions", json={"seat": seat, "action": "chips", "pushed": 100})
    refused(missing, 422, "INVALID_REQUEST")
    assert "pieces" in missing.get_json()["error"]["message"]
    stray = api.post(f"{base}/hand/actions", json={"seat": seat, "action": "call", "pieces": 2})
    refused(stray, 422, "INVALID_REQUEST")
    others = [s["seat"] for s in hand["seats"] if s["seat"] != seat]
    refused(push(api, base, others[0], 100, 1), 422, "ILLEGAL_ACTION")  # not in turn
    early = {"seat": others[0], "action": "chips", "pushed": 100, "pieces": 1}
    refused(api.post(f"{base}/hand/out-of-turn", json=early), 422, "INVALID_REQUEST")
    assert api.get(base + "/hand").get_json()["version"] == version
