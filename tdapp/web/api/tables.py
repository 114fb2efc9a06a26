"""The hands at the hold'em tables over JSON, under /api/v1/tournaments/<id>/tables/<n>/...

Answers a logged-in DdT (bearer token or console session) and the console of that very table
(its PIN opened it in this session). Every write is one service call; the answer is the table's
hand as the console draws it (the same message its `hand` push carries). A refusal is a 4xx
from the app-wide handler, nothing changed.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from flask import Blueprint, jsonify
from flask_babel import gettext
from pydantic import Field

from tdapp.console_sessions import TABLE_CONSOLES, table_console
from tdapp.kernel.refusals import DomainError
from tdapp.realtime import hand_in_play, table_answer, table_message
from tdapp.services import tables, tournaments
from tdapp.tournament.state import Tournament
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.v1 import URL_PREFIX
from tdapp.web.console_access import table_access_json
from tdapp.web.errors import RequestRefused
from tdapp.web.guards import actor, console_api, ddt_api
from tdapp.web.numbers import seat_keys

bp = Blueprint("api_tables", __name__, url_prefix=URL_PREFIX)

LARGEST_SEAT = 100
Seat = Annotated[int, Field(ge=1, le=LARGEST_SEAT)]
Chips = Annotated[int, Field(ge=0, le=1_000_000_000)]
ActionName = Literal["fold", "check", "call", "bet", "raise", "all_in"]
Pieces = Annotated[int, Field(ge=1, le=1000)]
PushedAmount = Annotated[int, Field(ge=1, le=1_000_000_000)]

table_guard = console_api(
    TABLE_CONSOLES,
    lambda tid, table, **_: table_console(tid, table),
    lambda tid, table, **_: tables.access_generation(tid, table),
    lambda table, **_: f"table {table} console",
)


class OutOfTurnBody(ApiBody):
    """The seat that acted out of turn and what it did (HE-21, HE-22)."""

    seat: Seat
    action: ActionName
    amount: Chips | None = None


class ActionBody(OutOfTurnBody):
    """The seat in turn acts; or "chips": `pushed` chips in `pieces` chips pushed without a
    word (HE-14), `smallest` the smallest chip's value if the dealer gives it."""

    action: Literal["fold", "check", "call", "bet", "raise", "all_in", "chips"]  # type: ignore[assignment]
    pushed: PushedAmount | None = None
    pieces: Pieces | None = None
    smallest: PushedAmount | None = None


class SeatBody(ApiBody):
    seat: Seat


class AwayBody(ApiBody):
    absent: bool


class ShowdownBody(ApiBody):
    winners: Annotated[list[list[Seat]], Field(min_length=1, max_length=20)] | None = None
    cards: dict[str, Annotated[str, Field(max_length=20)]] | None = None
    board: Annotated[str, Field(max_length=30)] | None = None


def _int_keys(cards: dict[str, str] | None) -> dict[int, str] | None:
    if cards is None:
        return None
    return seat_keys(cards, field="cards", largest=LARGEST_SEAT)


def _hand_json(state: Tournament, table: int) -> Any:
    if table not in state.tables:
        raise DomainError("NO_SUCH_TABLE", table=table)
    return jsonify(table_answer(state, table))


@bp.post("/tournaments/<int:tid>/tables/<int:table>/hands")
@table_guard
def start_hand(tid: int, table: int) -> Any:
    parse_json(ApiBody)
    state = tables.start_hand(tid, table, actor())
    return _hand_json(state, table), 201


@bp.get("/tournaments/<int:tid>/tables/<int:table>/hand")
@table_guard
def get_hand(tid: int, table: int) -> Any:
    return _hand_json(tournaments.current(tid), table)


@bp.post("/tournaments/<int:tid>/tables/<int:table>/hand/actions")
@hand_in_play
@table_guard
def take_action(tid: int, table: int) -> Any:
    body = parse_json(ActionBody)
    chips_fields = {"pushed": body.pushed, "pieces": body.pieces, "smallest": body.smallest}
    if body.action != "chips":
        given = [name for name, value in chips_fields.items() if value is not None]
        if given:
            raise RequestRefused("INVALID_REQUEST", fields=given, problems=gettext(
                '"pushed", "pieces" and "smallest" go with the action "chips" only'))
        state = tables.act(tid, table, body.seat, body.action, body.amount, actor())
        return _hand_json(state, table)
    if body.pushed is None or body.pieces is None or body.amount is not None:
        raise RequestRefused("INVALID_REQUEST", fields=["pushed", "pieces", "amount"], problems=gettext(
            'Chips pushed without a word need "pushed" (their total) and "pieces" (how many '
            'chips), and no "amount"'))
    state = tables.push_chips(
        tid, table, body.seat, body.pushed, body.pieces, body.smallest, actor())
    message = table_message(state, table)
    message["became"] = message["hand"]["pushed"]["became"]  # HE-14: what the push became
    return jsonify(message)


