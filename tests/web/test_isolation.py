"""Two clubs on one server see nothing of each other (issue 29, "What it must show"): club B has
a tournament with its players seated, a hand running and the clock going, a league with a
night opened, a season, a template, a roster player and a member (a card holder linked to it),
a draw table, API tokens, an invitation and consoles opened with their PINs. Then every rule of the app's url_map, with every method it
takes, is sent with its URL arguments (and the ids in its body) naming B's things, by club A's
owner, director and floor member, each with a bearer token and with a logged-in cookie session
(CSRF header and field included), and by a browser that opened A's consoles with their PINs.

For every rule that names something of B, the answer is a 401, 403 or 404 and is exactly the
answer to the same request naming something that exists nowhere (same status, same body once
the ids are swapped back): another club's id leaks nothing, not even that it exists. The rules
that serve B's public pages to anyone (`PUBLIC`) are checked to answer without a server error
and to show no secret of B (its PINs, its tokens). No answer to A ever shows a name of B's. And
B's rows, every club-owned table's and its members' and invitations', are the same byte for
byte after the sweep as before it.

It runs on SQLite and PostgreSQL, one app each, all callers in one test per backend so that the
two clubs are built once.
"""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest
from sqlalchemy import select

from tdapp.services import accounts, clubs, tenancy
from tests.web.builders import second_club
from tests.web.test_fuzz_routes import (
    _ARGUMENT,
    LEAGUE_MEMBERS,
    MAY_ANSWER_503,
    Sent,
    World,
    assert_callers_arrive_as_themselves,
    build_world,
    field_names,
    openapi_path,
    send,
    session_cookie,
)

PASSWORD = "una password lunga"
MARK = "Zzbianchi"
"""In the name of everything of B's that is not public: no answer to A may show it."""
OFFSET = 100_000
"""Added to an id of B's: an id that exists nowhere."""

# The rules that serve B's public pages and consoles to anyone who has the address (its slug,
# a console's link, a league's number): they answer B's, as they would to a guest.
PUBLIC = {
    "player.index", "player.player", "player.presence", "display.clock", "api_public.seating",
    "api_public.names", "api_public.search", "table.console_page", "table.qr_code",
    "draw_console.console_page", "draw_console.qr_code", "league.standings", "league.night",
    "invitation.accept_page", "api_club.accept_invitation",
    # The club's public home and its seasons' standings, public as its leagues are.
    "home.club", "home.season",
    # A league's reads that its public screens fetch, unguarded: a guest (a console's browser)
    # reads B's as anyone may; A's staff act in A, where B's league is missing.
    "api_league.standings", "api_league.night", "api_league.next_night", "api_league.live_night",
    "league_night.live",
    # A player's own sign-up, at the tournament's public address: B's answers (and a wrong
    # code is B's 404), as to anyone.
    "api_public_signups.sign_up", "api_public_signups.show", "api_public_signups.cancel",
    "signup.sign_up", "signup.own_page", "signup.cancel",
}
SKIPPED = {
    "static": "files, no club's",
    # Revokes the caller's own token: the later requests of the sweep would be a guest's.
    "api.revoke_own_token": "names the caller's token only",
}
# Arguments that name nothing of a club: the same value for B's request and the missing one.
NEUTRAL = {"table": None, "seat": 1, "seq": 2, "screen": "clock", "pid": None,
           "player_id": None, "day": None}


def _bearer(app, token: str):
    client = app.test_client()
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return client


