"""The table console (`/table/<token>`, PIN-protected) and the JSON API of the tables' hands.

The API under /api/v1/tournaments/<id>/tables/<n>/... answers a logged-in DdT (bearer token or
console session) and the console of that very table (its PIN opened it in this session). Every
write is one service call; the answer is the table's hand as the console draws it. A refusal is
a 4xx from the app-wide handler, nothing changed.
"""

from __future__ import annotations

import threading
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

from tdapp.realtime import socketio
from tdapp.services import bus, tables, tournaments
from tdapp.tournament.errors import DomainError
from tdapp.tournament.hands.table import TableHand
from tdapp.tournament.hands.views import hand_view, table_seats
from tdapp.tournament.state import Tournament
from tdapp.wallclock import utcnow
from tdapp.web import csrf
from tdapp.web.api import (
    URL_PREFIX,
    ApiBody,
    csrf_header_ok,
    current_ddt,
    ddt_required,
    parse_json,
)
from tdapp.web.console_access import opened_here, qr_svg, remember_opened
from tdapp.web.errors import RequestRefused

api = Blueprint("api_tables", __name__, url_prefix=URL_PREFIX)
console = Blueprint("table", __name__)
csrf.protect(console)

SESSION_TABLES = "table_consoles"
Seat = Annotated[int, Field(ge=1, le=100)]
Chips = Annotated[int, Field(ge=0, le=1_000_000_000)]
ActionName = Literal["fold", "check", "call", "bet", "raise", "all_in"]


class ActionBody(ApiBody):
    seat: Seat
    action: ActionName
    amount: Chips | None = None


class OutOfTurnBody(ApiBody):
    seat: Seat
    action: ActionName
    amount: Chips | None = None


class SeatBody(ApiBody):
    seat: Seat


class AwayBody(ApiBody):
    absent: bool


class ShowdownBody(ApiBody):
    winners: Annotated[list[list[Seat]], Field(min_length=1, max_length=20)] | None = None
    cards: dict[str, Annotated[str, Field(max_length=20)]] | None = None
    board: Annotated[str, Field(max_length=30)] | None = None


class SidePotsBody(ApiBody):
    committed: Annotated[dict[str, Chips], Field(min_length=1, max_length=30)]
    folded: Annotated[list[Seat], Field(max_length=30)] = []
    winners: Annotated[list[list[Seat]], Field(max_length=30)] | None = None
    button: Seat | None = None


def _key(tid: int, table: int) -> str:
    return f"{tid}:{table}"


def _console_opened(tid: int, table: int) -> bool:
    return opened_here(SESSION_TABLES, _key(tid, table))


def _csrf_ok() -> bool:
    return request.method in ("GET", "HEAD", "OPTIONS") or csrf_header_ok()


def table_guard(view: Callable[..., Any]) -> Callable[..., Any]:
    """A DdT, or the console this session opened with the table's PIN."""

    @wraps(view)
    def guarded(tid: int, table: int, *args: Any, **kwargs: Any) -> Any:
        if not _console_opened(tid, table):
            return ddt_required(view)(tid, table, *args, **kwargs)
        if not _csrf_ok():
            raise RequestRefused("CSRF_REQUIRED", status=403)
        ddt = current_ddt()
        g.actor = ddt.username if ddt is not None else f"table {table} console"
        return view(tid, table, *args, **kwargs)

    return guarded


def _actor() -> str:
    actor = g.get("actor")
    return actor if actor else g.ddt.username


def _int_keys(cards: dict[str, str] | None) -> dict[int, str] | None:
    if cards is None:
        return None
    if not all(key.isdigit() for key in cards):
        raise RequestRefused("INVALID_REQUEST", fields=["cards"], problems="cards: seat numbers")
    return {int(key): text for key, text in cards.items()}


def _table_message(state: Tournament, table: int) -> dict[str, Any]:
    """The table's hand in `state` (None before its first hand) and who sits there now: the
    state the action produced, whose version is the one its push carries (a later state may
    hold other tables' changes)."""
    now = utcnow()
    found = state.play.hand(table)
    return {
        "version": state.version,
        "hand": None if found is None else hand_view(state, found, now),
        "seats": table_seats(state, table, now),
    }


def _hand_json(state: Tournament, table: int) -> Any:
    if table not in state.tables:
        raise DomainError("NO_SUCH_TABLE", table=table)
    return jsonify(_table_message(state, table))


@api.post("/tournaments/<int:tid>/tables/<int:table>/hands")
@table_guard
def start_hand(tid: int, table: int) -> Any:
    parse_json(ApiBody)
    state = tables.start_hand(tid, table, _actor())
    return _hand_json(state, table), 201


