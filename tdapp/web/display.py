"""The room's wall screen: public and read-only, fed over Socket.IO (see tdapp/realtime/screens.py)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import Blueprint, jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import ngettext

from tdapp.kernel.numbers import whole_or_none
from tdapp.realtime import display_view, held_view, seating_rows
from tdapp.services import tournaments
from tdapp.tournament.clock.rules import SCREEN_NAME
from tdapp.web.paging import page_asked
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
    tournament_id = tournaments.tournament_id_for_slug(slug)
    screen = request.args.get("screen", "main")
    if not SCREEN_NAME.match(screen):
        screen = "main"
    public = held_view(tournament_id, "public", tournaments.current(tournament_id))
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


SEATING_PAGE = 6
"""Tables a page of a display's seating shows by default: as many as a 1080p screen's seating
layout shows whole, ten seats each."""


def seating_page(public: dict[str, Any]) -> dict[str, Any]:
    """The page of seating that `?page=` and `?size=` (1 to 60 tables) ask for."""
    size = whole_or_none(request.args.get("size", ""), minimum=1, maximum=60) or SEATING_PAGE
    rows = seating_rows(public)
    pages = page_asked(len(rows), size)
    return {"version": public["version"], "page": pages.number, "pages": pages.count,
            "size": size, "tables": list(pages.of(rows))}


@bp.get("/t/<slug>/seating")
def seating(slug: str):
    """A page of the tables with who sits where, for a wall display's seating layout, which
    turns the pages as it rotates: `{"version", "page", "pages", "size", "tables"}`, each table
    as in the public view (`number`, `players`, `seats`), tables with nobody seated left out.
    Over HTTP rather than in the pushes, so that a display joins with a few kilobytes however
    big the field. The ETag is the page's own tables' hash (not the version), so a display that
    asks again while nothing on its page changed gets 304 and no body."""
    tournament_id = tournaments.tournament_id_for_slug(slug)
    page = seating_page(held_view(tournament_id, "public", tournaments.current(tournament_id)))
    answer = jsonify(page)
    shown = {key: page[key] for key in ("page", "pages", "size", "tables")}
    answer.set_etag(hashlib.sha256(json.dumps(shown, sort_keys=True).encode()).hexdigest())
    answer.cache_control.no_cache = True
    return answer.make_conditional(request)
