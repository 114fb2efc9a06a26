"""`GET /api/v1/openapi.json`: the API described for machines, as an OpenAPI 3.1 document.

Built from the running app, not written by hand: every rule under `/api/v1` in the URL map, and
every other rule this package serves (the public JSON at a tournament's address), is an
operation, its path parameters come from the rule's converters, its body schema is the pydantic
model its view parses (pydantic's JSON Schema 2020-12 is OpenAPI 3.1's own dialect), and the rest
from what the view's source says (`view_source`). So the document cannot drift from the routes,
wherever they are defined. The prose, with examples and the rules behind the answers, stays in
docs/api.md.
"""

from __future__ import annotations

import re
from http import HTTPStatus
from importlib.metadata import version
from typing import Any

from flask import Blueprint, Flask, current_app, jsonify
from pydantic import BaseModel
from werkzeug.routing import Rule

from tdapp.web import roles
from tdapp.web.api.bodies import CSV_FIELD
from tdapp.web.api.v1 import URL_PREFIX
from tdapp.web.api.view_source import ViewSource, read_view
from tdapp.web.csrf import HEADER as CSRF_HEADER

bp = Blueprint("api_openapi", __name__, url_prefix=URL_PREFIX)

OPENAPI_VERSION = "3.1.0"
_WRITES = ("post", "put", "patch", "delete")
_IGNORED_METHODS = {"HEAD", "OPTIONS"}
_RULE_PART = re.compile(r"<(?:(?P<converter>\w+)(?:\([^)]*\))?:)?(?P<name>\w+)>")
_CONVERTER_SCHEMAS: dict[str, dict[str, Any]] = {
    "int": {"type": "integer", "minimum": 0},
    "float": {"type": "number", "minimum": 0},
    "uuid": {"type": "string", "format": "uuid"},
}
_REFUSAL = "#/components/schemas/Refusal"
# Answers are described in docs/api.md; here only their kind.
_ANSWER = {"type": "object"}
_EXTENSION_KEY = "tdapp_openapi"
# A file as a spreadsheet saves it: the body itself, or a browser's upload.
_CSV_CONTENT = {
    "text/csv": {"schema": {"type": "string"}},
    "multipart/form-data": {"schema": {
        "type": "object", "required": [CSV_FIELD],
        "properties": {CSV_FIELD: {"type": "string", "contentMediaType": "text/csv"}},
    }},
}
_PACKAGE = __name__.rpartition(".")[0]


@bp.get("/openapi.json")
def document():
    """This document: every operation under /api/v1, built from the routes themselves."""
    if _EXTENSION_KEY not in current_app.extensions:
        # The routes do not change while a process runs: build once, on first demand.
        current_app.extensions[_EXTENSION_KEY] = build_document(current_app)
    return jsonify(current_app.extensions[_EXTENSION_KEY])


def openapi_path(rule: str) -> str:
    """`/tournaments/<int:tid>` as OpenAPI writes it: `/tournaments/{tid}`."""
    return _RULE_PART.sub(lambda part: "{" + part["name"] + "}", rule)


def described(app: Flask, rule: Rule) -> bool:
    """Whether the document describes `rule`: under /api/v1, or served by this package."""
    module = app.view_functions[rule.endpoint].__module__
    return rule.rule.startswith(URL_PREFIX + "/") or module.startswith(_PACKAGE + ".")


def build_document(app: Flask) -> dict[str, Any]:
    """The OpenAPI 3.1 document of every route of `app` under /api/v1."""
    components = _Components()
    paths: dict[str, dict[str, Any]] = {}
    routes = sorted(
        (rule.rule, method.lower(), rule)
        for rule in app.url_map.iter_rules()
        if described(app, rule)
        for method in rule.methods - _IGNORED_METHODS
    )
    methods_of: dict[str, int] = {}
    for _, _, rule in routes:
        methods_of[rule.endpoint] = methods_of.get(rule.endpoint, 0) + 1
    for path, method, rule in routes:
        view = read_view(app.view_functions[rule.endpoint])
        operation_id = rule.endpoint.replace(".", "_")
        if methods_of[rule.endpoint] > 1:
            operation_id += "_" + method
        operation = _operation(path, method, operation_id, view, components)
        if view.guarded:
            # The least role of the club's staff that may call it (tdapp/web/roles.py); a
            # lesser one gets 403 ROLE_FORBIDDEN. The hoster's endpoints say "hoster".
            if rule.endpoint in roles.HOSTER:
                operation["x-role"] = "hoster"
                operation["security"] = [{"bearerToken": []}]  # a hoster's token, no session
            else:
                operation["x-role"] = roles.needs(rule.endpoint)
        paths.setdefault(openapi_path(path), {})[method] = operation
    return {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": "tdapp JSON API",
            "version": version("tdapp"),
            "description": (
                "Every console action of tdapp, for scripts and other front ends. Money is in "
                "integer cents, chips in integer chips, durations in integer seconds. The prose, "
                "with examples and the rules behind each answer, is docs/api.md in tdapp's "
                "source. Every refusal is a 4xx with `{\"error\": {\"code\", \"message\"}}` and "
                "changes nothing."
            ),
        },
        "paths": paths,
        "components": {
            "schemas": components.schemas,
            "securitySchemes": _security_schemes(app),
        },
    }


