"""The DdT's tools over JSON: `POST /api/v1/tools/side-pots`, the side-pot calculator."""

from __future__ import annotations

from typing import Annotated, Any

from flask import jsonify
from pydantic import Field

from tdapp.services import tables
from tdapp.web.api import ApiBody, bp, ddt_required, parse_json
from tdapp.web.api.tables import LARGEST_SEAT, Chips, Seat
from tdapp.web.numbers import seat_keys


class SidePotsBody(ApiBody):
    committed: Annotated[dict[str, Chips], Field(min_length=1, max_length=30)]
    folded: Annotated[list[Seat], Field(max_length=30)] = []
    winners: Annotated[list[list[Seat]], Field(max_length=30)] | None = None
    button: Seat | None = None


@bp.post("/tools/side-pots")
@ddt_required
def side_pots() -> Any:
    """Chips each seat put in, the seats that folded and, optionally, the winners of each pot
    (best first) and the button: the pots, main first, and what each seat is paid."""
    body = parse_json(SidePotsBody)
    committed = seat_keys(body.committed, field="committed", largest=LARGEST_SEAT)
    found = tables.side_pots(committed, body.folded, body.winners, body.button)
    return jsonify({"pots": found.pots, "payouts": found.payouts})
