"""The chip race over JSON: `POST /api/v1/tournaments/<id>/chips/race` with the value of the chip
raced (the smallest still in play) and each player's chips of it; answers the DdT's view, whose
`colour_up` section lists the races planned, due and run."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from tdapp.tournament.colour_up.rules import RaceChips, RaceCount
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.settings import Count, Positive
from tdapp.web.api.tournaments import act
from tdapp.web.api.v1 import bp
from tdapp.web.guards import ddt_api


class RaceCountBody(ApiBody):
    player_id: Positive
    chips: Count


class RaceBody(ApiBody):
    value: Positive
    counts: Annotated[list[RaceCountBody], Field(max_length=3000)] = []


@bp.post("/tournaments/<int:tid>/chips/race")
@ddt_api
def race(tid: int):
    body = parse_json(RaceBody)
    counts = tuple(RaceCount(c.player_id, c.chips) for c in body.counts)
    return act(tid, RaceChips(body.value, counts))