def _b_club(app, slug: str = "bianchi", owner_name: str = "bruno") -> dict[str, Any]:
    """Club B (or another club like it, `slug` with its owner `owner_name`) and everything it
    owns, built through its owner's API; the values that name its things, and for each the
    value that names nothing."""
    club_b, club_slug = second_club(slug), slug
    owner = accounts.create_user(owner_name, PASSWORD, club=slug)
    api = _bearer(app, accounts.issue(owner, club_id=club_b).token)
    world = build_world(app, api, owner)
    tid, table, draw_id, league_id = world.ids[:4]
    slug = world.tokens[2]
    # A sign-up of B's, made while sign-ups were open: the clock's start closes them.
    api.put(f"/api/v1/tournaments/{tid}/settings", json={"signups": {"cap": 10}})
    signup = app.test_client().post(f"/api/v1/public/tournaments/{slug}/signups", json={
        "name": f"{MARK} Iscritto", "contact": "iscritto@example.com"}).get_json()
    api.post(f"/api/v1/tournaments/{tid}/clock", json={"action": "start"})
    roster = api.post("/api/v1/roster", json={"name": f"{MARK} Due"}).get_json()["id"]
    member = api.post("/api/v1/members", json={"name": f"{MARK} Due", "number": "7",
                                               "roster_id": roster}).get_json()["id"]
    template = api.post("/api/v1/templates", json={"template_name": f"{MARK} modello",
                                                   "tournament": tid}).get_json()["id"]
    season = api.post("/api/v1/seasons", json={"name": f"{MARK} stagione",
                                               "tournaments": [tid]}).get_json()["id"]
    api.post("/api/v1/leagues", json={"name": f"{MARK} lega", "members": LEAGUE_MEMBERS})
    night = api.post(f"/api/v1/leagues/{league_id}/live-nights", json={"unavailable": []})
    day = night.get_json()["day"] if night.status_code == 201 else 1
    token = accounts.issue(owner, label=f"{MARK} tablet", club_id=club_b)
    invitation = api.post("/api/v1/club/invitations", json={"role": "floor"}).get_json()
    invitations = api.get("/api/v1/club/invitations").get_json()["invitations"]
    console_token, draw_token = world.tokens[:2]
    access = api.get(f"/api/v1/tournaments/{tid}/tables/{table}/access").get_json()
    draw = api.get(f"/api/v1/draw-tables/{draw_id}/access").get_json()
    named = {
        "tid": (tid, tid + OFFSET), "table_id": (draw_id, draw_id + OFFSET),
        "league_id": (league_id, league_id + OFFSET), "season_id": (season, season + OFFSET),
        "template_id": (template, template + OFFSET), "roster_id": (roster, roster + OFFSET),
        "member_id": (member, member + OFFSET),
        "token_id": (token.info.id, token.info.id + OFFSET),
        "user_id": (owner.id, owner.id + OFFSET),
        "invitation_id": (invitations[0]["id"], invitations[0]["id"] + OFFSET),
        "slug": (slug, f"{slug}-altrove"),
        "sid": (signup["id"], signup["id"] + OFFSET),
        "club": (club_slug, f"{club_slug}-altrove"),
        "code": (invitation["code"], secrets.token_urlsafe(16)),
        "table_token": (console_token, f"{tid + OFFSET}-{table}-{console_token.split('-')[2]}"),
        "draw_token": (draw_token, secrets.token_urlsafe(len(draw_token))[:len(draw_token)]),
    }
    neutral = {**NEUTRAL, "table": table, "pid": world.ids[4], "player_id": world.ids[4],
               "day": day}
    secret = [token.token, access.get("pin"), draw.get("pin"), console_token.split("-")[2],
              invitation["code"], signup["code"]]
    return {"id": club_b, "named": named, "neutral": neutral, "secrets": secret}


def _a_callers(app) -> tuple[dict[str, Any], dict[str, Any]]:
    """Club A's owner, director and floor member, each by bearer token and by cookie session,
    and a browser that opened A's consoles with their PINs: a client for each, and the
    sessions the fuzzing's `send` restores before each request."""
    csrf = secrets.token_urlsafe(16)
    clients: dict[str, Any] = {}
    sessions: dict[str, dict[str, Any]] = {}
    for role, name in (("owner", "anna"), ("director", "dario"), ("floor", "fabio")):
        account = accounts.create_user(name, PASSWORD, role=role)
        clients[f"{role} token"] = _bearer(app, accounts.issue_token(account))
        sessions[f"{role} token"] = {}
        clients[f"{role} cookie"] = app.test_client()
        sessions[f"{role} cookie"] = {"user_id": account.id, "username": name, "csrf_token": csrf}
        if role == "owner":
            world_a = build_world(app, clients["owner token"], account)
    clients["console"] = app.test_client()
    sessions["console"] = {**world_a.sessions["console"], "csrf_token": csrf}
    return clients, {"sessions": sessions, "csrf": csrf, "tokens": world_a.tokens}


