"""Refusals in proper words (issue 15, item 8): a count in a message takes the singular or the
plural its language needs ("tra 1 minuto", "ai tavoli 1, 3"), with the catalogue's three Italian
forms; a body that is not JSON is told why in the reader's language, not in the parser's English."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import session
from flask_babel import refresh

import tdapp.tournament  # noqa: F401  the package registers every area's messages
from tdapp.i18n import translate
from tdapp.kernel import refusals

CATALOGUE = Path(__file__).resolve().parents[2] / "tdapp/translations/it/LC_MESSAGES/messages.po"
LEVEL = {"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200}
SET_UP = {"name": "Plurali", "starting_stack": 5000, "buy_in": 2000, "seats_per_table": 9}


def said(app, language: str, code: str, **params) -> str:
    with app.test_request_context():
        session["lang"] = language
        refresh()
        return translate(code, params)


def test_every_message_with_a_count_has_its_three_italian_forms():
    plurals = {code: refusals.message_plural(code) for code in refusals.message_codes()}
    plurals = {code: plural for code, plural in plurals.items() if plural is not None}
    assert {"STRUCTURE_ENDING", "TABLES_WAITING", "REBUY_LIMIT"} <= plurals.keys()
    with CATALOGUE.open("rb") as po:
        catalogue = read_po(po, locale="it")
    assert catalogue.num_plurals == 3
    for code, plural in plurals.items():
        entry = catalogue.get(plural.singular)
        assert entry is not None and entry.id == (plural.singular, plural.plural), code
        assert len(entry.string) == 3 and all(entry.string), code


@pytest.mark.parametrize(("code", "params", "one", "several"), [
    ("STRUCTURE_ENDING", "minutes",
     "La struttura finisce tra 1 minuto: aggiungi livelli o prepara la fine.",
     "La struttura finisce tra 5 minuti: aggiungi livelli o prepara la fine."),
    ("REBUY_PERIOD_ENDING", "minutes", "Il periodo di rebuy finisce tra 1 minuto",
     "Il periodo di rebuy finisce tra 5 minuti"),
    ("CONSOLE_LOCKED", "seconds",
     "Troppi PIN errati: questa console è bloccata per 1 secondo. Il DdT può aprirla subito",
     "Troppi PIN errati: questa console è bloccata per 5 secondi. Il DdT può aprirla subito"),
    ("BALANCE_DUE", "moves", "1 spostamento bilancerà i tavoli",
     "5 spostamenti bilanceranno i tavoli"),
])
def test_a_count_takes_the_italian_singular_or_plural(app, code, params, one, several):
    assert said(app, "it", code, **{params: 1}) == one
    assert said(app, "it", code, **{params: 5}) == several


def test_a_list_of_tables_counts_its_tables_in_both_languages(app):
    assert said(app, "it", "TABLES_WAITING", tables="3") == (
        "In attesa della fine della mano al tavolo 3")
    assert said(app, "it", "TABLES_WAITING", tables="1, 3") == (
        "In attesa della fine della mano ai tavoli 1, 3")
    assert said(app, "en", "TABLES_HALTED", tables="2") == (
        "Table 2 is 3 or more players short: halt until balanced")
    assert said(app, "en", "TABLES_HALTED", tables="2, 4") == (
        "Tables 2, 4 are 3 or more players short: halt until balanced")
    assert said(app, "en", "REBUY_LIMIT", name="Anna", max=1) == (
        "Anna has taken 1 rebuy, the most allowed")
    assert said(app, "en", "REBUY_LIMIT", name="Anna", max=3) == "Anna has taken all 3 rebuys"
    # The shell's English (no request) picks the form too.
    assert refusals.message_for("STRUCTURE_ENDING", {"minutes": 1}).startswith(
        "The structure ends in 1 minute:")


@pytest.mark.parametrize(("levels", "italian", "english"), [
    (1, "la struttura ha 1 livello", "the structure has 1 level"),
    (2, "la struttura ha 2 livelli", "the structure has 2 levels"),
])
def test_the_api_refuses_with_the_plural_its_count_needs(api, levels, italian, english):
    body = SET_UP | {"levels": [LEVEL] * levels, "late_registration_until_level": 3}
    answer = api.post("/api/v1/tournaments", json=body)
    assert answer.status_code == 422
    error = answer.get_json()["error"]
    assert error["code"] == "NO_SUCH_LEVEL" and error["params"]["levels"] == levels
    assert error["message"].endswith(italian)
    api.get("/lang/en")
    assert api.post("/api/v1/tournaments", json=body).get_json()["error"]["message"].endswith(
        english)


@pytest.mark.parametrize(("body", "italian", "english"), [
    ("{", "il testo finisce troppo presto (riga 1, colonna 1)",
     "the text ends too early (line 1, column 1)"),
    ('{"name": "Anna",}', "una virgola prima di una parentesi di chiusura (riga 1, colonna 17)",
     "a comma before a closing bracket (line 1, column 17)"),
    ("{name: 1}", "un nome senza virgolette doppie (riga 1, colonna 2)",
     "a name without double quotes (line 1, column 2)"),
    ('{"name": "Anna"} x', "c'è altro testo dopo la fine (riga 1, colonna 18)",
     "there is more text after its end (line 1, column 18)"),
    ("nope", "testo inatteso alla riga 1, colonna 2", "unexpected text at line 1, column 2"),
])
def test_a_body_that_is_not_json_is_told_why_in_the_readers_language(api, body, italian,
                                                                       english):
    answer = api.post("/api/v1/tournaments", data=body, content_type="application/json")
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert error["code"] == "MALFORMED_JSON"
    assert error["message"] == f"Il corpo della richiesta non è JSON valido: {italian}"
    api.get("/lang/en")
    answer = api.post("/api/v1/tournaments", data=body, content_type="application/json")
    assert answer.get_json()["error"]["message"] == (
        f"The request body is not valid JSON: {english}")
