"""Words and small fixes (issue 26, item 6): counts said in the singular and plural as the
language says them, no "1 / 0" for an empty list, league members told apart as a tournament's
players are, the standings' marks explained, the printed structure's rebuy, add-on and re-entry
terms, a refused form that keeps what was typed, a negative count called negative, and table
links at the address the DdT opened."""

from __future__ import annotations

import html
import re

import pytest
from flask_babel import force_locale

from tdapp.i18n import translate
from tdapp.kernel.refusals import message_for
from tests.web.builders import SET_UP, seated

MEMBERS = ["Alberto", "Bruna", "Carlo", "Dina", "Enzo", "Fausta", "Gino", "Ilda"]


def page(client, path: str) -> str:
    answer = client.get(path)
    assert answer.status_code == 200, path
    return html.unescape(answer.get_data(as_text=True))


def post(client, path: str, **form: str) -> str:
    answer = client.post(path, data={"csrf_token": client.csrf, **form}, follow_redirects=True)
    return html.unescape(answer.get_data(as_text=True))


def test_eight_players_at_one_table_are_at_one_table_in_the_singular(api, ddt_client):
    tid, _, _ = seated(api, players=8)
    assert "8 giocatori a 1 tavolo" in page(ddt_client, f"/td/t/{tid}/tables")


def test_one_player_left_of_one_entry_is_said_in_the_singular_on_the_home_page(api, client):
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    api.post(f"/api/v1/tournaments/{tid}/players", json={"name": "Anna"})
    assert "1 giocatore in gioco su 1 iscrizione" in page(client, "/")


def test_several_players_left_stay_in_the_plural(api, client):
    seated(api, players=3)
    assert "3 giocatori in gioco su 3 iscrizioni" in page(client, "/")


def test_a_tournament_page_says_no_players_left_before_anyone_enters(api, client):
    created = api.post("/api/v1/tournaments", json=SET_UP).get_json()
    empty = page(client, f"/t/{created['slug']}")
    assert "rimast" not in empty and "su 0" not in empty
    api.post(f"/api/v1/tournaments/{created['id']}/players", json={"name": "Anna"})
    assert "1 giocatore rimasto su 1" in page(client, f"/t/{created['slug']}")


@pytest.mark.parametrize(("code", "count", "said"), [
    ("LOG_SEATS_DRAWN", 1, "Posto sorteggiato per 1 giocatore"),
    ("LOG_SEATS_DRAWN", 9, "Posti sorteggiati per 9 giocatori"),
    ("LOG_MOVED_MANY", 1, "1 giocatore spostato per bilanciare i tavoli"),
    ("LOG_BUTTONS_DRAWN", 1, "Bottone sorteggiato a 1 tavolo"),
    ("LOG_CHIPS_MANY", 1, "Stack contato per 1 giocatore"),
])
def test_log_lines_that_count_say_one_in_the_singular(app, code, count, said):
    with app.test_request_context():
        assert translate(code, {"count": count}) == said


def test_the_wall_says_one_place_paid_in_the_singular(app):
    from tdapp.web.display import labels

    with app.test_request_context():
        assert labels()["paid_one"] == "1 premiato"


def test_an_empty_players_list_shows_no_count_of_its_rows(api, ddt_client):
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    shown = page(ddt_client, f"/td/t/{tid}/players")
    assert 'id="shown"' not in shown
    # The "nobody yet" line is marked, so that the search's count never takes it for a match.
    assert "<tr data-placeholder><td" in shown and "Nessun iscritto per ora." in shown


@pytest.mark.parametrize("twin", ["alberto", "ALBERTO", "Albérto", "Al berto"])
def test_a_league_refuses_two_members_whose_names_differ_only_in_case_or_accents(api, twin):
    answer = api.post("/api/v1/leagues", json={"name": "Lunedì", "members": [*MEMBERS, twin]})
    assert answer.status_code == 422
    error = answer.get_json()["error"]
    assert error["code"] == "DUPLICATE_MEMBER"
    assert error["params"]["other"] == "Alberto"
    assert api.get("/api/v1/leagues/1/standings").status_code == 404


