"""A whole night at the console (issue 15): the same person twice is asked about, an
unregistration says whom it took out, a bust is no missing chip."""

from __future__ import annotations

import re

from tdapp.services import journal, roster, templates, tournaments
from tests.web.test_td_pages import flashes, post, tournament


def test_a_name_already_registered_asks_before_a_second_entry(ddt_client):
    tid = tournament(players=0)
    post(ddt_client, f"/td/t/{tid}/players", name="Marco Rossi", next=f"/td/t/{tid}/players")
    _, page = post(ddt_client, f"/td/t/{tid}/players", name="marco  rossi",
                   next=f"/td/t/{tid}/players")
    assert tournaments.current(tid).ledger.entries == 1
    assert "Marco Rossi è già in questo torneo" in page
    assert 'name="same_name_ok" value="1"' in page and 'value="marco rossi"' in page
    # The question is asked once: the page shown again does not ask.
    again = ddt_client.get(f"/td/t/{tid}/players").get_data(as_text=True)
    assert 'id="same-name"' not in again
    _, page = post(ddt_client, f"/td/t/{tid}/players", name="marco rossi", same_name_ok="1",
                   next=f"/td/t/{tid}/players")
    assert [p.name for p in tournaments.current(tid).players] == ["Marco Rossi", "marco rossi"]
    assert "marco rossi è iscritto." in flashes(page)


def test_a_typed_name_finds_its_roster_player_ignoring_spaces(ddt_client):
    member = roster.add_member("Nicolò Bianchi")
    tid = tournament(players=0)
    post(ddt_client, f"/td/t/{tid}/players", name="nicolo  BIANCHI", next=f"/td/t/{tid}/players")
    player = tournaments.current(tid).player(1)
    assert (player.name, player.roster_id) == ("Nicolò Bianchi", member.id)


def test_unregistering_says_whom_and_the_log_names_the_player(ddt_client):
    tid = tournament(players=3)
    _, page = post(ddt_client, f"/td/t/{tid}/players/act", do="unregister-2",
                   next=f"/td/t/{tid}/players")
    assert flashes(page) == ["Giocatore 2 non è più iscritto."]
    assert tournaments.current(tid).ledger.entries == 2
    newest = journal.entries(tid, limit=1)[0]
    assert newest.params["player"] == "Giocatore 2"
    log = ddt_client.get(f"/td/t/{tid}/log").get_data(as_text=True)
    assert "Giocatore 2 ha cancellato l&#39;iscrizione" in log


def test_the_dashboard_says_which_stacks_wait_for_a_count_instead_of_a_false_gap(ddt_client):
    tid = tournament(players=4)
    post(ddt_client, f"/td/t/{tid}/seats/draw", formation="even")
    post(ddt_client, f"/td/t/{tid}/players/act", do="bust-1")
    page = ddt_client.get(f"/td/t/{tid}").get_data(as_text=True)
    # In words where to count (the table, with a link to its count), never a bare dash.
    assert "Conta 3 stack" in page
    assert f'href="/td/t/{tid}/tables/1/count" class="recount">Tavolo 1: 3 stack</a>' in page
    assert "mancano al conteggio" not in page and "-5.000" not in page


def test_a_night_with_its_own_stack_and_buy_in_sells_rebuys_and_add_ons_at_them(ddt_client):
    club = next(t for t in templates.list_templates() if t.settings.rebuy is not None)
    post(ddt_client, "/td/tournaments", template=str(club.id), name="Sabato 7000",
         buy_in="25", seats_per_table="9", starting_stack="7000")
    created = tournaments.list_tournaments()[0]
    settings = tournaments.current(created.id).settings
    assert (settings.rebuy.chips, settings.rebuy.price_cents) == (7000, 2500)
    assert (settings.add_on.chips, settings.add_on.price_cents) == (7000, 2500)
    page = ddt_client.get(f"/td/t/{created.id}/setup").get_data(as_text=True)
    assert 'name="rebuy_chips_as_stack" value="1" checked' in page


def test_the_set_up_page_shows_an_untied_amount_that_differs_before_saving(ddt_client):
    tid = tournament(players=0, starting_stack=7000, buy_in_cents=2500)
    page = ddt_client.get(f"/td/t/{tid}/setup").get_data(as_text=True)
    shown = re.findall(r'<span class="mismatch" role="status" >\s*([^<]+?)\s*</span>', page)
    assert shown == ["Diverso dallo stack iniziale.", "Diverso dal buy-in.",
                     "Diverso dallo stack iniziale.", "Diverso dal buy-in."]