def _club_rows(club_id: int) -> dict[str, list[str]]:
    """Every row of the club, table by table, sorted: what must not move by a byte. The brakes
    are left out: a wrong PIN typed on B's public console page counts on B's brake, from
    whoever types it; that is the brake's job."""
    from sqlmodel import SQLModel

    from tdapp.storage import database as db

    rows: dict[str, list[str]] = {}
    with tenancy.across_clubs(), db.engine().connect() as connection:
        for table in SQLModel.metadata.sorted_tables:
            if "club_id" in table.c and table.name != "brakes":
                found = connection.execute(select(table).where(table.c.club_id == club_id))
                rows[table.name] = sorted(repr(tuple(row)) for row in found)
    return rows


def _fill(rule, values: dict[str, Any]) -> str:
    def segment(match: re.Match) -> str:
        name = match.group(2)
        if name == "token":
            return str(values["draw_token" if rule.endpoint.startswith("draw") else "table_token"])
        return str(values[name])

    return _ARGUMENT.sub(segment, rule.rule)


# A JSON field or form field that names a thing of a club, by its name: filled with B's.
_BODY_IDS = {"tournament": "tid", "template": "template_id", "roster_id": "roster_id",
             "league_id": "league_id", "template_id": "template_id", "season_id": "season_id"}


def _body(endpoint: str, names: list[str], values: dict[str, Any], neutral: dict[str, Any]
          ) -> dict[str, Any]:
    """A body plausible enough to reach the look-up of what the URL or the body names: the
    endpoint's fields with ordinary values, its id fields naming B's things."""
    plain: dict[str, Any] = {
        "name": "Serata", "template_name": "Modello", "role": "floor", "action": "start",
        "confirm_name": "Numbers", "username": "anna", "password": "sbagliata", "club": "club",
        "players": [neutral["pid"]], "tournaments": [values["tid"]], "counts": [],
        "amounts": [100], "order": [1], "stack": 1000, "value": 25, "seat": 1, "absent": True,
        "on": True, "archived": True, "layout": "clock", "method": "icm", "kind": "dealer",
        "mark": "telesina", "table": "A", "members": LEAGUE_MEMBERS, "day": neutral["day"],
        "cards": 1, "first": 1, "second": 2, "dealer": 1, "unavailable": [],
    }
    body = {name: plain[name] for name in names if name in plain}
    body.update({name: values[key] for name, key in _BODY_IDS.items() if name in names})
    return body | _BODIES.get(endpoint, {})


# The endpoints whose fields need more than the plain values above to pass their checks.
_BODIES: dict[str, dict[str, Any]] = {
    "api.count_chips": {"counts": [{"player": 1, "stack": 1000}]},
    "api_seating.moves": {"apply": "suggested", "table": None, "seat": None},
    "api_seating.final_table": {"table": None},
    "api_tables.take_action": {"action": "fold"},
    "api_tables.out_of_turn": {"action": "fold"},
    "api_tables.showdown": {"winners": [[1]], "cards": None},
    "api_draw_tables.act": {"action": "check"},
    "api_draw_tables.showdown": {"winner": 1},
    "api_draw_tables.misdeal": {"kind": "dealer_error"},
    "api_league.enter_night": {"tables": [{"name": "A", "cappotto": [],
                                           "chips": {f"Socio {n}": 0 for n in range(1, 5)},
                                           "poste": {}}]},
}


def _form(values: dict[str, Any], neutral: dict[str, Any]) -> dict[str, str]:
    """The fields the console's forms read, ids naming B's things."""
    return {"name": "Serata", "pin": "000000", "confirm_name": "Numbers", "role": "floor",
            "template_id": str(values["template_id"]), "tournaments": str(values["tid"]),
            "league_id": str(values["league_id"]), "roster_id": str(values["roster_id"]),
            "username": "anna", "password": "sbagliata", "do": f"rebuy-{neutral['pid']}",
            "players": "Anna, 3", "label": "x", "points": "td3"}