def test_a_league_of_names_apart_is_made(api):
    answer = api.post("/api/v1/leagues", json={"name": "Lunedì", "members": [*MEMBERS, "Alba"]})
    assert answer.status_code == 201


def test_the_standings_explain_the_dice_and_the_uncertain_mark(api, client):
    league = api.post("/api/v1/leagues", json={"name": "Lunedì", "members": MEMBERS}).get_json()
    shown = page(client, f"/leagues/{league['id']}")
    legend = shown.split('id="legend"')[1].split("</dl>")[0]
    assert "⚂" in legend and "Parità decisa per sorteggio" in legend
    assert "[U]" in legend and "regole del club lasciano aperto" in legend


def test_the_printed_structure_gives_the_rebuy_add_on_and_re_entry_terms(api, ddt_client):
    levels = [{"small_blind": 25 * n, "big_blind": 50 * n, "ante": 0, "seconds": 1200}
              for n in range(1, 8)]
    terms = {
        **SET_UP, "levels": levels,
        "rebuy": {"until_level": 4, "chips": 5000, "price": 2000, "max_stack": 5000,
                  "max_per_player": 2},
        "add_on": {"chips": 8000, "price": 1500},
        "re_entry": {"until_level": 6, "price": 2000, "max_entries": 3},
    }
    tid = api.post("/api/v1/tournaments", json=terms).get_json()["id"]
    printed = " ".join(page(ddt_client, f"/td/t/{tid}/print/structure").split())
    assert ("Rebuy</b>: 5.000 fiches per € 20, fino alla fine del livello 4, con uno stack di "
            "5.000 fiches o meno, al massimo 2 per iscrizione") in printed
    assert "Add-on</b>: 8.000 fiches per € 15, alla pausa dopo i rebuy, uno per iscrizione" \
        in printed
    assert ("Re-entry</b>: una nuova iscrizione per € 20 dopo l'eliminazione, fino alla fine "
            "del livello 6, al massimo 3 iscrizioni per giocatore") in printed


def test_a_structure_without_purchases_prints_no_terms(api, ddt_client):
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    assert 'id="terms"' not in page(ddt_client, f"/td/t/{tid}/print/structure")


def test_a_refused_registration_keeps_the_name_and_bonus_typed(api, ddt_client):
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    shown = post(ddt_client, f"/td/t/{tid}/players", name="Giulia Conti", bonus_chips="²",
                 next=f"/td/t/{tid}/players")
    assert "Fiches bonus: «²» non è un numero intero." in shown
    form = shown.split('id="register-form"')[1].split("</form>")[0]
    assert 'value="Giulia Conti"' in form and 'value="²"' in form
    # Kept for the one page that shows the refusal, not for ever.
    again = page(ddt_client, f"/td/t/{tid}/players").split('id="register-form"')[1]
    assert 'value="Giulia Conti"' not in again.split("</form>")[0]


def test_a_refused_chip_count_keeps_the_count_typed(api, ddt_client):
    tid, _, players = seated(api, players=3)
    shown = post(ddt_client, f"/td/t/{tid}/players/act", do=f"chips-{players[0]}",
                 next=f"/td/t/{tid}/players", **{f"stack-{players[0]}": "12.34.5"})
    assert 'value="12.34.5"' in shown


def test_a_negative_chip_count_is_called_negative_on_the_console(api, ddt_client):
    tid, _, players = seated(api, players=3)
    shown = post(ddt_client, f"/td/t/{tid}/players/act", do=f"chips-{players[0]}",
                 next=f"/td/t/{tid}/players", **{f"stack-{players[0]}": "-5000"})
    assert "Fiches: «-5000» è negativo; deve essere almeno 0." in shown
    assert "non è un numero intero" not in shown


