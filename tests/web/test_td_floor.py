"""The console's answers a floor person relies on (issue 26 item 3): a bust is told with its undo,
a rebuy out of reach says why, and a refused form gets back what was typed in it."""

from __future__ import annotations

import re

from tdapp.services import tournaments
from tdapp.tournament.chips import SetChips
from tdapp.tournament.settings import RebuyRules
from tests.web.test_td_pages import post, tournament


def test_a_refused_chip_count_comes_back_with_the_count_typed(ddt_client):
    tid = tournament(players=4)
    post(ddt_client, f"/td/t/{tid}/seats/draw", formation="even")
    _, page = post(ddt_client, f"/td/t/{tid}/players/act", do="chips-1", **{"stack-1": "-5000"},
                   next=f"/td/t/{tid}/players")
    assert tournaments.current(tid).player(1).stack != -5000
    assert re.search(r'name="stack-1" value="-5000"', page)
    # Once: the page shown again starts from what is stored.
    again = ddt_client.get(f"/td/t/{tid}/players").get_data(as_text=True)
    assert not re.search(r'name="stack-1" value="-5000"', again)


def test_a_refused_registration_keeps_the_name_typed(ddt_client):
    tid = tournament(players=0)
    _, page = post(ddt_client, f"/td/t/{tid}/players", name="Maria Grazia Esposito",
                   bonus_chips="-200", next=f"/td/t/{tid}/players")
    assert tournaments.current(tid).ledger.entries == 0
    assert 'value="Maria Grazia Esposito"' in page


def test_a_rebuy_out_of_reach_says_why_rather_than_vanish(ddt_client):
    tid = tournament(players=4, rebuy=RebuyRules(until_level=4, chips=5000, price_cents=2000,
                                                 max_stack=2000))
    post(ddt_client, f"/td/t/{tid}/seats/draw", formation="even")
    tournaments.dispatch(tid, SetChips(1, 1500), actor="test")
    page = ddt_client.get(f"/td/t/{tid}/players").get_data(as_text=True)
    assert 'value="rebuy-2"' not in page
    assert "Niente rebuy: 5.000 fiches superano il limite di 2.000" in page
    assert 'value="rebuy-1"' in page


def test_a_bust_is_told_in_a_toast_with_the_undo_of_the_ddt(ddt_client):
    tid = tournament(players=4)
    post(ddt_client, f"/td/t/{tid}/seats/draw", formation="even")
    _, page = post(ddt_client, f"/td/t/{tid}/players/act", do="bust-2", next=f"/td/t/{tid}/players")
    toast = page[page.index('id="undo-toast"'):]
    assert "Giocatore 2 esce dal torneo al 4° posto." in toast[:400]
    assert f'action="/td/t/{tid}/undo"' in toast
    # Told once, in the toast, not a second time among the page's messages.
    assert page.count("Giocatore 2 esce dal torneo al 4° posto.") == 1
    _, page = post(ddt_client, f"/td/t/{tid}/undo", next=f"/td/t/{tid}/players")
    assert tournaments.current(tid).player(2).place is None