@api.get("/tournaments/<int:tid>/tables/<int:table>/hand")
@table_guard
def get_hand(tid: int, table: int) -> Any:
    return _hand_json(tournaments.current(tid), table)


@api.post("/tournaments/<int:tid>/tables/<int:table>/hand/actions")
@table_guard
def take_action(tid: int, table: int) -> Any:
    body = parse_json(ActionBody)
    state = tables.act(tid, table, body.seat, body.action, body.amount, _actor())
    return _hand_json(state, table)


@api.post("/tournaments/<int:tid>/tables/<int:table>/hand/out-of-turn")
@table_guard
def out_of_turn(tid: int, table: int) -> Any:
    body = parse_json(OutOfTurnBody)
    state = tables.act_out_of_turn(tid, table, body.seat, body.action, body.amount, _actor())
    return _hand_json(state, table)


@api.post("/tournaments/<int:tid>/tables/<int:table>/hand/absent")
@table_guard
def play_absent(tid: int, table: int) -> Any:
    parse_json(ApiBody)
    state = tables.play_absent(tid, table, _actor())
    return _hand_json(state, table)


@api.post("/tournaments/<int:tid>/tables/<int:table>/seats/<int:seat>/absent")
@table_guard
def set_away(tid: int, table: int, seat: int) -> Any:
    """Away or back: an absent player is dealt in, checks or folds (HE-25)."""
    body = parse_json(AwayBody)
    state = tables.set_away(tid, table, seat, body.absent, _actor())
    return _hand_json(state, table)


@api.post("/tournaments/<int:tid>/tables/<int:table>/seats/<int:seat>/rebuy")
@table_guard
def rebuy(tid: int, table: int, seat: int) -> Any:
    """A player the last hand left with no chips rebuys (HE-36) and is dealt in again."""
    parse_json(ApiBody)
    return _hand_json(tables.rebuy_at(tid, table, seat, _actor()), table)


@api.post("/tournaments/<int:tid>/tables/<int:table>/seats/<int:seat>/bust")
@table_guard
def bust(tid: int, table: int, seat: int) -> Any:
    """A player with no chips takes no rebuy: out, with a finish place (HE-02)."""
    parse_json(ApiBody)
    return _hand_json(tables.bust_at(tid, table, seat, _actor()), table)


@api.post("/tournaments/<int:tid>/tables/<int:table>/hand/time-bank")
@table_guard
def time_bank(tid: int, table: int) -> Any:
    body = parse_json(SeatBody)
    state = tables.use_time_bank(tid, table, body.seat, _actor())
    return _hand_json(state, table)


@api.post("/tournaments/<int:tid>/tables/<int:table>/hand/showdown")
@table_guard
def showdown(tid: int, table: int) -> Any:
    body = parse_json(ShowdownBody)
    if (body.winners is None) == (body.cards is None):
        raise RequestRefused(
            "INVALID_REQUEST", fields=["winners", "cards"], problems="give winners or cards"
        )
    state = tables.showdown(
        tid, table, _actor(), winners=body.winners, cards=_int_keys(body.cards), board=body.board
    )
    return _hand_json(state, table)


@api.post("/tournaments/<int:tid>/tables/<int:table>/hand/misdeal")
@table_guard
def misdeal(tid: int, table: int) -> Any:
    parse_json(ApiBody)
    state = tables.misdeal(tid, table, _actor())
    return _hand_json(state, table)


@api.post("/tournaments/<int:tid>/tables/<int:table>/access")
@ddt_required
def renew_access(tid: int, table: int) -> Any:
    """A new link and PIN for the table's console; the old ones stop working."""
    parse_json(ApiBody)
    tables.renew_access(tid, table, g.ddt.username)
    return jsonify(_access_json(tid, table))


@api.get("/tournaments/<int:tid>/tables/<int:table>/access")
@ddt_required
def get_access(tid: int, table: int) -> Any:
    return jsonify(_access_json(tid, table))


def _access_json(tid: int, table: int) -> dict[str, Any]:
    """The console's link, QR code and PIN; all None until the DdT first makes them."""
    token = tables.console_token(tid, table)
    if token is None:
        return {"table": table, "pin": None, "url": None, "qr": None}
    return {
        "table": table,
        "pin": tournaments.current(tid).play.access[table].pin,
        "url": url_for("table.console_page", token=token, _external=True),
        "qr": url_for("table.qr_code", token=token),
    }


