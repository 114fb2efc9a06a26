"""The Monday league over JSON: standings, a night's result, the next night's tables.

Reading is public, as the standings page is; writing needs a DdT (the league's secretary).
"""

from __future__ import annotations

from typing import Annotated, Any

from flask import Blueprint, jsonify, request
from pydantic import Field

from tdapp.league.results import Night
from tdapp.league.rotation import NightPlan
from tdapp.league.scoring import night_lines
from tdapp.league.standings import Line
from tdapp.services import league as leagues
from tdapp.web.api import URL_PREFIX, ApiBody, actor, ddt_required, parse_json

bp = Blueprint("api_league", __name__, url_prefix=URL_PREFIX)

Name = Annotated[str, Field(min_length=1, max_length=leagues.MAX_NAME)]
Chips = Annotated[int, Field(ge=0, le=1_000_000_000)]
Poste = Annotated[int, Field(ge=1, le=5)]


class LeagueBody(ApiBody):
    name: Name
    members: Annotated[list[Name], Field(min_length=8, max_length=16)]


class TableBody(ApiBody):
    name: Annotated[str, Field(min_length=1, max_length=20)]
    chips: Annotated[dict[Name, Chips], Field(min_length=4, max_length=6)]
    poste: dict[Name, Poste] = {}
    cappotto: Annotated[list[Name], Field(max_length=6)] = []


class NightBody(ApiBody):
    day: Annotated[int, Field(ge=1, le=leagues.LAST_DAY)]
    tables: Annotated[list[TableBody], Field(min_length=1, max_length=2)]


def line_json(line: Line) -> dict[str, Any]:
    return {"place": line.place, "player": line.player, "points": line.points,
            "nights": line.nights, "biggest_wins": line.biggest_wins,
            "biggest_losses": line.biggest_losses, "wins": line.wins, "losses": line.losses,
            "net": line.net, "largest_win": line.largest_win, "largest_loss": line.largest_loss,
            "lot": line.lot}


def night_json(night: Night) -> dict[str, Any]:
    lines = night_lines(night)
    return {"day": night.day, "kind": night.kind.value, "tables": [
        {"name": t.name, "posta": t.posta, "players": [
            {"player": s.player, "chips": s.chips, "poste": s.poste, "cappotto": s.cappotto,
             "net": t.net(s.player), "points": lines[s.player].points} for s in t.seats]}
        for t in night.tables]}


def plan_json(day: int, kind: str, plan: NightPlan) -> dict[str, Any]:
    return {"day": day, "kind": kind, "tables": [
        {"name": t.name, "players": list(t.players), "host": t.host,
         "lowest_rank": t.lowest_rank, "col_salto": t.col_salto} for t in plan.tables],
        "sitting_out": list(plan.sitting_out),
        "substitutions": [{"table": s.table, "player": s.player, "substitute": s.substitute}
                          for s in plan.substitutions],
        "moved": list(plan.moved)}


@bp.post("/leagues")
@ddt_required
def create_league():
    body = parse_json(LeagueBody)
    league_id = leagues.create_league(body.name, body.members)
    return jsonify(id=league_id), 201


@bp.get("/leagues/<int:league_id>/standings")
def standings(league_id: int):
    current = leagues.league(league_id)
    honours = current.honours()
    roll = None if honours is None else {"podium": list(honours.podium),
                                         "final": honours.final_winner,
                                         "finalina": honours.finalina_winner}
    return jsonify(league={"id": current.id, "name": current.name},
                   nights=len(current.nights),
                   standings=[line_json(line) for line in current.standings()],
                   roll_of_honour=roll)


@bp.get("/leagues/<int:league_id>/nights/<int:day>")
def night(league_id: int, day: int):
    return jsonify(night_json(leagues.league(league_id).night(day)))


@bp.post("/leagues/<int:league_id>/nights")
@ddt_required
def enter_night(league_id: int):
    body = parse_json(NightBody)
    entered = leagues.enter_night(league_id, body.day, [t.model_dump() for t in body.tables],
                                  actor())
    return jsonify(night_json(entered)), 201


@bp.post("/leagues/<int:league_id>/undo")
@ddt_required
def undo(league_id: int):
    return jsonify(undone_day=leagues.undo_night(league_id, actor()))


@bp.get("/leagues/<int:league_id>/next-night")
def next_night(league_id: int):
    """`?unavailable=Ada,Bea` names the members who cannot come."""
    raw = request.args.get("unavailable", "")
    unavailable = [name.strip() for name in raw.split(",") if name.strip()]
    nxt = leagues.upcoming(leagues.league(league_id), unavailable)
    return jsonify(plan_json(nxt.day, nxt.kind.value, nxt.plan))
