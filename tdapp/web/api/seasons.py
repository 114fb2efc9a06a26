"""Seasons over JSON: create one from tournaments and a points formula, change or delete it,
and read its standings (tdapp/services/seasons.py)."""

from __future__ import annotations

from typing import Annotated, Any

from flask import Blueprint, jsonify
from pydantic import Field

from tdapp.season.points import FORMULAS
from tdapp.season.points import written as points
from tdapp.season.rules import MAX_TOURNAMENTS
from tdapp.season.standings import Line
from tdapp.services import seasons
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.v1 import URL_PREFIX
from tdapp.web.guards import ddt_api

bp = Blueprint("api_seasons", __name__, url_prefix=URL_PREFIX)


class SeasonBody(ApiBody):
    """`points` names the formula: td3 (the default), pokerstars, linear, fixed (25, 18, 15,
    12, 10, 8, 6, 4, 2, 1 by place) or fixed:<points of each place> ("fixed:10,6,4,2,1")."""

    name: Annotated[str, Field(max_length=200)]
    tournaments: Annotated[list[int], Field(max_length=MAX_TOURNAMENTS)]
    points: Annotated[str, Field(max_length=1000)] = FORMULAS[0]


def season_json(season: seasons.Season) -> dict[str, Any]:
    return {"id": season.id, "name": season.name, "points": season.formula.spec,
            "tournaments": list(season.tournament_ids)}


def line_json(line: Line) -> dict[str, Any]:
    return {"place": line.place, "player": line.name, "roster_id": line.roster_id,
            "points": points(line.points), "tournaments": line.tournaments, "wins": line.wins,
            "best_place": line.best, "prize_cents": line.prize_cents,
            "results": [{"tournament_id": f.tournament_id, "place": f.place, "tied": f.tied,
                         "points": points(f.points), "prize_cents": f.prize_cents}
                        for f in line.finishes]}


@bp.get("/seasons")
@ddt_api
def list_seasons():
    return jsonify(seasons=[season_json(s) for s in seasons.list_seasons()])


@bp.post("/seasons")
@ddt_api
def create_season():
    body = parse_json(SeasonBody)
    created = seasons.create_season(body.name, body.tournaments, body.points)
    return jsonify(season_json(created)), 201


@bp.get("/seasons/<int:season_id>")
@ddt_api
def show_season(season_id: int):
    return jsonify(season_json(seasons.season(season_id)))


@bp.put("/seasons/<int:season_id>")
@ddt_api
def change_season(season_id: int):
    body = parse_json(SeasonBody)
    return jsonify(season_json(
        seasons.change_season(season_id, body.name, body.tournaments, body.points)))


@bp.delete("/seasons/<int:season_id>")
@ddt_api
def delete_season(season_id: int):
    seasons.delete_season(season_id)
    return "", 204


@bp.get("/seasons/<int:season_id>/standings")
@ddt_api
def standings(season_id: int):
    """The table now: players by points, then wins, then best place; tournaments oldest first."""
    table = seasons.season_standings(season_id)
    return jsonify(
        season=season_json(table.season),
        tournaments=[{"id": n.id, "name": n.name,
                      "date": n.date.isoformat() if n.date else None,
                      "players": len(n.rows)} for n in table.nights],
        standings=[line_json(line) for line in table.lines],
    )
