"""What an API view's own source says about its request and answers, for the OpenAPI document.

The document must follow the routes wherever they live, without a second description to keep in
step: so it reads each view the way a reviewer would. The body is the model the view hands to
`parse_json(Model)` (or a CSV file, when it calls `read_csv_file`); query parameters are the
`request.args` it reads, header parameters the `request.headers.get(NAME)` (a sign-up's code); a
success status other than 200 is the `return ..., 201` it writes; refusal statuses are the `status=` it gives a
`RequestRefused` (or the code it passes to `abort`). A view that reads the body any other way
(`request.json`, `request.form`, ...) is flagged, so a test can hold every view to `parse_json`.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel

F = TypeVar("F", bound=Callable[..., Any])

# `request` attributes that read the body behind parse_json's back.
_RAW_BODY_READS = frozenset({"json", "get_json", "data", "get_data", "form", "files", "values",
                             "stream"})


@dataclass(frozen=True)
class QueryParameter:
    name: str
    required: bool
    schema: dict[str, Any]


def reads_query(*parameters: QueryParameter) -> Callable[[F], F]:
    """Marks a helper that reads these query parameters on behalf of the views that call it
    (the standard answer's `?view=`), so that the document lists them for each such view."""

    def mark(helper: F) -> F:
        helper.query_parameters = parameters  # type: ignore[attr-defined]
        return helper

    return mark


@dataclass
class ViewSource:
    """The facts one view's source gives; `body` is None when it calls no `parse_json`."""

    name: str
    doc: str | None
    guarded: bool
    body: type[BaseModel] | None = None
    reads_csv: bool = False
    reads_raw_body: bool = False
    query: dict[str, QueryParameter] = field(default_factory=dict)
    headers: set[str] = field(default_factory=set)
    statuses: set[int] = field(default_factory=set)


def read_view(view: Callable[..., Any]) -> ViewSource:
    """The facts of `view`, under its decorators. Every decorator on an API view is a guard (a
    login or console check), so a wrapped view is a guarded one."""
    function = inspect.unwrap(view)
    found = ViewSource(function.__name__, inspect.getdoc(function), guarded=function is not view)
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return found
    names = getattr(function, "__globals__", {})
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            _read_call(node, names, found)
        elif isinstance(node, ast.Return):
            _read_return(node, found)
        elif isinstance(node, ast.Subscript) and _is_request_args(node.value):
            key = _constant_str(node.slice)
            if key is not None:
                found.query[key] = QueryParameter(key, True, {"type": "string"})
        if isinstance(node, ast.Attribute) and _is_request(node.value):
            found.reads_raw_body |= node.attr in _RAW_BODY_READS
    return found


def _read_call(call: ast.Call, names: dict[str, Any], found: ViewSource) -> None:
    callee = call.func
    # A helper the view calls by its plain name (never `request.x`: a proxy outside a request).
    helper = names.get(callee.id) if isinstance(callee, ast.Name) else None
    for parameter in getattr(helper, "query_parameters", ()):
        found.query[parameter.name] = parameter
    if _called(callee) == "parse_json" and call.args:
        model = _resolve(call.args[0], names)
        if isinstance(model, type) and issubclass(model, BaseModel):
            found.body = model
    elif _called(callee) == "read_csv_file":
        found.reads_csv = True
    elif _called(callee) == "abort" and call.args:
        _add_status(call.args[0], found)
    elif isinstance(callee, ast.Attribute) and _is_request_args(callee.value) and call.args:
        key = _constant_str(call.args[0])
        if key is not None and callee.attr in ("get", "getlist"):
            found.query[key] = QueryParameter(key, False, _query_schema(call, callee.attr))
    elif isinstance(callee, ast.Attribute) and _is_request_headers(callee.value) and call.args:
        header = _constant_str(call.args[0]) or _resolve(call.args[0], names)
        if isinstance(header, str) and callee.attr == "get":
            found.headers.add(header)
    for keyword in call.keywords:
        if keyword.arg == "status":
            _add_status(keyword.value, found)


def _read_return(node: ast.Return, found: ViewSource) -> None:
    # `return answer, 201` or `return answer, 201, headers`
    if isinstance(node.value, ast.Tuple) and len(node.value.elts) >= 2:
        _add_status(node.value.elts[1], found)


def _query_schema(call: ast.Call, method: str) -> dict[str, Any]:
    converter = next((k.value for k in call.keywords if k.arg == "type"), None)
    scalar = {"type": "integer"} if isinstance(converter, ast.Name) and converter.id == "int" \
        else {"type": "string"}
    return {"type": "array", "items": scalar} if method == "getlist" else scalar


def _add_status(node: ast.expr, found: ViewSource) -> None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int) \
            and not isinstance(node.value, bool) and 100 <= node.value <= 599:
        found.statuses.add(node.value)


def _called(callee: ast.expr) -> str | None:
    if isinstance(callee, ast.Name):
        return callee.id
    if isinstance(callee, ast.Attribute):
        return callee.attr
    return None


def _resolve(node: ast.expr, names: dict[str, Any]) -> Any:
    """The object a name (or dotted name) in the view's module stands for; None if not plain."""
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _resolve(node.value, names)
        return getattr(owner, node.attr, None) if owner is not None else None
    return None


def _is_request(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "request"


def _is_request_args(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "args" and _is_request(node.value)


def _is_request_headers(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "headers" and _is_request(node.value)


def _constant_str(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None
