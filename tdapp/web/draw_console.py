"""The draw console (`/draw/<token>`, opened with the table's PIN or a DdT session), the DdT's
page to open a draw table, and the JSON API of the draw tables under /api/v1/draw-tables/.

Every write is one service call and answers the table as the console draws it; a refusal is a
4xx from the app-wide handler, nothing changed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Annotated, Any, Literal

from flask import (
    Blueprint,
    Flask,
    abort,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_socketio import join_room
from pydantic import Field

from tdapp.draw_table.commands import (
    Act,
    Command,
    Deal,
    DeclareFalseOpening,
    Draw,
    Misdeal,
    OpenTogether,
    Showdown,
    TakePassate,
)
from tdapp.draw_table.view import view
from tdapp.realtime import socketio
from tdapp.services import draw_tables
from tdapp.services.draw_tables import Opened, Player
from tdapp.tournament.errors import DomainError, register_messages
from tdapp.web import csrf
from tdapp.web.api import (
    URL_PREFIX,
    ApiBody,
    csrf_header_ok,
    current_ddt,
    ddt_required,
    parse_json,
)
from tdapp.web.auth import current_username
from tdapp.web.auth import ddt_required as ddt_page
from tdapp.web.console_access import opened_here, qr_svg, remember_opened
from tdapp.web.errors import RequestRefused, message_of, translate

api = Blueprint("api_draw_tables", __name__, url_prefix=URL_PREFIX + "/draw-tables")
pages = Blueprint("draw_console", __name__)
csrf.protect(pages)

SESSION_KEY = "draw_consoles"

register_messages({
    "DRAW_FORM_NUMBER": "%(field)s: write a whole number",
    "DRAW_FORM_LINE": "“%(line)s”: write the name, a comma and the resto",
})
Seat = Annotated[int, Field(ge=1, le=6)]
Chips = Annotated[int, Field(ge=0, le=1_000_000)]
Name = Annotated[str, Field(min_length=1, max_length=120)]


class PlayerBody(ApiBody):
    name: Name
    resto: Chips


class CreateBody(ApiBody):
    name: Name
    players: Annotated[list[PlayerBody], Field(min_length=2, max_length=6)]
    dealer: Seat
    invito_max: Annotated[int, Field(ge=1, le=10)] = 5
    passata: Chips = 0
    league_id: int | None = None


class DealBody(ApiBody):
    invito: Annotated[int, Field(ge=1, le=10)]
    blind_steps: Annotated[int, Field(ge=0, le=3)] = 0
    giri: bool = False


class PassateBody(ApiBody):
    seat: Seat
    passate: Annotated[int, Field(ge=1, le=10)] = 1


class ActBody(ApiBody):
    seat: Seat
    action: Literal["fold", "check", "call", "bet", "raise", "all_in"]
    amount: Chips | None = None
    confirmed: bool = False


class OpenTogetherBody(ApiBody):
    first: Seat
    second: Seat
    amount: Chips | None = None
    confirmed: bool = False


class DrawBody(ApiBody):
    seat: Seat
    cards: Annotated[int, Field(ge=0, le=4)]


class ShowdownBody(ApiBody):
    winner: Seat | None = None
    shown: Annotated[dict[str, Annotated[str, Field(max_length=20)]],
                     Field(min_length=1, max_length=6)] | None = None
    opener_shows: bool = True


class FalseOpeningBody(ApiBody):
    new_opener: Seat | None = None
    raiser_has_openers: bool = False


class MisdealBody(ApiBody):
    kind: Literal["exposed_cards", "dealer_error", "void_before_opening", "stub_miscount",
                  "six_and_four"]
    exposed: Annotated[int, Field(ge=0, le=52)] = 0
    receiver_demands: bool = False
    before_first_players_second_card: bool = False
    reason: Literal["wrong_dealer", "no_cut", "wrong_number_of_players", "wrong_card_count",
                    "sixth_card_started", "faced_card_in_deck", "wrong_deck_size"] = "wrong_dealer"
    ruled_valid_for: Seat | None = None
    six: Seat | None = None
    four: Seat | None = None


def _opened_here(table_id: int) -> bool:
    return opened_here(SESSION_KEY, table_id)


def console_guard(view_function: Callable[..., Any]) -> Callable[..., Any]:
    """A DdT, or the console this session opened with the table's PIN."""

    @wraps(view_function)
    def guarded(table_id: int, *args: Any, **kwargs: Any) -> Any:
        if not _opened_here(table_id):
            return ddt_required(view_function)(table_id, *args, **kwargs)
        if request.method not in ("GET", "HEAD") and not csrf_header_ok():
            raise RequestRefused("CSRF_REQUIRED", status=403)
        ddt = current_ddt()
        g.actor = ddt.username if ddt is not None else f"draw table {table_id} console"
        return view_function(table_id, *args, **kwargs)

    return guarded


