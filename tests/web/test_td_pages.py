"""The console's pages and forms: each action changes the tournament as the DdT meant, and each
bad form shows a clear message and changes nothing."""

from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest

from tdapp.services import templates, tournaments
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.settings import AddOnRules, RebuyRules, Settings
from tdapp.web.td import log as log_page
from tdapp.web.td import tables as table_page
from tdapp.web.td.formats import template_name

PAGES = ["", "/players", "/tables", "/setup", "/payouts", "/deal", "/chips", "/log"]


def tournament(players: int = 0, **changes) -> int:
    """A tournament with rebuys and an add-on open from the start, and `players` registered."""
    settings = Settings(
        name="Lunedì sera",
        rebuy=RebuyRules(until_level=4, chips=5000, price_cents=2000, max_stack=5000),
        add_on=AddOnRules(chips=5000, price_cents=1000, until_level=4),
    )
    tid = tournaments.create_tournament(replace(settings, **changes), actor="test").id
    for number in range(1, players + 1):
        tournaments.dispatch(tid, RegisterPlayer(f"Giocatore {number}"), actor="test")
    return tid


def flashes(page: str) -> list[str]:
    return re.findall(r'class="flash flash-\w+"[^>]*>([^<]*)<', page)


def post(client, path: str, **form):
    answer = client.post(path, data={"csrf_token": client.csrf, **form}, follow_redirects=True)
    return answer, html.unescape(answer.get_data(as_text=True))


@pytest.mark.parametrize("language", ["it", "en"])
def test_every_console_page_renders_in_both_languages(ddt_client, language):
    tid = tournament(players=12)
    post(ddt_client, f"/td/t/{tid}/seats/draw", formation="even")
    ddt_client.get(f"/lang/{language}")
    for page in PAGES:
        answer = ddt_client.get(f"/td/t/{tid}{page}")
        assert answer.status_code == 200, page
        assert f'<html lang="{language}">' in answer.get_data(as_text=True)


def test_a_tournament_is_created_from_a_shipped_template(ddt_client):
    shipped = templates.list_templates()
    assert len(shipped) == 3
    deep = next(t for t in shipped if t.settings.starting_stack == 9000)
    answer, page = post(
        ddt_client, "/td/tournaments", template=str(deep.id), name="Deep di dicembre",
        date="2026-12-18", buy_in="35,50", seats_per_table="8", starting_stack="9000",
    )
    assert answer.status_code == 200
    created = tournaments.list_tournaments()[0]
    settings = tournaments.current(created.id).settings
    assert settings.name == "Deep di dicembre"
    assert settings.buy_in_cents == 3550
    assert settings.seats_per_table == 8
    assert settings.structure == deep.settings.structure


def test_a_starting_stack_outside_the_club_range_is_refused_HE_01(ddt_client):
    template = templates.list_templates()[0]
    answer = ddt_client.post(
        "/td/tournaments",
        data={"csrf_token": ddt_client.csrf, "template": str(template.id), "name": "Troppo",
              "buy_in": "20", "seats_per_table": "9", "starting_stack": "4000"},
    )
    assert answer.status_code == 400
    assert "Uno stack iniziale di 4.000 fiches è fuori dall'intervallo del club, da 5.000 a 9.000" in html.unescape(answer.get_data(as_text=True))
    assert 'value="Troppo"' in answer.get_data(as_text=True)
    assert tournaments.list_tournaments() == []


def test_players_register_typed_or_from_the_roster(ddt_client):
    from tdapp.services import roster

    member = roster.add_member("Nicolò Bianchi")
    tid = tournament()
    post(ddt_client, f"/td/t/{tid}/players", name="nicolò bianchi")
    post(ddt_client, f"/td/t/{tid}/players", name="Ugo Nuovo", save_to_roster="1")
    state = tournaments.current(tid)
    first, second = list(state.players)
    assert (first.name, first.roster_id) == ("Nicolò Bianchi", member.id)
    assert second.name == "Ugo Nuovo"
    assert "Ugo Nuovo" in [m.name for m in roster.members()]


def test_one_click_actions_rebuy_add_on_absent_bust_and_undo(ddt_client):
    tid = tournament(players=3)
    post(ddt_client, f"/td/t/{tid}/seats/draw", formation="even")
    _, page = post(ddt_client, f"/td/t/{tid}/players/act", do="rebuy-1")
    assert "Rebuy registrato per Giocatore 1." in flashes(page)
    post(ddt_client, f"/td/t/{tid}/players/act", do="addon-2")
    post(ddt_client, f"/td/t/{tid}/players/act", do="absent-3")
    _, page = post(ddt_client, f"/td/t/{tid}/players/act", do="bust-3")
    state = tournaments.current(tid)
    assert state.player(1).rebuys == 1 and state.player(1).stack == 10000
    assert state.player(2).add_ons == 1
    assert state.player(3).place == 3
    assert state.ledger.money_in_cents == 3 * 2000 + 2000 + 1000
    _, page = post(ddt_client, f"/td/t/{tid}/undo")
    assert "Annullato: Giocatore 3 esce dal torneo al 3° posto" in flashes(page)
    assert tournaments.current(tid).player(3).place is None
    post(ddt_client, f"/td/t/{tid}/redo")
    assert tournaments.current(tid).player(3).place == 3


def test_a_chip_count_is_recorded_and_a_bad_one_changes_nothing(ddt_client):
    tid = tournament(players=2)
    post(ddt_client, f"/td/t/{tid}/seats/draw", formation="even")
    post(ddt_client, f"/td/t/{tid}/players/act", do="chips-1", **{"stack-1": "4.200"})
    assert tournaments.current(tid).player(1).stack == 4200
    version = tournaments.current(tid).version
    _, page = post(ddt_client, f"/td/t/{tid}/players/act", do="chips-1", **{"stack-1": "lots"})
    assert "Fiches: «lots» non è un numero intero." in flashes(page)
    assert tournaments.current(tid).version == version


def test_a_refused_rule_is_shown_and_changes_nothing(ddt_client):
    tid = tournament(players=2)
    post(ddt_client, f"/td/t/{tid}/players/act", do="addon-1")
    version = tournaments.current(tid).version
    _, page = post(ddt_client, f"/td/t/{tid}/players/act", do="addon-1")
    assert "Giocatore 1 ha già fatto l'add-on" in flashes(page)
    assert tournaments.current(tid).version == version


def test_an_unknown_action_or_player_is_refused_clearly(ddt_client):
    tid = tournament(players=1)
    _, page = post(ddt_client, f"/td/t/{tid}/players/act", do="explode-1")
    assert "Azione sconosciuta." in flashes(page)
    _, page = post(ddt_client, f"/td/t/{tid}/players/act", do="bust-99")
    assert "Non c'è il giocatore 99 in questo torneo" in flashes(page)
    assert ddt_client.get("/td/t/999/players").status_code == 404


def test_seats_are_drawn_over_tables_as_even_as_possible_TO_01(ddt_client):
    tid = tournament(players=20, seats_per_table=9)
    post(ddt_client, f"/td/t/{tid}/seats/draw", formation="even")
    sizes = sorted(sum(1 for s in seats if s) for seats in tournaments.current(tid).tables.values())
    assert sizes == [6, 7, 7]
    page = ddt_client.get(f"/td/t/{tid}/tables").get_data(as_text=True)
    assert page.count('class="table-card"') == 3


def _setup_form(ddt_client, tid: int) -> dict[str, str]:
    """The set-up form as the page fills it."""
    page = ddt_client.get(f"/td/t/{tid}/setup").get_data(as_text=True)
    form = dict(re.findall(r'<input type="(?:text|number|date|hidden)" [^>]*?name="([^"]+)" value="([^"]*)"', page))
    form |= {n: "1" for n in re.findall(r'name="([^"]+)" value="1" checked', page)}
    form |= dict(re.findall(r'<select [^>]*name="([^"]+)"[^>]*>.*?<option value="([^"]*)" selected', page, re.S))
    return form


def test_set_up_shows_minutes_and_stores_seconds(ddt_client):
    tid = tournament()
    form = _setup_form(ddt_client, tid)
    assert form["minutes-0"] == "20"
    form |= {"minutes-0": "12,5", "late_until": "6", "csrf_token": ddt_client.csrf}
    answer = ddt_client.post(f"/td/t/{tid}/setup", data=form, follow_redirects=True)
    assert "Impostazioni salvate." in flashes(answer.get_data(as_text=True))
    settings = tournaments.current(tid).settings
    assert settings.structure.periods[0].seconds == 750
    assert settings.late_registration_until_level == 6