def _operation(
    path: str, method: str, operation_id: str, view: ViewSource, components: _Components
) -> dict[str, Any]:
    summary, _, details = (view.doc or "").partition("\n")
    operation: dict[str, Any] = {
        "operationId": operation_id,
        "summary": summary or view.name.replace("_", " ").capitalize(),
        "tags": [_tag(path)],
    }
    if details.strip():
        operation["description"] = view.doc
    parameters = _path_parameters(path) + [
        {"name": q.name, "in": "query", "required": q.required, "schema": q.schema}
        for q in view.query.values()
    ] + [
        {"name": name, "in": "header", "required": False, "schema": {"type": "string"}}
        for name in sorted(view.headers)
    ]
    if parameters:
        operation["parameters"] = parameters
    if view.body is not None:
        operation["requestBody"] = {
            # parse_json reads an empty body as `{}`: one with no required field may be left out.
            "required": any(f.is_required() for f in view.body.model_fields.values()),
            "content": {"application/json": {"schema": components.ref(view.body)}},
        }
    elif view.reads_csv:
        operation["requestBody"] = {"required": True, "content": _CSV_CONTENT}
    elif method in _WRITES and not view.reads_raw_body:
        operation["x-bodiless"] = True
    operation["responses"] = _responses(method, view, bool(_RULE_PART.search(path)))
    operation["security"] = _security(method) if view.guarded else []
    return operation


def _tag(path: str) -> str:
    """The operation's group: the resource after /api/v1, or "public" for a tournament's
    public address."""
    if not path.startswith(URL_PREFIX + "/"):
        return "public"
    return path.removeprefix(URL_PREFIX + "/").split("/")[0]


def _path_parameters(path: str) -> list[dict[str, Any]]:
    return [
        {
            "name": part["name"],
            "in": "path",
            "required": True,
            "schema": _CONVERTER_SCHEMAS.get(part["converter"] or "", {"type": "string"}),
        }
        for part in _RULE_PART.finditer(path)
    ]


def _responses(method: str, view: ViewSource, has_path_parameters: bool) -> dict[str, Any]:
    successes = sorted(s for s in view.statuses if s < 400) or [200]
    refusals = {s for s in view.statuses if s >= 400}
    if view.body is not None:
        refusals |= {400, 422}  # not JSON; not the body's shape
    if view.reads_csv:
        refusals |= {400, 413, 415, 422}  # no file; too large; not CSV; a bad line
    if view.guarded:
        # 403: a role that does not reach the endpoint; or a session's write without its CSRF
        # header.
        refusals |= {401, 403}
    if has_path_parameters:
        refusals.add(404)  # no such tournament, table, player...
    if method in _WRITES:
        refusals.add(422)  # a rule refused the command
    responses: dict[str, Any] = {
        str(status): {"description": HTTPStatus(status).phrase}
        | ({} if status == 204 else {"content": {"application/json": {"schema": _ANSWER}}})
        for status in successes
    }
    for status in sorted(refusals):
        responses[str(status)] = _refusal(HTTPStatus(status).phrase)
    responses["4XX"] = _refusal("Refused; nothing was changed")
    return responses


def _refusal(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": _REFUSAL}}}}


def _refusal_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "description": "A refusal: nothing was changed. `message` is in the request's language.",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {
                    "code": {"type": "string", "examples": ["REBUY_PERIOD_OVER"]},
                    "message": {"type": "string"},
                    "fields": {"type": "array", "items": {"type": "string"},
                               "description": "The parts of the body that were wrong."},
                    "params": {"type": "object",
                               "description": "The values the message was filled with."},
                },
            }
        },
    }


class _Components:
    """The schemas of the document's bodies, each model under one name. Two modules may each
    have a `DrawBody`: the one met second goes under its module's name too."""

    def __init__(self) -> None:
        self.schemas: dict[str, Any] = {"Refusal": _refusal_schema()}
        self._names: dict[type[BaseModel], str] = {}

    def ref(self, model: type[BaseModel]) -> dict[str, Any]:
        """A reference to `model`'s schema, adding it (and the models it nests) if new."""
        if model not in self._names:
            self._add(model)
        return {"$ref": "#/components/schemas/" + self._names[model]}

    def _add(self, model: type[BaseModel]) -> None:
        found = self._schemas_of(model, prefix="")
        if any(self.schemas.get(name, schema) != schema for name, schema in found.items()):
            found = self._schemas_of(model, prefix=model.__module__.rsplit(".", 1)[-1] + ".")
        self.schemas.update(found)
        self._names[model] = next(iter(found))

    @staticmethod
    def _schemas_of(model: type[BaseModel], prefix: str) -> dict[str, Any]:
        """`model`'s schema first, then each model it nests, all named with `prefix`."""
        schema = model.model_json_schema(ref_template=f"#/components/schemas/{prefix}{{model}}")
        nested = schema.pop("$defs", {})
        return {prefix + model.__name__: schema} | {prefix + n: s for n, s in nested.items()}


def _security(method: str) -> list[dict[str, list[str]]]:
    session = {"consoleSession": []}
    if method in _WRITES:
        session["csrfToken"] = []
    return [{"bearerToken": []}, session]


def _security_schemes(app: Flask) -> dict[str, Any]:
    return {
        "bearerToken": {
            "type": "http",
            "scheme": "bearer",
            "description": "A DdT's token from `POST /api/v1/auth/token`.",
        },
        "consoleSession": {
            "type": "apiKey",
            "in": "cookie",
            "name": app.config.get("SESSION_COOKIE_NAME", "session"),
            "description": (
                "The session of a DdT logged in to the console; for a table's own endpoints, "
                "also the session of the console opened there with the table's PIN."
            ),
        },
        "csrfToken": {
            "type": "apiKey",
            "in": "header",
            "name": CSRF_HEADER,
            "description": "With the session, every write also sends the console's CSRF token.",
        },
    }
