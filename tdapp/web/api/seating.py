"""The JSON API of seating: the opening seat draw, suggested moves and table breaks, moves,
breaks, the final table, the break order, hand-for-hand and the first buttons (RULES.md TO-02,
TO-05 to TO-13).

- `POST /api/v1/tournaments/<id>/seats/draw`: `{"tables"?, "formation": "even" | "club"}`.

- `GET  /api/v1/tournaments/<id>/balance`: what the rules suggest now (moves with their reasons,
  table breaks, the final table, tables waiting for a hand to end or halted), the break order and
  the balancing settings.
- `POST /api/v1/tournaments/<id>/moves`: `{"player", "table", "seat"}` moves one player to an
  open seat (a suggested one or any other); `{"apply": "suggested"}` applies everything
  suggested now.
- `POST .../tables/<n>/break`, `POST .../final-table` (`{"table"}` optional), `PUT .../break-order`
  (`{"order": [7, 6, ...]}`), `POST .../hand-for-hand` (`{"on": true}`), `POST .../buttons/draw`,
  `PUT .../seating` (`{"balance_diff", "final_table_seats", "hand_for_hand_trigger"}`).

Every write answers 200 with the tournament's full view, like the rest of the API; a refusal is
a 4xx with `{"error": {"code", "message"}}` and changes nothing.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from flask import Blueprint, jsonify
from pydantic import Field

from tdapp.kernel.refusals import register_messages
from tdapp.services import tournaments
from tdapp.tournament.registry import view
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.seating.rules import (
    ApplySuggested,
    BreakTable,
    ConfigureSeating,
    DrawButtons,
    MovePlayer,
    RedrawFinalTable,
    SetBreakOrder,
    SetHandForHand,
)
from tdapp.wallclock import utcnow
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.tournaments import act
from tdapp.web.api.v1 import URL_PREFIX
from tdapp.web.errors import RequestRefused, translate
from tdapp.web.guards import ddt_api

bp = Blueprint("api_seating", __name__, url_prefix=URL_PREFIX)

register_messages(
    {
        "MOVE_OR_APPLY": 'Send {"player", "table", "seat"} to move one player, or '
        '{"apply": "suggested"} to apply the suggested moves, not both.',
    }
)

Number = Annotated[int, Field(ge=1, le=100_000)]


class MoveBody(ApiBody):
    player: Number | None = None
    table: Number | None = None
    seat: Number | None = None
    apply: Literal["suggested"] | None = None


class FinalTableBody(ApiBody):
    table: Number | None = None


class BreakOrderBody(ApiBody):
    order: Annotated[list[Number], Field(max_length=1000)]


class HandForHandBody(ApiBody):
    on: bool


class SeatingBody(ApiBody):
    balance_diff: Annotated[int, Field(ge=2, le=10)] = 2
    final_table_seats: Annotated[int, Field(ge=2, le=10)] | None = None
    hand_for_hand_trigger: Annotated[int, Field(ge=2, le=100_000)] | None = None


def _with_messages(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [item | {"message": translate(item["code"], item["params"])} for item in items]


class SeatDrawBody(ApiBody):
    tables: Annotated[int, Field(ge=1, le=1000)] | None = None
    formation: Literal["even", "club"] = "even"


@bp.post("/tournaments/<int:tid>/seats/draw")
@ddt_api
def seat_draw(tid: int):
    """The opening seat draw (TO-02): how many tables and how they are formed."""
    body = parse_json(SeatDrawBody)
    return act(tid, DrawSeats(tables=body.tables, formation=body.formation))


@bp.get("/tournaments/<int:tid>/balance")
@ddt_api
def balance(tid: int):
    state = tournaments.current(tid)
    seating = view(state, utcnow(), "td")["seating"]
    found = seating["suggestions"]
    return jsonify(
        {
            "version": state.version,
            "moves": _with_messages(found["moves"]),
            "breaks": found["breaks"],
            "final_table": found["final_table"],
            "waiting": found["waiting"],
            "halted": found["halted"],
            "break_order": seating["break_order"],
            "balance_diff": seating["balance_diff"],
            "final_table_seats": seating["final_table_seats"],
            "hand_for_hand": seating["hand_for_hand"],
            "hand_for_hand_trigger": seating["hand_for_hand_trigger"],
        }
    )


@bp.post("/tournaments/<int:tid>/moves")
@ddt_api
def moves(tid: int):
    body = parse_json(MoveBody)
    one = (body.player, body.table, body.seat)
    if body.apply == "suggested" and all(part is None for part in one):
        return act(tid, ApplySuggested())
    if body.apply is None and all(part is not None for part in one):
        return act(tid, MovePlayer(body.player, body.table, body.seat))
    missing = [name for name, part in zip(("player", "table", "seat"), one, strict=True) if part is None]
    raise RequestRefused("MOVE_OR_APPLY", fields=missing if body.apply is None else ["apply"])


@bp.post("/tournaments/<int:tid>/tables/<int:table>/break")
@ddt_api
def break_table(tid: int, table: int):
    parse_json(ApiBody)
    return act(tid, BreakTable(table))


@bp.post("/tournaments/<int:tid>/final-table")
@ddt_api
def final_table(tid: int):
    body = parse_json(FinalTableBody)
    return act(tid, RedrawFinalTable(body.table))


@bp.put("/tournaments/<int:tid>/break-order")
@bp.post("/tournaments/<int:tid>/break-order")
@ddt_api
def break_order(tid: int):
    body = parse_json(BreakOrderBody)
    return act(tid, SetBreakOrder(tuple(body.order)))


@bp.post("/tournaments/<int:tid>/hand-for-hand")
@ddt_api
def hand_for_hand(tid: int):
    body = parse_json(HandForHandBody)
    return act(tid, SetHandForHand(body.on))


@bp.post("/tournaments/<int:tid>/buttons/draw")
@ddt_api
def first_buttons(tid: int):
    parse_json(ApiBody)
    return act(tid, DrawButtons())


@bp.put("/tournaments/<int:tid>/seating")
@bp.post("/tournaments/<int:tid>/seating")
@ddt_api
def configure(tid: int):
    body = parse_json(SeatingBody)
    command = ConfigureSeating(
        body.balance_diff, body.final_table_seats, body.hand_for_hand_trigger
    )
    return act(tid, command)