def _actor() -> str:
    return g.get("actor") or g.ddt.username


def _table_json(opened: Opened) -> dict[str, Any]:
    """The table as the console draws it, each line of the hand also in the reader's words."""
    shown = view(opened.state, opened.version)
    for line in shown["lines"]:
        line["text"] = translate(line["code"], line["params"])
    return {"id": opened.id, "name": opened.name, "league_id": opened.league_id, **shown}


def _answer(opened: Opened) -> Any:
    return jsonify(_table_json(opened))


def _access(opened: Opened) -> dict[str, Any]:
    return {"pin": opened.pin,
            "url": url_for("draw_console.console_page", token=opened.token, _external=True),
            "qr": url_for("draw_console.qr_code", token=opened.token)}


def _send(table_id: int, command: Command) -> Any:
    return _changed(draw_tables.dispatch(table_id, command, _actor()))


def _changed(opened: Opened) -> Any:
    """Answer the tap and push the same table to every console that joined it."""
    socketio.emit("draw_table", _table_json(opened), to=draw_room(opened.id))
    return _answer(opened)


def draw_room(table_id: int) -> str:
    return f"draw-table-{table_id}"


@socketio.on("join_draw_table")
def join_draw_table(payload: Any) -> dict[str, bool]:
    """A console joins its table's room with the link's token; the answer says whether it did."""
    token = payload.get("token") if isinstance(payload, dict) else None
    try:
        table_id = draw_tables.console_for(token)
    except DomainError:
        return {"joined": False}
    join_room(draw_room(table_id))
    return {"joined": True}


@api.post("")
@ddt_required
def create() -> Any:
    body = parse_json(CreateBody)
    opened = draw_tables.create_table(
        body.name, [Player(p.name, p.resto) for p in body.players], body.dealer,
        g.ddt.username, invito_max=body.invito_max, passata=body.passata,
        league_id=body.league_id)
    return jsonify({**_table_json(opened), **_access(opened)}), 201


@api.get("/<int:table_id>")
@console_guard
def get_table(table_id: int) -> Any:
    return _answer(draw_tables.current(table_id))


@api.get("/<int:table_id>/events")
@console_guard
def events(table_id: int) -> Any:
    """The table's log: every event with its actor and time; undone ones marked."""
    return jsonify({"events": [
        {"seq": e.seq, "kind": e.kind, "payload": e.payload, "actor": e.actor,
         "at": e.at.isoformat(), "undone": e.undone} for e in draw_tables.history(table_id)]})


@api.post("/<int:table_id>/deal")
@console_guard
def deal(table_id: int) -> Any:
    body = parse_json(DealBody)
    return _send(table_id, Deal(body.invito, body.blind_steps, body.giri))


@api.post("/<int:table_id>/passate")
@console_guard
def passate(table_id: int) -> Any:
    """A resto grows by whole passate, between hands (IT-24)."""
    body = parse_json(PassateBody)
    return _send(table_id, TakePassate(body.seat, body.passate))


@api.post("/<int:table_id>/actions")
@console_guard
def act(table_id: int) -> Any:
    body = parse_json(ActBody)
    return _send(table_id, Act(body.seat, body.action, body.amount, body.confirmed))


@api.post("/<int:table_id>/open-together")
@console_guard
def open_together(table_id: int) -> Any:
    body = parse_json(OpenTogetherBody)
    return _send(table_id, OpenTogether(body.first, body.second, body.amount, body.confirmed))


@api.post("/<int:table_id>/draw")
@console_guard
def draw(table_id: int) -> Any:
    body = parse_json(DrawBody)
    return _send(table_id, Draw(body.seat, body.cards))


