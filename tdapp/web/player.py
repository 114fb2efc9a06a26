"""The players' phones: find your table and seat, follow your stack, moves and the clock.

Public and read-only, no login. `/t/<slug>` searches players by name (partial, case- and
accent-insensitive, so "nicolo" finds "Nicolò") and lists where everyone sits;
`/t/<slug>/p/<id>` is one player's page, where players can also say they are away from the
table or back (issue 6, HE-25: an absent player is still dealt in and blinded; the DdT sees who
said it in the log and can undo it). Only with the player's own code (issue 12): the DdT gives it
and sees it on the player's row; typed right once, the browser session remembers it for that
player, so the button works without typing it again. Both pages render complete without
JavaScript and then stay live over Socket.IO (tdapp/realtime/screens.py: `join`, then `view`
events). Only the public view is
used: no money owed, no account data.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, abort, jsonify, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import pgettext

from tdapp.kernel.names import folded
from tdapp.kernel.refusals import DomainError
from tdapp.realtime import held_view
from tdapp.services import phones, tournaments
from tdapp.tournament.phone_codes import phone_presence_on
from tdapp.web import csrf
from tdapp.web.errors import error_body, message_of, status_of

bp = Blueprint("player", __name__)
csrf.protect(bp)

FULL_LIST_UP_TO = 150
"""Fields up to this size get the whole list on the first page; larger ones search first, so
the page stays light on a phone (3,000 names would weigh far more than 50 KB)."""

MAX_RESULTS = 50

# A phone that may not speak for the player is forbidden; one that asks too often waits.
_PHONE_STATUS = {
    "PHONE_PRESENCE_OFF": 403,
    "PLAYER_CODE_REQUIRED": 403,
    "PLAYER_CODE_WRONG": 403,
    "PHONE_WAIT": 429,
}


def name_order(player: dict[str, Any]) -> list[Any]:
    """Sort key: accents and case ignored, numbers by value ("Player 2" before "Player 10")."""
    return [int(part) if index % 2 else part
            for index, part in enumerate(re.split(r"([0-9]+)", folded(player["name"])))]


def matching(players: list[dict[str, Any]], query: str) -> list[dict[str, Any]]:
    """The players whose name contains every word of `query`, in any order."""
    words = folded(query).split()
    found = [p for p in players if all(word in folded(p["name"]) for word in words)]
    return sorted(found, key=name_order)


def labels() -> dict[str, str]:
    """The words the page's script writes itself, in the reader's language."""
    return {
        "table": _("Table"),
        "seat": _("Seat"),
        # Agreeing with the player's gender where the DdT gave it; neutral words where not.
        "busted": _("Out"),
        "busted_f": pgettext("female", "Out"),
        "busted_m": pgettext("male", "Out"),
        "place": _("place %(place)s"),
        "waiting": _("Waiting for a seat"),
        "absent": _("Away"),
        "level": _("Level"),
        "break": _("Break"),
        "paused": _("Paused"),
        "not_started": _("Starting soon"),
        "ante": _("ante"),
        "no_match": _("Nobody by that name"),
        "moved": _("Your new seat"),
        "from": _("from table %(table)s, seat %(seat)s"),
        "reason_BALANCE": _("Table balance"),
        "reason_BREAK": _("Table %(table)s breaks"),
        "reason_FINAL_TABLE": _("Final table draw"),
        "reason_MANUAL": _("Moved by the tournament director"),
        "offline": _("Offline: reconnecting…"),
        "go_away": _("I'm away from the table"),
        "come_back": _("I'm back at the table"),
        "after_break": _("After the break"),
        "winner": _("You won the tournament"),
        "your_place": _("Your place: %(place)s"),
        "finished": _("The tournament is over: %(winner)s wins"),
    }


def _public(slug: str) -> tuple[int, dict[str, Any]]:
    """The public view, built once per change however many phones ask (a thousand phones
    fetch the names when a bust changes the list)."""
    tournament_id = tournaments.tournament_id_for_slug(slug)
    return tournament_id, held_view(tournament_id, "public", tournaments.current(tournament_id))


@bp.get("/t/<slug>")
def index(slug: str):
    """Search and the list of players with their table and seat."""
    _, shown = _public(slug)
    query = request.args.get("q", "").strip()[:60]
    players = shown["players"]
    if query:
        listed = matching(players, query)[:MAX_RESULTS]
    elif len(players) <= FULL_LIST_UP_TO:
        listed = sorted(players, key=name_order)
    else:
        listed = []
    return render_template(
        "player/index.html",
        slug=slug,
        view=shown,
        query=query,
        listed=listed,
        total=len(players),
        full_list=len(players) <= FULL_LIST_UP_TO,
        labels=labels(),
    )


@bp.get("/t/<slug>/players")
def search(slug: str):
    """`?q=`: the matching players as JSON, for the search box of a large field."""
    _, shown = _public(slug)
    query = request.args.get("q", "").strip()[:60]
    found = matching(shown["players"], query)[:MAX_RESULTS] if query else []
    keys = ("id", "name", "status", "table", "seat", "place")
    return jsonify({"version": shown["version"], "players": [{k: p[k] for k in keys} for p in found]})


@bp.get("/t/<slug>/names")
def names(slug: str):
    """Every player's name and where they sit, in name order, for the search box of the phones:
    over HTTP, so that pushes never carry the field's names. The ETag is the list's own hash,
    so a phone that asks again (the list page does when a change touches a player it shows)
    gets 304 and no body while nothing on the list changed."""
    _, shown = _public(slug)
    keys = ("id", "name", "status", "table", "seat", "place")
    listed = [{k: p[k] for k in keys} for p in sorted(shown["players"], key=name_order)]
    answer = jsonify({"players": listed})
    answer.add_etag()
    answer.cache_control.no_cache = True
    return answer.make_conditional(request)


@bp.get("/t/<slug>/p/<int:player_id>")
def player(slug: str, player_id: int):
    """One player's page: table, seat, stack, rebuys and add-ons, place, last move, clock."""
    return _player_page(slug, player_id)


