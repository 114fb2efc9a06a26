"""What a tournament's wall displays and the players' phones read as JSON at its public address
(`/t/<slug>/...`, beside their pages): public and read-only, no login, only the public view (no
money owed, no account data). Over HTTP rather than in the pushes, so that a screen joins with a
few kilobytes however big the field, and asks again only when a push says its part changed."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from flask import Blueprint, jsonify, request

from tdapp.kernel.names import folded
from tdapp.kernel.numbers import whole_or_none
from tdapp.realtime import held_view, seating_rows
from tdapp.services import tournaments
from tdapp.web.api.view_source import QueryParameter, reads_query
from tdapp.web.paging import page_asked

bp = Blueprint("api_public", __name__)

SEATING_PAGE = 6
"""Tables a page of a display's seating shows by default: as many as a 1080p screen's seating
layout shows whole, ten seats each."""

MAX_RESULTS = 50
"""Players a search answers at most: a phone shows a short list, never a festival's field."""

QUERY_LENGTH = 60

# What a phone's list shows of each player.
_LISTED = ("id", "name", "status", "table", "seat", "place")


def public_view(slug: str) -> tuple[int, dict[str, Any]]:
    """The tournament's id and its public view, built once per change however many screens and
    phones ask (a thousand phones fetch the names when a bust changes the list)."""
    tournament_id = tournaments.tournament_id_for_slug(slug)
    return tournament_id, held_view(tournament_id, "public", tournaments.current(tournament_id))


def name_order(player: dict[str, Any]) -> list[Any]:
    """Sort key: accents and case ignored, numbers by value ("Player 2" before "Player 10")."""
    return [int(part) if index % 2 else part
            for index, part in enumerate(re.split(r"([0-9]+)", folded(player["name"])))]


def matching(players: list[dict[str, Any]], query: str) -> list[dict[str, Any]]:
    """The players whose name contains every word of `query`, in any order."""
    words = folded(query).split()
    found = [p for p in players if all(word in folded(p["name"]) for word in words)]
    return sorted(found, key=name_order)


@reads_query(QueryParameter("q", False, {"type": "string", "maxLength": QUERY_LENGTH,
                                         "description": "Words of a player's name."}))
def asked_query() -> str:
    """The search the request asks for (`?q=`), cut to a name's length."""
    return request.args.get("q", "").strip()[:QUERY_LENGTH]


@reads_query(
    QueryParameter("page", False, {"type": "integer", "minimum": 1,
                                   "description": "The page; past the end, the last one."}),
    QueryParameter("size", False, {"type": "integer", "minimum": 1, "maximum": 60,
                                   "description": f"Tables a page, {SEATING_PAGE} by default."}),
)
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
    The ETag is the page's own tables' hash (not the version), so a display that asks again
    while nothing on its page changed gets 304 and no body."""
    _, public = public_view(slug)
    page = seating_page(public)
    answer = jsonify(page)
    shown = {key: page[key] for key in ("page", "pages", "size", "tables")}
    answer.set_etag(hashlib.sha256(json.dumps(shown, sort_keys=True).encode()).hexdigest())
    answer.cache_control.no_cache = True
    return answer.make_conditional(request)


@bp.get("/t/<slug>/players")
def search(slug: str):
    """`?q=`: the matching players, for the search box of a large field:
    `{"version", "players"}`, each player's `id`, `name`, `status`, `table`, `seat`, `place`."""
    _, public = public_view(slug)
    query = asked_query()
    found = matching(public["players"], query)[:MAX_RESULTS] if query else []
    return jsonify({"version": public["version"], "players": [_listed(p) for p in found]})


@bp.get("/t/<slug>/names")
def names(slug: str):
    """Every player's name and where they sit, in name order, for the search box of the phones:
    `{"players"}` as in the search. Over HTTP, so that pushes never carry the field's names. The
    ETag is the list's own hash, so a phone that asks again (the list page does when a change
    touches a player it shows) gets 304 and no body while nothing on the list changed."""
    _, public = public_view(slug)
    answer = jsonify({"players": [_listed(p) for p in sorted(public["players"], key=name_order)]})
    answer.add_etag()
    answer.cache_control.no_cache = True
    return answer.make_conditional(request)


def _listed(player: dict[str, Any]) -> dict[str, Any]:
    return {key: player[key] for key in _LISTED}
