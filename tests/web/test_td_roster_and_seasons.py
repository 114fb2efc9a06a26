"""The console's roster, a roster player's history and the seasons' pages: each form does what
the DdT meant, each bad form says why and changes nothing, every page in both languages."""

from __future__ import annotations

import html
import re

import pytest

from tdapp.services import roster, seasons, tournaments
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import Settings


def played(name: str, finish: list[str], roster_ids: dict[str, int] | None = None) -> int:
    """A tournament played out, `finish` winner first."""
    roster_ids = roster_ids or {}
    tid = tournaments.create_tournament(Settings(name=name, buy_in_cents=2000), actor="test").id
    for player in finish:
        tournaments.dispatch(tid, RegisterPlayer(player, roster_id=roster_ids.get(player)),
                             actor="test")
    tournaments.dispatch(tid, DrawSeats(), actor="test")
    for player_id in range(len(finish), 1, -1):
        tournaments.dispatch(tid, BustPlayer(player_id), actor="test")
    return tid


def post(client, path: str, data: dict | None = None):
    answer = client.post(path, data={"csrf_token": client.csrf, **(data or {})},
                         follow_redirects=True)
    return answer, html.unescape(answer.get_data(as_text=True))


def page(client, path: str) -> str:
    answer = client.get(path)
    assert answer.status_code == 200, path
    return html.unescape(answer.get_data(as_text=True))


