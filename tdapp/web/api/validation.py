"""A refused request body's problems in the reader's language.

Pydantic words its errors in English for programmers ("Input should be greater than or equal to
0"); a person on an Italian console must read them in Italian. Each error type pydantic reports
for our bodies has a catalogue template here, filled with the field's name and the limit.
"""

from __future__ import annotations

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
    if template is None:
        return gettext("%(field)s is not valid") % {"field": field}
    return template() % {"field": field, "limit": limit}


def required(field: str) -> str:
    """The problem of a field a body may omit only when another one stands in for it."""
    return gettext("%(field)s is required") % {"field": field}
