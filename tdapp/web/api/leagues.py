"""The Monday league over JSON: standings, a night's result, the next night's tables.

Reading is public, as the standings page is; writing needs a DdT (the league's secretary).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from flask import Blueprint, jsonify, request
from pydantic import Field

from tdapp.i18n import club_zone
from tdapp.league.calendar import League
from tdapp.league.readings import Readings
from tdapp.league.results import Night
from tdapp.league.rotation import NightPlan
from tdapp.league.standings import Line
from tdapp.services import league as leagues
from tdapp.services import league_nights
from tdapp.wallclock import utcnow
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.v1 import URL_PREFIX
from tdapp.web.errors import message_of
from tdapp.web.guards import actor, ddt_api

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


class ReadingsBody(ApiBody):
    """The readings the league chooses; a key left out keeps the league's."""

    key_2: Literal["nights", "amount"] | None = None
    cappotto: Literal["box", "sole_winner"] | None = None
    day_21: Literal["night", "standings"] | None = None


class OpenNightBody(ApiBody):
    unavailable: Annotated[list[Name], Field(max_length=16)] = []


class MarkBody(ApiBody):
    table: Annotated[str, Field(min_length=1, max_length=20)]
    mark: Literal["vestito", "telesina", "giri_telesina"]


def line_json(line: Line) -> dict[str, Any]:
    return {"place": line.place, "player": line.player, "points": line.points,
            "nights": line.nights, "biggest_wins": line.biggest_wins,
            "biggest_losses": line.biggest_losses, "wins": line.wins, "losses": line.losses,
            "net": line.net, "largest_win": line.largest_win, "largest_loss": line.largest_loss,
            "lot": line.lot}


def night_json(night: Night, current: League) -> dict[str, Any]:
    lines = current.lines(night)
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
        "moved": list(plan.moved),
        "unplayed": [{"table": t.name, "players": list(t.players)} for t in plan.unplayed]}


def readings_json(readings: Readings) -> dict[str, Any]:
    return {**readings.stored(), "changed": list(readings.changed())}


def live_json(night: league_nights.LiveNight) -> dict[str, Any]:
    """The night's screen as data: its times, each table's place in the schedule, and the
    result the tables propose with what still holds it back."""
    times = night.schedule.times
    return {
        "day": night.day, "kind": night.kind.value, "confirmed": night.confirmed,
        "start": times.start.isoformat(), "giri_at": times.giri_at.isoformat(),
        "late": times.late, "over": night.schedule.over,
        "tables": [{
            "name": t.name, "draw_table_id": t.draw_table_id, "phase": on.phase.value,
            "hands": on.hands, "unopened_in_a_row": on.unopened_in_a_row,
            "telesina_called": list(on.telesina_called),
            "telesina_played": on.telesina_played, "telesina_due": list(on.telesina_due),
            "round_on": on.round_on, "giri_telesina_played": on.giri_telesina_played,
            "fixed_round": on.fixed_round, "fixed_rounds": on.fixed_rounds,
            "giri_hands_left": on.giri_hands_left,
            "telesina_on": None if on.telesina_on is None else {
                "variant": on.telesina_on.variant, "giri": on.telesina_on.giri,
                "played": on.telesina_on.played, "hands": on.telesina_on.hands},
            "tappo": None if on.tappo is None else {"seat": on.tappo,
                                                    "player": t.end.names.get(on.tappo)},
        } for t, on in zip(night.tables, night.schedule.tables, strict=True)],
        "recorded": [{"table": r.table, "mark": r.mark.value, "at": r.at.isoformat()}
                     for r in night.recorded],
        "proposal": night.proposal(),
        "problems": [{"code": p.code, "message": message_of(p), "params": p.params}
                     for p in night.problems],
    }


@bp.post("/leagues")
@ddt_api
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
                   roll_of_honour=roll, readings=readings_json(current.readings))


@bp.get("/leagues/<int:league_id>/nights/<int:day>")
def night(league_id: int, day: int):
    current = leagues.league(league_id)
    return jsonify(night_json(current.night(day), current))


@bp.post("/leagues/<int:league_id>/nights")
@ddt_api
def enter_night(league_id: int):
    body = parse_json(NightBody)
    entered = leagues.enter_night(league_id, body.day, [t.model_dump() for t in body.tables],
                                  actor())
    return jsonify(night_json(entered, leagues.league(league_id))), 201


@bp.post("/leagues/<int:league_id>/undo")
@ddt_api
def undo(league_id: int):
    return jsonify(undone_day=leagues.undo_night(league_id, actor()))


@bp.get("/leagues/<int:league_id>/next-night")
def next_night(league_id: int):
    """`?unavailable=Ada,Bea` names the members who cannot come."""
    raw = request.args.get("unavailable", "")
    unavailable = [name.strip() for name in raw.split(",") if name.strip()]
    nxt = leagues.upcoming(leagues.league(league_id), unavailable)
    return jsonify(plan_json(nxt.day, nxt.kind.value, nxt.plan))


@bp.post("/leagues/<int:league_id>/readings")
@ddt_api
def choose_readings(league_id: int):
    """The league's choices among the seed's open readings ([U]); the standings follow."""
    body = parse_json(ReadingsBody)
    chosen = {k: v for k, v in body.model_dump().items() if v is not None}
    return jsonify(readings_json(leagues.choose_readings(league_id, chosen)))


@bp.post("/leagues/<int:league_id>/live-nights")
@ddt_api
def open_night(league_id: int):
    """Open the next day's draw tables, as next-night plans them, in one step."""
    body = parse_json(OpenNightBody)
    day = league_nights.open_night(league_id, body.unavailable, actor())
    night = league_nights.live_night(league_id, day, club_zone(), utcnow())
    return jsonify(live_json(night)), 201


@bp.get("/leagues/<int:league_id>/live-nights/<int:day>")
def live_night(league_id: int, day: int):
    return jsonify(live_json(league_nights.live_night(league_id, day, club_zone(), utcnow())))


@bp.post("/leagues/<int:league_id>/live-nights/<int:day>/marks")
@ddt_api
def mark(league_id: int, day: int):
    """A telesina round played, or a full vestito shown at a hand tapped without its cards."""
    body = parse_json(MarkBody)
    league_nights.record(league_id, day, body.table, body.mark, actor())
    return jsonify(live_json(league_nights.live_night(league_id, day, club_zone(),
                                                      utcnow())))


@bp.post("/leagues/<int:league_id>/live-nights/<int:day>/confirm")
@ddt_api
def confirm(league_id: int, day: int):
    """The result read off the tables goes into the league as the night's result."""
    parse_json(ApiBody)
    entered = league_nights.confirm(league_id, day, club_zone(), actor())
    return jsonify(night_json(entered, leagues.league(league_id))), 201
