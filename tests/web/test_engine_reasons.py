"""The engine's refusals in the reader's language (issue 15, item 8): every reason the engine can
give has a stable code and an Italian wording, and an Italian API answers an illegal action at a
hold'em, draw or telesina table with no English in it, the reason code in its params."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from babel.messages.pofile import read_po

import tdapp.draw_table.rules  # noqa: F401  (registers DRAW_REFUSED's template)
from tdapp.engine.errors import REASONS, WORDS, IllegalAction
from tdapp.i18n import translate
from tdapp.kernel.refusals import engine_refusal

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "tdapp/translations/it/LC_MESSAGES/messages.po"
# Where engine refusals are raised: the engine and the two rule layers that drive it.
RAISERS = ("tdapp/engine", "tdapp/draw_table", "tdapp/tournament/hands")
# Words that give an English sentence away; none of them is Italian.
ENGLISH = re.compile(r"\b(seat|seats|the|is|not|cannot|must|enter|nobody|turn's|instead|"
                     r"minimum|maximum|bet of)\b")
DRAW = "/api/v1/draw-tables"
PASSED_ON = ("refused.code", "self._why_no_turn()")


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"%\((\w+)\)[sr]", text))


def test_every_reason_and_word_of_the_engine_is_in_italian_with_the_same_parameters():
    with CATALOGUE.open("rb") as po:
        italian = {m.id: m.string for m in read_po(po) if isinstance(m.id, str)}
    for template in [*REASONS.values(), *WORDS.values()]:
        assert italian.get(template), f"no Italian for {template!r}"
        assert placeholders(italian[template]) == placeholders(template), template


def _codes_raised() -> set[str]:
    """Every code given to IllegalAction or Refusal where they are raised, and the codes the
    hold'em hand picks for "nobody can act now" (`_why_no_turn`)."""
    codes: set[str] = set()
    for folder in RAISERS:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                called = isinstance(node, ast.Call) and getattr(node.func, "id", None)
                if called in ("IllegalAction", "Refusal") and node.args:
                    found = {c.value for c in ast.walk(node.args[0])
                             if isinstance(c, ast.Constant) and isinstance(c.value, str)}
                    # A refusal passed on keeps its code; `_why_no_turn` is read below.
                    assert found or ast.unparse(node.args[0]) in PASSED_ON, (
                        f"{path}: {ast.unparse(node)} names no reason code")
                    codes |= found
                if isinstance(node, ast.FunctionDef) and node.name == "_why_no_turn":
                    codes |= {c.value for c in ast.walk(node)
                              if isinstance(c, ast.Constant) and isinstance(c.value, str)
                              and c.value.isupper()}
    return codes


def test_every_refusal_the_engine_raises_has_a_code_with_a_template_and_none_is_unused():
    raised = _codes_raised()
    assert raised - REASONS.keys() == set()
    assert REASONS.keys() - raised == set()


def test_a_reason_inside_a_reason_and_the_engine_words_are_translated_too(app):
    cards = IllegalAction("SEAT_CARDS", seat=2, detail=IllegalAction("HAND_SIZE", count=4))
    slow = IllegalAction("BELOW_MINIMUM", action="raise", min_to=12000, amount=6000)
    with app.test_request_context():
        assert translate("ILLEGAL_ACTION", engine_refusal("ILLEGAL_ACTION", cards).params) == (
            "posto 2: una mano si fa con 5-7 carte, non 4")
        assert translate("DRAW_REFUSED", engine_refusal("DRAW_REFUSED", slow).params) == (
            "rilancio: il minimo è a 12.000, non 6.000")
    assert str(slow) == "the minimum raise is to 12000, not 6000"  # the engine's own English


def refusal(answer, code: str) -> dict:
    assert answer.status_code == 422, answer.get_data(as_text=True)
    error = answer.get_json()["error"]
    assert error["code"] == code
    assert not ENGLISH.search(error["message"]), error["message"]
    assert error["params"]["reason_code"] in REASONS
    return error


def test_illegal_actions_at_a_holdem_table_are_answered_in_italian(api):
    tid = api.post("/api/v1/tournaments", json={
        "name": "Parole", "starting_stack": 5000, "buy_in": 2000, "seats_per_table": 9,
        "levels": [{"small_blind": 25, "big_blind": 50, "ante": 0, "seconds": 1200}],
    }).get_json()["id"]
    for name in ("Anna", "Bruno", "Carla"):
        api.post(f"/api/v1/tournaments/{tid}/players", json={"name": name})
    table = api.post(f"/api/v1/tournaments/{tid}/seats/draw", json={}).get_json()["players"][0][
        "table"]
    base = f"/api/v1/tournaments/{tid}/tables/{table}"
    hand = api.post(f"{base}/hands", json={}).get_json()["hand"]
    seat = hand["legal"]["seat"]
    other = next(s["seat"] for s in hand["seats"] if s["seat"] != seat)
    error = refusal(api.post(f"{base}/hand/actions", json={"seat": other, "action": "fold"}),
                    "ILLEGAL_ACTION")
    assert error["params"]["reason_code"] == "NOT_YOUR_TURN"
    assert error["message"] == f"tocca al posto {seat}, non al posto {other}"
    error = refusal(api.post(f"{base}/hand/actions", json={"seat": seat, "action": "raise",
                                                           "amount": 60}), "ILLEGAL_ACTION")
    assert error["params"]["reason_params"] == {"action": "raise", "min_to": 100, "amount": 60}
    refusal(api.post(f"{base}/hand/actions", json={"seat": seat, "action": "check"}),
            "ILLEGAL_ACTION")
    api.get("/lang/en")
    english = api.post(f"{base}/hand/actions", json={"seat": seat, "action": "check"})
    assert english.get_json()["error"]["message"] == f"seat {seat} cannot check: 50 to call"


def test_illegal_moves_at_draw_and_telesina_tables_are_answered_in_italian(api):
    players = [{"name": n, "resto": 300} for n in ("Anna", "Bruno", "Carla", "Dario", "Elena")]
    draw = api.post(DRAW, json={"name": "Tavolo 1", "players": players, "dealer": 5,
                                "invito_max": 5}).get_json()["id"]
    api.post(f"{DRAW}/{draw}/deal", json={"invito": 2})
    for path, body in [("/actions", {"seat": 3, "action": "check"}),
                       ("/actions", {"seat": 1, "action": "bet", "amount": 10}),
                       ("/actions", {"seat": 1, "action": "bet", "amount": 11, "confirmed": True}),
                       ("/showdown", {"winner": 1}),
                       ("/misdeal", {"kind": "stub_miscount"})]:
        refusal(api.post(f"{DRAW}/{draw}{path}", json=body), "DRAW_REFUSED")
    telesina = api.post(DRAW, json={"name": "Telesina", "players": players, "dealer": 5,
                                    "game": "telesina", "variant": "secca"}).get_json()["id"]
    api.post(f"{DRAW}/{telesina}/deal", json={})
    for path, body in [("/actions", {"seat": 1, "action": "check"}),
                       ("/cards", {"up": {"1": "Ah"}}),
                       ("/cards", {"up": {"1": "Zz", "2": "Kh", "3": "Qh", "4": "Jh", "5": "Th"}}),
                       ("/exchange", {"seat": 1}),
                       ("/showdown", {"winner": 1})]:
        refusal(api.post(f"{DRAW}/{telesina}{path}", json=body), "DRAW_REFUSED")
