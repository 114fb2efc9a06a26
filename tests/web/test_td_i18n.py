"""Italian by default, English on request, kept for the visit; refusals in the chosen language;
every string of the console and its log translated."""

from __future__ import annotations

from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from tdapp.services import tournaments
from tdapp.tournament.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "tdapp/translations/it/LC_MESSAGES/messages.po"
# The console's own sources: the strings they mark must all be in Italian. The clock's and the
# seating's include points (templates/td/_*.html) belong to those areas and are checked there.
CONSOLE_SOURCES = ("tdapp/web/td/", "tdapp/web/auth.py", "tdapp/web/csrf.py",
                   "templates/td/", "templates/auth/", "templates/base.html")
OTHERS_INCLUDES = "templates/td/_"


def new_tournament() -> int:
    return tournaments.create_tournament(Settings(name="Giovedì"), actor="test").id


def test_the_console_speaks_italian_by_default(ddt_client):
    page = ddt_client.get("/td/tournaments").get_data(as_text=True)
    assert '<html lang="it">' in page
    assert "Nuovo torneo" in page


def test_english_is_chosen_once_and_kept_on_every_page(ddt_client):
    tid = new_tournament()
    answer = ddt_client.get(f"/lang/en?next=/td/t/{tid}/players")
    assert answer.location.endswith(f"/td/t/{tid}/players")
    for path in (f"/td/t/{tid}", f"/td/t/{tid}/players", f"/td/t/{tid}/log"):
        page = ddt_client.get(path).get_data(as_text=True)
        assert '<html lang="en">' in page
        assert "Undo" in page and "Annulla" not in page
    ddt_client.get("/lang/it")
    assert "Annulla" in ddt_client.get(f"/td/t/{tid}").get_data(as_text=True)


def test_the_language_switch_is_on_every_page_and_keeps_the_page(ddt_client, client):
    tid = new_tournament()
    page = ddt_client.get(f"/td/t/{tid}/tables").get_data(as_text=True)
    assert f"/lang/en?next=/td/t/{tid}/tables" in page
    assert "/lang/en?next=/login" in client.get("/login").get_data(as_text=True)


def test_the_switch_never_leads_off_the_site(client):
    for target in ("https://evil.example/", "//evil.example/x", "javascript:alert(1)"):
        answer = client.get("/lang/en", query_string={"next": target})
        assert answer.location in ("/", "http://localhost/")


def test_an_unknown_language_changes_nothing(client):
    client.get("/lang/en")
    client.get("/lang/xx")
    assert '<html lang="en">' in client.get("/setup").get_data(as_text=True)


def test_a_refusal_is_told_in_the_chosen_language(ddt_client):
    tid = new_tournament()
    answer = ddt_client.post(
        f"/td/t/{tid}/seats/draw", data={"csrf_token": ddt_client.csrf}, follow_redirects=True
    )
    assert "Iscrivi i giocatori prima di sorteggiare i posti" in answer.get_data(as_text=True)
    ddt_client.get("/lang/en")
    answer = ddt_client.post(
        f"/td/t/{tid}/seats/draw", data={"csrf_token": ddt_client.csrf}, follow_redirects=True
    )
    assert "Register players before drawing seats" in answer.get_data(as_text=True)


def test_log_lines_are_in_the_chosen_language(ddt_client):
    tid = new_tournament()
    ddt_client.post(f"/td/t/{tid}/players", data={"csrf_token": ddt_client.csrf, "name": "Nicolò"})
    assert "Nicolò si è iscritto" in ddt_client.get(f"/td/t/{tid}/log").get_data(as_text=True)
    ddt_client.get("/lang/en")
    assert "Nicolò registered" in ddt_client.get(f"/td/t/{tid}/log").get_data(as_text=True)


def test_every_console_string_has_an_italian_translation():
    with CATALOGUE.open("rb") as po:
        translated = {m.id: m.string for m in read_po(po) if m.id and m.string}
    method_map = [("tdapp/**.py", "python"), ("templates/**.html", "jinja2")]
    missing = [
        f"{path}:{line} {message!r}"
        for path, line, message, *_ in extract_from_dir(str(ROOT), method_map=method_map)
        if path.startswith(CONSOLE_SOURCES) and not path.startswith(OTHERS_INCLUDES)
        and message not in translated
    ]
    assert missing == []
