"""Architectural rules (issues 11 and 28): every Socket.IO emit lives in tdapp/realtime, every
JSON endpoint in tdapp/web/api, the bus's subscribers are wired in one place, in the order
tdapp/bootstrap.py states, and the layers import only downward."""

from __future__ import annotations

import ast
import shutil
import sys
from pathlib import Path

import pytest

import tdapp
from tdapp import bootstrap, mail, realtime, scheduler
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
    # league nights' screens, then the screens, then the sign-up pages, then the scheduler's re-planning, then the
    # players' mail; nothing else subscribed itself on the way.
    wired = [(kind, callback) for kind, callback in bus._subscribers]
    assert wired == [
        (bus.Change, realtime.end_renewed_table_consoles),
        (bus.DrawTableChange, realtime.end_renewed_draw_consoles),
        (bus.Change, realtime.push_hands),
        (bus.DrawTableChange, realtime.push_draw_table),
        (bus.DrawTableChange, realtime.push_league_night),
        (bus.LeagueNightChange, realtime.push_league_night),
        (bus.Change, realtime.push_views),
        (bus.Change, realtime.push_signups),
        (bus.Change, scheduler.follow),
        (bus.Change, mail.tell),
    ]
    assert [(kind, callback) for callback, kind in bootstrap.SUBSCRIBERS] == wired


# The layers of docs/architecture.md, as import rules a machine checks (issue 28): each rule
# names the modules it binds and the module names they may not import.
PURE = ("tdapp.engine", "tdapp.tournament", "tdapp.draw_table", "tdapp.league", "tdapp.season")
ADAPTERS = ("tdapp.web", "tdapp.realtime", "tdapp.scheduler", "tdapp.cli", "tdapp.bootstrap",
            "tdapp.console_sessions", "tdapp.mail")
FRAMEWORKS = ("flask", "flask_socketio", "flask_babel", "socketio", "engineio", "sqlmodel",
              "sqlalchemy", "alembic", "apscheduler", "redis", "gevent", "psycopg")
LAYER_RULES = {
    "the pure layers import no framework, database, service or adapter":
        (PURE, FRAMEWORKS + ("tdapp.services", "tdapp.storage") + ADAPTERS),
    "the ground floor imports nothing but the standard library":
        (("tdapp.kernel",), ("",), tuple(sys.stdlib_module_names) + ("tdapp.kernel",)),
    "the engine imports nothing of the app above it":
        (("tdapp.engine",), ("tdapp.",), ("tdapp.engine", "tdapp.kernel")),
    "draw tables, leagues and seasons import nothing of the tournament":
        (("tdapp.draw_table", "tdapp.league", "tdapp.season"), ("tdapp.tournament",)),
    "nothing above the services imports the storage": (ADAPTERS, ("tdapp.storage",)),
    "realtime does not import the web pages": (("tdapp.realtime",), ("tdapp.web",)),
    "realtime builds views and deltas from what a change carries, reading no service":
        (("tdapp.realtime.views", "tdapp.realtime.protocol"), ("tdapp.services", "tdapp.storage")),
    "the console sessions sit below the web and realtime that both read them":
        (("tdapp.console_sessions",), ("tdapp.web", "tdapp.realtime")),
    "the services and the storage import no adapter":
        (("tdapp.services", "tdapp.storage"), ADAPTERS),
}


def module_name(path: Path, package: Path) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every absolute import in a source file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
    return found


def broken(rule: tuple, package: Path) -> list[str]:
    """Each import in `package` (a tree like tdapp/) that breaks `rule`."""
    bound, forbidden, *allowed = rule
    allowed = allowed[0] if allowed else ()

    def within(name: str, prefixes: tuple[str, ...]) -> bool:
        # An empty prefix stands for every module (the ground floor's rule lists what it allows).
        return any(not prefix or name == prefix.rstrip(".")
                   or name.startswith(prefix.rstrip(".") + ".") for prefix in prefixes)

    found = []
    for path in sorted(package.rglob("*.py")):
        name = module_name(path, package)
        if not within(name, bound):
            continue
        for line, imported in imports_of(path):
            if within(imported, forbidden) and not within(imported, allowed):
                found.append(f"{name}:{line} imports {imported}")
    return found


@pytest.mark.parametrize("rule", list(LAYER_RULES))
def test_the_layers_import_only_downward(rule):
    assert broken(LAYER_RULES[rule], PACKAGE) == []