def _said(client, answer, swaps: dict[str, str]) -> tuple[int, str]:
    """The status and what the answer says: its body, where it sends the browser and what it
    flashes there (a console's form answers a refusal by a redirect and a flash), with the
    values of the request naming nothing swapped for B's."""
    name, signer = session_cookie(client)
    cookie = client.get_cookie(name)
    flashed = signer.loads(cookie.value).get("_flashes", []) if cookie is not None else []
    text = f"{answer.get_data(as_text=True)}\n{answer.headers.get('Location')}\n{flashed}"
    for missing, real in sorted(swaps.items(), key=lambda pair: -len(pair[0])):
        text = text.replace(missing, real)
    return answer.status_code, text


def _swaps(named: dict[str, tuple[Any, Any]]) -> dict[str, str]:
    """Each value naming nothing, and as the pages write a number (100.001, 100,001), to B's."""
    swaps = {}
    for real, missing in named.values():
        swaps[str(missing)] = str(real)
        if isinstance(missing, int):
            swaps[f"{missing:,}"] = swaps[f"{missing:,}".replace(",", ".")] = f"{real:,}"
    return swaps


def _refused(answer) -> bool:
    """401, 403 or 404; for a console's page or form, the way to log in (a guest's, a bearer
    token's), a refused form (400: no CSRF field from a bearer token), or the redirect that
    carries the refusal as a flash (checked to be the same as for a thing that exists
    nowhere, flash included: `_said`)."""
    return answer.status_code in (302, 303, 400, 401, 403, 404)


def _requests(app) -> list[tuple[Any, str]]:
    return [(rule, method) for rule in app.url_map.iter_rules()
            if rule.endpoint not in SKIPPED and not rule.rule.startswith("/socket.io")
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]


@pytest.mark.slow  # some 3,500 requests: the full run's, not the quick tier's
def test_club_a_reaches_nothing_of_club_b_by_any_route(app):
    b = _b_club(app)
    clients, held = _a_callers(app)
    world = World(ids=(), tokens=held["tokens"], sessions=held["sessions"], csrf=held["csrf"],
                  by_argument={})
    assert_callers_arrive_as_themselves(app.test_client(), world, {
        "owner cookie": "anna", "director cookie": "dario", "floor cookie": "fabio",
        "console": None})
    fields = field_names(app)
    real = {name: pair[0] for name, pair in b["named"].items()} | b["neutral"]
    missing = {name: pair[1] for name, pair in b["named"].items()} | b["neutral"]
    swaps = _swaps(b["named"])
    before = _club_rows(b["id"])
    problems: list[str] = []
    sent_count = 0
    for rule, method in _requests(app):
        names = fields.get((openapi_path(rule.rule), method), [])
        arguments = set(rule.arguments)
        if rule.endpoint == "i18n.switch":  # its <code> is a language, no club's
            real_here, missing_here = {**real, "code": "it"}, {**missing, "code": "it"}
            arguments = set()
        else:
            real_here, missing_here = real, missing
        api = rule.rule.startswith("/api/")
        names_b = bool(arguments & (set(b["named"]) | {"token"})) or bool(
            set(names) & set(_BODY_IDS) | {"tournaments"} & set(names))
        for who, client in clients.items():
            answers, said = [], []
            for values in (real_here, missing_here):
                form = None if api else _form(values, b["neutral"])
                body = _body(rule.endpoint, names, values, b["neutral"]) if api else None
                answers.append(send(client, world, Sent(who, method, _fill(rule, values), {},
                                                        form, body)))
                said.append(_said(client, answers[-1], {} if values is real_here else swaps))
                sent_count += 1
            seen, nowhere = said
            where = f"{who}: {method} {rule.rule} -> {seen[0]}"
            if seen[0] >= 500 and rule.endpoint not in MAY_ANSWER_503:
                problems.append(f"{where}: {seen[1][:200]}")
            elif rule.endpoint in PUBLIC:
                shown = [s for s in b["secrets"] if s and re.search(rf"\b{re.escape(s)}\b",
                                                                    seen[1])]
                if shown and rule.endpoint not in ("table.console_page", "table.qr_code",
                                                   "draw_console.console_page",
                                                   "draw_console.qr_code",
                                                   "invitation.accept_page"):
                    problems.append(f"{where}: shows a secret of B")
            else:
                if MARK in seen[1]:
                    problems.append(f"{where}: shows B's {MARK}")
                if names_b and seen != nowhere:
                    problems.append(f"{where} but {nowhere[0]} for nothing: {seen[1][:200]}"
                                    f" / {nowhere[1][:200]}")
                elif arguments & set(b["named"]) and not _refused(answers[0]):
                    problems.append(f"{where}, not 401/403/404: {seen[1][:200]}")
    after = _club_rows(b["id"])
    changed = sorted(table for table in before if before[table] != after[table])
    print(f"isolation sweep: {sent_count} requests")
    assert sent_count > 2500  # every rule, every method, seven callers, twice
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
    assert changed == [], f"B's rows changed in {changed}"
    assert before["tournaments"] and before["tournament_events"] and before["seasons"]


