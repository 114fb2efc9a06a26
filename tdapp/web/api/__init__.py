"""The JSON API, version 1: every console action, for scripts and other front ends.

Every JSON endpoint of the app lives in this package, one module per resource: `auth` (tokens),
`tournaments` (set-up, payouts, undo, the log), `players` (entries, purchases, chips, presence,
bust-outs), `settings` (the set-up's bodies), `clock`, `seating` (the seat draw, moves, breaks),
`tables` (the hold'em hands), `tools` (side pots), `draw_tables`, `leagues`, `library`
(templates and the roster), `results` (a tournament's exports), `seasons`. Pages stay with
their audience's blueprint.
A module adds its endpoints to `bp`, or to a blueprint of its own under the same prefix that
`register` below registers, with the same guards and body parser:

    from tdapp.web.api import URL_PREFIX, ApiBody, actor, ddt_required, parse_json

    bp = Blueprint("api_clock", __name__, url_prefix=URL_PREFIX)

    class ClockBody(ApiBody):
        action: Literal["start", "pause"]

    @bp.post("/tournaments/<int:tid>/clock")
    @ddt_required
    def clock(tid: int):
        body = parse_json(ClockBody)
        ...

`parse_json` validates the body strictly (JSON types, no unknown fields) and refuses with a 4xx;
a `DomainError` raised by a service becomes a 4xx in `tdapp.web.errors` (an app-wide handler, so
it covers every blueprint). A route never catches.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import Blueprint, Flask, g, request, session
from pydantic import BaseModel, ConfigDict, ValidationError

from tdapp.kernel.refusals import register_messages
from tdapp.services import accounts
from tdapp.web.api.validation import field_of, json_problem, problem_of
from tdapp.web.errors import RequestRefused

URL_PREFIX = "/api/v1"
bp = Blueprint("api", __name__, url_prefix=URL_PREFIX)

Body = TypeVar("Body", bound=BaseModel)

# The console's CSRF token, sent as a header by pages that call the API with their session.
CSRF_SESSION_KEY = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
# Methods that change nothing, so that no CSRF token is asked of them.
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")

register_messages(
    {
        "MALFORMED_JSON": "The request body is not valid JSON: %(reason)s",
        "INVALID_REQUEST": "The request is not valid: %(problems)s",
        "WRONG_CREDENTIALS": "Wrong username or password.",
        "LOGIN_REQUIRED": "Log in as a tournament director, or send a bearer token.",
        "CSRF_REQUIRED": "The X-CSRF-Token header is missing or does not match the session.",
    }
)


class ApiBody(BaseModel):
    """Base of every request body: JSON types exactly ("5" is not 5, true is not 1), and a field
    the endpoint does not know is an error rather than silently ignored."""

    model_config = ConfigDict(strict=True, extra="forbid")


def parse_json(schema: type[Body]) -> Body:
    """The request's JSON body as `schema`, or a 400 (not JSON) / 422 (wrong shape) refusal.
    An empty body counts as `{}` so that endpoints whose fields all have defaults need none."""
    raw = request.get_data(cache=True) or b"{}"
    try:
        return schema.model_validate_json(raw)
    except ValidationError as invalid:
        errors = invalid.errors(include_url=False)
        if errors and errors[0]["type"] == "json_invalid":
            raise RequestRefused("MALFORMED_JSON", status=400,
                                 reason=json_problem(errors[0])) from None
        fields = [field_of(error) for error in errors]
        problems = "; ".join(problem_of(error) for error in errors)
        raise RequestRefused("INVALID_REQUEST", fields=fields, problems=problems) from None


def _bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def current_ddt() -> accounts.Account | None:
    """The DdT making this request: by bearer token, else by the console's session."""
    token = _bearer_token()
    if token is not None:
        return accounts.user_for_token(token)
    user_id = session.get("user_id")
    if not isinstance(user_id, int):
        return None
    return accounts.account(user_id)


def csrf_header_ok() -> bool:
    """Whether the request carries the session's CSRF token in its header."""
    expected = session.get(CSRF_SESSION_KEY)
    sent = request.headers.get(CSRF_HEADER, "")
    return bool(expected) and hmac.compare_digest(str(expected), sent)


def _csrf_ok() -> bool:
    # A bearer token cannot be ridden by another site; a session cookie can, so a session-
    # authenticated write must also carry the console's CSRF token in a header.
    if _bearer_token() is not None or request.method in SAFE_METHODS:
        return True
    return csrf_header_ok()


def ddt_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """Only a logged-in DdT (bearer token or console session) gets through; 401 otherwise."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        ddt = current_ddt()
        if ddt is None:
            raise RequestRefused("LOGIN_REQUIRED", status=401)
        if not _csrf_ok():
            raise RequestRefused("CSRF_REQUIRED", status=403)
        g.ddt = ddt
        return view(*args, **kwargs)

    return guarded


def actor() -> str:
    """Who the event log records for this request's action: the DdT, or the console a console
    guard let in (tdapp/web/console_access.py)."""
    return g.get("actor") or g.ddt.username


def register(app: Flask) -> None:
    """Import every endpoint module of the API, then register the blueprints once each."""
    # auth, chips, library, players, results, tools and tournaments add their routes to `bp`.
    from tdapp.web.api import (  # noqa: F401
        auth,
        chips,
        clock,
        club,
        draw_tables,
        leagues,
        library,
        players,
        results,
        seasons,
        seating,
        tables,
        tools,
        tournaments,
    )

    app.register_blueprint(bp)
    for module in (clock, seating, tables, draw_tables, leagues, seasons, club):
        app.register_blueprint(module.bp)