PLANTED = {
    "the pure layers import no framework, database, service or adapter":
        ("tournament/state.py", "from sqlmodel import Session\n"),
    "the ground floor imports nothing but the standard library":
        ("kernel/refusals.py", "from tdapp.engine.errors import Refusal\n"),
    "the engine imports nothing of the app above it":
        ("engine/holdem.py", "from tdapp.tournament.errors import SeatingError\n"),
    "draw tables, leagues and seasons import nothing of the tournament":
        ("season/standings.py", "from tdapp.tournament.results import result_rows\n"),
    "nothing above the services imports the storage":
        ("web/home.py", "from tdapp.storage import database\n"),
    "realtime does not import the web pages":
        ("realtime/screens.py", "from tdapp.web import auth\n"),
    "realtime builds views and deltas from what a change carries, reading no service":
        ("realtime/views.py", "from tdapp.services import tournaments\n"),
    "the console sessions sit below the web and realtime that both read them":
        ("console_sessions.py", "from tdapp.web.guards import current_ddt\n"),
    "the services and the storage import no adapter":
        ("services/tournaments.py", "import tdapp.realtime\n"),
}


@pytest.mark.parametrize("rule", list(LAYER_RULES))
def test_each_layer_rule_finds_a_violation_planted_in_a_copy_of_the_app(rule, tmp_path):
    copy = tmp_path / "tdapp"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "translations"))
    where, line = PLANTED[rule]
    planted = copy / where
    planted.write_text(planted.read_text() + line)
    assert any(found.startswith(f"{module_name(planted, copy)}:") for found in broken(LAYER_RULES[rule], copy))


def circles(top: str, package: Path) -> list[list[str]]:
    """The import circles among the modules of `top` in `package` (a tree like tdapp/): each
    group of modules that import one another, directly or through others, at any depth of the
    file (an import inside a function hides a circle, it does not remove it); imports for type
    checkers only (`if TYPE_CHECKING:`) never run and do not count. `from p import m` counts as
    an import of the module p.m when there is one."""
    modules = {module_name(path, package): path for path in package.rglob("*.py")}
    modules = {name: path for name, path in modules.items()
               if name == top or name.startswith(f"{top}.")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(), filename=str(path))
        typing_only = {id(inner) for node in ast.walk(tree)
                       if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
                       for statement in node.body for inner in ast.walk(statement)}
        targets = set()
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                targets.update(f"{node.module}.{alias.name}"
                               if f"{node.module}.{alias.name}" in modules else node.module
                               for alias in node.names)
        graph[name] = targets & modules.keys()
    found, order, lowest, stack, counter = [], {}, {}, [], [0]

    def visit(name: str) -> None:  # Tarjan's strongly connected components
        order[name] = lowest[name] = counter[0]
        counter[0] += 1
        stack.append(name)
        for target in sorted(graph[name]):
            if target not in order:
                visit(target)
                lowest[name] = min(lowest[name], lowest[target])
            elif target in stack:
                lowest[name] = min(lowest[name], order[target])
        if lowest[name] == order[name]:
            group = []
            while not group or group[-1] != name:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for name in sorted(graph):
        if name not in order:
            visit(name)
    return found


def test_the_tournament_package_has_no_import_circle():
    # Issue 28: the registry's lazy loading tied events, registry, state and colour_up.race.
    assert circles("tdapp.tournament", PACKAGE) == []


def test_the_circle_check_finds_a_lazy_import_planted_in_a_copy_of_the_app(tmp_path):
    copy = tmp_path / "tdapp"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "translations"))
    planted = copy / "tournament/events.py"
    planted.write_text(planted.read_text() + (
        "\n\ndef _areas():\n    from tdapp.tournament.registry import decide\n\n    return decide\n"))
    assert any({"tdapp.tournament.events", "tdapp.tournament.registry"} <= set(group)
               for group in circles("tdapp.tournament", copy))
# The modules of tdapp/web outside its API that may answer JSON, and why.
JSON_OUTSIDE_API = {
    "tdapp.web.errors": "the app's one handler of refusals, which answers every API path",
    "tdapp.web.health": "the probes of a load balancer or a supervisor, not an API",
}


def json_outside_api(package: Path) -> list[str]:
    """Each module of `package`/web outside web/api that imports `jsonify` (issue 28: every
    JSON endpoint is in tdapp/web/api, described by its OpenAPI document)."""
    found = []
    for path in sorted((package / "web").rglob("*.py")):
        name = module_name(path, package)
        if name.startswith("tdapp.web.api.") or name in JSON_OUTSIDE_API:
            continue
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.ImportFrom) and any(a.name == "jsonify" for a in node.names):
                found.append(f"{name}:{node.lineno} imports jsonify")
    return found


def test_no_page_answers_json_outside_the_api():
    assert json_outside_api(PACKAGE) == []


def test_a_page_answering_json_is_found(tmp_path):
    page = tmp_path / "tdapp" / "web" / "display.py"
    page.parent.mkdir(parents=True)
    page.write_text("from flask import Blueprint, jsonify\n")
    (tmp_path / "tdapp" / "web" / "health.py").write_text("from flask import jsonify\n")
    assert json_outside_api(tmp_path / "tdapp") == ["tdapp.web.display:1 imports jsonify"]
