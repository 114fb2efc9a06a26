"""The league night's pages: open the day's tables in one step, the night's screen (the time,
the giri, the round on, the tappo, the telesina rounds) and the result read off the tables for
the secretary to confirm. The screen is public like the standings; acting needs the DdT. It
follows the night over Socket.IO (tdapp/realtime/league_nights.py): told of a change, it fetches
itself again (static/league/live.js)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import format_time, gettext

from tdapp.engine.telesina.variants import VARIANTS
from tdapp.i18n import club_zone
from tdapp.kernel.refusals import DomainError
from tdapp.league.errors import LeagueError
from tdapp.league.readings import CHOICES
from tdapp.services import league as leagues
from tdapp.services import league_nights
from tdapp.wallclock import utcnow
from tdapp.web.csrf import protect
from tdapp.web.errors import message_of
from tdapp.web.guards import actor, ddt_page
from tdapp.web.league_readings import notes

bp = Blueprint("league_night", __name__, url_prefix="/leagues")
protect(bp)


@bp.post("/<int:league_id>/open-night")
@ddt_page
def open_night(league_id: int) -> Any:
    """The next day's tables, as the secretary's page plans them with who cannot come."""
    unavailable = request.form.getlist("unavailable")
    try:
        day = league_nights.open_night(league_id, unavailable, actor())
    except DomainError as refused:
        flash(message_of(refused), "error")
        return redirect(url_for("league.secretary", league_id=league_id,
                                unavailable=unavailable))
    return redirect(url_for("league_night.live", league_id=league_id, day=day))


@bp.get("/<int:league_id>/nights/<int:day>/live")
def live(league_id: int, day: int) -> Any:
    try:
        current = leagues.league(league_id)
        night = league_nights.live_night(league_id, day, club_zone(), utcnow())
    except LeagueError:
        abort(404)
    problems = [message_of(problem) for problem in night.problems]
    times = night.schedule.times
    clock = {"now": format_time(utcnow(), "HH:mm"), "start": format_time(times.start, "HH:mm"),
             "giri_at": format_time(times.giri_at, "HH:mm")}
    return render_template("league/live.html", league=current, night=night, clock=clock,
                           problems=problems, proposal=_proposal(night),
                           notes=notes(current.readings, "night"), zone=club_zone().key,
                           variants={key: v.name for key, v in VARIANTS.items()})


@bp.post("/<int:league_id>/nights/<int:day>/live/marks")
@ddt_page
def mark(league_id: int, day: int) -> Any:
    try:
        league_nights.record(league_id, day, request.form.get("table", ""),
                             request.form.get("mark", ""), actor())
    except DomainError as refused:
        flash(message_of(refused), "error")
    return redirect(url_for("league_night.live", league_id=league_id, day=day))


@bp.post("/<int:league_id>/nights/<int:day>/live/confirm")
@ddt_page
def confirm(league_id: int, day: int) -> Any:
    try:
        league_nights.confirm(league_id, day, club_zone(), actor())
    except DomainError as refused:
        flash(message_of(refused), "error")
        return redirect(url_for("league_night.live", league_id=league_id, day=day))
    flash(gettext("Day %(day)s saved.", day=day), "success")
    return redirect(url_for("league.night", league_id=league_id, day=day))


@bp.post("/<int:league_id>/readings")
@ddt_page
def readings(league_id: int) -> Any:
    """The league's choices among the seed's open readings."""
    try:
        leagues.choose_readings(league_id, {k: request.form[k] for k in CHOICES
                                            if k in request.form})
    except DomainError as refused:
        flash(message_of(refused), "error")
    else:
        flash(gettext("Readings saved: the standings follow them."), "success")
    return redirect(url_for("league.secretary", league_id=league_id))


def _proposal(night: league_nights.LiveNight) -> list[dict[str, Any]]:
    """Each table's proposed lines: player, chips, poste and the net they make."""
    posta = night.kind.posta
    return [{"name": table["name"], "rows": [
        {"player": player, "chips": chips, "poste": table["poste"][player],
         "net": chips - posta * table["poste"][player]}
        for player, chips in table["chips"].items()]} for table in night.proposal()]
