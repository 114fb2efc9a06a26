"""The league's pages: public standings and night pages (phone first), and the secretary's
night entry with undo, behind the DdT login."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext

from tdapp.i18n import club_zone
from tdapp.kernel.numbers import whole_or_none
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.league.errors import LeagueError
from tdapp.league.results import MAX_POSTE
from tdapp.league.scoring import has_cappotto
from tdapp.services import league as leagues
from tdapp.services import league_nights
from tdapp.web.csrf import protect
from tdapp.web.errors import message_of
from tdapp.web.guards import actor, ddt_page
from tdapp.web.league_readings import choice_options, notes
from tdapp.web.numbers import whole_number

bp = Blueprint("league", __name__, url_prefix="/leagues")
protect(bp)

ROWS_PER_TABLE = 6

# A night's count, bounded as the league API bounds it.
MAX_CHIPS = 1_000_000_000

register_messages({"BAD_CHIP_COUNT": "Write the chips and poste of %(player)s as whole numbers"})


def _league(league_id: int) -> leagues.League:
    try:
        return leagues.league(league_id)
    except LeagueError:
        abort(404)


@bp.get("/")
def index():
    return render_template("league/index.html", leagues=leagues.leagues())


@bp.get("/<int:league_id>")
def standings(league_id: int):
    current = _league(league_id)
    return render_template("league/standings.html", league=current, lines=current.standings(),
                           notes=notes(current.readings, "standings"),
                           live_days=league_nights.open_days(league_id))


@bp.get("/<int:league_id>/nights/<int:day>")
def night(league_id: int, day: int):
    current = _league(league_id)
    try:
        shown = current.night(day)
    except LeagueError:
        abort(404)
    return render_template("league/night.html", league=current, night=shown,
                           lines=current.lines(shown), notes=notes(current.readings, "night"),
                           cappotti={p for t in shown.tables for p in t.players
                                     if t.net(p) > 0
                                     and has_cappotto(t, p, current.readings.cappotto)})


@bp.route("/new", methods=["GET", "POST"])
@ddt_page
def new():
    form = request.form
    if request.method == "POST":
        members = [line.strip() for line in form.get("members", "").splitlines() if line.strip()]
        try:
            league_id = leagues.create_league(form.get("name", ""), members)
        except DomainError as refused:
            flash(message_of(refused), "error")
            return render_template("league/new.html", form=form), 422
        return redirect(url_for("league.secretary", league_id=league_id))
    return render_template("league/new.html", form=form)


@bp.route("/<int:league_id>/secretary", methods=["GET", "POST"])
@ddt_page
def secretary(league_id: int):
    current = _league(league_id)
    unavailable = request.values.getlist("unavailable")
    error = None
    if request.method == "POST":
        day = request.form.get("day", "")
        try:
            leagues.enter_night(
                league_id,
                whole_number(day, field=gettext("Day"), minimum=1, maximum=leagues.LAST_DAY),
                _tables_from(request.form), actor())
        except DomainError as refused:  # a DomainError is a ValueError too: catch it by name
            error = message_of(refused)
        else:
            flash(gettext("Day %(day)s saved.", day=day), "success")
            return redirect(url_for("league.secretary", league_id=league_id))
    try:
        upcoming = leagues.upcoming(current, unavailable)
    except DomainError as refused:
        upcoming, error = None, error or message_of(refused)
    live_days = league_nights.open_days(league_id)
    from_tables = None
    if upcoming is not None and upcoming.day in live_days:
        from_tables = league_nights.live_night(league_id, upcoming.day, club_zone())
    rows = _rows(upcoming, request.form if request.method == "POST" else None, from_tables)
    page = render_template("league/secretary.html", league=current, upcoming=upcoming, rows=rows,
                           unavailable=unavailable, error=error, live_days=live_days,
                           from_tables=from_tables, choices=choice_options())
    return page, 422 if request.method == "POST" else 200


@bp.post("/<int:league_id>/undo")
@ddt_page
def undo(league_id: int):
    try:
        day = leagues.undo_night(league_id, actor())
    except LeagueError as refused:
        flash(message_of(refused), "error")
    else:
        flash(gettext("Day %(day)s taken back.", day=day), "success")
    return redirect(url_for("league.secretary", league_id=league_id))


def _rows(upcoming: leagues.NextNight | None, posted: Any,
          from_tables: league_nights.LiveNight | None) -> list[dict[str, Any]]:
    """The entry grid: one block per table, prefilled with the planned players, or with the
    chips and poste read off the night's tables when it was played on them (or what was just
    posted, so a refused entry keeps what the secretary typed)."""
    plans = upcoming.plan.tables if upcoming else ()
    counted = {t["name"]: t for t in from_tables.proposal()} if from_tables else {}
    tables = []
    for t, plan in enumerate(plans or [None, None]):
        rows = []
        for r in range(ROWS_PER_TABLE):
            key = f"t{t}_r{r}_"
            if posted is not None:
                rows.append({"player": posted.get(key + "player", ""),
                             "chips": posted.get(key + "chips", ""),
                             "poste": posted.get(key + "poste", "1"),
                             "cappotto": bool(posted.get(key + "cappotto"))})
            else:
                player = plan.players[r] if plan and r < len(plan.players) else ""
                table = counted.get(plan.name, {}) if plan else {}
                rows.append({"player": player,
                             "chips": table.get("chips", {}).get(player, ""),
                             "poste": str(table.get("poste", {}).get(player, 1)),
                             "cappotto": False})
        name = plan.name if plan else "AB"[t]
        tables.append({"index": t, "name": name, "plan": plan, "rows": rows})
    return tables


def _tables_from(form: Any) -> list[dict[str, Any]]:
    """The posted grid as the service's tables; blank rows are skipped, bad numbers refused."""
    tables = []
    for t in range(2):
        name = form.get(f"t{t}_name", "")
        chips: dict[str, int] = {}
        poste: dict[str, int] = {}
        cappotto: list[str] = []
        for r in range(ROWS_PER_TABLE):
            key = f"t{t}_r{r}_"
            player = form.get(key + "player", "").strip()
            if not player:
                continue
            counted = whole_or_none(form.get(key + "chips", "").strip(), 0, MAX_CHIPS)
            stakes = whole_or_none(form.get(key + "poste", "").strip() or "1", 1, MAX_POSTE)
            if counted is None or stakes is None:
                raise DomainError("BAD_CHIP_COUNT", player=player)
            chips[player], poste[player] = counted, stakes
            if form.get(key + "cappotto"):
                cappotto.append(player)
        if chips:
            tables.append({"name": name or "AB"[t], "chips": chips, "poste": poste,
                           "cappotto": cappotto})
    return tables