def test_set_up_adds_a_level_in_a_blank_row(ddt_client):
    tid = tournament()
    before = tournaments.current(tid).settings.structure.periods
    form = _setup_form(ddt_client, tid)
    row = len(before)
    form |= {f"kind-{row}": "level", f"sb-{row}": "5000", f"bb-{row}": "10000",
             f"ante-{row}": "10000", f"bba-{row}": "1", f"minutes-{row}": "20",
             "csrf_token": ddt_client.csrf}
    ddt_client.post(f"/td/t/{tid}/setup", data=form)
    after = tournaments.current(tid).settings.structure.periods
    assert len(after) == len(before) + 1
    assert (after[-1].big_blind, after[-1].big_blind_ante, after[-1].seconds) == (10000, True, 1200)


def test_a_bad_set_up_keeps_what_was_typed_and_changes_nothing(ddt_client):
    tid = tournament()
    version = tournaments.current(tid).version
    form = _setup_form(ddt_client, tid) | {"sb-0": "100", "bb-0": "50", "name": "Nome nuovo",
                                           "csrf_token": ddt_client.csrf}
    answer = ddt_client.post(f"/td/t/{tid}/setup", data=form)
    page = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 400
    assert "Livello 1: il grande buio deve essere almeno pari al piccolo buio" in page
    assert "Non è stato salvato nulla." in page
    assert 'value="Nome nuovo"' in page
    assert tournaments.current(tid).version == version


def test_payouts_follow_the_table_and_take_a_deal_that_matches_the_pool(ddt_client):
    tid = tournament(players=10)
    pool = tournaments.current(tid).ledger.money_in_cents
    assert pool == 20000
    _, page = post(ddt_client, f"/td/t/{tid}/payouts/adjust", places="3",
                   **{"amount-1": "100", "amount-2": "50", "amount-3": "10"})
    assert "I premi sommano €\xa0160 ma il montepremi è di €\xa0200" in flashes(page)
    assert tournaments.current(tid).payout_amounts is None
    post(ddt_client, f"/td/t/{tid}/payouts/adjust", places="3",
         **{"amount-1": "110", "amount-2": "60", "amount-3": "30"})
    assert tournaments.current(tid).payout_amounts == (11000, 6000, 3000)


def test_the_payout_table_is_edited_in_percent(ddt_client):
    tid = tournament()
    post(ddt_client, f"/td/t/{tid}/payouts/table", brackets="2", rounding="5",
         **{"entries-0": "10", "shares-0": "60 40", "entries-1": "50", "shares-1": "50 30 20"})
    settings = tournaments.current(tid).settings
    assert [b.basis_points for b in settings.payouts] == [(6000, 4000), (5000, 3000, 2000)]
    assert settings.rounding_cents == 500
    _, page = post(ddt_client, f"/td/t/{tid}/payouts/table", brackets="1", rounding="5",
                   **{"entries-0": "10", "shares-0": "60 30"})
    assert "Tabella premi:" in flashes(page)[0]
    assert len(tournaments.current(tid).settings.payouts) == 2


def test_a_set_up_is_kept_as_a_new_template_or_over_an_old_one(ddt_client):
    tid = tournament()
    post(ddt_client, f"/td/t/{tid}/setup/template", template_name="Lunedì 20 minuti")
    saved = next(t for t in templates.list_templates() if t.name == "Lunedì 20 minuti")
    assert saved.settings.rebuy == tournaments.current(tid).settings.rebuy
    _, page = post(ddt_client, f"/td/t/{tid}/setup/template", template_name="Lunedì 20 minuti")
    assert "Esiste già un modello di nome Lunedì 20 minuti" in flashes(page)
    old = templates.list_templates()[0]
    post(ddt_client, f"/td/t/{tid}/setup/template", template_id=str(old.id), template_name="")
    assert templates.get_template(old.id).name == old.name
    assert templates.get_template(old.id).settings.add_on.until_level == 4
    assert len(templates.list_templates()) == 4