def test_a_negative_chip_count_is_called_negative_by_the_api(api):
    tid, _, players = seated(api, players=3)
    answer = api.post(f"/api/v1/tournaments/{tid}/players/{players[0]}/chips",
                      json={"stack": -5000})
    assert answer.status_code == 422
    assert answer.get_json()["error"]["message"].endswith("stack non può essere negativo (-5000)")


def test_a_negative_day_has_a_code_of_its_own(api, ddt_client):
    league = api.post("/api/v1/leagues", json={"name": "Lunedì", "members": MEMBERS}).get_json()
    answer = ddt_client.post(f"/leagues/{league['id']}/secretary",
                             data={"day": "-3", "csrf_token": ddt_client.csrf})
    assert answer.status_code == 422
    assert "Giornata: «-3» è negativo" in html.unescape(answer.get_data(as_text=True))


def test_a_table_link_uses_the_address_the_ddt_opened_the_console_with(api):
    tid, table, _ = seated(api, players=3)
    lan = {"Host": "192.168.1.20:5000"}
    access = api.post(f"/api/v1/tournaments/{tid}/tables/{table}/access", headers=lan).get_json()
    assert access["url"].startswith("http://192.168.1.20:5000/table/")
    again = api.get(f"/api/v1/tournaments/{tid}/tables/{table}/access",
                    headers={"Host": "10.0.0.7:8080"}).get_json()
    assert again["url"].startswith("http://10.0.0.7:8080/table/")


def busted_row(client, tid: int, pid: int) -> str:
    """The players page's row of player `pid`, once out."""
    return page(client, f"/td/t/{tid}/players").split(f'id="player-{pid}"')[1].split("</tr>")[0]


@pytest.mark.parametrize(("gender", "word"), [("f", "eliminata"), ("m", "eliminato"),
                                              (None, "fuori gioco")])
def test_a_player_out_is_said_in_her_or_his_gender_or_in_neutral_words(api, ddt_client, client,
                                                                      gender, word):
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    for name in ("Anna", "Bruno"):
        api.post(f"/api/v1/tournaments/{tid}/players", json={"name": name})
    pid = api.post(f"/api/v1/tournaments/{tid}/players",
                   json={"name": "Carla", "gender": gender}).get_json()["id"]
    api.post(f"/api/v1/tournaments/{tid}/seats/draw", json={})
    api.post(f"/api/v1/tournaments/{tid}/players/{pid}/bust", json={})
    assert f'class="status status-busted">{word}</span>' in busted_row(ddt_client, tid, pid)
    slug = api.get(f"/api/v1/tournaments/{tid}").get_json()["slug"]
    phone = page(client, f"/t/{slug}/p/{pid}")
    assert f"{word.capitalize()} · " in phone


def test_a_roster_player_brings_her_gender_to_the_registration(api):
    member = api.post("/api/v1/roster", json={"name": "Giulia Conti", "gender": "f"}).get_json()
    assert member["gender"] == "f"
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    api.post(f"/api/v1/tournaments/{tid}/players", json={"roster_id": member["id"]})
    players = api.get(f"/api/v1/tournaments/{tid}").get_json()["players"]
    assert [(p["name"], p["gender"]) for p in players] == [("Giulia Conti", "f")]


def test_the_console_registers_a_gender_and_keeps_it_in_the_roster(api, ddt_client):
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    post(ddt_client, f"/td/t/{tid}/players", name="Marta Riva", gender="f", save_to_roster="1")
    players = api.get(f"/api/v1/tournaments/{tid}").get_json()["players"]
    assert players[0]["gender"] == "f"
    assert api.get("/api/v1/roster").get_json()["players"] == [
        {"id": 1, "name": "Marta Riva", "gender": "f"}]


@pytest.mark.parametrize("gender", ["x", "F", "", 1])
def test_a_gender_other_than_f_m_or_null_is_refused_and_registers_nobody(api, gender):
    tid = api.post("/api/v1/tournaments", json=SET_UP).get_json()["id"]
    answer = api.post(f"/api/v1/tournaments/{tid}/players", json={"name": "Zeno", "gender": gender})
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == "INVALID_REQUEST"
    assert api.get(f"/api/v1/tournaments/{tid}").get_json()["players"] == []


