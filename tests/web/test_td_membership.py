"""The console's membership cards page (issue 30, item 6): the DdT adds, edits, renews and removes
a member, links them to their roster player, searches the list and uploads the club's spreadsheet, a bad line refused by its number
with nothing imported; the floor staff read the list without its forms."""

from __future__ import annotations

from datetime import date
from io import BytesIO

from tdapp.services import accounts, members, roster
from tests.conftest import console_client

PAGE = "/td/membership"


def _post(client, path: str, **fields):
    return client.post(path, data={"csrf_token": client.csrf, "next": PAGE, **fields},
                       follow_redirects=True)


def test_the_director_adds_edits_renews_and_removes_a_member(ddt_client):
    page = _post(ddt_client, PAGE, name="Marco Rossi", number="12", valid_until="2020-06-30")
    assert "Marco Rossi è socio." in page.get_data(as_text=True)
    marco = members.find_member("Marco Rossi")
    assert (marco.number, marco.valid_until) == ("12", date(2020, 6, 30))
    renewed = _post(ddt_client, f"{PAGE}/{marco.id}/renew").get_data(as_text=True)
    assert members.member(marco.id).valid_until > date.today()
    assert "vale fino al" in renewed
    _post(ddt_client, f"{PAGE}/{marco.id}", name="Marco Rossi", number="", valid_until="")
    assert members.member(marco.id) == members.Member(marco.id, "Marco Rossi", None, None, None)
    refused = _post(ddt_client, PAGE, name="marco  ROSSI", number="²")
    assert "non è un numero di tessera" in refused.get_data(as_text=True)
    _post(ddt_client, f"{PAGE}/{marco.id}/delete")
    assert members.find_member("Marco Rossi") is None


def test_a_member_is_linked_to_the_roster_player_named_in_the_form(ddt_client):
    player = roster.add_member("Nicolò Verdi")
    _post(ddt_client, PAGE, name="Nicolò Verdi", roster_name="nicolo verdi")
    nicolo = members.find_member("x", roster_id=player.id)
    assert nicolo is not None and nicolo.name == "Nicolò Verdi"
    page = ddt_client.get(PAGE).get_data(as_text=True)
    assert f'href="/td/roster/{player.id}"' in page and '<option value="Nicolò Verdi">' in page
    refused = _post(ddt_client, f"{PAGE}/{nicolo.id}", name="Nicolò Verdi", roster_name="Ugo")
    assert "Nessun giocatore dell&#39;anagrafica si chiama Ugo." in refused.get_data(as_text=True)
    _post(ddt_client, f"{PAGE}/{nicolo.id}", name="Nicolò Verdi", roster_name="")
    assert members.member(nicolo.id).roster_id is None


def test_the_list_is_searched_and_expired_cards_are_marked(ddt_client):
    members.create_member("Anna Bianchi", "7", date(2020, 12, 31))
    members.create_member("Bruno Rossi", "8")
    page = ddt_client.get(f"{PAGE}?q=anna").get_data(as_text=True)
    assert "Anna Bianchi" in page and "Bruno Rossi" not in page
    assert "scaduta il" in page and 'class="card-holder expired"' in page
    assert "Bruno Rossi" in ddt_client.get(f"{PAGE}?q=8").get_data(as_text=True)


def test_the_spreadsheet_upload_names_its_bad_line_then_a_good_file_comes_in(ddt_client):
    bad = "Nome;Tessera;Scadenza\nMarco Rossi;12;31/12/2026\nAnna Bianchi;13;31/02/2026\n"
    refused = _post(ddt_client, f"{PAGE}/import", file=(BytesIO(bad.encode()), "soci.csv"))
    assert "Riga 3 del file: “31/02/2026” non è una data" in refused.get_data(as_text=True)
    assert members.list_members().total == 0
    good = bad.replace("31/02/2026", "28/02/2027")
    done = _post(ddt_client, f"{PAGE}/import", file=(BytesIO(good.encode()), "soci.csv"))
    assert "Importato: 2 aggiunti, 0 aggiornati, 0 invariati." in done.get_data(as_text=True)
    assert members.find_member("Anna Bianchi").valid_until == date(2027, 2, 28)
    no_file = _post(ddt_client, f"{PAGE}/import").get_data(as_text=True)
    assert "Scegli il file CSV da importare." in no_file


def test_the_floor_staff_read_the_cards_without_the_forms(app, ddt_client):
    members.create_member("Anna Bianchi", "7")
    floor = accounts.create_user("marta", "una password lunga", role="floor")
    client = console_client(app, floor.id, floor.username)
    page = client.get(PAGE).get_data(as_text=True)
    assert "Anna Bianchi" in page
    assert 'id="add-card"' not in page and 'id="import-cards"' not in page
    assert "/renew" not in page
    refused = _post(client, PAGE, name="Bea").get_data(as_text=True)
    assert "(Personale di sala)" in refused
    assert members.find_member("Bea") is None
    assert f'href="{PAGE}"' in ddt_client.get("/td/roster").get_data(as_text=True)
