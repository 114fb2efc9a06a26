"""The tournament list, and a new tournament made from a structure template."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from flask import redirect, render_template, request, url_for
from flask_babel import gettext

from tdapp.kernel.refusals import DomainError
from tdapp.services import templates
from tdapp.services import tournaments as running
from tdapp.web.guards import actor
from tdapp.web.td import bp
from tdapp.web.td.console import back, flash_done, tell
from tdapp.web.td.forms import FormError, cents, day, text, whole


@bp.get("/")
def tournaments_index():
    return redirect(url_for("td.tournaments"))


@bp.get("/tournaments")
def tournaments():
    """The DdT's list, one shelf at a time: current, archived or deleted (`?shelf=`)."""
    return _list_page({"date": date.today().isoformat()}, None, 200)


def _list_page(values, error: str | None, status: int):
    shelf = request.args.get("shelf", "current")
    if shelf not in running.SHELVES:
        shelf = "current"
    return render_template(
        "td/tournaments.html",
        tournaments=running.list_tournaments(shelf),
        shelf=shelf,
        templates=templates.list_templates(),
        values=values,
        error=error,
    ), status


@bp.post("/tournaments/<int:tid>/archive")
def archive(tid: int):
    """Archive a night (kept, gone from the public pages) or, with `archived=0`, bring it back."""
    archived = request.form.get("archived", "1") == "1"
    done = running.archive(tid, actor(), archived)
    if archived:
        flash_done(gettext("%(name)s is archived: kept, and gone from the public pages.",
                           name=done.name))
    else:
        flash_done(gettext("%(name)s is back on the public pages.", name=done.name))
    return back()


@bp.post("/tournaments/<int:tid>/delete")
def delete(tid: int):
    """Delete a night for good once its name is typed again; the log keeps who did it."""
    done = running.delete(tid, text(request.form, "confirm_name"), actor())
    flash_done(gettext("%(name)s is deleted.", name=done.name))
    return back()


@bp.post("/tournaments")
def create():
    """Settings come from the chosen template; the form overrides what a night changes."""
    form = request.form
    try:
        template_id = whole(form, "template", gettext("Template"), minimum=1)
        settings = templates.get_template(template_id).settings
        settings = replace(
            settings,
            name=text(form, "name"),
            date=day(form, "date"),
            buy_in_cents=cents(form, "buy_in", gettext("Buy-in")),
            seats_per_table=whole(form, "seats_per_table", gettext("Seats per table"), 2, 10),
            starting_stack=whole(form, "starting_stack", gettext("Starting stack"), minimum=1),
        )
        created = running.create_tournament(settings, actor=actor())
    except FormError as bad:
        error = bad.message
    except DomainError as refused:
        error = tell(refused)
    else:
        return redirect(url_for("td.setup", tid=created.id), code=303)
    return _list_page(form, error, 400)