def test_a_template_is_deleted_from_the_template_list(ddt_client):
    doomed = templates.list_templates()[0]
    page = ddt_client.get("/td/templates").get_data(as_text=True)
    with ddt_client.application.test_request_context():
        shown = template_name(doomed.name)  # a shipped name, in Italian
    assert shown in page
    _, page = post(ddt_client, f"/td/templates/{doomed.id}/delete")
    assert [t.id for t in templates.list_templates() if t.id == doomed.id] == []
    _, page = post(ddt_client, f"/td/templates/{doomed.id}/delete")
    assert f"Non esiste il modello {doomed.id}" in flashes(page)


def test_a_big_field_shows_its_first_rows_and_is_searched_on_the_server(ddt_client, monkeypatch):
    from tdapp.web.td import players

    monkeypatch.setattr(players, "SHOWN_AT_ONCE", 5)
    tid = tournament(players=12)
    page = ddt_client.get(f"/td/t/{tid}/players").get_data(as_text=True)
    assert page.count('<tr data-name="') == 5
    assert 'id="truncated"' in page
    page = ddt_client.get(f"/td/t/{tid}/players?q=giocatore 1").get_data(as_text=True)
    assert page.count('<tr data-name="') == 4
    _, page = post(ddt_client, f"/td/t/{tid}/players/act", do="bust-12",
                   next=f"/td/t/{tid}/players?q=giocatore 1")
    assert page.count('<tr data-name="') == 4


def test_bonus_chips_count_in_the_starting_stack_within_the_club_range_HE_01(ddt_client):
    tid = tournament()
    post(ddt_client, f"/td/t/{tid}/players", name="Anna", bonus_chips="2000")
    assert tournaments.current(tid).player(1).starting_stack == 7000
    _, page = post(ddt_client, f"/td/t/{tid}/players", name="Bruno", bonus_chips="5000",
                   save_to_roster="1")
    assert "Uno stack iniziale di 10.000 fiches è fuori dall'intervallo del club" in flashes(page)[0]
    assert tournaments.current(tid).ledger.entries == 1
    from tdapp.services import roster

    assert roster.members("Bruno") == []


def test_re_entry_after_a_bust_and_unregistration_before_play_TO_03(ddt_client):
    from tdapp.tournament.settings import ReEntryRules

    # Four players, one gone before play: the bust leaves two, so the tournament goes on.
    tid = tournament(players=4, re_entry=ReEntryRules(until_level=4, price_cents=2500))
    post(ddt_client, f"/td/t/{tid}/players/act", do="unregister-4")
    assert tournaments.current(tid).ledger.entries == 3
    post(ddt_client, f"/td/t/{tid}/seats/draw", formation="even")
    post(ddt_client, f"/td/t/{tid}/players/act", do="bust-2")
    page = ddt_client.get(f"/td/t/{tid}/players").get_data(as_text=True)
    assert 'value="reenter-2"' in page
    _, page = post(ddt_client, f"/td/t/{tid}/players/act", do="reenter-2")
    assert "Giocatore 2 ha fatto re-entry." in flashes(page)
    again = tournaments.current(tid).player(2)
    assert (again.place, again.entries, again.table is not None) == (None, 2, True)
    assert tournaments.current(tid).ledger.money_in_cents == 3 * 2000 + 2500


def test_an_absent_player_is_marked_back_HE_25(ddt_client):
    tid = tournament(players=2)
    post(ddt_client, f"/td/t/{tid}/players/act", do="absent-1")
    assert tournaments.current(tid).player(1).absent
    page = ddt_client.get(f"/td/t/{tid}/players").get_data(as_text=True)
    assert 'value="back-1"' in page
    post(ddt_client, f"/td/t/{tid}/players/act", do="back-1")
    assert not tournaments.current(tid).player(1).absent


def test_a_whole_table_is_counted_at_once_so_chips_can_change_hands(ddt_client):
    tid = tournament(players=2)
    post(ddt_client, f"/td/t/{tid}/seats/draw", formation="even")
    _, page = post(ddt_client, f"/td/t/{tid}/players/act", do="chips-1", **{"stack-1": "7000"})
    assert "più delle 10.000 in gioco" in flashes(page)[0]
    page = ddt_client.get(f"/td/t/{tid}/tables/1/count").get_data(as_text=True)
    assert 'name="stack-1"' in page and 'name="stack-2"' in page
    _, page = post(ddt_client, f"/td/t/{tid}/tables/1/count", **{"stack-1": "7000", "stack-2": "3000"})
    assert "Fiches contate al tavolo 1." in flashes(page)
    state = tournaments.current(tid)
    assert (state.player(1).stack, state.player(2).stack) == (7000, 3000)
    _, page = post(ddt_client, f"/td/t/{tid}/tables/9/count")
    assert "Non esiste il tavolo 9." in flashes(page)


