"""The DdT's console at a festival's size (issue 27, item 2): it joins with its dashboard's part
of the view (clock, counts, warnings, the moves to make, the newest log lines), under 100 KB at
3,000 players where the whole view is over a megabyte; a bust's change stays under 20 KB; and
`view=full` still gives everything to a client that asks (docs/realtime.md, docs/api.md)."""

from __future__ import annotations

import functools
import json
from typing import Any

from tdapp.realtime import socketio
from tdapp.realtime.protocol import apply, settled
from tdapp.services import tournament_files
from tdapp.tournament.events import to_record
from tests.tournament.tournament_builders import tournament

PLAYERS = 3000
FIRST_VIEW_GOAL = 100_000
BUST_GOAL = 20_000


@functools.cache
def festival_events() -> list[dict[str, Any]]:
    """3,000 players seated at 300 tables of 10, as the log of an export file."""
    play = tournament(players=PLAYERS, seats_per_table=10)
    return [
        {**{"seq": seq, "actor": "ddt", "created_at": play.now.isoformat(), "undone": False},
         **{"name": record["name"], "schema_version": record["version"],
            "payload": record["payload"]}}
        for seq, record in enumerate((to_record(event) for event in play.log), start=1)
    ]


def festival(tmp_path) -> tuple[int, str]:
    path = tmp_path / "festival.json"
    path.write_text(json.dumps({"format": tournament_files.FORMAT,
                                "version": tournament_files.VERSION,
                                "tournament": {"slug": "festival", "name": "Festival"},
                                "events": festival_events()}))
    imported = tournament_files.import_tournament(path)
    return imported.id, imported.slug


def size(message: dict[str, Any]) -> int:
    return len(json.dumps(message))


def joined(app, client, slug: str, **more: Any):
    """A console's Socket.IO client joined with the DdT's session, and the view it got."""
    console = socketio.test_client(app, flask_test_client=client)
    console.emit("join", {"tournament": slug, "audience": "td", **more})
    views = [e["args"][0] for e in console.get_received() if e["name"] == "view"]
    assert len(views) == 1, views
    return console, views[0]


def test_the_console_joins_a_3000_player_field_with_its_dashboard_under_100_KB(
        app, ddt_client, api, tmp_path):
    tid, slug = festival(tmp_path)
    console, shown = joined(app, ddt_client, slug)
    assert size(shown) < FIRST_VIEW_GOAL
    assert shown["view"] == "dashboard"
    assert not {"players", "tables", "hands", "table_access"} & set(shown)
    assert shown["ledger"]["players_left"] == PLAYERS and shown["payouts"]["places_paid"] > 0
    assert {"clock", "warnings", "seating", "can_undo", "can_redo"} <= set(shown)
    assert "suggestions" in shown["seating"]
    assert [line["code"] for line in shown["log"][:1]] == ["LOG_SEATS_DRAWN"]

    busted = api.post(f"/api/v1/tournaments/{tid}/players/1/bust")
    assert busted.status_code == 200

    (told,) = [e["args"][0] for e in console.get_received() if e["name"] == "delta"]
    assert size(told) < BUST_GOAL
    rebuilt = apply(shown, told)
    assert rebuilt["ledger"]["players_left"] == PLAYERS - 1
    assert rebuilt["log"][0]["code"] == "LOG_BUSTED"
    _, fresh = joined(app, ddt_client, slug)
    assert settled(rebuilt) == settled(fresh)


def test_view_full_gives_the_whole_view_to_a_console_and_an_api_client_that_ask(
        app, ddt_client, api, tmp_path):
    tid, slug = festival(tmp_path)
    console, whole = joined(app, ddt_client, slug, view="full")
    assert len(whole["players"]) == PLAYERS and len(whole["tables"]) == PLAYERS // 10
    assert "view" not in whole and size(whole) > 10 * FIRST_VIEW_GOAL

    api.post(f"/api/v1/tournaments/{tid}/players/2/bust")
    (told,) = [e["args"][0] for e in console.get_received() if e["name"] == "delta"]
    rebuilt = apply(whole, told)
    assert next(p for p in rebuilt["players"] if p["id"] == 2)["status"] == "busted"

    shown = api.get(f"/api/v1/tournaments/{tid}")  # a festival: the dashboard's part
    assert shown.get_json()["view"] == "dashboard" and len(shown.get_data()) < FIRST_VIEW_GOAL
    full = api.get(f"/api/v1/tournaments/{tid}?view=full").get_json()
    assert settled(full) == settled(rebuilt)
    assert api.get(f"/api/v1/tournaments/{tid}?view=dashboard").get_json()["view"] == "dashboard"
    refused = api.get(f"/api/v1/tournaments/{tid}?view=everything")
    assert refused.status_code == 422 and refused.get_json()["error"]["fields"] == ["view"]


def test_a_join_asking_for_a_view_that_is_not_the_consoles_is_refused(app, ddt_client, api):
    slug = api.post("/api/v1/tournaments", json={"name": "Club"}).get_json()["slug"]
    for asked in ({"audience": "td", "view": "everything"}, {"audience": "phone", "view": "full"},
                  {"view": "full"}):
        client = socketio.test_client(app, flask_test_client=ddt_client)
        client.emit("join", {"tournament": slug, **asked})
        received = client.get_received()
        assert [e["args"][0]["code"] for e in received if e["name"] == "error"] == ["BAD_JOIN"]
        assert not [e for e in received if e["name"] == "view"]