def test_a_refused_prize_and_payout_table_keep_what_was_typed(api, ddt_client):
    tid, _, _ = seated(api, players=3)
    shown = post(ddt_client, f"/td/t/{tid}/payouts/adjust", places="1", **{"amount-1": "12,5x"},
                 next=f"/td/t/{tid}/payouts")
    assert "Premio per il 1° posto" in shown and 'value="12,5x"' in shown
    shown = post(ddt_client, f"/td/t/{tid}/payouts/table", brackets="1",
                 **{"entries-0": "9", "shares-0": "60 30 x"}, next=f"/td/t/{tid}/payouts")
    assert re.search(r'name="shares-0"[^>]*>60 30 x</textarea>', shown)


@pytest.mark.parametrize(("code", "params", "italian", "english"), [
    ("NOT_FINAL_YET", {"seats": 9, "players_left": 1},
     "1 giocatore non entra in un tavolo da 9", "1 player does not fit one table of 9"),
    ("NOT_FINAL_YET", {"seats": 9, "players_left": 2},
     "2 giocatori non entrano in un tavolo da 9", "2 players do not fit one table of 9"),
    ("BREAK_DUE", {"seats_left": 3, "table": 2, "players_left": 1},
     "1 giocatore entra in 3 posti: chiudi il tavolo 2", "1 player fits in 3 seats: break table 2"),
    ("BREAK_DUE", {"seats_left": 3, "table": 2, "players_left": 2},
     "2 giocatori entrano in 3 posti: chiudi il tavolo 2",
     "2 players fit in 3 seats: break table 2"),
    ("FINAL_TABLE_DUE", {"table": 1, "players_left": 1},
     "1 giocatore rimasto: sorteggia il tavolo finale al tavolo 1",
     "1 player left: draw the final table at table 1"),
    ("FINAL_TABLE_DUE", {"table": 1, "players_left": 2},
     "2 giocatori rimasti: sorteggia il tavolo finale al tavolo 1",
     "2 players left: draw the final table at table 1"),
    ("HAND_FOR_HAND_DUE", {"paid": 3, "players_left": 1},
     "1 giocatore rimasto e 3 premiati: si gioca mano per mano",
     "1 player left and 3 paid: play hand-for-hand"),
    ("HAND_FOR_HAND_DUE", {"paid": 3, "players_left": 2},
     "2 giocatori rimasti e 3 premiati: si gioca mano per mano",
     "2 players left and 3 paid: play hand-for-hand"),
])
def test_seating_warnings_say_one_player_left_in_the_singular(app, code, params, italian,
                                                              english):
    with app.test_request_context():
        assert translate(code, params) == italian
    assert message_for(code, params) == english


def test_a_broken_table_that_reseats_one_player_says_it_in_the_singular(app):
    with app.test_request_context():
        assert (translate("LOG_TABLES_BROKEN", {"tables": "3", "count": 1})
                == "Chiuso il tavolo 3; giocatore riassegnato: 1")
        assert (translate("LOG_TABLES_BROKEN", {"tables": "3", "count": 7})
                == "Chiuso il tavolo 3; giocatori riassegnati: 7")
        with force_locale("en"):
            assert (translate("LOG_TABLES_BROKEN", {"tables": "3", "count": 1})
                    == "Broken: table 3; player reseated: 1")
            assert (translate("LOG_TABLES_BROKEN", {"tables": "3", "count": 7})
                    == "Broken: table 3; players reseated: 7")


def in_english(client) -> None:
    assert client.get("/lang/en").status_code == 302