_CODE_KEY = "phone_code:{}:{}"
"""The session's key for the code typed right for one player of one tournament."""


def _player_page(slug: str, player_id: int, refused: DomainError | None = None, status: int = 200):
    tournament_id, shown = _public(slug)
    me = next((p for p in shown["players"] if p["id"] == player_id), None)
    if me is None:
        abort(404)
    last_move = shown.get("seating", {}).get("last_moves", {}).get(str(player_id))
    settings = tournaments.current(tournament_id).settings
    page = render_template(
        "player/player.html",
        slug=slug,
        view=shown,
        me=me,
        last_move=last_move,
        labels=labels(),
        phone_presence=phone_presence_on(settings),
        code_known=_CODE_KEY.format(tournament_id, player_id) in session,
        refused=refused,
        refusal=message_of(refused) if refused else None,
    )
    return page, status


@bp.post("/t/<slug>/p/<int:player_id>/presence")
def presence(slug: str, player_id: int):
    """The player says "I am away" or "I am back" from the phone (HE-25, HE-26), with the code
    typed in the field `code` or remembered by the session. A refusal changes nothing: JSON for
    a client that asks for it, otherwise the page again with the reason in the reader's language."""
    tournament_id = tournaments.tournament_id_for_slug(slug)
    absent = request.form.get("absent") == "1"
    key = _CODE_KEY.format(tournament_id, player_id)
    typed = request.form.get("code", "").strip()[:20]
    remembered = "" if typed else session.get(key, "")
    try:
        phones.set_presence(
            tournament_id, player_id, absent, typed or remembered, remembered=bool(remembered)
        )
    except DomainError as refused:
        if refused.code == "PLAYER_CODE_WRONG":
            session.pop(key, None)  # renewed by the DdT: the phone must ask for the new one
        status = _PHONE_STATUS.get(refused.code) or status_of(refused)
        if request.accept_mimetypes.best_match(["text/html", "application/json"]) == "application/json":
            return jsonify(error_body(refused.code, message_of(refused))), status
        return _player_page(slug, player_id, refused, status)
    if typed:
        session[key] = typed
    return redirect(url_for("player.player", slug=slug, player_id=player_id))
