"""The league's pages: public standings and nights, the secretary's entry form and undo."""

import json
import re
from pathlib import Path

import pytest

from tdapp.services import league as leagues

SEASON = json.loads((Path(__file__).parent / "season_2024.json").read_text())
MEMBERS = SEASON["members"]


@pytest.fixture
def league_id(app):
    return leagues.create_league("Edizione 2024/25", MEMBERS)


def enter(league_id, upto):
    for record in SEASON["nights"][:upto]:
        tables = [{"name": t["name"], "chips": dict(t["chips"]), "poste": dict(t["poste"])}
                  for t in record["tables"]]
        leagues.enter_night(league_id, record["day"], tables, "secretary")


def test_standings_page_lists_every_member_in_order(client, league_id):
    enter(league_id, 20)
    page = client.get(f"/leagues/{league_id}").get_data(as_text=True)
    order = [name for name, *_ in SEASON["standings_after_20"]]
    positions = [page.index(f">{name}") for name in order]
    assert positions == sorted(positions)
    assert 'name="viewport"' in page


def test_night_page_shows_each_table_with_nets_and_points(client, league_id):
    enter(league_id, 1)
    page = client.get(f"/leagues/{league_id}/nights/1").get_data(as_text=True)
    for table in SEASON["nights"][0]["tables"]:
        for player in table["players"]:
            assert player in page
    assert client.get(f"/leagues/{league_id}/nights/9").status_code == 404
    assert client.get("/leagues/999").status_code == 404


def test_the_secretary_pages_need_a_login(client, ddt, league_id):
    answer = client.get(f"/leagues/{league_id}/secretary")
    assert answer.status_code == 302 and "login" in answer.headers["Location"]
    assert client.post(f"/leagues/{league_id}/undo").status_code in (302, 400)
    assert leagues.league(league_id).nights == ()


def form_for(ddt_client, league_id, record):
    page = ddt_client.get(f"/leagues/{league_id}/secretary").get_data(as_text=True)
    assert f'name="day" value="{record["day"]}"' in page
    data = {"csrf_token": ddt_client.csrf, "day": str(record["day"])}
    for t, table in enumerate(record["tables"]):
        data[f"t{t}_name"] = table["name"]
        for r, player in enumerate(table["players"]):
            key = f"t{t}_r{r}_"
            data[key + "player"] = player
            data[key + "chips"] = str(table["chips"][player])
            data[key + "poste"] = str(table["poste"][player])
    return data


def test_the_secretary_enters_a_night_from_the_form_then_undoes_it(ddt_client, league_id):
    record = SEASON["nights"][0]
    answer = ddt_client.post(f"/leagues/{league_id}/secretary",
                             data=form_for(ddt_client, league_id, record))
    assert answer.status_code == 302
    assert [n.day for n in leagues.league(league_id).nights] == [1]
    page = ddt_client.get(f"/leagues/{league_id}/secretary").get_data(as_text=True)
    assert "Day 2" in page or "Giornata 2" in page or 'value="2"' in page
    undo = ddt_client.post(f"/leagues/{league_id}/undo", data={"csrf_token": ddt_client.csrf})
    assert undo.status_code == 302
    assert leagues.league(league_id).nights == ()


def test_a_refused_entry_keeps_what_was_typed_and_changes_nothing_LG_02(ddt_client, league_id):
    data = form_for(ddt_client, league_id, SEASON["nights"][0])
    data["t0_r0_chips"] = str(int(data["t0_r0_chips"]) + 100)
    answer = ddt_client.post(f"/leagues/{league_id}/secretary", data=data)
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert 'id="entry-error"' in page and "+100" in page
    assert re.search(rf'name="t0_r0_chips" value="{data["t0_r0_chips"]}"', page)
    assert leagues.league(league_id).nights == ()


def test_a_form_without_the_csrf_token_is_refused(ddt_client, league_id):
    data = form_for(ddt_client, league_id, SEASON["nights"][0])
    del data["csrf_token"]
    assert ddt_client.post(f"/leagues/{league_id}/secretary", data=data).status_code == 400
    assert leagues.league(league_id).nights == ()


def test_letters_in_a_chip_count_are_refused_clearly(ddt_client, league_id):
    data = form_for(ddt_client, league_id, SEASON["nights"][0])
    data["t0_r0_chips"] = "molti"
    answer = ddt_client.post(f"/leagues/{league_id}/secretary", data=data)
    assert answer.status_code == 422 and 'id="entry-error"' in answer.get_data(as_text=True)



@pytest.mark.parametrize(("language", "one", "several", "chips", "net"), [
    ("it", "Classifica dopo 1 serata", "Classifica dopo 2 serate", "3.150", "+1.650"),
    ("en", "Standings after 1 night", "Standings after 2 nights", "3,150", "+1,650"),
])
def test_the_pages_count_nights_in_words_and_group_the_chips(client, league_id, language, one,
                                                             several, chips, net):
    enter(league_id, 1)  # Galli ends night 1 with 3150 chips, 1650 up
    client.get(f"/lang/{language}")
    standings = client.get(f"/leagues/{league_id}").get_data(as_text=True)
    assert one in standings and f'<td class="wide">{net}</td>' in standings
    night = client.get(f"/leagues/{league_id}/nights/1").get_data(as_text=True)
    assert f"<td>{chips}</td>" in night and f"<td>{net}</td>" in night
    enter_second = SEASON["nights"][1]
    leagues.enter_night(league_id, 2, [
        {"name": t["name"], "chips": dict(t["chips"]), "poste": dict(t["poste"])}
        for t in enter_second["tables"]], "secretary")
    assert several in client.get(f"/leagues/{league_id}").get_data(as_text=True)
