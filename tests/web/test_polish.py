"""The web layer's finish: symbols the room's fonts have, login back to any page of the site,
translated error pages, the site icon, shipped template names in the page's language, the
console's way to its tools, and a complete Italian catalogue."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from flask import render_template_string

from tdapp.services import tournaments
from tdapp.tournament.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
# Debian's DejaVu fonts lack these: the browser draws an empty box instead.
MISSING_FROM_THE_FONTS = ("\u23ee", "\u23ed", "\u2423")


def new_tournament() -> int:
    return tournaments.create_tournament(Settings(name="Giovedì"), actor="test").id


def token_of(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def log_in(client, ddt, next_page: str):
    page = client.get("/login").get_data(as_text=True)
    return client.post(
        "/login", query_string={"next": next_page},
        data={"csrf_token": token_of(page), "username": ddt.username, "password": ddt.password},
    )


def test_clock_buttons_use_symbols_the_system_fonts_have(ddt_client):
    tid = new_tournament()
    page = ddt_client.get(f"/td/t/{tid}").get_data(as_text=True)
    assert "◀◀" in page and "▶▶" in page
    assert "<kbd>Spazio</kbd>" in page
    assert not any(symbol in page for symbol in MISSING_FROM_THE_FONTS)


@pytest.mark.parametrize("wanted", ["/leagues/new", "/draw-tables/", "/t/giovedi?q=rossi", "/"])
def test_login_goes_back_to_any_page_of_the_site(client, ddt, wanted):
    assert log_in(client, ddt, wanted).location == wanted


@pytest.mark.parametrize(
    "outside", ["https://evil.example/td", "//evil.example/td", "/\\evil.example", "javascript:x"]
)
def test_login_never_goes_to_another_site(client, ddt, outside):
    assert log_in(client, ddt, outside).location == "/td/tournaments"


def test_a_logged_in_ddt_opening_the_login_goes_on_to_the_page_asked_for(ddt_client):
    assert ddt_client.get("/login?next=/leagues/new").location == "/leagues/new"


def assert_error_page(answer, status: int, message: str) -> None:
    page = answer.get_data(as_text=True)
    assert answer.status_code == status
    assert answer.mimetype == "text/html"
    assert '<html lang="it">' in page and message in page
    assert '<a href="/">Torna alla pagina iniziale</a>' in page
    assert "Werkzeug" not in page and "Not Found" not in page


@pytest.mark.parametrize("path", ["/td/t/abc", "/nothing-here", "/leagues/1/nights/99"])
def test_an_unknown_page_gets_a_translated_error_page(ddt_client, path):
    assert_error_page(ddt_client.get(path), 404, "Questa pagina non esiste")


@pytest.mark.parametrize("path", ["/t/nope", "/t/nope/clock"])
def test_an_unknown_tournament_slug_gets_a_translated_error_page(client, path):
    assert_error_page(client.get(path), 404, "nope")


def test_a_wrong_method_gets_a_translated_error_page(client):
    assert_error_page(client.post("/"), 405, "Questa pagina non si può usare in questo modo.")


def test_the_error_page_speaks_english_when_chosen(client):
    client.get("/lang/en")
    page = client.get("/nothing-here").get_data(as_text=True)
    assert "This page does not exist" in page and "Back to the start page" in page


def test_api_errors_stay_json(client, ddt_client):
    for answer in (client.get("/api/v1/nothing-here"), ddt_client.get("/api/v1/tournaments/999")):
        assert answer.status_code == 404
        assert answer.is_json and set(answer.get_json()["error"]) >= {"code", "message"}


@pytest.mark.parametrize(
    "layout, context",
    [
        ("base.html", {}),
        ("display/base.html", {}),
        ("player/base.html", {"labels": {"offline": "offline"}}),
        ("table/base.html", {"table": 1}),
        ("draw/base.html", {"name": "Tavolo"}),
        ("league/base.html", {}),
    ],
)
def test_every_layout_names_the_site_icon(app, layout, context):
    with app.test_request_context("/"):
        page = render_template_string(f'{{% extends "{layout}" %}}', **context)
    # Versioned as every static link is (tdapp/web/static_files.py).
    assert re.search(r'<link rel="icon" href="/static/favicon.svg\?v=[0-9a-f]{12}" type="image/svg\+xml">',
                     page)


def test_the_site_icon_is_served(client):
    answer = client.get("/static/favicon.svg")
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    assert b'xmlns="http://www.w3.org/2000/svg"' in answer.data
    answer.close()


def test_shipped_template_names_are_translated_with_italian_digit_grouping(ddt_client):
    for path in ("/td/templates", "/td/tournaments"):
        page = ddt_client.get(path).get_data(as_text=True)
        assert "Club 5.000-9.000 (livelli da 20 minuti)" in page
        assert "Turbo (livelli da 10 minuti)" in page
        assert "Deep stack con big blind ante (livelli da 30 minuti)" in page
        assert "minute levels" not in page
    ddt_client.get("/lang/en")
    english = ddt_client.get("/td/templates").get_data(as_text=True)
    assert "Club 5,000-9,000 (20-minute levels)" in english


def test_a_template_the_ddt_named_is_shown_as_typed(ddt_client):
    tid = new_tournament()
    page = ddt_client.get(f"/td/t/{tid}/setup").get_data(as_text=True)
    ddt_client.post(f"/td/t/{tid}/setup/template",
                    data={"csrf_token": token_of(page), "template_name": "Venerdì 7,500"})
    assert "Venerdì 7,500" in ddt_client.get("/td/templates").get_data(as_text=True)


def test_the_console_links_the_draw_tables_and_the_side_pot_calculator(ddt_client):
    page = ddt_client.get("/td/tournaments").get_data(as_text=True)
    for path in ("/draw-tables/", "/td/tools/side-pots"):
        assert f'href="{path}"' in page
        assert ddt_client.get(path).status_code == 200


def test_every_marked_string_and_message_has_an_italian_translation():
    run = subprocess.run([sys.executable, "scripts/i18n_missing.py"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout
