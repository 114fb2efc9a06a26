"""The room's wall screen: public and read-only, fed over Socket.IO (see tdapp/realtime/screens.py);
its seating pages come as JSON from tdapp/web/api/public.py."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask_babel import gettext as _
from flask_babel import ngettext

from tdapp.realtime import display_view
from tdapp.tournament.clock.rules import SCREEN_NAME
from tdapp.web.api.public import public_view, seating_page
from tdapp.web.qr import inline_svg

bp = Blueprint("display", __name__)


def labels() -> dict[str, object]:
    """The words the page's script writes itself, in the room's language."""
    return {
        "level": _("Level"),
        "break": _("Break"),
        "break_default": _("Break"),
        "colour_up": _("Colour-up: the %(colour)s chips of %(value)s are raced into %(into_colour)s"),
        "ante": _("Ante"),
        "blinds": _("Blinds"),
        "after_break": _("After the break"),
        "break_in": _("Break in"),
        "next_break": _("Next break in"),
        "bb_ante": _("Big blind ante"),
        "last_level": _("Last level"),
        "not_started": _("Starting soon"),
        "paused": _("Paused"),
        # One place paid and several, as the language says them; the screen picks by count.
        "paid": _("%(places)s paid"),
        "paid_one": ngettext("%(num)s place paid", "%(num)s places paid", 1),
        "table": _("Table"),
        "seat": _("seat"),
        "moves": _("Moves"),
        "page_of": _("%(page)s of %(pages)s"),
        "reason_BALANCE": _("Table balance"),
        "reason_BREAK": _("Table %(table)s breaks"),
        "reason_FINAL_TABLE": _("Final table draw"),
        "reason_MANUAL": _("Moved by the tournament director"),
        "headcount": _("Signed up %(confirmed)s of %(seats)s · waitlist %(waitlisted)s · in the room %(checked_in)s"),
        "notices": {
            "LATE_REGISTRATION_CLOSED": _("Late registration is closed"),
            "REBUY_CLOSED": _("The rebuy period is over"),
            "RE_ENTRY_CLOSED": _("Re-entry is closed"),
            "ADD_ON_CLOSED": _("The add-on is closed"),
        },
    }


def players_qr(slug: str) -> str:
    """An inline SVG QR code to the players' page, at the address the screen itself uses, so it
    works on the club's LAN with no outside name."""
    return inline_svg(f"{request.host_url}t/{slug}")


@bp.get("/t/<slug>/clock")
def clock(slug: str):
    """The clock display. `?screen=<name>` names this screen, for the DdT's layout setting;
    `?size=` is how many tables a page of its seating shows (6 by default)."""
    _, public = public_view(slug)
    screen = request.args.get("screen", "main")
    if not SCREEN_NAME.match(screen):
        screen = "main"
    shown = display_view(public)
    return render_template(
        "display/clock.html",
        slug=slug,
        name=shown["tournament"]["name"],
        screen=screen,
        view=shown,
        seating=seating_page(public),
        labels=labels(),
        qr=players_qr(slug),
    )