@api.post("/<int:table_id>/showdown")
@console_guard
def showdown(table_id: int) -> Any:
    body = parse_json(ShowdownBody)
    if (body.winner is None) == (body.shown is None):
        raise RequestRefused("INVALID_REQUEST", fields=["winner", "shown"],
                             problems="tap the winner or enter the hands shown")
    shown = None
    if body.shown is not None:
        if not all(key.isdigit() for key in body.shown):
            raise RequestRefused("INVALID_REQUEST", fields=["shown"],
                                 problems="shown: seat numbers")
        shown = tuple(sorted((int(seat), cards) for seat, cards in body.shown.items()))
    return _send(table_id, Showdown(body.winner, shown, body.opener_shows))


@api.post("/<int:table_id>/false-opening")
@console_guard
def false_opening(table_id: int) -> Any:
    body = parse_json(FalseOpeningBody)
    return _send(table_id, DeclareFalseOpening(body.new_opener, body.raiser_has_openers))


@api.post("/<int:table_id>/misdeal")
@console_guard
def misdeal(table_id: int) -> Any:
    body = parse_json(MisdealBody)
    return _send(table_id, Misdeal(**body.model_dump()))


@api.post("/<int:table_id>/undo")
@console_guard
def undo(table_id: int) -> Any:
    parse_json(ApiBody)
    return _changed(draw_tables.undo(table_id, _actor()))


@api.get("/<int:table_id>/access")
@ddt_required
def get_access(table_id: int) -> Any:
    return jsonify(_access(draw_tables.current(table_id)))


@api.post("/<int:table_id>/access")
@ddt_required
def renew_access(table_id: int) -> Any:
    """A new link and PIN; the old ones stop working."""
    parse_json(ApiBody)
    return jsonify(_access(draw_tables.renew_access(table_id)))


# --- pages ---------------------------------------------------------------------------------


@pages.route("/draw/<token>", methods=["GET", "POST"])
def console_page(token: str) -> Any:
    try:
        table_id = draw_tables.console_for(token)
    except DomainError:
        abort(404)
    error = None
    if request.method == "POST":
        try:
            draw_tables.check_pin(table_id, request.form.get("pin", ""),
                                  request.remote_addr or "")
        except DomainError as refused:
            error = message_of(refused)
        else:
            remember_opened(SESSION_KEY, table_id)
            return redirect(url_for("draw_console.console_page", token=token))
    opened = draw_tables.current(table_id)
    if not _opened_here(table_id) and current_ddt() is None:
        return render_template("draw/pin.html", name=opened.name, error=error), (
            401 if error else 200)
    return render_template("draw/console.html", table=opened, csrf=csrf.csrf_token(),
                           api_base=url_for("api_draw_tables.get_table", table_id=table_id),
                           access=_access(opened) if current_ddt() is not None else None)


@pages.get("/draw/<token>/qr.svg")
def qr_code(token: str) -> Any:
    try:
        draw_tables.console_for(token)
    except DomainError:
        abort(404)
    return qr_svg(url_for("draw_console.console_page", token=token, _external=True))


@pages.route("/draw-tables/", methods=["GET", "POST"])
@ddt_page
def tables_page() -> Any:
    """The DdT's list of draw tables and the form that opens one: players and resto in seat
    order, the dealer's seat, the invito limit, optionally the league night's league."""
    form = request.form
    error = None
    if request.method == "POST":
        try:
            opened = draw_tables.create_table(
                form.get("name", ""), _players(form.get("players", "")),
                _number(form.get("dealer", ""), "dealer"), current_username(),
                invito_max=_number(form.get("invito_max", "5"), "invito_max"),
                passata=_number(form["passata"], "passata") if form.get("passata") else 0,
                league_id=_number(form["league_id"], "league_id") if form.get("league_id")
                else None)
        except DomainError as refused:
            error = message_of(refused)
        else:
            return redirect(url_for("draw_console.console_page", token=opened.token))
    page = render_template("draw/tables.html", tables=draw_tables.tables(), form=form,
                           error=error)
    return page, 422 if error else 200


def _number(text: str, field: str) -> int:
    if not text.strip().isdigit() or len(text.strip()) > 9:
        raise DomainError("DRAW_FORM_NUMBER", field=field)
    return int(text.strip())


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


def init_app(app: Flask) -> None:
    app.register_blueprint(api)
    app.register_blueprint(pages)
