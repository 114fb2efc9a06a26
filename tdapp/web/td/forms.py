"""Reading the console's forms: numbers as the DdT types them, refused with a clear message.

Money is typed in euros ("20", "20,50" or "20.50") and kept in cents; durations are typed in
minutes and kept in seconds; payout shares are typed in percent and kept in basis points.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from decimal import Decimal, InvalidOperation

from flask_babel import gettext

# "5000", or with thousands separated as either language writes them: "5.000", "5,000", "5 000".
_WHOLE = re.compile(r"^(\d+|\d{1,3}([.,\s]\d{3})+)$")


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


def _decimal(raw: str, label: str, places: int) -> Decimal:
    """A non-negative number with at most `places` decimals; comma or point as separator."""
    cleaned = raw.replace(" ", "").replace(",", ".")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        value = None
    if value is None or not value.is_finite() or value < 0 or value.as_tuple().exponent < -places:
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
    if not _WHOLE.match(raw):
        raise FormError(gettext("%(field)s: \u201c%(value)s\u201d is not a whole number.",
                                field=label, value=raw))
    number = int(re.sub(r"[.,\s]", "", raw))
    if number < minimum or (maximum is not None and number > maximum):
        if maximum is None:
            message = gettext("%(field)s must be at least %(min)s.", field=label, min=minimum)
        else:
            message = gettext(
                "%(field)s must be between %(min)s and %(max)s.",
                field=label, min=minimum, max=maximum,
            )
        raise FormError(message)
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
