"""Reading the console's forms: numbers as the DdT types them, refused with a clear message.

Money is typed in euros ("20", "20,50" or "20.50") and kept in cents; durations are typed in
minutes and kept in seconds; payout shares are typed in percent and kept in basis points.
"""

from __future__ import annotations

import re
from collections.abc import Container, Mapping
from datetime import UTC, date, datetime, tzinfo
from decimal import Decimal

from flask_babel import gettext

from tdapp.kernel.numbers import MAX_DIGITS, whole_or_none

# "5000", or with thousands separated as either language writes them: "5.000", "5,000", "5 000";
# ASCII digits only ("٣" and "²" are refused, not read), and no more than the strict reader takes.
_WHOLE = re.compile(f"[0-9]{{1,{MAX_DIGITS}}}|[0-9]{{1,3}}(?:[., \u00a0][0-9]{{3}}){{1,4}}")
_SEPARATORS = re.compile("[., \u00a0]")
# A whole number with a minus before it: a count typed negative, told so rather than "not a
# whole number".
_NEGATIVE = re.compile(f"-\\s*(?:{_WHOLE.pattern})")
# The top of a number the console asks for with no bound of its own: no count, amount or id in
# the room comes near it, and a refusal quoting it stays readable.
LARGEST_TYPED = 999_999_999_999
# Euros, minutes or percent as typed, after "," became ".": no exponent, NaN or Infinity.
_DECIMAL = re.compile(r"[0-9]{1,12}(?:\.[0-9]+)?")


class FormError(Exception):
    """A form field the console cannot use; `message` is already in the DdT's language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def text(form: Mapping[str, str], name: str) -> str:
    return (form.get(name) or "").strip()


def day(form: Mapping[str, str], name: str) -> date | None:
    """A calendar day typed as 2026-12-31; none when the field is empty."""
    raw = text(form, name)
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise FormError(gettext("The date must look like 2026-12-31.")) from None


def local_moment(form: Mapping[str, str], name: str, zone: tzinfo) -> datetime | None:
    """A moment typed in the room's time zone as a browser's date-and-time field sends it
    (2026-12-31T20:30), kept in UTC; none when the field is empty."""
    raw = text(form, name)
    if not raw:
        return None
    try:
        typed = datetime.fromisoformat(raw)
    except ValueError:
        raise FormError(gettext("The time must look like 2026-12-31 20:30.")) from None
    local = typed if typed.tzinfo is not None else typed.replace(tzinfo=zone)
    return local.astimezone(UTC)


def _decimal(raw: str, label: str, places: int) -> Decimal:
    """A non-negative number with at most `places` decimals; comma or point as separator."""
    cleaned = raw.replace(" ", "").replace(",", ".")
    value = Decimal(cleaned) if _DECIMAL.fullmatch(cleaned) else None
    if value is None or value.as_tuple().exponent < -places:
        raise FormError(gettext("%(field)s: \u201c%(value)s\u201d is not a valid number.",
                                field=label, value=raw))
    return value


def whole(
    form: Mapping[str, str],
    name: str,
    label: str,
    minimum: int = 0,
    maximum: int | None = None,
) -> int:
    """A required whole number within its bounds."""
    raw = text(form, name)
    if not raw:
        raise FormError(gettext("%(field)s is required.", field=label))
    number = whole_or_none(_SEPARATORS.sub("", raw), 0, 10**MAX_DIGITS - 1) if _WHOLE.fullmatch(
        raw) else None
    if number is None and _NEGATIVE.fullmatch(raw) and minimum >= 0:
        raise FormError(gettext("%(field)s: \u201c%(value)s\u201d is negative; it must be %(min)s "
                                "or more.", field=label, value=raw, min=minimum))
    if number is None:
        raise FormError(gettext("%(field)s: \u201c%(value)s\u201d is not a whole number.",
                                field=label, value=raw))
    if maximum is None and number < minimum:
        raise FormError(gettext("%(field)s must be at least %(min)s.", field=label, min=minimum))
    top = LARGEST_TYPED if maximum is None else maximum
    if not minimum <= number <= top:
        raise FormError(gettext("%(field)s must be between %(min)s and %(max)s.",
                                field=label, min=minimum, max=top))
    return number


def optional_whole(
    form: Mapping[str, str], name: str, label: str, minimum: int = 0, maximum: int | None = None
) -> int | None:
    """A whole number, or None when the field is left empty."""
    if not text(form, name):
        return None
    return whole(form, name, label, minimum, maximum)


def cents(form: Mapping[str, str], name: str, label: str) -> int:
    """Euros as typed, in cents."""
    raw = text(form, name)
    if not raw:
        raise FormError(gettext("%(field)s is required.", field=label))
    return int(_decimal(raw, label, 2) * 100)


def seconds(form: Mapping[str, str], name: str, label: str) -> int:
    """Minutes as typed (a half minute is fine), in seconds; at least one second."""
    raw = text(form, name)
    if not raw:
        raise FormError(gettext("%(field)s is required.", field=label))
    value = int(_decimal(raw, label, 2) * 60)
    if value < 1:
        raise FormError(gettext("%(field)s must be more than zero minutes.", field=label))
    return value


def basis_points(raw: str, label: str) -> int:
    """A percentage as typed ("12,5"), in basis points."""
    return int(_decimal(raw, label, 2) * 100)


def row_button(form: Mapping[str, str], actions: Container[str]) -> tuple[str, int]:
    """The row button a list's form was sent with: `do` is like "rebuy-12", an action of
    `actions` and the row's id."""
    action, _, raw_id = (form.get("do") or "").partition("-")
    row_id = whole_or_none(raw_id)
    if action not in actions or row_id is None:
        raise FormError(gettext("Unknown action."))
    return action, row_id