def table_consoles(tid: int) -> dict[int, dict[str, Any]]:
    """Each table's console access for the DdT's tables page (table -> link, QR, PIN)."""
    return {table: _access_json(tid, table) for table in tournaments.current(tid).tables}


@api.post("/tools/side-pots")
@ddt_required
def side_pots() -> Any:
    body = parse_json(SidePotsBody)
    if not all(key.isdigit() for key in body.committed):
        raise RequestRefused("INVALID_REQUEST", fields=["committed"], problems="seat numbers")
    committed = {int(seat): chips for seat, chips in body.committed.items()}
    found = tables.side_pots(committed, body.folded, body.winners, body.button)
    return jsonify({"pots": found.pots, "payouts": found.payouts})


# --- the console page ---------------------------------------------------------------------


@console.route("/table/<token>", methods=["GET", "POST"])
def console_page(token: str) -> Any:
    try:
        tid, table = tables.console_for(token)
    except DomainError:
        abort(404)
    error = None
    if request.method == "POST":
        try:
            tables.check_pin(tid, table, request.form.get("pin", ""))
        except DomainError as refused:
            error = str(refused)
        else:
            remember_opened(SESSION_TABLES, _key(tid, table))
            return redirect(url_for("table.console_page", token=token))
    if not _console_opened(tid, table) and current_ddt() is None:
        return render_template("table/pin.html", table=table, error=error), 401 if error else 200
    summary = tournaments.summary(tid)
    return render_template(
        "table/console.html",
        tournament=summary,
        table=table,
        api_base=f"{URL_PREFIX}/tournaments/{tid}/tables/{table}",
        csrf=csrf.csrf_token(),
    )


@console.get("/table/<token>/qr.svg")
def qr_code(token: str) -> Any:
    try:
        tables.console_for(token)
    except DomainError:
        abort(404)
    return qr_svg(url_for("table.console_page", token=token, _external=True))


@console.get("/td/tools/side-pots")
def side_pot_page() -> Any:
    """The DdT's side-pot calculator (issue 6): chips in, folds and winners give the pots."""
    if current_ddt() is None:
        return redirect(url_for("auth.login", next=request.path))
    return render_template("table/side_pots.html", csrf=csrf.csrf_token())


# --- pushes to the consoles ----------------------------------------------------------------
#
# A console emits `join_table` with `{"tournament": "<slug>", "table": n}` and gets `hand`
# events, `{"version", "hand", "seats"}`, for its table alone: now, and after every change of
# that hand.

_pushed: dict[tuple[int, int], TableHand] = {}
_pushed_lock = threading.Lock()


def table_room(tid: int, table: int) -> str:
    return f"tournament-{tid}-table-{table}"


def _hand_message(tid: int, table: int) -> dict[str, Any] | None:
    state = tournaments.current(tid)
    if table not in state.tables:
        return None
    return _table_message(state, table)


@socketio.on("join_table")
def join_table(payload: Any) -> dict[str, bool]:
    """Joins the table's room; the answer (a Socket.IO acknowledgement) says whether it did."""
    slug = payload.get("tournament") if isinstance(payload, dict) else None
    table = payload.get("table") if isinstance(payload, dict) else None
    if not isinstance(slug, str) or not isinstance(table, int) or isinstance(table, bool):
        socketio.emit(
            "error", {"code": "BAD_JOIN", "message": "tournament and table"}, to=request.sid
        )
        return {"joined": False}
    try:
        tid = tournaments.tournament_id_for_slug(slug)
        message = _hand_message(tid, table)
    except DomainError as refused:
        socketio.emit("error", {"code": refused.code, "message": str(refused)}, to=request.sid)
        return {"joined": False}
    join_room(table_room(tid, table))
    if message is not None:
        socketio.emit("hand", message, to=request.sid)
    return {"joined": True}


def after_change(change: bus.Change) -> None:
    """Send each hand that changed to the consoles of its table. States are immutable: a hand
    that is the very object last seen has not changed, so one action at one table costs one
    push."""
    tid = change.tournament_id
    try:
        state = tournaments.state_of(change)
    except DomainError:
        return
    for table, found in state.play.hands.items():
        with _pushed_lock:
            if _pushed.get((tid, table)) is found:
                continue
            _pushed[(tid, table)] = found
        socketio.emit("hand", _table_message(state, table), to=table_room(tid, table))


def init_pushes() -> None:
    """Subscribe the consoles' pushes; called before the screens' broadcast subscribes, so a
    dealer's tap reaches the table before every wall display is redrawn."""
    bus.subscribe(after_change)


def init_app(app: Flask) -> None:
    app.register_blueprint(api)
    app.register_blueprint(console)
