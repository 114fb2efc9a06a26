"""Numbers typed into paths, forms, query strings and JSON keys (issue 12, item 4): anything that
is not a plain, bounded whole number in ASCII digits is refused with a 4xx that names the field,
and a refusal about a huge number still answers, never a 500."""

from __future__ import annotations

import pytest

from tests.web.builders import seated

DRAW_PLAYERS = [{"name": n, "resto": 300} for n in ("Anna", "Bruno", "Carla")]
NOT_NUMBERS = ["²", "٣", "1_000", " 12 ", "+3", "1e3", "", "99999999999999999999999999999999"]


def refused(answer, status: int) -> None:
    """Turned down with `status`, not crashed on."""
    assert answer.status_code == status, answer.get_data(as_text=True)


def flashed(ddt_client, answer) -> str:
    """A console form refused: it goes back to the page with the reason shown there."""
    assert answer.status_code == 303, answer.get_data(as_text=True)
    with ddt_client.session_transaction() as session:
        return " ".join(message for kind, message in session.get("_flashes", [])
                        if kind == "error")


def league(api) -> int:
    members = [f"Socio {n}" for n in range(1, 9)]
    return api.post("/api/v1/leagues", json={"name": "L", "members": members}).get_json()["id"]


@pytest.mark.parametrize("token", ["²-1-abc", "1-²-abc", "٣-1-abc", "1-1_0-abc"])
def test_a_console_token_with_odd_digits_is_not_found(client, token):
    refused(client.get(f"/table/{token}"), 404)
    refused(client.get(f"/table/{token}/qr.svg"), 404)


@pytest.mark.parametrize("seat", ["²", "٣", "1_0", " 1", "-1", "9" * 40])
def test_showdown_cards_keyed_by_anything_but_a_seat_number_are_refused(api, seat):
    tid, table, _ = seated(api)
    answer = api.post(f"/api/v1/tournaments/{tid}/tables/{table}/hand/showdown",
                      json={"cards": {seat: "As Kd"}})
    refused(answer, 422)
    assert answer.get_json()["error"]["code"] == "INVALID_REQUEST"


@pytest.mark.parametrize("seat", ["²", "٣", "1_0", "9" * 40])
def test_side_pot_chips_keyed_by_anything_but_a_seat_number_are_refused(api, seat):
    answer = api.post("/api/v1/tools/side-pots", json={"committed": {seat: 100, "2": 100}})
    refused(answer, 422)
    assert answer.get_json()["error"]["fields"] == ["committed"]


@pytest.mark.parametrize("seat", ["²", "٣", "9" * 40])
def test_draw_showdown_hands_keyed_by_anything_but_a_seat_number_are_refused(api, seat):
    opened = api.post("/api/v1/draw-tables", json={"name": "T", "players": DRAW_PLAYERS,
                                                   "dealer": 1, "invito_max": 5}).get_json()
    api.post(f"/api/v1/draw-tables/{opened['id']}/deal", json={"invito": 2})
    answer = api.post(f"/api/v1/draw-tables/{opened['id']}/showdown",
                      json={"shown": {seat: "As Ks Ah Kh Ad"}})
    refused(answer, 422)


@pytest.mark.parametrize("day", ["²", "٣", "9" * 40])
def test_the_secretary_refuses_a_day_that_is_not_a_number(api, ddt_client, day):
    answer = ddt_client.post(f"/leagues/{league(api)}/secretary",
                             data={"day": day, "csrf_token": ddt_client.csrf})
    refused(answer, 422)
    assert "Giornata: «" + day[:20] in answer.get_data(as_text=True)


@pytest.mark.parametrize("chips", ["²", "٣", "9" * 40])
def test_the_secretary_refuses_a_chip_count_that_is_not_a_number(api, ddt_client, chips):
    answer = ddt_client.post(f"/leagues/{league(api)}/secretary", data={
        "day": "1", "t0_r0_player": "Socio 1", "t0_r0_chips": chips,
        "csrf_token": ddt_client.csrf})
    refused(answer, 422)
    assert "Socio 1" in answer.get_data(as_text=True).split("<form")[0]


