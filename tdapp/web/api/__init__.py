"""The JSON API: every JSON endpoint of the app lives in this package, one module per resource:
`auth` (tokens), `tournaments` (set-up, payouts, undo, the log), `players` (entries, purchases,
chips, presence, bust-outs), `settings` (the set-up's bodies), `clock`, `seating` (the seat
draw, moves, breaks), `tables` (the hold'em hands), `tools` (side pots), `draw_tables`,
`leagues`, `library` (templates and the roster), `results` (a tournament's exports), `seasons`,
`club` (its staff, invitations and settings), `members` (the club's card holders), `hosting`
(the hoster's clubs), `signups` (the DdT's side of a tournament's sign-ups), `public` (what wall
displays and phones read at a tournament's public address) and `public_signups` (a player's own
sign-up). Pages stay with their audience's blueprint.

A module adds its endpoints to `v1.bp`, or to a blueprint of its own under `v1.URL_PREFIX` that
`register` below registers, behind a guard of tdapp/web/guards.py and with its body read by
`bodies.parse_json`:

    from tdapp.web.api.bodies import ApiBody, parse_json
    from tdapp.web.api.v1 import URL_PREFIX
    from tdapp.web.guards import ddt_api

    bp = Blueprint("api_clock", __name__, url_prefix=URL_PREFIX)

    class ClockBody(ApiBody):
        action: Literal["start", "pause"]

    @bp.post("/tournaments/<int:tid>/clock")
    @ddt_api
    def clock(tid: int):
        body = parse_json(ClockBody)
        ...

`parse_json` validates the body strictly (JSON types, no unknown fields) and refuses with a 4xx;
a `DomainError` raised by a service becomes a 4xx in `tdapp.web.errors` (an app-wide handler, so
it covers every blueprint). A route never catches.
"""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Import every endpoint module of the API, then register the blueprints once each."""
    # auth, chips, library, players, results, signups, tools and tournaments add their routes
    # to `v1.bp`.
    from tdapp.web.api import (  # noqa: F401
        auth,
        chips,
        clock,
        club,
        draw_tables,
        hosting,
        leagues,
        library,
        members,
        players,
        public,
        public_signups,
        results,
        seasons,
        seating,
        signups,
        tables,
        tools,
        tournaments,
        v1,
    )

    app.register_blueprint(v1.bp)
    for module in (clock, seating, tables, draw_tables, leagues, seasons, public, public_signups,
                   club, hosting, members):
        app.register_blueprint(module.bp)
