"""How the console writes numbers: chips with thousands separators, cents as euros, seconds as
minutes, each in the page's language (Italian "5.000", English "5,000")."""

from __future__ import annotations

from decimal import Decimal

from flask import Flask
from flask_babel import gettext, pgettext

from tdapp.i18n import grouped, money
from tdapp.tournament.settings import MAX_STARTING_STACK, MIN_STARTING_STACK
from tdapp.tournament.structure_templates import CLUB, DEEP, TURBO, StructureTemplate


def chips(value: int | None) -> str:
    return "" if value is None else grouped(Decimal(value), "#,##0")


def euros(cents: int | None) -> str:
    """Cents as a form field shows them: "20" or "20.50", which the form reads back."""
    if cents is None:
        return ""
    whole, rest = divmod(cents, 100)
    return str(whole) if rest == 0 else f"{whole}.{rest:02d}"


def points(hundredths: int | None) -> str:
    """A season's points (kept in hundredths) with two decimals: "7,07", "7.07"."""
    return "" if hundredths is None else grouped(Decimal(hundredths).scaleb(-2), "#,##0.00")


def minutes(seconds: int | None) -> str:
    """Seconds as minutes, with decimals only when needed: 1200 -> "20", 90 -> "1.5"."""
    if seconds is None:
        return ""
    value = Decimal(seconds) / 60
    return str(value.quantize(Decimal("0.01")).normalize()) if seconds % 60 else str(seconds // 60)


def percent(basis_points: int) -> str:
    value = Decimal(basis_points) / 100
    return str(value.normalize()) if basis_points % 100 else str(basis_points // 100)


def _level_minutes(shipped: StructureTemplate) -> int:
    return shipped.structure.periods[0].seconds // 60


def _shipped_names() -> dict[str, str]:
    """The shipped templates' names in the page's language, keyed by the English name the
    database keeps for them."""
    return {
        CLUB.name: gettext(
            "Club %(low)s-%(high)s (%(minutes)s-minute levels)",
            low=chips(MIN_STARTING_STACK), high=chips(MAX_STARTING_STACK), minutes=_level_minutes(CLUB),
        ),
        TURBO.name: gettext("Turbo (%(minutes)s-minute levels)", minutes=_level_minutes(TURBO)),
        DEEP.name: gettext(
            "Deep stack with big-blind ante (%(minutes)s-minute levels)",
            minutes=_level_minutes(DEEP),
        ),
    }


def template_name(name: str) -> str:
    """A structure template's name as the console shows it: a shipped one translated, one the
    DdT named as typed."""
    return _shipped_names().get(name, name)


def out_word(gender: str | None) -> str:
    """A player's status once out, agreeing with the player's gender ("eliminata",
    "eliminato"), neutral when the gender is unknown."""
    if gender == "f":
        return pgettext("female", "out")
    if gender == "m":
        return pgettext("male", "out")
    return gettext("out")


def init_app(app: Flask) -> None:
    for name, function in (
        ("chips", chips), ("money", money), ("euros", euros), ("minutes", minutes),
        ("percent", percent), ("template_name", template_name), ("points", points),
        ("out_word", out_word),
    ):
        app.add_template_filter(function, name)
