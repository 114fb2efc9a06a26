"""The landing page: the tournaments under way first with their wall clock and players' page, the
console only for a DdT, the league, and the way in (log in, or the first run on a new install)."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from datetime import date

from tdapp.services import league, tournaments
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.clock.rules import PauseClock, StartClock
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.settings import Settings
from tdapp.web.home import FINISHED, NOT_STARTED, PAUSED, RUNNING, Listed, ordered


def made(name: str, *, when: date | None = None, players: int = 0, start: bool = False) -> int:
    settings = replace(Settings(), name=name, date=when)
    tid = tournaments.create_tournament(settings, actor="test").id
    for number in range(1, players + 1):
        tournaments.dispatch(tid, RegisterPlayer(f"Giocatore {number}"), actor="test")
    if start:
        tournaments.dispatch(tid, StartClock(), actor="test")
    return tid


def page(client, path: str = "/") -> str:
    answer = client.get(path)
    assert answer.status_code == 200
    return html.unescape(answer.get_data(as_text=True))


def card_names(text: str) -> list[str]:
    return re.findall(r'<li class="home-card[^"]*"[^>]*>\s*<div class="home-head">\s*<h2>([^<]+)</h2>',
                      text)


def item(name: str, status: str, when: date | None) -> Listed:
    return Listed(id=1, slug=name, name=name, date=when, status=status, level=None,
                  players_left=0, entries=0)


def test_order_is_under_way_then_coming_soonest_then_undated_then_past_latest():
    today = date(2026, 12, 2)
    shown = [
        item("last week", NOT_STARTED, date(2026, 11, 25)),
        item("friday", NOT_STARTED, date(2026, 12, 4)),
        item("finished today", FINISHED, today),
        item("undated", NOT_STARTED, None),
        item("tonight", NOT_STARTED, today),
        item("paused", PAUSED, date(2026, 12, 1)),
        item("yesterday", FINISHED, date(2026, 12, 1)),
        item("running", RUNNING, None),
    ]
    assert [i.name for i in ordered(shown, today)] == [
        "paused", "running", "tonight", "friday", "undated",
        "finished today", "yesterday", "last week",
    ]


def test_home_is_italian_by_default_and_lists_the_running_tournament_first(client, ddt):
    made("Venerdì deep", when=date(2099, 1, 1), players=2)
    made("Lunedì sera", players=3, start=True)
    text = page(client)
    assert '<html lang="it">' in text
    assert card_names(text) == ["Lunedì sera", "Venerdì deep"]
    assert "In corso" in text and "Livello 1" in text
    assert "3 giocatori in gioco su 3 iscrizioni" in text


def test_each_tournament_links_its_wall_clock_and_players_page(client, ddt):
    made("Lunedì sera", players=2, start=True)
    slug = tournaments.list_tournaments()[0].slug
    text = page(client)
    assert f'href="/t/{slug}/clock"' in text
    assert f'href="/t/{slug}"' in text
    for link in (f"/t/{slug}/clock", f"/t/{slug}"):
        assert client.get(link).status_code == 200


def test_a_visitor_sees_log_in_and_no_console_link(client, ddt):
    tid = made("Lunedì sera")
    text = page(client)
    assert 'href="/login"' in text
    assert f'href="/td/t/{tid}"' not in text


def test_a_logged_in_ddt_gets_the_console_of_each_tournament(ddt_client):
    tid = made("Lunedì sera")
    text = page(ddt_client)
    assert f'href="/td/t/{tid}"' in text
    assert 'href="/login"' not in text
    assert ddt_client.get(f"/td/t/{tid}").status_code == 200


def test_a_logged_in_ddt_finds_the_draw_tables_and_the_side_pot_calculator(ddt_client):
    text = page(ddt_client)
    for label in ("Tavoli di draw (giochi italiani)", "Calcolo dei piatti laterali"):
        link = re.search(rf'href="([^"]+)">{re.escape(label)}</a>', text).group(1)
        assert ddt_client.get(link).status_code == 200, link


def test_a_new_install_points_to_the_first_run(client):
    text = page(client)
    assert 'href="/setup"' in text
    assert 'href="/login"' not in text
    assert "Ancora nessun torneo." in text


def test_a_finished_tournament_goes_after_the_coming_ones(client, ddt):
    done = made("Ieri sera", players=2, start=True)
    tournaments.dispatch(done, BustPlayer(1), actor="test")
    made("Stasera", when=date(2099, 1, 1))
    text = page(client)
    assert card_names(text) == ["Stasera", "Ieri sera"]
    assert "Concluso" in text


def test_a_paused_clock_still_counts_as_under_way(client, ddt):
    made("Prima")
    tid = made("In pausa", players=2, start=True)
    tournaments.dispatch(tid, PauseClock(), actor="test")
    text = page(client)
    assert card_names(text)[0] == "In pausa"
    assert "Orologio in pausa" in text


def test_the_league_standings_are_linked(client):
    members = [f"Socio {n}" for n in range(1, 9)]
    league_id = league.create_league("Lega d'inverno", members)
    text = page(client)
    assert f'href="/leagues/{league_id}"' in text and "Lega d'inverno" in text
    assert client.get(f"/leagues/{league_id}").status_code == 200


def test_the_language_switch_turns_the_home_page_english(client, ddt):
    made("Lunedì sera", players=2, start=True)
    answer = client.get("/lang/en?next=/", follow_redirects=True)
    text = html.unescape(answer.get_data(as_text=True))
    assert '<html lang="en">' in text
    assert "Under way" in text and "Wall clock" in text
    assert 'href="/lang/it?next=/"' in text