@pytest.mark.parametrize(("stack", "italian", "english"), [
    (1, "1 fiche lasciata da chi ha fatto re-entry è uscita dal gioco.",
     "1 chip forfeited by a re-entering player left play."),
    (3000, "3.000 fiches lasciate da chi ha fatto re-entry sono uscite dal gioco.",
     "3,000 chips forfeited by re-entering players left play."),
])
def test_forfeited_chips_on_the_dashboard_take_the_count_s_number(api, ddt_client, stack, italian,
                                                                   english):
    tid = api.post("/api/v1/tournaments",
                   json=SET_UP | {"re_entry": {"until_level": 1, "price": 2000}}).get_json()["id"]
    for number in range(1, 5):
        api.post(f"/api/v1/tournaments/{tid}/players", json={"name": f"Player {number}"})
    api.post(f"/api/v1/tournaments/{tid}/seats/draw", json={})
    assert api.post(f"/api/v1/tournaments/{tid}/clock", json={"action": "start"}).status_code == 200
    api.post(f"/api/v1/tournaments/{tid}/players/1/chips", json={"stack": stack})
    answer = api.post(f"/api/v1/tournaments/{tid}/players/1/reentry", json={"forfeit": True})
    assert answer.status_code == 200, answer.get_json()
    assert italian in page(ddt_client, f"/td/t/{tid}")
    in_english(ddt_client)
    assert english in page(ddt_client, f"/td/t/{tid}")


@pytest.mark.parametrize(("registered", "shown", "english"), [
    (1, 0, "Showing 0 of 1 player: type a name"),
    (3, 2, "Showing 2 of 3 players: type a name"),
])
def test_a_cut_players_list_counts_its_players_in_the_right_number(
        api, ddt_client, monkeypatch, registered, shown, english):
    from tdapp.web.td import players

    monkeypatch.setattr(players, "SHOWN_AT_ONCE", shown)
    tid, _, _ = seated(api, players=registered)
    said = page(ddt_client, f"/td/t/{tid}/players")
    assert f"Sono mostrati {shown} giocatori su {registered}:" in said
    in_english(ddt_client)
    assert english in page(ddt_client, f"/td/t/{tid}/players")


@pytest.mark.parametrize(("code", "params", "italian", "english"), [
    ("LOG_SEATING_RULES", {"balance_diff": 1},
     "Regole dei posti: tavoli bilanciati entro 1 giocatore",
     "Seating rules: tables kept within 1 player"),
    ("LOG_SEATING_RULES", {"balance_diff": 2},
     "Regole dei posti: tavoli bilanciati entro 2 giocatori",
     "Seating rules: tables kept within 2 players"),
    ("LOG_SEATING_RULES_FINAL", {"balance_diff": 1, "seats": 9},
     "Regole dei posti: tavoli bilanciati entro 1 giocatore, tavolo finale da 9",
     "Seating rules: tables kept within 1 player, a final table of 9"),
    ("LOG_SEATING_RULES_FINAL", {"balance_diff": 3, "seats": 10},
     "Regole dei posti: tavoli bilanciati entro 3 giocatori, tavolo finale da 10",
     "Seating rules: tables kept within 3 players, a final table of 10"),
    ("LOG_CHIPS_RACED", {"value": 25, "into": 100, "won": 4, "tables": 1},
     "Chip race: via i gettoni da 25, cambiati in gettoni da 100; 4 gettoni nuovi vinti a 1 tavolo",
     "Chip race: the chips of 25 go, raced into 100; 4 new chips won at 1 table"),
    ("LOG_CHIPS_RACED", {"value": 25, "into": 100, "won": 9, "tables": 3},
     "Chip race: via i gettoni da 25, cambiati in gettoni da 100; 9 gettoni nuovi vinti a 3 tavoli",
     "Chip race: the chips of 25 go, raced into 100; 9 new chips won at 3 tables"),
])
def test_log_lines_of_seating_rules_and_chip_races_take_the_count_s_number(app, code, params,
                                                                            italian, english):
    with app.test_request_context():
        assert translate(code, params) == italian
    assert message_for(code, params) == english