@bp.post("/tournaments/<int:tid>/tables/<int:table>/hand/out-of-turn")
@hand_in_play
@table_guard
def out_of_turn(tid: int, table: int) -> Any:
    body = parse_json(OutOfTurnBody)
    state = tables.act_out_of_turn(tid, table, body.seat, body.action, body.amount, actor())
    return _hand_json(state, table)


@bp.post("/tournaments/<int:tid>/tables/<int:table>/hand/absent")
@hand_in_play
@table_guard
def play_absent(tid: int, table: int) -> Any:
    parse_json(ApiBody)
    state = tables.play_absent(tid, table, actor())
    return _hand_json(state, table)


@bp.post("/tournaments/<int:tid>/tables/<int:table>/seats/<int:seat>/absent")
@table_guard
def set_away(tid: int, table: int, seat: int) -> Any:
    """Away or back: an absent player is dealt in, checks or folds (HE-25)."""
    body = parse_json(AwayBody)
    state = tables.set_away(tid, table, seat, body.absent, actor())
    return _hand_json(state, table)


@bp.post("/tournaments/<int:tid>/tables/<int:table>/seats/<int:seat>/rebuy")
@table_guard
def rebuy(tid: int, table: int, seat: int) -> Any:
    """A player the last hand left with no chips rebuys (HE-36) and is dealt in again."""
    parse_json(ApiBody)
    return _hand_json(tables.rebuy_at(tid, table, seat, actor()), table)


@bp.post("/tournaments/<int:tid>/tables/<int:table>/seats/<int:seat>/bust")
@table_guard
def bust(tid: int, table: int, seat: int) -> Any:
    """A player with no chips takes no rebuy: out, with a finish place (HE-02)."""
    parse_json(ApiBody)
    return _hand_json(tables.bust_at(tid, table, seat, actor()), table)


@bp.post("/tournaments/<int:tid>/tables/<int:table>/hand/time-bank")
@hand_in_play
@table_guard
def time_bank(tid: int, table: int) -> Any:
    body = parse_json(SeatBody)
    state = tables.use_time_bank(tid, table, body.seat, actor())
    return _hand_json(state, table)


@bp.post("/tournaments/<int:tid>/tables/<int:table>/hand/showdown")
@hand_in_play
@table_guard
def showdown(tid: int, table: int) -> Any:
    body = parse_json(ShowdownBody)
    if (body.winners is None) == (body.cards is None):
        raise RequestRefused(
            "INVALID_REQUEST", fields=["winners", "cards"], problems=gettext("Give either the winners or the cards shown")
        )
    state = tables.showdown(
        tid, table, actor(), winners=body.winners, cards=_int_keys(body.cards), board=body.board
    )
    return _hand_json(state, table)


@bp.post("/tournaments/<int:tid>/tables/<int:table>/hand/misdeal")
@hand_in_play
@table_guard
def misdeal(tid: int, table: int) -> Any:
    parse_json(ApiBody)
    state = tables.misdeal(tid, table, actor())
    return _hand_json(state, table)


@bp.post("/tournaments/<int:tid>/tables/<int:table>/undo")
@table_guard
def undo(tid: int, table: int) -> Any:
    """Take back this table's own newest action, never another table's or the DdT's."""
    parse_json(ApiBody)
    return _hand_json(tables.undo(tid, table, actor()), table)


@bp.post("/tournaments/<int:tid>/tables/<int:table>/redo")
@table_guard
def redo(tid: int, table: int) -> Any:
    parse_json(ApiBody)
    return _hand_json(tables.redo(tid, table, actor()), table)


@bp.post("/tournaments/<int:tid>/tables/<int:table>/access")
@ddt_api
def renew_access(tid: int, table: int) -> Any:
    """A new link and PIN for the table's console; the old ones stop working."""
    parse_json(ApiBody)
    tables.renew_access(tid, table, actor())
    return jsonify(table_access_json(tid, table))


@bp.get("/tournaments/<int:tid>/tables/<int:table>/access")
@ddt_api
def get_access(tid: int, table: int) -> Any:
    return jsonify(table_access_json(tid, table))
