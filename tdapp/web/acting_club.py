"""The club each request acts in, set before the view runs and put back after it (the storage
filters every club-owned row by it: tdapp/storage/tenancy.py).

- A public page or a PIN console names its tournament, table, league or club in the URL (a
  slug, a console's link, an id, `/c/<club>`): it acts in that thing's club, whoever asks. A staff member of another
  club is a stranger there (`g.stranger`): the guards admit them as nobody, so that their
  session opens no console of another club without its PIN.
- Every other request of a staff member acts in the club of their membership (their token's or
  their session's): another club's id is then simply not found, and answers as a missing one.
- A PIN console's API call (no staff) acts in the club of the tournament or table it names.
- What names nothing (the home page, the login) acts in the staff member's club, else in the
  server's club when it has only one; with several and nobody signed in, in no club's rows
  (`NOWHERE`).
- What reads no club's rows at all (static files, health checks, the API's description) acts
  in no club: a query of a club's rows there would be refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask, g, request

from tdapp.services import tenancy
from tdapp.web.roles import OPEN, current_staff

# The URL arguments that name a club's thing, each with the look-up of its club.
_NAMED_BY: dict[str, Callable[[Any], int]] = {
    "slug": tenancy.club_of_slug,
    "tid": tenancy.club_of_tournament,
    "table_id": tenancy.club_of_draw_table,
    "league_id": tenancy.club_of_league,
    "club": tenancy.club_of_club_slug,
}
# What reads no club's rows: served with no club at all (a query of one would be refused), and
# without looking up who asks or which clubs the server has.
NO_CLUB = frozenset({"static", "health.healthz", "health.readyz", "api_openapi.document",
                     "api_docs.page", "i18n.switch"})
_TOKENS: dict[str, Callable[[Any], int]] = {
    "table": tenancy.club_of_table_token,
    "draw_console": tenancy.club_of_draw_token,
}


def club_named_by(endpoint: str, args: Mapping[str, Any]) -> int | None:
    """The club of what the URL names (NOWHERE for a thing that exists nowhere); None when it
    names nothing of a club."""
    for name, club_of in _NAMED_BY.items():
        if name in args:
            return club_of(args[name])
    if "token" in args:
        club_of = _TOKENS.get(endpoint.partition(".")[0])
        if club_of is not None:
            return club_of(args["token"])
    return None


def acting_club() -> int:
    """This request's club, by the rules above."""
    endpoint = request.endpoint or ""
    staff = current_staff()
    open_page = endpoint in OPEN
    named = club_named_by(endpoint, request.view_args or {}) \
        if open_page or staff is None else None
    if named is not None and (open_page or staff is None):
        club = named
    elif staff is not None:
        club = staff.club_id
    else:
        club = tenancy.sole_club() or tenancy.NOWHERE
    g.stranger = staff is not None and staff.club_id != club
    return club


def enter() -> None:
    """A `before_request` hook, after the role check (which resolves the staff member)."""
    g.club_token = tenancy.enter(None if request.endpoint in NO_CLUB else acting_club())


def leave(_error: BaseException | None = None) -> None:
    token = g.pop("club_token", None)
    if token is not None:
        tenancy.leave(token)


def init_app(app: Flask) -> None:
    app.before_request(enter)
    app.teardown_request(leave)
