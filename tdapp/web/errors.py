"""The one place a refusal becomes an HTTP answer.

A `DomainError` (a rule refused the command, or the request itself was malformed) becomes a 4xx
with `{"error": {"code", "message"}}`, the message translated from the code's template and its
parameters. Under `/api/`, and for a client that asks for JSON rather than HTML (a phone's
script posting a page's form), every other failure answers JSON too, so such a client never has
to parse an HTML error page; elsewhere a person reads it, on a small page of the site's own.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from tdapp.i18n import translate
from tdapp.kernel.refusals import DomainError

log = logging.getLogger(__name__)

API_PREFIX = "/api/"

# Codes that mean "no such thing" rather than "not allowed now".
_NOT_FOUND_PREFIX = "UNKNOWN_"
# Codes answered with another status than 404 or 422 (`register_statuses`).
_STATUSES: dict[str, int] = {}


class RequestRefused(DomainError):
    """A request the web layer refuses before any rule sees it (bad JSON, wrong types, no login).
    `status` is its HTTP status; `fields` names the offending parts of the body, if any."""

    def __init__(self, code: str, status: int = 422, fields: list[str] | None = None, **params):
        super().__init__(code, **params)
        self.status = status
        self.fields = fields or []


def register_statuses(statuses: Mapping[str, int]) -> None:
    """The HTTP status of refusals that say neither "no such thing" (404) nor "not now" (422):
    who may not do it (403), or who must wait (429)."""
    _STATUSES.update(statuses)


def status_of(error: DomainError) -> int:
    if isinstance(error, RequestRefused):
        return error.status
    if error.code in _STATUSES:
        return _STATUSES[error.code]
    return 404 if error.code.startswith(_NOT_FOUND_PREFIX) else 422


def wants_json() -> bool:
    """Whether this request's failures answer JSON: any API path, and a page's route whose
    client asks for JSON before HTML."""
    asked = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return request.path.startswith(API_PREFIX) or asked == "application/json"


def message_of(error: DomainError) -> str:
    return translate(error.code, error.params)


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, **extra}}


def _domain_error(error: DomainError):
    extra: dict[str, Any] = {}
    if isinstance(error, RequestRefused):
        if error.fields:
            extra["fields"] = error.fields
    elif error.params:
        extra["params"] = {key: _plain(value) for key, value in error.params.items()}
    body = error_body(error.code, message_of(error), **extra)
    status = status_of(error)
    if wants_json():
        # A 401 names the scheme that would be accepted, as HTTP asks.
        challenge = {"WWW-Authenticate": 'Bearer realm="tdapp"'} if status == 401 else {}
        return jsonify(body), status, challenge
    return _error_page(status, body["error"]["message"])


def _error_page(status: int, message: str):
    """Outside the API a person reads the answer: the page chrome, the message in their language
    and a way back to the start page."""
    heading = gettext("Not found") if status == 404 else gettext("Not possible")
    return render_template("error.html", heading=heading, message=message), status


def _plain(value: Any) -> Any:
    """A parameter as JSON; anything else as its text, as clients have always read it. The
    engine's reason (`reason_params`) is already JSON data and goes as it is."""
    if isinstance(value, dict):
        return _json(value)
    return value if isinstance(value, str | int | float | bool) or value is None else str(value)


def _json(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(key): _json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_json(item) for item in value]
    return value if isinstance(value, str | int | float | bool) or value is None else str(value)


def _http_error(error: HTTPException):
    if not wants_json():
        return _page_for(error)
    code = (error.name or "error").upper().replace(" ", "_").replace("'", "")
    return jsonify(error_body(code, error.description or error.name)), error.code or 500


def _page_for(error: HTTPException):
    status = error.code or 500
    if status == 404:
        message = gettext("This page does not exist: the address is mistyped or out of date.")
    elif status == 405:
        message = gettext("This page cannot be used this way.")
    else:
        message = gettext("The request was refused.")
    return _error_page(status, message)


def _unexpected(error: Exception):
    if isinstance(error, HTTPException):
        return _http_error(error)
    if not wants_json():
        raise error
    log.exception("unexpected error on %s %s", request.method, request.path)
    message = gettext("Something went wrong on the server.")
    return jsonify(error_body("INTERNAL_ERROR", message)), 500


def init_app(app: Flask) -> None:
    app.register_error_handler(DomainError, _domain_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected)