def test_the_log_shows_a_page_of_lines_newest_first_with_the_way_to_older_ones(ddt_client,
                                                                               monkeypatch):
    monkeypatch.setattr(log_page, "LOG_PAGE", 4)
    tid = tournament(players=9)  # the creation and nine registrations: ten lines
    first = html.unescape(ddt_client.get(f"/td/t/{tid}/log").get_data(as_text=True))
    assert "Giocatore 9" in first and "Giocatore 5" not in first
    assert 'id="log-pages"' in first and "pagina 1 di 3" in first and 'rel="prev"' not in first
    second = html.unescape(ddt_client.get(f"/td/t/{tid}/log?page=2").get_data(as_text=True))
    assert "Giocatore 5" in second and "Giocatore 9" not in second and 'rel="prev"' in second
    last = html.unescape(ddt_client.get(f"/td/t/{tid}/log?page=99").get_data(as_text=True))
    assert "pagina 3 di 3" in last and 'rel="next"' not in last
    # A revert from an older page comes back to that page.
    assert f'name="next" value="/td/t/{tid}/log?page=2"' in second
    small = html.unescape(ddt_client.get(f"/td/t/{tid}/log?page=x").get_data(as_text=True))
    assert "pagina 1 di 3" in small


def test_the_tables_page_shows_a_page_of_tables_and_finds_a_player_or_a_table(ddt_client,
                                                                              monkeypatch):
    monkeypatch.setattr(table_page, "TABLES_PAGE", 1)
    tid = tournament(players=20, seats_per_table=9)
    post(ddt_client, f"/td/t/{tid}/seats/draw", formation="even")
    state = tournaments.current(tid)
    first = ddt_client.get(f"/td/t/{tid}/tables").get_data(as_text=True)
    assert re.findall(r'id="table-(\d+)"', first) == ["1"]
    assert "pagina 1 di 3" in first and 'id="tables-search"' in first
    # The manual move offers the players at the tables shown.
    at_one = {state.player(pid).name for pid in state.tables[1] if pid is not None}
    offered = set(re.findall(r'<option value="\d+">([^<(]+) \(', first))
    assert offered == at_one
    second = ddt_client.get(f"/td/t/{tid}/tables?page=2").get_data(as_text=True)
    assert re.findall(r'id="table-(\d+)"', second) == ["2"]
    # A name no player at another table carries inside theirs ("Giocatore 1" is in "Giocatore 12").
    elsewhere = [state.player(pid).name.lower() for number in (1, 2)
                 for pid in state.tables[number] if pid is not None]
    sitter = next(state.player(pid) for pid in state.tables[3] if pid is not None
                  and not any(state.player(pid).name.lower() in name for name in elsewhere))
    found = ddt_client.get(f"/td/t/{tid}/tables?q={sitter.name.upper()}").get_data(as_text=True)
    assert re.findall(r'id="table-(\d+)"', found) == ["3"]
    monkeypatch.setattr(table_page, "TABLES_PAGE", 30)
    by_number = ddt_client.get(f"/td/t/{tid}/tables?q=2").get_data(as_text=True)
    assert "2" in re.findall(r'id="table-(\d+)"', by_number)  # and those of players 2, 12, 20
    none = html.unescape(ddt_client.get(f"/td/t/{tid}/tables?q=Nessuno").get_data(as_text=True))
    assert re.findall(r'id="table-(\d+)"', none) == [] and "Nessun tavolo corrisponde" in none


def test_a_club_night_sees_every_table_on_one_page_without_a_pager(ddt_client):
    tid = tournament(players=20, seats_per_table=9)
    post(ddt_client, f"/td/t/{tid}/seats/draw", formation="even")
    shown = ddt_client.get(f"/td/t/{tid}/tables").get_data(as_text=True)
    assert re.findall(r'id="table-(\d+)"', shown) == ["1", "2", "3"]
    assert 'id="tables-pages"' not in shown and 'id="tables-search"' not in shown
