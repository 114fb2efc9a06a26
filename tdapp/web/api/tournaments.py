"""Tournaments over JSON: the list, creation, set-up, payouts (a deal), the DdT's undo and redo,
the revert of one earlier event, bringing back a busted player, and the log.

Every writing endpoint is one service call; it answers with the DdT's view (the new `version`
included), except a creation, which answers 201 with the new id: the whole view for a club's
field, and for a festival's only what the action changed (`?view=full` or `?view=changes`
choose). `answer` and `act` give that standard answer to the other tournament resources
(players, seating, clock) too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Annotated, Any

from flask import Response, jsonify, request
from pydantic import Field

from tdapp.realtime import console_answer, held_view, td_answer
from tdapp.services import journal, templates, tournaments
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.payouts import AdjustPayouts
from tdapp.tournament.reinstate import ReinstatePlayer
from tdapp.tournament.settings import Settings
from tdapp.tournament.state import Tournament
from tdapp.web import roles
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.settings import Count, SettingsBody, settings_json
from tdapp.web.api.v1 import bp
from tdapp.web.api.validation import required
from tdapp.web.api.view_source import QueryParameter, reads_query
from tdapp.web.errors import RequestRefused, translate
from tdapp.web.guards import actor, ddt_api
from tdapp.web.td.formats import money

WHOLE_VIEW_UP_TO = 500
"""Players (entries in the list, busted ones too) up to which an action answers with the DdT's
whole view by default, as it always has: at a club's 40 it is a few tens of kilobytes, at a
festival's 3,000 a megabyte, and the action's answer then took longer than its push."""

VIEW_PARAMETER = QueryParameter("view", False, {
    "type": "string",
    "enum": ["full", "changes"],
    "description": "`full`: the DdT's whole view. `changes`: `{\"protocol\": 2, \"id\", "
                   "\"slug\", \"version\", \"base\", \"ops\", \"can_undo\", "
                   "\"can_redo\"}`, what the action changed as the console's push tells it "
                   "(docs/realtime.md). Default: `full` up to 500 players, `changes` above.",
})


SHOWN_PARAMETER = QueryParameter("view", False, {
    "type": "string",
    "enum": ["full", "dashboard"],
    "description": "`full`: the DdT's whole view. `dashboard`: the console's part of it, what "
                   "its dashboard shows (no players, tables, payout places, hands), with the "
                   "newest log lines. Default: `full` up to 500 players, `dashboard` above.",
})


@reads_query(VIEW_PARAMETER)
def answer(tournament_id: int, change: Callable[[], Tournament]) -> Response:
    """The standard answer to a DdT's action: `change` makes it and gives the state it produced;
    the answer is the DdT's whole view of it, or what the action changed (`?view=`, see
    VIEW_PARAMETER). A bad `view` is refused before anything changes. The change is the delta
    the console's room got, computed once per change from what the change carries (bus.Change);
    when this process cannot tell it (another change came between), the whole view answers,
    which a client can always rebuild from."""
    shape = request.args.get("view")
    if shape not in (None, "full", "changes"):
        raise RequestRefused("INVALID_REQUEST", fields=["view"],
                             problems="view: one of full, changes")
    state = change()
    if shape is None:
        shape = "full" if len(state.players) <= WHOLE_VIEW_UP_TO else "changes"
    told = td_answer(tournament_id, state) if shape == "changes" else None
    return jsonify(held_view(tournament_id, "td", state) if told is None else told)


@reads_query(VIEW_PARAMETER)
def act(tournament_id: int, command: Any) -> Response:
    """One command for this request's DdT, answered with what it produced (`answer`)."""
    return answer(tournament_id, lambda: tournaments.dispatch(tournament_id, command, actor()))


# --- tournaments -----------------------------------------------------------------------------


@bp.get("/tournaments")
@ddt_api
def list_tournaments():
    """`?shelf=current` (the default: those on the public pages), `archived` or `deleted` (only
    who deleted each one, and when)."""
    shelf = request.args.get("shelf", "current")
    if shelf not in tournaments.SHELVES:
        raise RequestRefused("INVALID_REQUEST", fields=["shelf"],
                             problems=f"shelf: one of {', '.join(tournaments.SHELVES)}")
    return jsonify(tournaments=[_listed(t) for t in tournaments.list_tournaments(shelf)])


def _listed(summary: tournaments.TournamentSummary) -> dict[str, Any]:
    if summary.deleted_at is not None:
        return {"id": summary.id, "name": summary.name, "deleted_at": summary.deleted_at.isoformat(),
                "deleted_by": summary.deleted_by}
    return {"id": summary.id, "slug": summary.slug, "name": summary.name,
            "version": summary.version, "archived": summary.archived_at is not None}


class ArchiveBody(ApiBody):
    """`false` puts an archived tournament back on the public pages."""

    archived: bool = True


