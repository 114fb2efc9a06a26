"""The draw console's pages: `/draw/<token>` (opened with the table's PIN or a DdT session),
its QR code, and the DdT's page that opens a draw table. The console talks to the draw tables'
JSON API (tdapp/web/api/draw_tables.py) and hears its table over Socket.IO
(tdapp/realtime/draw_consoles.py)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import format_time, get_locale, gettext

from tdapp.console_sessions import DRAW_CONSOLES
from tdapp.draw_table.commands import ROUND_VARIANT
from tdapp.draw_table.state import Table, TelesinaTable
from tdapp.engine.telesina.variants import VARIANTS
from tdapp.kernel.numbers import whole_or_none
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.services import console_pins, draw_tables, league_nights
from tdapp.services.draw_tables import Player
from tdapp.web import csrf
from tdapp.web.console_access import draw_access_json, qr_answer
from tdapp.web.errors import message_of
from tdapp.web.guards import actor, console_page_refusal, current_ddt, ddt_page

bp = Blueprint("draw_console", __name__)
csrf.protect(bp)

# Nine digits: more than any resto, invito or id the form is for.
MAX_FORM_NUMBER = 999_999_999

register_messages({
    "DRAW_FORM_NUMBER": "%(field)s: write a whole number",
    "DRAW_FORM_LINE": "“%(line)s”: write the name, a comma and the resto",
})


@bp.route("/draw/<token>", methods=["GET", "POST"])
def console_page(token: str) -> Any:
    """The console, or its PIN form; a renewed link is refused (404) with its message."""
    table_id = draw_tables.console_for(token)
    opened = draw_tables.current(table_id)
    refusal = console_page_refusal(DRAW_CONSOLES, str(table_id),
                                   console_pins.generation(opened.token),
                                   lambda pin: draw_tables.check_pin(table_id, pin),
                                   "draw/pin.html", name=opened.name)
    if refusal is not None:
        return refusal
    return render_template("draw/console.html", table=opened, csrf=csrf.csrf_token(),
                           league_night=league_nights.night_of_table(table_id),
                           api_base=url_for("api_draw_tables.get_table", table_id=table_id),
                           access=draw_access_json(opened) if current_ddt() is not None else None,
                           variant_text=_variant_text(opened.state), variants=VARIANTS,
                           round_variant=ROUND_VARIANT)


def _variant_text(state: Table) -> str:
    """A telesina's rules in the reader's language, for the console's help."""
    if not isinstance(state, TelesinaTable):
        return ""
    return state.variant.help_it if str(get_locale() or "it") == "it" else state.variant.help_en


@bp.get("/draw/<token>/qr.svg")
def qr_code(token: str) -> Any:
    return qr_answer("draw_console", token, draw_tables.console_for)


@bp.route("/draw-tables/", methods=["GET", "POST"])
@ddt_page
def tables_page() -> Any:
    """The DdT's list of draw tables and the form that opens one: the game (draw or a
    telesina), players and resto in seat order, the dealer's seat, the invito limit, optionally
    the league night's league."""
    form = request.form
    error = None
    if request.method == "POST":
        try:
            opened = draw_tables.create_table(
                form.get("name", ""), _players(form.get("players", "")),
                _number(form.get("dealer", ""), "dealer"), actor(),
                invito_max=_number(form.get("invito_max", "5"), "invito_max"),
                passata=_number(form["passata"], "passata") if form.get("passata") else 0,
                league_id=_number(form["league_id"], "league_id") if form.get("league_id")
                else None, **_game(form.get("game", "draw")))
        except DomainError as refused:
            error = message_of(refused)
        else:
            return redirect(url_for("draw_console.console_page", token=opened.token))
    listed = draw_tables.tables()
    page = render_template("draw/tables.html", tables=listed, form=form, error=error,
                           locked_consoles=_locked_warnings(listed), variants=VARIANTS.values())
    return page, 422 if error else 200


def _locked_warnings(listed: list[Any]) -> list[str]:
    """The DdT's warning for each draw console locked after wrong PINs, by the table's name."""
    names = {table.id: table.name for table in listed}
    return [gettext("Draw table %(name)s: console locked after wrong PINs (until %(time)s). "
                    "You can open it from your session; renew its PIN if someone is guessing.",
                    name=names.get(lock.console, lock.console),
                    time=format_time(lock.until, "HH:mm"))
            for lock in draw_tables.locked_consoles()]


def _game(choice: str) -> dict[str, str]:
    """The form's one choice, "draw" or a telesina variant's key, as the game and variant."""
    return {"game": "draw"} if choice == "draw" else {"game": "telesina", "variant": choice}


def _number(text: str, field: str) -> int:
    number = whole_or_none(text.strip(), 0, MAX_FORM_NUMBER)
    if number is None:
        raise DomainError("DRAW_FORM_NUMBER", field=field)
    return number


def _players(text: str) -> list[Player]:
    """Lines of "name, resto", clockwise from seat 1."""
    players = []
    for line in (raw.strip() for raw in text.splitlines()):
        if not line:
            continue
        name, _, resto = line.rpartition(",")
        if not name.strip():
            raise DomainError("DRAW_FORM_LINE", line=line)
        players.append(Player(name.strip(), _number(resto, name.strip())))
    return players
