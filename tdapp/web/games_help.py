"""The public page of the club's own games (`/games/help`): Italian draw and every telesina
variant, in the visitor's language, each uncertain reading of RULES.md [U] shown as the default
the app plays, so that the table can see which reading the console applies."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, render_template
from flask_babel import get_locale

from tdapp.engine.telesina.variants import MAX_CARDS, VARIANTS, Variant
from tdapp.web.league_readings import every_note

bp = Blueprint("games_help", __name__, url_prefix="/games")

UNCERTAIN_MARK = "[U]"


@dataclass(frozen=True)
class VariantHelp:
    """One telesina as the page shows it: its text cut at each [U] mark, so the template puts a
    visible badge where the engine's help names its default reading."""

    key: str
    name: str
    parts: tuple[str, ...]

    @property
    def uncertain(self) -> bool:
        return len(self.parts) > 1


def variant_help(variant: Variant, language: str) -> VariantHelp:
    text = variant.help_it if language == "it" else variant.help_en
    # Only the space before a mark goes: the badge stands in its place, and what follows keeps
    # its own (a full stop stays against the badge).
    parts = tuple(part.rstrip() for part in text.split(UNCERTAIN_MARK))
    return VariantHelp(variant.key, variant.name, parts)


@bp.get("/help")
def help_page() -> str:
    language = str(get_locale() or "it")
    telesine = [variant_help(v, language) for v in VARIANTS.values()]
    return render_template("games/help.html", telesine=telesine, max_cards=MAX_CARDS,
                           league_notes=every_note())