@pytest.mark.parametrize("field", ["dealer", "invito_max", "passata", "league_id", "resto"])
def test_the_draw_tables_form_refuses_odd_digits_in_every_number(ddt_client, field):
    form = {"name": "T", "dealer": "1", "invito_max": "5", "csrf_token": ddt_client.csrf}
    players = ["Anna, 300", "Bruno, 300", "Carla, 300"]
    if field == "resto":
        players[0] = "Anna, ²"
    else:
        form[field] = "²"
    form["players"] = "\n".join(players)
    answer = ddt_client.post("/draw-tables/", data=form)
    refused(answer, 422)


def test_looking_for_a_table_by_odd_digits_finds_nobody(api, ddt_client):
    tid, _, _ = seated(api)
    for query in ("²", "٣", "9" * 40):
        answer = ddt_client.get(f"/td/t/{tid}/players", query_string={"q": query})
        assert answer.status_code == 200
        # No row (the bust dialog's list of tablemates names everyone seated, found or not).
        assert 'id="player-1"' not in answer.get_data(as_text=True)


@pytest.mark.parametrize("do", ["rebuy-²", "rebuy-٣", "bust-9999999999999999999999999"])
def test_a_row_button_for_no_such_player_is_refused(api, ddt_client, do):
    tid, _, _ = seated(api)
    answer = ddt_client.post(f"/td/t/{tid}/players/act",
                             data={"do": do, "csrf_token": ddt_client.csrf})
    assert flashed(ddt_client, answer)


@pytest.mark.parametrize("bonus", ["99999999999999999999", str(10**30), "9" * 200])
def test_a_huge_bonus_is_refused_with_its_field_named(api, ddt_client, bonus):
    tid, _, _ = seated(api)
    answer = ddt_client.post(f"/td/t/{tid}/players", data={
        "name": "Huge", "bonus_chips": bonus, "csrf_token": ddt_client.csrf})
    assert "Fiches bonus" in flashed(ddt_client, answer)
    # Nobody registered; the form keeps the name typed, for the DdT to correct the bonus.
    shown = ddt_client.get(f"/td/t/{tid}/players").get_data(as_text=True)
    assert "Huge" not in shown.split('id="players-table"')[1]


@pytest.mark.parametrize("amount", ["1e309", "1e30", str(10**30), "NaN", "Infinity", "²"])
def test_a_huge_prize_in_a_deal_is_refused_with_its_place_named(api, ddt_client, amount):
    tid, _, _ = seated(api)
    answer = ddt_client.post(f"/td/t/{tid}/payouts/adjust", data={
        "places": "1", "amount-1": amount, "csrf_token": ddt_client.csrf})
    assert "Premio per il 1° posto" in flashed(ddt_client, answer)


@pytest.mark.parametrize("path", [
    "/td/t/99999999999999999999", "/td/t/٣", "/leagues/99999999999999999999",
    "/api/v1/tournaments/99999999999999999999", "/api/v1/draw-tables/" + "9" * 41,
    "/api/v1/leagues/99999999999999999999/standings", "/api/v1/leagues/2147483648/next-night",
])
def test_an_id_in_the_path_that_no_column_holds_is_not_found(ddt_client, path):
    refused(ddt_client.get(path), 404)


def test_the_log_of_a_tournament_no_column_can_hold_is_unknown(ddt_client):
    """As every tournament that exists nowhere (it answered an empty log before the isolation
    sweep, issue 29, found it answering unlike the other paths)."""
    answer = ddt_client.get("/api/v1/tournaments/99999999999999999999/log")
    assert answer.status_code == 404
    assert answer.get_json()["error"]["code"] == "UNKNOWN_TOURNAMENT"


def test_the_setup_form_with_an_odd_row_count_is_shown_again_with_the_reason(api, ddt_client):
    tid, _, _ = seated(api)
    answer = ddt_client.post(f"/td/t/{tid}/setup", data={"rows": "²", "csrf_token": ddt_client.csrf})
    refused(answer, 400)
    assert 'name="rows" value="0"' in answer.get_data(as_text=True)


@pytest.mark.parametrize("template_id", ["²", "9" * 40, str(2**31)])
def test_saving_over_a_template_that_cannot_exist_is_refused(api, ddt_client, template_id):
    tid, _, _ = seated(api)
    answer = ddt_client.post(f"/td/t/{tid}/setup/template", data={
        "template_id": template_id, "template_name": "Sera", "csrf_token": ddt_client.csrf})
    assert "Modello" in flashed(ddt_client, answer)
