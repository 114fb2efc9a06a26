"""The DdT's tools over JSON: `POST /api/v1/tools/side-pots`, the side-pot calculator;
`POST /api/v1/tools/icm`, ICM equities; and a deal proposed for a tournament's players left,
`POST /api/v1/tournaments/<id>/deals/proposal`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from flask import jsonify
from pydantic import Field

from tdapp.services import tournaments
from tdapp.tournament.deal_proposal import DealProposal, propose_deal
from tdapp.tournament.deals import icm_cents
from tdapp.tournament.side_pots import side_pots as split_side_pots
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.settings import MAX_NUMBER
from tdapp.web.api.tables import LARGEST_SEAT, Chips, Seat
from tdapp.web.api.v1 import bp
from tdapp.web.guards import ddt_api
from tdapp.web.numbers import seat_keys


class SidePotsBody(ApiBody):
    committed: Annotated[dict[str, Chips], Field(min_length=1, max_length=30)]
    folded: Annotated[list[Seat], Field(max_length=30)] = []
    winners: Annotated[list[list[Seat]], Field(max_length=30)] | None = None
    button: Seat | None = None


@bp.post("/tools/side-pots")
@ddt_api
def side_pots() -> Any:
    """Chips each seat put in, the seats that folded and, optionally, the winners of each pot
    (best first) and the button: the pots, main first, and what each seat is paid."""
    body = parse_json(SidePotsBody)
    committed = seat_keys(body.committed, field="committed", largest=LARGEST_SEAT)
    found = split_side_pots(committed, body.folded, body.winners, body.button)
    return jsonify({"pots": found.pots, "payouts": found.payouts})


class IcmBody(ApiBody):
    stacks: Annotated[list[Annotated[int, Field(le=MAX_NUMBER)]], Field(max_length=500)]
    prizes: Annotated[list[Annotated[int, Field(le=MAX_NUMBER)]], Field(max_length=500)]


@bp.post("/tools/icm")
@ddt_api
def icm() -> Any:
    """Stacks (chips) and the prizes still to pay (cents, first place first): each player's ICM
    equity in whole cents, adding up exactly to the prizes. Exact, for up to ten players; more
    are refused with a pointer to the chip-chop."""
    body = parse_json(IcmBody)
    return jsonify({"method": "icm", "equities": icm_cents(body.stacks, body.prizes)})


class DealBody(ApiBody):
    method: Literal["icm", "chip_chop"]
    keep_for_winner: Annotated[int, Field(ge=0, le=MAX_NUMBER)] = 0


@bp.post("/tournaments/<int:tid>/deals/proposal")
@ddt_api
def deal_proposal(tid: int) -> Any:
    """A deal for the players left: each one's amount (cents) by ICM or the chip-chop, and the
    payout table it becomes (`payouts`, for `PUT /tournaments/<id>/payouts`). Changes nothing."""
    body = parse_json(DealBody)
    deal = propose_deal(tournaments.current(tid), body.method, body.keep_for_winner)
    return jsonify(deal_json(deal))


def deal_json(deal: DealProposal) -> dict[str, Any]:
    return {
        "method": deal.method,
        "keep_for_winner": deal.keep_for_winner_cents,
        "prizes": list(deal.prizes_cents),
        "players": [
            {
                "player_id": share.player.id,
                "name": share.player.name,
                "stack": share.player.stack,
                "amount": share.amount_cents,
            }
            for share in deal.shares
        ],
        "payouts": list(deal.payouts_cents),
    }
