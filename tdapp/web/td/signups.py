"""Sign-ups on the console: the list with the DdT's approve, decline, promote, move down and
remove, the no-shows released when late registration closes, and the check-in at the door, a
page made for a phone in the doorway: one tap per name registers that player (issue 30)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from flask import request
from flask_babel import gettext, ngettext

from tdapp.i18n import club_today
from tdapp.kernel.names import folded
from tdapp.kernel.numbers import whole_or_none
from tdapp.services import members, signups
from tdapp.tournament.registration import registration_open
from tdapp.tournament.signups.model import Signup, Signups
from tdapp.tournament.signups.view import headcount
from tdapp.wallclock import utcnow
from tdapp.web.guards import actor
from tdapp.web.td import bp
from tdapp.web.td.console import back, flash_done, render
from tdapp.web.td.forms import FormError, row_button
from tdapp.web.td.membership import renew

# Each row button posts `do=<action>-<sign-up id>`; the action names the service to call.
_ACTIONS: dict[str, Callable[[int, int, str], Any]] = {
    "approve": signups.approve,
    "decline": signups.decline,
    "promote": signups.promote,
    "movedown": signups.move_down,
    "remove": signups.remove,
}


@dataclass(frozen=True)
class Row:
    """One sign-up as the console shows it, with its place in line and, for a member whose
    card has ended, the card to renew at the door."""

    signup: Signup
    position: int | None
    card: members.Member | None


def _rows(all_signups: Signups, wanted: Callable[[Signup], bool], today: date) -> list[Row]:
    rows = []
    for signup in all_signups:
        if not wanted(signup):
            continue
        card = members.find_member(signup.name) if signup.membership == "expired" else None
        if card is not None and card.valid_on(today):
            card = None  # renewed since the sign-up: nothing left to do at the door
        rows.append(Row(signup, all_signups.position(signup.id), card))
    return rows


def _in_line(row: Row) -> tuple[Any, ...]:
    """Confirmed first, then the waitlist in its order, then those waiting for the DdT, then
    the ended ones; by the order they signed up within each."""
    order = {"confirmed": 0, "waitlisted": 1, "pending": 2}
    return order.get(row.signup.status, 3), row.position or 0, row.signup.id


@bp.get("/t/<int:tid>/signups")
def signups_page(tid: int):
    """Every sign-up, the standing ones first, with the buttons each status allows."""
    state, _ = signups.signups(tid)
    rows = sorted(_rows(state.signups, lambda s: True, club_today()), key=_in_line)
    return render("td/signups.html", tid, rows=rows, headcount=headcount(state),
                  rules=state.settings.signups,
                  no_shows_due=state.clock.started and not registration_open(state, utcnow()))


@bp.post("/t/<int:tid>/signups/act")
def signup_action(tid: int):
    """One row button: `do` is like "promote-12"."""
    action, signup_id = row_button(request.form, _ACTIONS)
    state = _ACTIONS[action](tid, signup_id, actor())
    flash_done(_said(action, state.signups.signup(signup_id), state.signups))
    return back(tid)


def _said(action: str, signup: Signup, all_signups: Signups) -> str:
    """What the DdT is told after the click, from the sign-up as the action left it."""
    name = signup.name
    position = all_signups.position(signup.id)
    if signup.status == "waitlisted" and action in ("promote", "approve", "movedown"):
        return gettext("%(name)s is number %(position)s on the waitlist.", name=name,
                       position=position)
    messages = {
        "approve": gettext("%(name)s has a place.", name=name),
        "promote": gettext("%(name)s has a place.", name=name),
        "decline": gettext("%(name)s's sign-up is declined.", name=name),
        "remove": gettext("%(name)s's sign-up is removed.", name=name),
        "movedown": gettext("%(name)s is at the bottom of the waitlist.", name=name),
    }
    return messages[action]


@bp.post("/t/<int:tid>/signups/no-shows")
def release_no_shows(tid: int):
    """The confirmed ones not checked in give their places up; nobody is promoted."""
    before = signups.signups(tid)[0].signups.confirmed
    after = signups.release_no_shows(tid, actor()).signups.confirmed
    released = before - after
    flash_done(ngettext("%(num)s no-show released.", "%(num)s no-shows released.", released))
    return back(tid)


@bp.get("/t/<int:tid>/check-in")
def check_in_page(tid: int):
    """The door: the confirmed sign-ups, those still to come first, searched as the DdT types
    (and on the server with Enter, for a page opened with `?q=`)."""
    state, _ = signups.signups(tid)
    query = (request.args.get("q") or "").strip()[:80]
    wanted = folded(query)
    rows = _rows(state.signups, lambda s: s.status == "confirmed" and wanted in folded(s.name),
                 club_today())
    rows.sort(key=lambda row: (row.signup.checked_in, folded(row.signup.name)))
    guest_fee = state.settings.signups.guest_fee_cents if state.settings.signups else 0
    return render("td/check_in.html", tid, rows=rows, query=query, headcount=headcount(state),
                  guest_fee=guest_fee)


@bp.post("/t/<int:tid>/check-in")
def check_in(tid: int):
    """One tap: the sign-up's player is registered (the roster matched by name or added)."""
    signup_id = whole_or_none(request.form.get("signup") or "")
    if signup_id is None:
        raise FormError(gettext("Unknown action."))
    state = signups.check_in(tid, signup_id, actor(),
                             same_name_ok=request.form.get("same_name_ok") == "1",
                             as_guest=request.form.get("as_guest") == "1")
    signup = state.signups.signup(signup_id)
    player = state.player(signup.player_id) if signup.player_id is not None else None
    if player is not None and player.table is not None:
        flash_done(gettext("%(name)s is checked in: table %(table)s, seat %(seat)s.",
                           name=signup.name, table=player.table, seat=player.seat))
    else:
        flash_done(gettext("%(name)s is checked in.", name=signup.name))
    return back(tid)


@bp.post("/t/<int:tid>/check-in/renew/<int:member_id>")
def renew_at_check_in(tid: int, member_id: int):
    """A member whose card ended renews it at the door, for a year, then checks in."""
    renew(member_id)
    return back(tid)
