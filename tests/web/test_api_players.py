"""Registering over the JSON API: the same person is refused twice unless the DdT says it is
another person (issue 15)."""

from __future__ import annotations

from tdapp.services import tournaments
from tests.web.builders import SET_UP


def _new(api) -> int:
    return api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]


def test_the_same_name_four_times_gives_one_player_and_three_refusals(api):
    tid = _new(api)
    first = api.post(f"/api/v1/tournaments/{tid}/players", json={"name": "Marco Rossi"})
    assert first.status_code == 201
    for typed in ("Marco Rossi", "marco rossi", "Màrco  Rossi"):
        again = api.post(f"/api/v1/tournaments/{tid}/players", json={"name": typed})
        assert again.status_code == 422
        error = again.get_json()["error"]
        assert error["code"] == "DUPLICATE_PLAYER"
        assert error["params"] == {"player_id": first.get_json()["id"], "name": "Marco Rossi"}
        assert "Marco Rossi" in error["message"]
    state = tournaments.current(tid)
    assert state.ledger.entries == 1 and state.ledger.buy_in_cents == SET_UP["buy_in"]


def test_same_name_ok_registers_another_person_with_that_name(api):
    tid = _new(api)
    api.post(f"/api/v1/tournaments/{tid}/players", json={"name": "Marco Rossi"})
    second = api.post(f"/api/v1/tournaments/{tid}/players",
                      json={"name": "Marco Rossi", "same_name_ok": True})
    assert second.status_code == 201
    assert tournaments.current(tid).ledger.entries == 2


def test_a_roster_player_matches_a_typed_name_already_registered(api):
    tid = _new(api)
    member = api.post("/api/v1/roster", json={"name": "Anna Verdi"}).get_json()
    api.post(f"/api/v1/tournaments/{tid}/players", json={"name": "anna verdi"})
    again = api.post(f"/api/v1/tournaments/{tid}/players", json={"roster_id": member["id"]})
    assert again.get_json()["error"]["code"] == "DUPLICATE_PLAYER"
    taken = api.post("/api/v1/roster", json={"name": "AnnaVerdi"})
    assert taken.get_json()["error"]["code"] == "ROSTER_NAME_TAKEN"
