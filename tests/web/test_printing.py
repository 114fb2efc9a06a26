"""The print pages under /td/t/<id>/print/: seat cards, move slips, the structure, the payouts,
the results and a prize receipt. Only a DdT sees them; a bad paper or filter, an unknown player
or a player with no prize gets a clear page and nothing else."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from datetime import date

import pytest

from tdapp.services import tournaments
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.seating.rules import BreakTable
from tdapp.tournament.settings import PayoutBracket, Settings


def night(players: int = 15, tables: int = 3, **changes) -> int:
    """`players` at `tables` tables, €20 buy-ins, the top three paid 50/30/20."""
    settings = Settings(name="Lunedì sera", date=date(2026, 12, 7), buy_in_cents=2000,
                        payouts=(PayoutBracket(1000, (5000, 3000, 2000)),), rounding_cents=100)
    tid = tournaments.create_tournament(replace(settings, **changes), actor="test").id
    for number in range(1, players + 1):
        tournaments.dispatch(tid, RegisterPlayer(f"Giocatore {number}"), actor="test")
    tournaments.dispatch(tid, DrawSeats(tables=tables), actor="test")
    return tid


def text(answer) -> str:
    return html.unescape(answer.get_data(as_text=True))


def message(answer) -> str:
    return re.search(r'class="flash flash-error"[^>]*>([^<]*)<', text(answer)).group(1)


@pytest.fixture
def ddt_client(ddt_client):
    """The DdT's session in English (the console starts in Italian)."""
    ddt_client.get("/lang/en")
    return ddt_client


WHAT = ["seat-cards", "moves", "structure", "payouts", "results"]


@pytest.mark.parametrize("what", WHAT)
def test_a_print_page_needs_a_ddt_login(client, ddt, what):
    tid = night()
    answer = client.get(f"/td/t/{tid}/print/{what}")
    assert answer.status_code in (302, 303)
    assert answer.headers["Location"].startswith("/login")


def test_a_seat_card_has_the_seat_the_stack_a_qr_to_the_phone_page_and_the_code(ddt_client):
    tid = night()
    state = tournaments.current(tid)
    slug = tournaments.summary(tid).slug
    page = text(ddt_client.get(f"/td/t/{tid}/print/seat-cards"))
    assert page.count('class="card seat-card"') == 15
    player = next(p for p in state.players if p.table == 2)
    card = page[page.index(f'id="card-{player.id}"'):].split("</article>")[0]
    assert player.name in card
    assert "Table <b>2</b>" in card and f"Seat <b>{player.seat}</b>" in card
    assert f"Starting stack <b>{player.starting_stack:,}</b>" in card
    assert f"/t/{slug}/p/{player.id}" in card and "<svg" in card
    assert player.phone_code in card
    assert "size: 80mm" in page


def test_seat_cards_for_one_table_or_one_player_and_on_a4(ddt_client):
    tid = night()
    state = tournaments.current(tid)
    one = next(p for p in state.players if p.table == 3)
    by_table = text(ddt_client.get(f"/td/t/{tid}/print/seat-cards?table=3&paper=a4"))
    assert by_table.count('class="card seat-card"') == 5 and "size: A4" in by_table
    alone = text(ddt_client.get(f"/td/t/{tid}/print/seat-cards?player={one.id}"))
    assert alone.count('class="card seat-card"') == 1 and one.name in alone


def test_no_player_code_on_the_card_when_the_phone_may_not_mark_players_away(ddt_client):
    tid = night(options={"phone_presence": "off"})
    state = tournaments.current(tid)
    page = text(ddt_client.get(f"/td/t/{tid}/print/seat-cards"))
    assert "Your player code" not in page
    assert all(p.phone_code not in page for p in state.players)


@pytest.mark.parametrize(("query", "status", "said"), [
    ("paper=a5", 400, "This page prints on 80 mm, A4, not on “a5”."),
    ("table=tre", 400, "Table must be a whole number, not “tre”."),
    ("table=%C2%B2", 400, "Table must be a whole number, not “²”."),
    ("table=9", 404, "There is no table 9."),
    ("player=999", 404, "There is no player 999."),
])
def test_a_bad_paper_or_filter_is_refused_clearly(ddt_client, query, status, said):
    tid = night()
    answer = ddt_client.get(f"/td/t/{tid}/print/seat-cards?{query}")
    assert answer.status_code == status
    assert message(answer) == said


