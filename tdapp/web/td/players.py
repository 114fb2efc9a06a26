"""Players: register from the roster or typed, then one click per rebuy, add-on, bust, absence,
chip count, re-entry, unregistration, new phone code or bringing back a wrong bust. Every click
is one command, and undo takes it back."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from flask import flash, redirect, request, session, url_for
from flask_babel import gettext

from tdapp.kernel.names import folded
from tdapp.kernel.numbers import whole_or_none
from tdapp.kernel.refusals import DomainError
from tdapp.services import roster, tournaments
from tdapp.services.membership import membership_of
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.chips import SetChips
from tdapp.tournament.levels import until_end_of_level
from tdapp.tournament.phone_codes import IssuePhoneCode, phone_presence_on
from tdapp.tournament.players import Player
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.purchases import AddOn, Rebuy, add_on_open
from tdapp.tournament.registration import ReEnterPlayer, RegisterPlayer, UnregisterPlayer
from tdapp.tournament.reinstate import ReinstatePlayer
from tdapp.tournament.state import Tournament
from tdapp.wallclock import utcnow
from tdapp.web.guards import actor
from tdapp.web.td import bp
from tdapp.web.td.console import UNDOABLE, act, back, flash_done, render
from tdapp.web.td.forms import FormError, optional_whole, row_button, text, whole

# The session key of a registration refused as a possible duplicate, until the page asks.
_SAME_NAME = "same_name"

# Rows rendered at once: a club night shows everyone; a big field is searched on the server.
SHOWN_AT_ONCE = 300

# Each row button posts `do=<action>-<player id>`; the action names the command to send.
_ACTIONS: dict[str, Callable[[int, Any], Any]] = {
    "rebuy": lambda pid, form: Rebuy(pid),
    "addon": lambda pid, form: AddOn(pid),
    "bust": lambda pid, form: BustPlayer(pid, eliminated_by=_eliminator(form, pid)),
    "absent": lambda pid, form: SetAbsent(pid, True),
    "back": lambda pid, form: SetAbsent(pid, False),
    "reenter": lambda pid, form: ReEnterPlayer(pid),
    "forfeit": lambda pid, form: ReEnterPlayer(pid, forfeit=True),
    "unregister": lambda pid, form: UnregisterPlayer(pid),
    "phonecode": lambda pid, form: IssuePhoneCode(pid),
    "chips": lambda pid, form: SetChips(pid, whole(form, f"stack-{pid}", gettext("Chips"))),
    "reinstate": lambda pid, form: ReinstatePlayer(
        pid, whole(form, f"reinstate-{pid}", gettext("Chips"), minimum=1)),
}


def _eliminator(form: Any, player_id: int) -> tuple[int, ...]:
    """The player chosen in the row's "knocked out by" list, if any (a bounty tournament)."""
    raw = form.get(f"eliminator-{player_id}") or ""
    if not raw:
        return ()
    chosen = whole_or_none(raw)
    if chosen is None:
        raise FormError(gettext("Unknown action."))
    return (chosen,)


def _done(action: str, player: Player) -> str:
    """What the DdT is told after the click, from the player as the action left them."""
    name = player.name
    if action == "bust":
        return gettext("%(name)s is out in place %(place)s.", name=name, place=player.place)
    if action == "reinstate" and player.table is not None:
        return gettext("%(name)s is back in play at table %(table)s, seat %(seat)s.", name=name,
                       table=player.table, seat=player.seat)
    messages = {
        "rebuy": gettext("Rebuy recorded for %(name)s.", name=name),
        "addon": gettext("Add-on recorded for %(name)s.", name=name),
        "absent": gettext("%(name)s is marked absent.", name=name),
        "back": gettext("%(name)s is back.", name=name),
        "reenter": gettext("%(name)s re-entered.", name=name),
        "forfeit": gettext("%(name)s re-entered; the old stack left play.", name=name),
        "unregister": gettext("%(name)s is unregistered.", name=name),
        "reinstate": gettext("%(name)s is back in play.", name=name),
        "chips": gettext("Chips counted for %(name)s.", name=name),
        "phonecode": gettext("New phone code for %(name)s: %(code)s.", name=name,
                             code=player.phone_code),
    }
    return messages[action]


