"""Seasons in the console: the list, a new season, and a season's standings with its form.
A season groups tournaments and ranks their players by the formula the club names
(tdapp/season/points.py); the form offers the formulas by name, never an expression."""

from __future__ import annotations

from typing import Any

from flask import redirect, render_template, request, url_for
from flask_babel import gettext

from tdapp.kernel.numbers import whole_or_none
from tdapp.kernel.refusals import DomainError
from tdapp.season.points import DEFAULT_TABLE, FORMULAS
from tdapp.services import seasons
from tdapp.services import tournaments as running
from tdapp.web.td import bp
from tdapp.web.td.console import flash_done, tell
from tdapp.web.td.forms import FormError, text


def _formulas() -> list[tuple[str, str]]:
    """The formulas the form offers, each with what it does in the DdT's language."""
    said = {
        "td3": gettext("TD3: √(players × buy-in² ÷ paid) ÷ (1 + place)"),
        "pokerstars": gettext("PokerStars: 10 × √(players ÷ place) × (1 + log₁₀(buy-in + 0.25))"),
        "linear": gettext("Linear: players − place + 1"),
        "fixed": gettext("Fixed table by place"),
    }
    return [(name, said[name]) for name in FORMULAS]


def _from_form() -> tuple[str, list[int], str]:
    """(name, tournament ids, formula spec) as the form gives them."""
    form = request.form
    ids = []
    for raw in form.getlist("tournament"):
        tid = whole_or_none(raw, minimum=1)
        if tid is None:
            raise FormError(gettext("Choose the tournaments from the list."))
        ids.append(tid)
    points = text(form, "points")
    table = text(form, "table")
    if points == "fixed" and table:
        points = f"fixed:{table}"
    return text(form, "name"), ids, points


def _values(season: seasons.Season | None) -> dict[str, Any]:
    """The form's fields for `season` (a new one: TD3's formula, the Formula 1 table)."""
    if season is None:
        return {"name": "", "points": "td3", "table": _table_text(DEFAULT_TABLE), "chosen": set()}
    formula = season.formula
    return {"name": season.name, "points": formula.name,
            "table": _table_text(formula.table or DEFAULT_TABLE),
            "chosen": set(season.tournament_ids)}


def _table_text(table: tuple[int, ...]) -> str:
    return ",".join(str(points) for points in table)


def _posted_values() -> dict[str, Any]:
    form = request.form
    chosen = {whole_or_none(raw) for raw in form.getlist("tournament")}
    return {"name": form.get("name", ""), "points": form.get("points", "td3"),
            "table": form.get("table", ""), "chosen": chosen}


def _form_context(values: dict[str, Any], error: str | None) -> dict[str, Any]:
    return {"values": values, "error": error, "formulas": _formulas(),
            "tournaments": running.list_tournaments()}


@bp.get("/seasons")
def seasons_page():
    return render_template("td/seasons.html", seasons=seasons.list_seasons(),
                           **_form_context(_values(None), None))


@bp.post("/seasons")
def create_season():
    try:
        created = seasons.create_season(*_from_form())
    except FormError as bad:
        error = bad.message
    except DomainError as refused:
        error = tell(refused)
    else:
        flash_done(gettext("The season %(name)s is created.", name=created.name))
        return redirect(url_for("td.season_page", season_id=created.id), code=303)
    return render_template("td/seasons.html", seasons=seasons.list_seasons(),
                           **_form_context(_posted_values(), error)), 400


def _season_page(season_id: int, values: dict[str, Any] | None, error: str | None,
                 status: int = 200):
    table = seasons.season_standings(season_id)
    return render_template("td/season.html", table=table, **_form_context(
        values if values is not None else _values(table.season), error)), status


@bp.get("/seasons/<int:season_id>")
def season_page(season_id: int):
    return _season_page(season_id, None, None)


@bp.post("/seasons/<int:season_id>")
def change_season(season_id: int):
    try:
        changed = seasons.change_season(season_id, *_from_form())
    except FormError as bad:
        return _season_page(season_id, _posted_values(), bad.message, 400)
    except DomainError as refused:
        if refused.code == "UNKNOWN_SEASON":
            raise
        return _season_page(season_id, _posted_values(), tell(refused), 400)
    flash_done(gettext("The season %(name)s is saved.", name=changed.name))
    return redirect(url_for("td.season_page", season_id=season_id), code=303)


@bp.post("/seasons/<int:season_id>/delete")
def delete_season(season_id: int):
    name = seasons.season(season_id).name
    seasons.delete_season(season_id)
    flash_done(gettext("The season %(name)s is deleted; its tournaments stay.", name=name))
    return redirect(url_for("td.seasons_page"), code=303)
