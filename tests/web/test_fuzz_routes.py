"""No request crashes a route (issue 12, item 4): every rule of the app, with every method it
takes, gets generated path arguments, query strings, form bodies and JSON bodies (the endpoint's
own field names with values of the wrong type, odd digits and huge numbers among them), as an
anonymous visitor, as a table console that gave its PIN and as a logged-in DdT, with the CSRF
token so that the request reaches the real parsing. A 4xx is a fine answer; a 5xx, or an
exception that escapes, fails the test with the request that caused it.

It runs on SQLite only: the parsing under test is the same on both backends, and one run of a
few thousand requests is what keeps it well under a minute.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from werkzeug.routing import BaseConverter

from tdapp.console_sessions import DRAW_CONSOLES, TABLE_CONSOLES
from tests.web.builders import seated

SKIPPED_ENDPOINTS = {"static"}
# The one route whose 503 is an answer: "this process cannot serve the room" (no clock owner here).
MAY_ANSWER_503 = {"health.readyz"}
SKIPPED_METHODS = {"HEAD", "OPTIONS"}
EXAMPLES_PER_RULE = 6

DRAW_PLAYERS = [{"name": n, "resto": 300} for n in ("Anna", "Bruno", "Carla", "Dario")]
LEAGUE_MEMBERS = [f"Socio {n}" for n in range(1, 9)]

# Numbers as they should never be read: Unicode digits ('²' passes str.isdigit() but not int()),
# separators, signs, exponents, numbers no column holds. Each is also sent inside the shapes
# numbers travel in ("12-3-token", "rebuy-12").
ODD_NUMBERS = ["²", "٣", "1_000", " 12 ", "-1", "1e309", "NaN", "9" * 40]
ODD_TEXT = ["", "../", "%00", "\x00", "a" * 300, "<script>", "true", "null", "1.5", "1,5"]
NUMBER_SHAPES = ["{}", "{}-1-x", "1-{}-x", "rebuy-{}", "bust-{}", "{}"]
# The names of the pages' form fields and query parameters that carry numbers or ids.
FORM_NAMES = ["q", "do", "day", "pin", "rows", "bonus_chips", "places", "amount-1", "dealer",
              "players", "name", "next", "lang", "days", "tables", "stack-1", "entries-0",
              "shares-0", "brackets", "rounding", "invito_max", "passata", "league_id",
              "template_id", "t0_r0_player", "t0_r0_chips", "t0_r0_poste", "screen", "formation"]
ODD_INTS = [0, 1, 2, 3, -1, 2**31, 2**63, 10**20, 10**30, 10**400]


# The numbers that broke routes before, each sent to every rule in the sweep.
SWEPT = ["²", "٣", "9" * 40, "1e309"]


@dataclass(frozen=True)
class World:
    """What the generated requests can point at: a tournament with a hand running at a table
    whose console has a PIN, a draw table, a league, and the ids and tokens of each."""

    ids: tuple[int, ...]
    tokens: tuple[str, ...]
    sessions: dict[str, dict[str, Any]]
    csrf: str
    by_argument: dict[str, int]


@pytest.fixture
def database_url(sqlite_url: str) -> str:
    return sqlite_url


def build_world(app, api, ddt) -> World:
    tid, table, player_ids = seated(api, players=6)
    api.post(f"/api/v1/tournaments/{tid}/tables/{table}/hands", json={})
    access = api.post(f"/api/v1/tournaments/{tid}/tables/{table}/access", json={}).get_json()
    draw = api.post("/api/v1/draw-tables", json={
        "name": "Tavolo 1", "players": DRAW_PLAYERS, "dealer": 1, "invito_max": 5}).get_json()
    api.post(f"/api/v1/draw-tables/{draw['id']}/deal", json={"invito": 2})
    league = api.post("/api/v1/leagues", json={"name": "Lega", "members": LEAGUE_MEMBERS})
    league_id = league.get_json()["id"]
    slug = api.get(f"/api/v1/tournaments/{tid}").get_json().get("slug", "fuzz")
    console_token = access["url"].rsplit("/", 1)[1]
    draw_token = draw["url"].rsplit("/", 1)[1]

    csrf = secrets.token_urlsafe(16)
    console = app.test_client()
    with console.session_transaction() as session:
        session["csrf_token"] = csrf
    opened = console.post(f"/table/{console_token}", data={"pin": access["pin"],
                                                           "csrf_token": csrf})
    assert opened.status_code == 302, opened.get_data(as_text=True)
    console.post(f"/draw/{draw_token}", data={"pin": draw["pin"], "csrf_token": csrf})
    with console.session_transaction() as session:
        console_session = dict(session)
    assert console_session.get(TABLE_CONSOLES) and console_session.get(DRAW_CONSOLES)
    return World(
        ids=(tid, table, draw["id"], league_id, *player_ids),
        tokens=(console_token, draw_token, slug),
        sessions={
            "anonymous": {},
            "console": console_session,
            "ddt": {"user_id": ddt.id, "username": ddt.username, "csrf_token": csrf},
        },
        csrf=csrf,
        by_argument={"tid": tid, "table": table, "table_id": draw["id"], "league_id": league_id,
                     "pid": player_ids[0], "player_id": player_ids[0]},
    )


def field_names(app) -> dict[tuple[str, str], list[str]]:
    """The JSON fields each API operation reads, from the OpenAPI document its bodies build."""
    document = app.test_client().get("/api/v1/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    fields: dict[tuple[str, str], list[str]] = {}
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            reference = content.get("application/json", {}).get("schema", {}).get("$ref", "")
            schema = schemas.get(reference.rsplit("/", 1)[-1], {})
            fields[(path, method.upper())] = sorted(schema.get("properties", {}))
    return fields


def json_values(names: list[str]) -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(), st.booleans(), st.sampled_from(ODD_INTS), st.integers(),
        st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(ODD_NUMBERS),
        st.sampled_from(ODD_TEXT), st.text(max_size=12),
    )
    keys = st.one_of(st.sampled_from(ODD_NUMBERS), st.sampled_from(names or ["x"]),
                     st.sampled_from(["1", "2", "3"]))
    return st.recursive(
        scalars,
        lambda inner: st.one_of(st.lists(inner, max_size=4),
                                st.dictionaries(keys, inner, max_size=4)),
        max_leaves=8,
    )


def bodies(names: list[str]) -> st.SearchStrategy[Any]:
    """A JSON body: mostly an object with the endpoint's own fields, sometimes anything."""
    value = json_values(names)
    fields = st.sampled_from(names) if names else st.sampled_from(ODD_NUMBERS)
    return st.one_of(
        st.dictionaries(fields, value, min_size=len(names) // 2, max_size=len(names) + 1),
        st.dictionaries(st.one_of(fields, st.sampled_from(ODD_NUMBERS)), value, max_size=4),
        value,
    )


def odd_numbers() -> st.SearchStrategy[str]:
    return st.builds(str.format, st.sampled_from(NUMBER_SHAPES), st.sampled_from(ODD_NUMBERS))


def text_values(world: World) -> st.SearchStrategy[str]:
    """Half of them numbers gone wrong; the rest real ids and tokens, odd text, any text."""
    return st.one_of(
        odd_numbers(),
        odd_numbers(),
        st.sampled_from([str(n) for n in world.ids]),
        st.sampled_from(world.tokens),
        st.sampled_from(ODD_TEXT + [str(n) for n in ODD_INTS]),
        st.text(max_size=20),
    )


def path_value(converter: BaseConverter, world: World) -> st.SearchStrategy[str]:
    """What a URL segment can hold: the int converter takes only digits (anything else is its
    own 404), so it gets real ids and numbers of every size; a string segment gets any text."""
    if re.fullmatch(converter.regex, "12") and not re.fullmatch(converter.regex, "x"):
        return st.one_of(st.sampled_from(world.ids), st.sampled_from(ODD_INTS[:-1]),
                         st.integers(min_value=0)).map(lambda n: str(abs(n)))
    return text_values(world).map(lambda text: quote(text, safe="") or "x")


_ARGUMENT = re.compile(r"<(?:([^:<>()]+)(?:\([^)]*\))?:)?([^<>]+)>")


def openapi_path(rule: str) -> str:
    return _ARGUMENT.sub(lambda m: "{" + m.group(2) + "}", rule)


@dataclass(frozen=True)
class Sent:
    who: str
    method: str
    path: str
    query: dict[str, str]
    form: dict[str, str] | None
    body: Any


def requests_for(rule, method: str, names: list[str], world: World) -> st.SearchStrategy[Sent]:
    # Every strategy built once per rule, outside the draw: built anew at each draw, Hypothesis
    # validated them again each time, a third of the fuzzing's time.
    segments = {name: path_value(converter, world) for name, converter in rule._converters.items()}
    form_names = st.sampled_from([*names, *FORM_NAMES])
    texts = text_values(world)
    queries = st.dictionaries(form_names, texts, max_size=4)
    forms = st.dictionaries(form_names, texts, min_size=4, max_size=12)
    json_bodies = bodies(names)
    # The DdT reaches most routes, so most requests are the DdT's.
    callers = st.sampled_from(["ddt", "ddt", "console", "anonymous"])

    @st.composite
    def one(draw) -> Sent:
        path = _ARGUMENT.sub(lambda m: draw(segments[m.group(2)]), rule.rule)
        query = draw(queries)
        as_form = draw(st.booleans())
        form = body = None
        if as_form:
            form = draw(forms)
        else:
            body = draw(json_bodies)
        return Sent(draw(callers), method, path, query, form, body)

    return one()


def session_cookie(client) -> tuple[str, Any]:
    """The session cookie's name and the app's signer of its value."""
    app = client.application
    return app.config["SESSION_COOKIE_NAME"], app.session_interface.get_signing_serializer(app)


def send(client, world: World, sent: Sent):
    # The caller's session, set as its signed cookie before each request (what a request did to
    # the last one, a logout say, never carries over): `session_transaction` opened a request
    # context for it, a quarter of the sweeps' time.
    name, signer = session_cookie(client)
    session = world.sessions[sent.who]
    if session:
        client.set_cookie(name, signer.dumps(dict(session)))
    else:
        client.delete_cookie(name)
    headers = {"X-CSRF-Token": world.csrf} if sent.who != "anonymous" else {}
    if sent.form is not None:
        form = {**sent.form, "csrf_token": world.csrf} if sent.who != "anonymous" else sent.form
        return client.open(sent.path, method=sent.method, query_string=sent.query, data=form,
                           headers=headers)
    return client.open(sent.path, method=sent.method, query_string=sent.query,
                       data=json.dumps(sent.body), content_type="application/json",
                       headers=headers)


def assert_callers_arrive_as_themselves(client, world: World,
                                        usernames: dict[str, str | None]) -> None:
    """Each caller of `world.sessions` that `send` signs in reaches the console as its account
    (`usernames`: the account's username, None for a caller the console turns away), and the
    console's table as its PIN opened it: a sweep whose callers all arrived anonymous would
    find every answer refused and pass."""
    for who, username in usernames.items():
        answer = send(client, world, Sent(who, "GET", "/td/tournaments", {}, {}, None))
        if username is None:
            assert answer.status_code == 302, (who, answer.status_code)
        else:
            assert answer.status_code == 200, (who, answer.status_code)
            assert username in answer.get_data(as_text=True), who
    for who, session in world.sessions.items():
        if session.get(TABLE_CONSOLES):
            table = send(client, world, Sent(who, "GET", f"/table/{world.tokens[0]}", {}, {},
                                             None))
            assert table.status_code == 200 and 'name="pin"' not in table.get_data(as_text=True)


def swept(rule, method: str, names: list[str], world: World) -> list[Sent]:
    """The sweep: for each number in SWEPT, one request that reaches the rule's parsing (real
    ids in the path, the number in every other segment, field, key and query parameter), from
    the DdT, and from the console on the console's routes."""
    sent = []
    audience = ["ddt", "console"] if "table" in rule.rule or "draw" in rule.rule else ["ddt"]
    for number in SWEPT:
        def segment(match: re.Match, number: str = number) -> str:
            real = world.by_argument.get(match.group(2), 1)
            return str(real) if match.group(1) == "int" else quote(f"1-{number}-x", safe="")

        path = _ARGUMENT.sub(segment, rule.rule)
        fields = {name: number for name in FORM_NAMES}
        fields.update({"do": f"rebuy-{number}", "places": "1", "players": "Anna, 3\nBruno, 3"})
        for who in audience:
            if not rule.rule.startswith("/api/"):
                sent.append(Sent(who, method, path, fields, fields, None))
                continue
            sent.append(Sent(who, method, path, fields, None, {n: number for n in names}))
            # One field at a time keyed by the number, so the rest of the body stays valid.
            sent.extend(Sent(who, method, path, {}, None, {name: {number: value}})
                        for name in names for value in (100, "As Kd"))
    huge = _ARGUMENT.sub(lambda match: "9" * 20 if match.group(1) == "int" else "x", rule.rule)
    sent.extend(Sent(who, method, huge, {}, {}, None) for who in audience)
    return sent


def try_rule(client, world: World, rule, method: str, names: list[str]) -> None:
    """Generated requests to one rule with one method; an AssertionError names the first that
    crashed."""
    worst = 503 if rule.endpoint in MAY_ANSWER_503 else 499

    # No shrinking: the first request that crashes is printed as it was sent.
    @settings(max_examples=EXAMPLES_PER_RULE, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
    @given(requests_for(rule, method, names, world))
    def answers_without_crashing(sent: Sent) -> None:
        try:
            answer = send(client, world, sent)
        except Exception as crash:
            raise AssertionError(f"{sent} raised {crash!r}") from crash
        assert answer.status_code <= worst, (sent, answer.get_data(as_text=True)[:300])

    answers_without_crashing()
    for sent in swept(rule, method, names, world):
        try:
            answer = send(client, world, sent)
        except Exception as crash:
            raise AssertionError(f"{sent} raised {crash!r}") from crash
        assert answer.status_code <= worst, (sent, answer.get_data(as_text=True)[:300])


@pytest.mark.slow
def test_no_route_answers_5xx_to_any_request(app, api, ddt):
    """Every rule is tried before the test fails, so that one run lists every crash."""
    world = build_world(app, api, ddt)
    fields = field_names(app)
    client = app.test_client()
    assert_callers_arrive_as_themselves(client, world, {"ddt": "ddt", "anonymous": None,
                                                        "console": None})
    rules = [rule for rule in app.url_map.iter_rules()
             if rule.endpoint not in SKIPPED_ENDPOINTS and not rule.rule.startswith("/socket.io")]
    assert len(rules) > 100  # the whole app, not a corner of it
    crashes: list[str] = []
    for rule in rules:
        for method in sorted(rule.methods - SKIPPED_METHODS):
            names = fields.get((openapi_path(rule.rule), method), [])
            try:
                try_rule(client, world, rule, method, names)
            except AssertionError as crash:
                crashes.append(f"{method} {rule.rule}: {crash}")
    assert not crashes, "\n\n".join(crashes)