def test_club_b_keeps_its_own_view_and_its_slug_stays_its_own(app, api):
    """Two clubs each creating "Lunedì sera" get two pages; each club lists only its own."""
    created_a = api.post("/api/v1/tournaments", json={"name": "Lunedì sera"}).get_json()
    club_b = second_club("bianchi")
    owner = accounts.create_user("bruno", PASSWORD, club="bianchi")
    api_b = _bearer(app, accounts.issue(owner, club_id=club_b).token)
    created_b = api_b.post("/api/v1/tournaments", json={"name": "Lunedì sera"}).get_json()
    assert (created_a["slug"], created_b["slug"]) == ("lunedi-sera", "lunedi-sera-2")
    guest = app.test_client()
    for created in (created_a, created_b):
        assert guest.get(f"/t/{created['slug']}").status_code == 200
    listed_a = [t["id"] for t in api.get("/api/v1/tournaments").get_json()["tournaments"]]
    listed_b = [t["id"] for t in api_b.get("/api/v1/tournaments").get_json()["tournaments"]]
    assert (listed_a, listed_b) == ([created_a["id"]], [created_b["id"]])
    assert [t["label"] for t in api_b.get("/api/v1/auth/tokens").get_json()["tokens"]] == [""]
    assert clubs.members(club_b)[0].username == "bruno"


@pytest.mark.parametrize("model", ["TournamentRecord", "ApiToken"])
def test_a_club_owned_query_outside_any_club_is_refused(app, model):
    """Fail closed: code that forgets `in_club` meets an error, not every club's rows."""
    from sqlmodel import select as orm_select

    from tdapp.storage import accounts as account_tables
    from tdapp.storage import database as db
    from tdapp.storage import tenancy
    from tdapp.storage import tournaments as tournament_tables

    table = getattr(tournament_tables, model, None) or getattr(account_tables, model)
    token = tenancy.enter(None)
    try:
        with pytest.raises(tenancy.NoActingClub), db.session_scope() as session:
            session.exec(orm_select(table)).all()
    finally:
        tenancy.leave(token)


def test_the_directors_screen_of_another_clubs_tournament_answers_as_a_missing_one(app, api, ddt):
    """A Socket.IO join of the DdT's audience acts in the session's club: B's tournament is
    missing there, exactly as a slug that names nothing; its own is joined as before."""
    from tdapp.realtime import socketio
    from tests.conftest import console_client

    own = api.post("/api/v1/tournaments", json={"name": "Lunedì sera"}).get_json()["slug"]
    club_b = second_club("bianchi")
    owner = accounts.create_user("bruno", PASSWORD, club="bianchi")
    api_b = _bearer(app, accounts.issue(owner, club_id=club_b).token)
    theirs = api_b.post("/api/v1/tournaments", json={"name": "Lunedì sera"}).get_json()["slug"]
    console = console_client(app, ddt.id, ddt.username)

    def joined(slug: str) -> list[Any]:
        client = socketio.test_client(app, flask_test_client=console)
        client.emit("join", {"tournament": slug, "audience": "td"})
        said = [e["name"] if e["name"] != "error" else e["args"][0] for e in client.get_received()]
        client.disconnect()
        return said

    refused, missing = joined(theirs), joined("nessun-torneo")
    assert refused[0]["code"] == missing[0]["code"] == "UNKNOWN_TOURNAMENT"
    assert refused[0]["message"].replace(theirs, "nessun-torneo") == missing[0]["message"]
    assert "view" in joined(own)