@bp.post("/tournaments/<int:tid>/archive")
@ddt_api
def archive(tid: int):
    """Kept, and gone from the public pages (home, players' phones, clock)."""
    body = parse_json(ArchiveBody)
    return jsonify(_listed(tournaments.archive(tid, actor(), body.archived)))


class DeleteBody(ApiBody):
    """The tournament's name, typed again: a deletion cannot be taken back from the console."""

    confirm_name: Annotated[str, Field(max_length=200)]


@bp.delete("/tournaments/<int:tid>")
@ddt_api
def delete(tid: int):
    """A tombstone: hidden everywhere (404 from then on), its log kept with who deleted it; 422
    DELETE_NAME_MISMATCH when `confirm_name` is not its name."""
    body = parse_json(DeleteBody)
    return jsonify(_listed(tournaments.delete(tid, body.confirm_name, actor())))


@bp.post("/tournaments")
@ddt_api
def create_tournament():
    body = parse_json(SettingsBody)
    if body.name is None:
        raise RequestRefused("INVALID_REQUEST", fields=["name"], problems=required("name"))
    base = templates.get_template(body.template).settings if body.template else Settings()
    created = tournaments.create_tournament(body.settings(base), actor())
    return jsonify(id=created.id, slug=created.slug), 201


@bp.get("/tournaments/<int:tid>")
@ddt_api
def show(tid: int):
    """The DdT's whole view, or at a festival's size the console's part of it (`?view=`)."""
    return jsonify(_shown(tid))


@reads_query(SHOWN_PARAMETER)
def _shown(tid: int) -> dict[str, Any]:
    """The DdT's view as `?view=` asks (SHOWN_PARAMETER): whole for a club's field or when asked,
    else the console's part, a hundredth of a festival's megabyte."""
    shape = request.args.get("view")
    if shape not in (None, "full", "dashboard"):
        raise RequestRefused("INVALID_REQUEST", fields=["view"],
                             problems="view: one of full, dashboard")
    state = tournaments.current(tid)
    if shape is None:
        shape = "full" if len(state.players) <= WHOLE_VIEW_UP_TO else "dashboard"
    if shape == "full":
        return held_view(tid, "td", state)
    return console_answer(tid, state)


@bp.get("/tournaments/<int:tid>/settings")
@ddt_api
def show_settings(tid: int):
    return jsonify(settings_json(tournaments.current(tid).settings))


@bp.put("/tournaments/<int:tid>/settings")
@bp.post("/tournaments/<int:tid>/settings")
@ddt_api
def change_settings(tid: int):
    body = parse_json(SettingsBody)
    base = tournaments.current(tid).settings
    if body.template:
        base = replace(templates.get_template(body.template).settings, name=base.name)
    return act(tid, ConfigureTournament(body.settings(base)))


@bp.post("/tournaments/<int:tid>/undo")
@ddt_api
def undo(tid: int):
    """The newest action made at the DdT's console or API, never a table's, a phone's or the
    clock's."""
    return answer(tid, lambda: tournaments.undo(tid, actor(), floor=roles.undoes_own_only()))


@bp.post("/tournaments/<int:tid>/redo")
@ddt_api
def redo(tid: int):
    return answer(tid, lambda: tournaments.redo(tid, actor(), floor=roles.undoes_own_only()))


@bp.post("/tournaments/<int:tid>/events/<int:seq>/revert")
@ddt_api
def revert(tid: int, seq: int):
    """One earlier event of any owner, when nothing after it depends on it (else 422
    REVERT_CONFLICT naming the later events in `params.conflicts`)."""
    parse_json(ApiBody)
    return answer(tid, lambda: tournaments.revert(tid, seq, actor()))


class ReinstateBody(ApiBody):
    """The chips a busted player comes back with."""

    stack: Annotated[int, Field(ge=1, le=1_000_000_000)]


@bp.post("/tournaments/<int:tid>/players/<int:pid>/reinstate")
@ddt_api
def reinstate(tid: int, pid: int):
    """Bring a busted player back into play at a seat the seating rules choose."""
    body = parse_json(ReinstateBody)
    return act(tid, ReinstatePlayer(pid, body.stack))


@bp.get("/tournaments/<int:tid>/log")
@ddt_api
def event_log(tid: int):
    return jsonify(
        events=[
            entry.as_json(translate, money) for entry in journal.entries(tid)
        ]
    )


class PayoutsBody(ApiBody):
    """A deal: the prize of each place in cents, first place first; `[]` restores the table."""

    amounts: Annotated[list[Count], Field(max_length=500)]


@bp.post("/tournaments/<int:tid>/payouts")
@bp.put("/tournaments/<int:tid>/payouts")
@ddt_api
def adjust_payouts(tid: int):
    body = parse_json(PayoutsBody)
    return act(tid, AdjustPayouts(tuple(body.amounts)))
