"""Architectural rules of the adapters (issue 11): every Socket.IO emit lives in
tdapp/realtime, every JSON endpoint in tdapp/web/api, and the bus's subscribers are wired in
one place, in the order tdapp/bootstrap.py states."""

from __future__ import annotations

import ast
from pathlib import Path

import tdapp
from tdapp import bootstrap, realtime, scheduler
from tdapp.services import bus

PACKAGE = Path(tdapp.__file__).parent
REALTIME = PACKAGE / "realtime"


def _outside_realtime() -> list[Path]:
    return [path for path in PACKAGE.rglob("*.py") if REALTIME not in path.parents]


def test_no_module_outside_realtime_emits_over_socketio():
    emitting = []
    for path in _outside_realtime():
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (
                node.func.attr in ("emit", "send")
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "socketio"
            ):
                emitting.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                ("flask_socketio", "socketio")
            ):
                emitting.append(f"{path.relative_to(PACKAGE)}:{node.lineno} imports Socket.IO")
    assert emitting == []


def test_every_api_route_is_registered_by_a_module_under_web_api(app):
    outside = []
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1"):
            continue
        blueprint = app.blueprints[rule.endpoint.rsplit(".", 1)[0]]
        view = app.view_functions[rule.endpoint]
        if not (blueprint.import_name.startswith("tdapp.web.api")
                and view.__module__.startswith("tdapp.web.api.")):
            outside.append(f"{rule.rule} ({view.__module__})")
    assert outside == []
    # the league's, the draw tables', the tables' hands and the tools' endpoints among them
    rules = {rule.rule for rule in app.url_map.iter_rules()}
    assert {"/api/v1/leagues/<int:league_id>/standings", "/api/v1/draw-tables/<int:table_id>",
            "/api/v1/tournaments/<int:tid>/tables/<int:table>/hand",
            "/api/v1/tools/side-pots"} <= rules


def test_the_bus_subscribers_are_wired_once_in_the_stated_order(app):
    # Renewed consoles' sockets closed first, then table consoles (a dealer's tap), then draw consoles, then the
    # league nights' screens, then the screens, then the scheduler's re-planning; nothing else subscribed itself on the way.
    wired = [(kind, callback) for kind, callback in bus._subscribers]
    assert wired == [
        (bus.Change, realtime.end_renewed_table_consoles),
        (bus.DrawTableChange, realtime.end_renewed_draw_consoles),
        (bus.Change, realtime.push_hands),
        (bus.DrawTableChange, realtime.push_draw_table),
        (bus.DrawTableChange, realtime.push_league_night),
        (bus.LeagueNightChange, realtime.push_league_night),
        (bus.Change, realtime.push_views),
        (bus.Change, scheduler.follow),
    ]
    assert [(kind, callback) for callback, kind in bootstrap.SUBSCRIBERS] == wired