def cells(text: str, table_id: str) -> list[list[str]]:
    body = re.search(rf'<table[^>]*id="{table_id}".*?<tbody>(.*?)</tbody>', text, re.S).group(1)
    return [[re.sub(r"<[^>]+>|\s+", " ", cell).strip() for cell in re.findall(
        r"<td[^>]*>(.*?)</td>", row, re.S)] for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


@pytest.mark.parametrize("language", ["it", "en"])
def test_the_pages_render_in_both_languages(ddt_client, language):
    anna = roster.add_member("Anna Rossi").id
    tid = played("Prima", ["Anna Rossi", "Bruno"], {"Anna Rossi": anna})
    sid = seasons.create_season("Inverno", [tid], "td3").id
    ddt_client.get(f"/lang/{language}")
    for path in ("/td/roster", f"/td/roster/{anna}", "/td/seasons", f"/td/seasons/{sid}"):
        assert f'<html lang="{language}">' in page(ddt_client, path)


def test_a_roster_players_page_lists_their_tournaments_places_and_prizes(ddt_client):
    anna = roster.add_member("Anna Rossi").id
    played("Prima", ["Anna Rossi", "Bruno", "Carla"], {"Anna Rossi": anna})
    played("Seconda", ["Bruno", "anna  ROSSI"])   # typed: the folded name is hers
    played("Terza", ["Carla", "Bruno"])           # not hers
    ddt_client.get("/lang/en")
    text = page(ddt_client, f"/td/roster/{anna}")
    rows = cells(text, "history")
    # newest first: place, players, entries, rebuys, add-ons, paid, prize
    assert [row[1:] for row in rows] == [
        ["Seconda", "2", "2", "1", "0", "0", "€ 20", "€ 12"],
        ["Prima", "1", "3", "1", "0", "0", "€ 20", "€ 42"],
    ]
    assert "€\u00a054" in text


def test_an_unknown_roster_player_is_a_readable_404(ddt_client):
    answer = ddt_client.get("/td/roster/999999")
    assert answer.status_code == 404
    assert "999999" in html.unescape(answer.get_data(as_text=True))


def test_the_roster_page_adds_a_player_and_refuses_a_name_taken(ddt_client):
    ddt_client.get("/lang/en")
    answer, text = post(ddt_client, "/td/roster", {"name": "Nicolò Bianchi"})
    assert "Nicolò Bianchi is in the roster." in text
    answer, text = post(ddt_client, "/td/roster", {"name": "nicolo bianchi", "next": "/td/roster"})
    assert "Nicolò" in text and "already in the roster" in text
    assert [m.name for m in roster.members()] == ["Nicolò Bianchi"]


def test_a_season_is_created_shown_changed_and_deleted(ddt_client):
    first = played("Prima", ["Anna", "Bruno", "Carla"])
    second = played("Seconda", ["Carla", "Anna"])
    ddt_client.get("/lang/en")
    answer, text = post(ddt_client, "/td/seasons", {
        "name": "Inverno", "points": "linear", "tournament": [str(first), str(second)]})
    assert "The season Inverno is created." in text
    assert [row[:7] for row in cells(text, "standings")] == [
        ["1", "Anna", "4.00", "2", "1", "1", "€ 54"],   # 3 of 3 players + 1 of 2
        ["2", "Carla", "3.00", "2", "1", "1", "€ 28"],  # 1 of 3 + 2 of 2
        ["3", "Bruno", "2.00", "1", "0", "2", "€ 18"],
    ]
    sid = seasons.list_seasons()[0].id
    answer, text = post(ddt_client, f"/td/seasons/{sid}", {
        "name": "Inverno 2027", "points": "fixed", "table": "10, 5", "tournament": str(first)})
    assert "The season Inverno 2027 is saved." in text
    assert [row[1:3] for row in cells(text, "standings")] == [
        ["Anna", "10.00"], ["Bruno", "5.00"], ["Carla", "0.00"]]
    assert seasons.season(sid).formula.spec == "fixed:10,5"
    answer, text = post(ddt_client, f"/td/seasons/{sid}/delete")
    assert "The season Inverno 2027 is deleted; its tournaments stay." in text
    assert seasons.list_seasons() == []


@pytest.mark.parametrize(("form", "message"), [
    ({"name": "", "points": "td3"}, "A season needs a name of at most 120 characters"),
    ({"name": "S", "points": "fixed", "table": "10,x"}, "A table of points by place"),
    ({"name": "S", "points": "eval"}, "There is no points formula eval"),
    ({"name": "S", "points": "td3", "tournament": "abc"}, "Choose the tournaments from the list."),
    ({"name": "S", "points": "td3", "tournament": "999999"}, "There is no tournament 999999"),
])
def test_a_bad_season_form_says_why_and_creates_nothing(ddt_client, form, message):
    ddt_client.get("/lang/en")
    answer = ddt_client.post("/td/seasons", data={"csrf_token": ddt_client.csrf, **form})
    assert answer.status_code == 400
    assert message in html.unescape(answer.get_data(as_text=True))
    assert seasons.list_seasons() == []


def test_a_bad_change_keeps_the_season_and_the_typed_values(ddt_client):
    sid = seasons.create_season("Inverno", [], "linear").id
    ddt_client.get("/lang/it")
    answer = ddt_client.post(f"/td/seasons/{sid}", data={
        "csrf_token": ddt_client.csrf, "name": "Estate", "points": "fixed", "table": "1,,2"})
    text = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 400
    assert "Una tabella di punti per posizione" in text
    assert 'value="Estate"' in text
    assert seasons.season(sid).name == "Inverno"


def test_an_unknown_season_is_a_readable_404(ddt_client):
    assert ddt_client.get("/td/seasons/999999").status_code == 404
    answer = ddt_client.post("/td/seasons/999999", data={"csrf_token": ddt_client.csrf,
                                                         "name": "S", "points": "td3"})
    assert answer.status_code in (303, 302)


def test_the_exports_are_linked_from_the_payouts_and_log_pages(ddt_client):
    tid = played("Prima", ["Anna", "Bruno"])
    assert f"/api/v1/tournaments/{tid}/results.csv" in page(ddt_client, f"/td/t/{tid}/payouts")
    assert f"/api/v1/tournaments/{tid}/log.csv" in page(ddt_client, f"/td/t/{tid}/log")
    assert ddt_client.get(f"/api/v1/tournaments/{tid}/results.csv").status_code == 200
