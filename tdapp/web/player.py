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

from flask import Blueprint, abort, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import pgettext

from tdapp.kernel.refusals import DomainError
from tdapp.services import phones, tournaments
from tdapp.tournament.phone_codes import phone_presence_on
from tdapp.tournament.signups.rules import taking_signups
from tdapp.wallclock import utcnow
from tdapp.web import csrf
from tdapp.web.api.public import MAX_RESULTS, asked_query, matching, name_order, public_view
from tdapp.web.errors import message_of, register_statuses, status_of, wants_json

bp = Blueprint("player", __name__)
csrf.protect(bp)

FULL_LIST_UP_TO = 150
"""Fields up to this size get the whole list on the first page; larger ones search first, so
the page stays light on a phone (3,000 names would weigh far more than 50 KB)."""

# A phone that may not speak for the player is forbidden; one that asks too often waits.
register_statuses({
    "PHONE_PRESENCE_OFF": 403,
    "PLAYER_CODE_REQUIRED": 403,
    "PLAYER_CODE_WRONG": 403,
    "PHONE_WAIT": 429,
})


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


@bp.get("/t/<slug>")
def index(slug: str):
    """Search and the list of players with their table and seat; before the night, the
    sign-up form while sign-ups are open (tdapp/web/signup.py)."""
    return index_page(slug)


def index_page(slug: str, typed: dict[str, str] | None = None, refusal: str | None = None,
               status: int = 200):
    """The tournament's public page, with a refused sign-up's reason and what was typed."""
    tournament_id, shown = public_view(slug)
    state = tournaments.current(tournament_id)
    rules, now = state.settings.signups, utcnow()
    query = asked_query()
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
        signups=rules,
        signing_up=taking_signups(state, now),
        opens_later=bool(rules and rules.opens_at and now < rules.opens_at
                         and not state.clock.started),
        typed=typed or {},
        refusal=refusal,
    ), status


@bp.get("/t/<slug>/p/<int:player_id>")
def player(slug: str, player_id: int):
    """One player's page: table, seat, stack, rebuys and add-ons, place, last move, clock."""
    return _player_page(slug, player_id)


_CODE_KEY = "phone_code:{}:{}"
"""The session's key for the code typed right for one player of one tournament."""


def _player_page(slug: str, player_id: int, refused: DomainError | None = None, status: int = 200):
    tournament_id, shown = public_view(slug)
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
        if wants_json():
            raise  # answered by the app's one handler of refusals (tdapp/web/errors.py)
        return _player_page(slug, player_id, refused, status_of(refused))
    if typed:
        session[key] = typed
    return redirect(url_for("player.player", slug=slug, player_id=player_id))