@bp.get("/t/<int:tid>/players")
def players(tid: int):
    """The list, searched as the DdT types; a big field shows its first rows and is searched on
    the server (Enter), so the page stays light with 3,000 players."""
    state = tournaments.current(tid)
    offers = _offers(state, utcnow())
    query = (request.args.get("q") or "").strip()
    same_name = session.pop(_SAME_NAME, None)
    if same_name is not None and same_name.get("tid") != tid:
        same_name = None
    return render(
        "td/players.html", tid, members=roster.members(), offers=offers, query=query,
        select=lambda rows: _shown(rows, query), phone_codes=phone_presence_on(state.settings),
        bounties=state.settings.bounty is not None, tablemates=_tablemates(state),
        same_name=same_name,
    )


def _tablemates(state: Tournament) -> dict[int, list[tuple[int, str]]]:
    """Each table's players in seat order: who may be named as a player's eliminator."""
    return {
        number: [(pid, state.player(pid).name) for pid in seats if pid is not None]
        for number, seats in sorted(state.tables.items())
    }


def _shown(rows: list[dict[str, Any]], query: str) -> tuple[list[dict[str, Any]], int]:
    """The rows to show (matching `query`, in play first) and how many match in all."""
    if query:
        wanted = folded(query)
        table = whole_or_none(query)
        rows = [
            p for p in rows
            if wanted in folded(p["name"]) or (table is not None and p["table"] == table)
        ]
    return _in_play_first(rows)[:SHOWN_AT_ONCE], len(rows)


def _offers(state: Tournament, now: datetime) -> dict[str, Any]:
    """Which purchases are on offer now, so that a row shows only the buttons that can work."""
    rebuy, re_entry = state.settings.rebuy, state.settings.re_entry
    return {
        "rebuy": rebuy is not None and until_end_of_level(state, now, rebuy.until_level),
        "rebuy_max_stack": rebuy.max_stack if rebuy else 0,
        "rebuy_max": rebuy.max_per_player if rebuy else None,
        "add_on": add_on_open(state, now),
        "re_entry": re_entry is not None and until_end_of_level(state, now, re_entry.until_level),
    }


def _in_play_first(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Players still in by name, then the finished ones from the best place down."""
    return sorted(
        rows,
        key=lambda p: (p["place"] is not None, p["place"] or 0, folded(p["name"])),
    )


@bp.post("/t/<int:tid>/players")
def register(tid: int):
    """A roster member by name, or a typed name (kept in the roster when the DdT asks)."""
    name = " ".join(text(request.form, "name").split())
    if not name:
        raise FormError(gettext("Type the player's name."))
    bonus = optional_whole(request.form, "bonus_chips", gettext("Bonus chips")) or 0
    member = roster.member_named(name)
    same_name_ok = request.form.get("same_name_ok") == "1"
    gender = request.form.get("gender") or (member.gender if member else None)
    membership = membership_of(tournaments.current(tid).settings, name,
                               member.id if member else None)
    command = RegisterPlayer(
        member.name if member else name, roster_id=member.id if member else None,
        bonus_chips=bonus, same_name_ok=same_name_ok, gender=gender, membership=membership,
        as_guest=request.form.get("as_guest") == "1",
    )
    try:
        answer = act(tid, command, gettext("%(name)s is registered.", name=command.name))
    except DomainError as refused:
        if refused.code != "DUPLICATE_PLAYER":
            raise
        # The players page asks "another person with the same name?" with the form as typed.
        session[_SAME_NAME] = {
            "tid": tid, "name": name, "bonus_chips": bonus, "player_id": refused.params["player_id"],
            "gender": request.form.get("gender") or "",
            "existing": refused.params["name"], "save_to_roster": bool(request.form.get("save_to_roster")),
        }
        # Not back to the name field: the cursor goes to the question's answer.
        return redirect(url_for("td.players", tid=tid), code=303)
    # Only a registration that went through adds the name to the roster: a refusal changes nothing.
    if member is None and request.form.get("save_to_roster"):
        roster.add_member(name, gender)
    return answer


@bp.post("/t/<int:tid>/players/act")
def player_action(tid: int):
    """One row button: `do` is like "rebuy-12"."""
    action, player_id = row_button(request.form, _ACTIONS)
    before = tournaments.current(tid).players.get(player_id)
    state = tournaments.dispatch(tid, _ACTIONS[action](player_id, request.form), actor=actor())
    # An unregistered player is gone from the state: the message names them as they were.
    after = state.players.get(player_id)
    said = _done(action, after if after is not None else before)
    if action == "bust":
        # A bust is said in a toast with its undo: the wrong row tapped on a phone is one tap back.
        flash(said, UNDOABLE)
    else:
        flash_done(said)
    return back(tid)
