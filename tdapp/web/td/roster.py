"""The roster: the club's players, and each one's history (their tournaments, places and
prizes), read from the tournaments' results."""

from __future__ import annotations

from flask import redirect, render_template, request, url_for
from flask_babel import gettext

from tdapp.services import results, roster
from tdapp.web.td import bp
from tdapp.web.td.console import flash_done
from tdapp.web.td.forms import text


@bp.get("/roster")
def roster_page():
    query = request.args.get("q", "").strip()
    return render_template("td/roster.html", members=roster.members(query), query=query)


@bp.post("/roster")
def add_roster_player():
    member = roster.add_member(text(request.form, "name"))
    flash_done(gettext("%(name)s is in the roster.", name=member.name))
    return redirect(url_for("td.roster_player", roster_id=member.id), code=303)


@bp.get("/roster/<int:roster_id>")
def roster_player(roster_id: int):
    member, appearances = results.history(roster_id)
    rows = [a.row for a in appearances]
    totals = {
        "tournaments": len(rows),
        "wins": sum(1 for row in rows if row.place == 1),
        "cashes": sum(1 for row in rows if row.prize_cents > 0),
        "prize_cents": sum(row.prize_cents for row in rows),
        "paid_cents": sum(row.paid_cents for row in rows),
    }
    return render_template("td/roster_player.html", member=member, appearances=appearances,
                           totals=totals)
