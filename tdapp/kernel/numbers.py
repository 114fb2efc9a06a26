"""The one grammar of a whole number that comes from outside (a URL, a form, a query string, a
JSON object's key): ASCII digits only, an optional leading minus where negatives make sense, and
a bounded length, so that '²', '٣', '1_000', ' 12 ' or a thousand-digit number never reach
`int()` or the database. The web layer turns a miss into a refusal (tdapp/web/numbers.py); a
service that reads a token (a console link) uses it as it is.
"""

from __future__ import annotations

import re

# Enough for any count in the room (chips, cents, ids) and small enough that nothing downstream
# (a 64-bit database column, a formatted message) meets a number it cannot hold.
MAX_DIGITS = 15
# PostgreSQL's `integer`, which ids and counts are kept in.
LARGEST_ID = 2**31 - 1

_UNSIGNED = re.compile("[0-9]+")
_SIGNED = re.compile("-?[0-9]+")


def whole_or_none(text: object, minimum: int = 0, maximum: int = LARGEST_ID,
                  digits: int = MAX_DIGITS) -> int | None:
    """`text` as a whole number within `minimum`..`maximum`, or None when it is anything else.

    >>> whole_or_none("12"), whole_or_none("-3", minimum=-10)
    (12, -3)
    >>> [whole_or_none(t) for t in ("²", "٣", "1_000", " 12 ", "+1", "-3", "", "9" * 16)]
    [None, None, None, None, None, None, None, None]
    """
    if not isinstance(text, str):
        return None
    grammar = _SIGNED if minimum < 0 else _UNSIGNED
    if len(text.lstrip("-")) > digits or grammar.fullmatch(text) is None:
        return None
    number = int(text)
    return number if minimum <= number <= maximum else None
