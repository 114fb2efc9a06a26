"""Whole numbers from requests, read strictly (tdapp/kernel/numbers.py) and refused with a
4xx that names the field: URL segments (the app's `int` converter), form fields, query strings
and the seat numbers that key a JSON object."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TypeVar

from flask import Flask
from flask_babel import gettext
from werkzeug.routing import BaseConverter, ValidationError

from tdapp.kernel.numbers import LARGEST_ID, whole_or_none
from tdapp.kernel.refusals import register_messages
from tdapp.web.errors import RequestRefused

Value = TypeVar("Value")

# Longer than any id, so that a mistyped or made-up one is an unknown id, not an unknown page.
MAX_PATH_DIGITS = 40
# A refusal quotes what was typed, cut short: the field's name is what the reader needs.
_QUOTED = 20

register_messages({
    "NOT_A_WHOLE_NUMBER":
        "%(field)s: \u201c%(value)s\u201d is not a whole number from %(min)s to %(max)s",
    "NEGATIVE_NUMBER":
        "%(field)s: \u201c%(value)s\u201d is negative; it must be a whole number from %(min)s to "
        "%(max)s",
})
_NEGATIVE = re.compile("-[0-9]+")


def whole_number(text: object, *, field: str, minimum: int = 0, maximum: int = LARGEST_ID) -> int:
    """`text` as a whole number within its bounds, or a 422 refusal naming `field`."""
    number = whole_or_none(text, minimum, maximum)
    if number is None:
        shown = str(text) if len(str(text)) <= _QUOTED else str(text)[:_QUOTED] + "\u2026"
        negative = minimum >= 0 and isinstance(text, str) and _NEGATIVE.fullmatch(text)
        raise RequestRefused("NEGATIVE_NUMBER" if negative else "NOT_A_WHOLE_NUMBER",
                             fields=[field], field=field, value=shown, min=minimum, max=maximum)
    return number


def seat_keys(by_seat: Mapping[str, Value], *, field: str, largest: int) -> dict[int, Value]:
    """A JSON object keyed by seat numbers ("1".."largest") with the keys as numbers; any other
    key is the API's INVALID_REQUEST, as the body's other malformed parts are."""
    seats = {key: whole_or_none(key, 1, largest) for key in by_seat}
    if None in seats.values():
        raise RequestRefused("INVALID_REQUEST", fields=[field],
                             problems=gettext("%(field)s: seat numbers from 1 to %(largest)s")
                             % {"field": field, "largest": largest})
    return {seats[key]: value for key, value in by_seat.items()}


class WholeNumberConverter(BaseConverter):
    """`<int:...>` for every route: ASCII digits only, of a bounded length (Werkzeug's own takes
    any Unicode digit, '٣', and any length). A number too large for an id still reaches the
    route, whose service answers that no such thing exists (`storage.database.is_id`)."""

    regex = f"[0-9]{{1,{MAX_PATH_DIGITS}}}"
    weight = 50

    def to_python(self, value: str) -> int:
        number = whole_or_none(value, 0, 10**MAX_PATH_DIGITS, digits=MAX_PATH_DIGITS)
        if number is None:
            raise ValidationError()
        return number

    def to_url(self, value: int) -> str:
        return str(int(value))


def init_app(app: Flask) -> None:
    """Before any route is added: rules bind their converters when they are registered."""
    app.url_map.converters["int"] = WholeNumberConverter
