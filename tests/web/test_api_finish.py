"""The finish and the breaks over the JSON API and the pages (issue 26): the bust that leaves one
player finishes the tournament for every reader (API view, home page, phones, the season), the
commands of play are refused with TOURNAMENT_FINISHED, an undo puts everything back; no hand
starts on a break (ON_BREAK)."""

from __future__ import annotations

from tests.web.builders import SET_UP

NIGHT = SET_UP | {
    "name": "Finale",
    "levels": [
        {"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200},
        {"break": True, "seconds": 600, "note": "Colour-up"},
        {"small_blind": 50, "big_blind": 100, "ante": 100, "seconds": 1200},
    ],
    "rebuy": {"until_level": 2, "chips": 5000, "price": 2000, "max_stack": 5000},
    "payouts": [{"max_entries": 99, "basis_points": [6000, 4000]}],
}


def played_down_to_two(api, players=("Anna", "Bruno", "Carla", "Dario")) -> tuple[int, dict]:
    """A night with the clock running and everyone but the first two out; ids by name."""
    tid = api.post("/api/v1/tournaments", json=NIGHT).get_json()["id"]
    ids = {}
    for name in players:
        ids[name] = api.post(f"/api/v1/tournaments/{tid}/players", json={"name": name}).get_json()["id"]
    api.post(f"/api/v1/tournaments/{tid}/seats/draw", json={})
    assert api.post(f"/api/v1/tournaments/{tid}/clock", json={"action": "start"}).status_code == 200
    for name in reversed(players[2:]):
        assert api.post(f"/api/v1/tournaments/{tid}/players/{ids[name]}/bust", json={}).status_code == 200
    return tid, ids


def refused(answer, status: int, code: str) -> None:
    assert answer.status_code == status, answer.get_data(as_text=True)
    error = answer.get_json()["error"]
    assert error["code"] == code and error["message"]


def test_the_last_bust_answers_with_the_finished_view_winner_and_paid_places(api):
    tid, ids = played_down_to_two(api)
    view = api.post(f"/api/v1/tournaments/{tid}/players/{ids['Bruno']}/bust", json={}).get_json()
    assert view["tournament"]["finished"] is True
    assert view["tournament"]["winner"] == {"player_id": ids["Anna"], "name": "Anna"}
    assert view["clock"]["running"] is False
    pool = view["ledger"]["prize_pool_cents"]
    assert [(r["place"], r["name"], r["prize_cents"]) for r in view["results"]["paid"]] == [
        (1, "Anna", pool * 60 // 100), (2, "Bruno", pool * 40 // 100)]
    # The old fields keep their meaning: the winner is the one player left, in first place.
    assert view["tournament"]["players_left"] == 1
    anna = next(p for p in view["players"] if p["id"] == ids["Anna"])
    assert (anna["place"], anna["prize_cents"]) == (1, pool * 60 // 100)
    public = api.get(f"/t/{view['slug']}/clock")
    assert public.status_code == 200


def test_after_the_finish_play_commands_are_refused_and_change_nothing(api):
    tid, ids = played_down_to_two(api)
    api.post(f"/api/v1/tournaments/{tid}/players/{ids['Bruno']}/bust", json={})
    version = api.get(f"/api/v1/tournaments/{tid}").get_json()["version"]
    base = f"/api/v1/tournaments/{tid}"
    refused(api.post(f"{base}/players/{ids['Anna']}/rebuy", json={"stack": 0}), 422,
            "TOURNAMENT_FINISHED")
    refused(api.post(f"{base}/players", json={"name": "Ultimo"}), 422, "TOURNAMENT_FINISHED")
    for action in ("resume", "next", "break"):
        refused(api.post(f"{base}/clock", json={"action": action}), 422, "TOURNAMENT_FINISHED")
    assert api.get(base).get_json()["version"] == version


def test_undoing_the_last_bust_takes_the_finish_back_and_play_goes_on(api):
    tid, ids = played_down_to_two(api)
    base = f"/api/v1/tournaments/{tid}"
    api.post(f"{base}/players/{ids['Bruno']}/bust", json={})
    view = api.post(f"{base}/undo", json={}).get_json()
    assert view["tournament"]["finished"] is False and view["tournament"]["winner"] is None
    assert view["clock"]["running"] is True and view["clock"]["level"] == 1
    assert view["results"]["paid"] == []
    rebought = api.post(f"{base}/players/{ids['Bruno']}/rebuy", json={"stack": 0})
    assert rebought.status_code == 200, rebought.get_json()


def test_a_season_counts_the_winner_the_moment_the_last_bust_is_recorded(api):
    tid, ids = played_down_to_two(api)
    season = api.post("/api/v1/seasons", json={"name": "Inverno", "tournaments": [tid],
                                               "points": "linear"}).get_json()
    standings = f"/api/v1/seasons/{season['id']}/standings"
    before = {s["player"]: s for s in api.get(standings).get_json()["standings"]}
    assert "Anna" not in before and "Bruno" not in before
    api.post(f"/api/v1/tournaments/{tid}/players/{ids['Bruno']}/bust", json={})
    after = {s["player"]: s for s in api.get(standings).get_json()["standings"]}
    assert (after["Anna"]["place"], after["Anna"]["wins"]) == (1, 1)
    assert after["Anna"]["points"] > after["Bruno"]["points"] > after["Carla"]["points"]


def test_the_home_page_says_finished_and_who_won_never_players_in_play(api, client):
    tid, ids = played_down_to_two(api)
    api.post(f"/api/v1/tournaments/{tid}/players/{ids['Bruno']}/bust", json={})
    page = client.get("/").get_data(as_text=True)
    assert "Concluso" in page and "Vinto da Anna" in page and "4 iscrizioni" in page
    assert "in gioco" not in page


def test_every_paid_player_has_a_receipt_on_one_print_run(api, ddt_client):
    tid, ids = played_down_to_two(api)
    refused_page = ddt_client.get(f"/td/t/{tid}/print/receipts")
    assert refused_page.status_code == 409  # no prize is due while two are still playing
    api.post(f"/api/v1/tournaments/{tid}/players/{ids['Bruno']}/bust", json={})
    page = ddt_client.get(f"/td/t/{tid}/print/receipts").get_data(as_text=True)
    assert page.count('class="card receipt"') == 2
    assert page.index(f'id="receipt-{ids["Anna"]}"') < page.index(f'id="receipt-{ids["Bruno"]}"')
    dashboard = ddt_client.get(f"/td/t/{tid}").get_data(as_text=True)
    assert 'id="results-panel"' in dashboard and 'id="print-results"' in dashboard
    assert f"/td/t/{tid}/print/receipt/{ids['Anna']}" in dashboard


def test_no_hand_starts_at_a_table_during_the_break(api):
    tid, ids = played_down_to_two(api, players=("Anna", "Bruno", "Carla"))
    base = f"/api/v1/tournaments/{tid}"
    view = api.post(f"{base}/clock", json={"action": "break"}).get_json()
    assert view["clock"]["on_break"] and view["clock"]["after_break"]
    assert view["clock"]["blinds_shown"]["big_blind"] == 100
    table = next(p["table"] for p in view["players"] if p["id"] == ids["Anna"])
    refused(api.post(f"{base}/tables/{table}/hands", json={}), 422, "ON_BREAK")
    api.post(f"{base}/clock", json={"action": "next"})
    assert api.post(f"{base}/tables/{table}/hands", json={}).status_code == 201
