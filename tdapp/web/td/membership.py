"""The club's card holders (la tessera) on the console: the list with its search, a member added,
changed, renewed for a year or removed, and the spreadsheet's CSV imported whole, a refusal
naming its bad line. The staff's own page is members.py (the club's accounts and roles)."""

from __future__ import annotations

from flask import redirect, render_template, request, url_for
from flask_babel import format_date, gettext

from tdapp.i18n import club_today
from tdapp.kernel.numbers import whole_or_none
from tdapp.services import members, roster
from tdapp.web.paging import Pages
from tdapp.web.td import bp
from tdapp.web.td.console import back, flash_done
from tdapp.web.td.forms import FormError, text

MEMBERS_PAGE = 50


def _roster_id(form_value: str) -> int | None:
    """The roster player a form names by name (the field offers the roster's names); None
    when the field is empty."""
    if not form_value:
        return None
    found = roster.member_named(form_value)
    if found is None:
        raise FormError(gettext("No roster player is named %(name)s.", name=form_value))
    return found.id


@bp.get("/membership")
def membership_page():
    query = request.args.get("q", "").strip()[:80]
    page = whole_or_none(request.args.get("page", ""), minimum=1) or 1
    found = members.list_members(query, page, MEMBERS_PAGE)
    roster_names = {player.id: player.name for player in roster.members()}
    return render_template(
        "td/membership.html", found=found, query=query, today=club_today(),
        roster_names=roster_names, pages=Pages(found.number, found.count, found.size, found.total))


@bp.post("/membership")
def add_card():
    added = members.create_member(text(request.form, "name"), text(request.form, "number"),
                                  members.read_day(text(request.form, "valid_until")),
                                  _roster_id(text(request.form, "roster_name")))
    flash_done(gettext("%(name)s is a member.", name=added.name))
    return back()


@bp.post("/membership/<int:member_id>")
def change_card(member_id: int):
    changed = members.update_member(member_id, name=text(request.form, "name"),
                                    number=text(request.form, "number"),
                                    valid_until=members.read_day(text(request.form, "valid_until")),
                                    roster_id=_roster_id(text(request.form, "roster_name")))
    flash_done(gettext("%(name)s is saved.", name=changed.name))
    return back()


@bp.post("/membership/<int:member_id>/renew")
def renew_card(member_id: int):
    renew(member_id)
    return back()


def renew(member_id: int) -> None:
    """Renew a card for a year and say until when (the member list, and the check-in at the
    door)."""
    until = members.member(member_id).renewal(club_today())
    if until is None:
        raise FormError(gettext("This card has no end: there is nothing to renew."))
    renewed = members.update_member(member_id, valid_until=until)
    flash_done(gettext("%(name)s's card is valid until %(day)s.", name=renewed.name,
                       day=format_date(until, "short")))


@bp.post("/membership/<int:member_id>/delete")
def delete_card(member_id: int):
    gone = members.member(member_id)
    members.delete_member(member_id)
    flash_done(gettext("%(name)s is no longer a member.", name=gone.name))
    return back()


@bp.post("/membership/import")
def import_cards():
    sent = request.files.get("file")
    if sent is None or not sent.filename:
        raise FormError(gettext("Choose the CSV file to import."))
    done = members.import_csv(sent.read())
    flash_done(gettext("Imported: %(added)s added, %(updated)s updated, %(unchanged)s unchanged.",
                       added=done.added, updated=done.updated, unchanged=done.unchanged))
    return redirect(url_for("td.membership_page"), code=303)