def test_the_posted_sheets_print_on_a4_only(ddt_client):
    tid = night()
    answer = ddt_client.get(f"/td/t/{tid}/print/structure?paper=80mm")
    assert answer.status_code == 400
    assert message(answer) == "This page prints on A4, not on “80mm”."


def test_move_slips_name_each_player_moved_by_the_table_break(ddt_client):
    tid = night()
    assert "Nobody has moved yet." in text(ddt_client.get(f"/td/t/{tid}/print/moves"))
    tournaments.dispatch(tid, BreakTable(3), actor="test")
    state = tournaments.current(tid)
    slips = text(ddt_client.get(f"/td/t/{tid}/print/moves"))
    assert slips.count('class="card move-slip"') == 5
    assert slips.count("Table 3 breaks") == 5
    for move in state.seating.last_moves.values():
        assert f"from table 3, seat {move.from_seat}" in slips
    posted = text(ddt_client.get(f"/td/t/{tid}/print/moves?paper=a4"))
    assert posted.count("<tr><td class=\"who\">") == 5
    for player_id, move in state.seating.last_moves.items():
        name = state.player(player_id).name
        row = posted[posted.index(f'<td class="who">{name}</td>'):].split("</tr>")[0]
        assert f"Table {move.to_table}, seat {move.to_seat}" in row


def test_structure_payouts_and_results_sheets(ddt_client):
    tid = night(players=10, tables=2)
    structure = text(ddt_client.get(f"/td/t/{tid}/print/structure"))
    levels = tournaments.current(tid).settings.level_count
    assert structure.count("<tr><td>") == levels and "size: A4" in structure
    payouts = text(ddt_client.get(f"/td/t/{tid}/print/payouts"))
    assert "€\u00a0200" in payouts and "10 entries" in payouts
    assert re.search(r"1°</td><td class=\"num\">€\xa0100<", payouts)
    last = next(p.id for p in tournaments.current(tid).players if p.table == 1)
    tournaments.dispatch(tid, BustPlayer(last), actor="test")
    results = text(ddt_client.get(f"/td/t/{tid}/print/results"))
    assert results.count("still playing") == 9
    assert re.search(r"10°</td>\s*<td>" + tournaments.current(tid).player(last).name, results)


def test_a_prize_receipt_has_the_place_the_amount_and_lines_to_sign(ddt_client):
    tid = night(players=3, tables=1)
    state = tournaments.current(tid)
    third, second, first = [p.id for p in state.players]
    tournaments.dispatch(tid, BustPlayer(third), actor="test")
    receipt = text(ddt_client.get(f"/td/t/{tid}/print/receipt/{third}"))
    assert state.player(third).name in receipt
    assert "3°" in receipt and "€\u00a012" in receipt
    assert "Signature of the player" in receipt and "Tournament director" in receipt
    refused = ddt_client.get(f"/td/t/{tid}/print/receipt/{first}")
    assert refused.status_code == 409
    assert message(refused) == f"{state.player(first).name} has no prize to pay."
    unknown = ddt_client.get(f"/td/t/{tid}/print/receipt/999")
    assert unknown.status_code == 404


def test_print_pages_speak_italian(ddt_client):
    tid = night()
    tournaments.dispatch(tid, BreakTable(3), actor="test")
    ddt_client.get("/lang/it")
    slips = text(ddt_client.get(f"/td/t/{tid}/print/moves"))
    assert "<html lang=\"it\">" in slips and "Stampa" in slips
    assert slips.count("Il tavolo 3 chiude") == 5 and "dal tavolo 3, posto" in slips
    cards = text(ddt_client.get(f"/td/t/{tid}/print/seat-cards"))
    assert "Stack iniziale" in cards


def test_the_tables_page_lists_the_newest_moves_with_their_slips(ddt_client):
    tid = night()
    assert 'id="announced"' not in text(ddt_client.get(f"/td/t/{tid}/tables"))
    tournaments.dispatch(tid, BreakTable(3), actor="test")
    state = tournaments.current(tid)
    page = text(ddt_client.get(f"/td/t/{tid}/tables"))
    panel = page[page.index('id="announced"'):].split("</section>")[0]
    assert "Latest moves" in panel and "Table 3 breaks" in panel
    for player_id, move in state.seating.last_moves.items():
        row = panel[panel.index(f"<strong>{state.player(player_id).name}</strong>"):].split("</li>")[0]
        assert f"Table 3, seat {move.from_seat}" in row
        assert f"Table {move.to_table}, seat {move.to_seat}" in row
    assert f'href="/td/t/{tid}/print/moves"' in panel
    assert f'href="/td/t/{tid}/print/moves?paper=a4"' in panel
