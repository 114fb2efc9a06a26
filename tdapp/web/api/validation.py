"""A refused request body's problems in the reader's language.

Pydantic words its errors in English for programmers ("Input should be greater than or equal to
0"); a person on an Italian console must read them in Italian. Each error type pydantic reports
for our bodies has a catalogue template here, filled with the field's name and the limit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from flask_babel import gettext
from pydantic_core import ErrorDetails


def _templates() -> dict[str, Callable[[], str]]:
    # Built per call: gettext must run in the request's language, not at import.
    return {
        "missing": lambda: gettext("%(field)s is required"),
        "extra_forbidden": lambda: gettext("%(field)s is not a field of this request"),
        "greater_than_equal": lambda: gettext("%(field)s must be %(limit)s or more"),
        "greater_than": lambda: gettext("%(field)s must be more than %(limit)s"),
        "less_than_equal": lambda: gettext("%(field)s must be %(limit)s or less"),
        "less_than": lambda: gettext("%(field)s must be less than %(limit)s"),
        "int_type": lambda: gettext("%(field)s must be a whole number"),
        "int_parsing": lambda: gettext("%(field)s must be a whole number"),
        "int_from_float": lambda: gettext("%(field)s must be a whole number"),
        "float_type": lambda: gettext("%(field)s must be a number"),
        "float_parsing": lambda: gettext("%(field)s must be a number"),
        "bool_type": lambda: gettext("%(field)s must be true or false"),
        "string_type": lambda: gettext("%(field)s must be a text"),
        "string_too_short": lambda: gettext("%(field)s must be at least %(limit)s characters"),
        "string_too_long": lambda: gettext("%(field)s must be at most %(limit)s characters"),
        "string_pattern_mismatch": lambda: gettext("%(field)s has characters it cannot hold"),
        "too_short": lambda: gettext("%(field)s must hold at least %(limit)s items"),
        "too_long": lambda: gettext("%(field)s must hold at most %(limit)s items"),
        "list_type": lambda: gettext("%(field)s must be a list"),
        "dict_type": lambda: gettext("%(field)s must be an object"),
        "model_type": lambda: gettext("%(field)s must be an object"),
        "literal_error": lambda: gettext("%(field)s must be one of %(limit)s"),
        "enum": lambda: gettext("%(field)s must be one of %(limit)s"),
    }


# The context key pydantic puts each type's limit under.
_LIMIT_KEYS = ("ge", "gt", "le", "lt", "min_length", "max_length", "expected")


def field_of(error: ErrorDetails) -> str:
    """The field's dotted path in the body, "(body)" for the body as a whole."""
    return ".".join(str(part) for part in error["loc"]) or "(body)"


def problem_of(error: ErrorDetails) -> str:
    """One error as a sentence in the request's language; a type without a template (a model's
    own validator) says the field is not valid rather than show pydantic's English."""
    field = field_of(error)
    context: dict[str, Any] = dict(error.get("ctx") or {})
    limit = next((context[key] for key in _LIMIT_KEYS if key in context), "")
    template = _templates().get(error["type"])
    value = error.get("input")
    if (error["type"] in ("greater_than_equal", "greater_than") and isinstance(value, int)
            and not isinstance(value, bool) and value < 0 <= limit):
        return gettext("%(field)s cannot be negative (%(value)s)") % {"field": field,
                                                                       "value": value}
    if template is None:
        return gettext("%(field)s is not valid") % {"field": field}
    return template() % {"field": field, "limit": limit}


# How pydantic's JSON parser ends its message: "EOF while parsing an object at line 1 column 1".
_POSITION = re.compile(r"at line (\d+) column (\d+)$")


def _json_templates() -> dict[str, Callable[[], str]]:
    """The parser's messages by how they begin, each as a catalogue template."""
    return {
        "EOF": lambda: gettext("the text ends too early (line %(line)s, column %(column)s)"),
        "trailing comma": lambda: gettext(
            "a comma before a closing bracket (line %(line)s, column %(column)s)"),
        "trailing characters": lambda: gettext(
            "there is more text after its end (line %(line)s, column %(column)s)"),
        "key must be a string": lambda: gettext(
            "a name without double quotes (line %(line)s, column %(column)s)"),
    }


def json_problem(error: ErrorDetails) -> str:
    """Why the body is not JSON, in the request's language, with where the parser stopped; the
    parser's own English (serde_json's) is never shown."""
    said = str((error.get("ctx") or {}).get("error", ""))
    where = _POSITION.search(said)
    if where is None:
        return gettext("it cannot be read as JSON")
    position = {"line": where.group(1), "column": where.group(2)}
    template = next((template for start, template in _json_templates().items()
                     if said.startswith(start)),
                    lambda: gettext("unexpected text at line %(line)s, column %(column)s"))
    return template() % position


def required(field: str) -> str:
    """The problem of a field a body may omit only when another one stands in for it."""
    return gettext("%(field)s is required") % {"field": field}
