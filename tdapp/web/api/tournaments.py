"""Tournaments over JSON: set-up, entries, seats, purchases, chips, bust-outs, payouts, undo.

Every writing endpoint is one service call; it answers with the DdT's whole view (the new
`version` included), except creations, which answer 201 with the new id.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any, Literal

from flask import jsonify
from pydantic import Field

from tdapp.realtime import td_view
from tdapp.services import journal, roster, templates, tournaments
from tdapp.tournament.busts import BustPlayer, BustPlayers
from tdapp.tournament.chips import ChipCount, CountChips, SetChips
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.payouts import AdjustPayouts
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.purchases import AddOn, Rebuy
from tdapp.tournament.registration import ReEnterPlayer, RegisterPlayer, UnregisterPlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import Settings
from tdapp.tournament.state import Tournament
from tdapp.web.api import ApiBody, actor, bp, ddt_required, parse_json
from tdapp.web.api.settings import Count, PlayerIds, Positive, SettingsBody, settings_json
from tdapp.web.errors import RequestRefused, translate


def _answer(tournament_id: int, state: Tournament):
    return jsonify(td_view(tournament_id, state))


def _do(tournament_id: int, command: Any):
    return _answer(tournament_id, tournaments.dispatch(tournament_id, command, actor()))


# --- tournaments -----------------------------------------------------------------------------


@bp.get("/tournaments")
@ddt_required
def list_tournaments():
    return jsonify(
        tournaments=[
            {"id": t.id, "slug": t.slug, "name": t.name, "version": t.version}
            for t in tournaments.list_tournaments()
        ]
    )


@bp.post("/tournaments")
@ddt_required
def create_tournament():
    body = parse_json(SettingsBody)
    if body.name is None:
        raise RequestRefused("INVALID_REQUEST", fields=["name"], problems="name: Field required")
    base = templates.get_template(body.template).settings if body.template else Settings()
    created = tournaments.create_tournament(body.settings(base), actor())
    return jsonify(id=created.id, slug=created.slug), 201


@bp.get("/tournaments/<int:tid>")
@ddt_required
def show(tid: int):
    return _answer(tid, tournaments.current(tid))


@bp.get("/tournaments/<int:tid>/settings")
@ddt_required
def show_settings(tid: int):
    return jsonify(settings_json(tournaments.current(tid).settings))


@bp.put("/tournaments/<int:tid>/settings")
@bp.post("/tournaments/<int:tid>/settings")
@ddt_required
def change_settings(tid: int):
    body = parse_json(SettingsBody)
    base = tournaments.current(tid).settings
    if body.template:
        base = replace(templates.get_template(body.template).settings, name=base.name)
    return _do(tid, ConfigureTournament(body.settings(base)))


@bp.post("/tournaments/<int:tid>/undo")
@ddt_required
def undo(tid: int):
    return _answer(tid, tournaments.undo(tid, actor()))


@bp.post("/tournaments/<int:tid>/redo")
@ddt_required
def redo(tid: int):
    return _answer(tid, tournaments.redo(tid, actor()))


@bp.get("/tournaments/<int:tid>/log")
@ddt_required
def event_log(tid: int):
    return jsonify(
        events=[
            entry.as_json() | {"text": translate(entry.code, entry.params)}
            for entry in journal.entries(tid)
        ]
    )


# --- entries ---------------------------------------------------------------------------------


class RegisterBody(ApiBody):
    name: Annotated[str, Field(max_length=200)] | None = None
    roster_id: Positive | None = None
    bonus_chips: Count = 0


@bp.post("/tournaments/<int:tid>/players")
@ddt_required
def register(tid: int):
    """201 with the new player's id. A roster player may be named by `roster_id` alone."""
    body = parse_json(RegisterBody)
    name = body.name
    if body.roster_id is not None and name is None:
        name = roster.member(body.roster_id).name
    if name is None:
        raise RequestRefused("INVALID_REQUEST", fields=["name"], problems="name: Field required")
    command = RegisterPlayer(name, roster_id=body.roster_id, bonus_chips=body.bonus_chips)
    state = tournaments.dispatch(tid, command, actor())
    # Player ids are dense and given in registration order: the newest is the last one.
    return jsonify(id=state.players.next_id - 1, version=state.version), 201


@bp.post("/tournaments/<int:tid>/players/<int:pid>/unregister")
@ddt_required
def unregister(tid: int, pid: int):
    return _do(tid, UnregisterPlayer(pid))


@bp.post("/tournaments/<int:tid>/players/<int:pid>/reentry")
@ddt_required
def re_enter(tid: int, pid: int):
    return _do(tid, ReEnterPlayer(pid))


class DrawBody(ApiBody):
    tables: Annotated[int, Field(ge=1, le=1000)] | None = None
    formation: Literal["even", "club"] = "even"


@bp.post("/tournaments/<int:tid>/seats/draw")
@ddt_required
def draw_seats(tid: int):
    body = parse_json(DrawBody)
    return _do(tid, DrawSeats(tables=body.tables, formation=body.formation))


# --- purchases, chips, presence, bust-outs ---------------------------------------------------


class PurchaseBody(ApiBody):
    stack: Count | None = None


@bp.post("/tournaments/<int:tid>/players/<int:pid>/rebuy")
@ddt_required
def rebuy(tid: int, pid: int):
    return _do(tid, Rebuy(pid, stack=parse_json(PurchaseBody).stack))


@bp.post("/tournaments/<int:tid>/players/<int:pid>/addon")
@ddt_required
def add_on(tid: int, pid: int):
    return _do(tid, AddOn(pid, stack=parse_json(PurchaseBody).stack))


class ChipsBody(ApiBody):
    stack: Count


@bp.post("/tournaments/<int:tid>/players/<int:pid>/chips")
@ddt_required
def chips(tid: int, pid: int):
    return _do(tid, SetChips(pid, parse_json(ChipsBody).stack))


class CountBody(ApiBody):
    player: Positive
    stack: Count


class CountsBody(ApiBody):
    counts: Annotated[list[CountBody], Field(min_length=1, max_length=10_000)]


@bp.post("/tournaments/<int:tid>/chips")
@ddt_required
def count_chips(tid: int):
    body = parse_json(CountsBody)
    return _do(tid, CountChips(tuple(ChipCount(c.player, c.stack) for c in body.counts)))


class AbsentBody(ApiBody):
    absent: bool


@bp.post("/tournaments/<int:tid>/players/<int:pid>/absent")
@ddt_required
def absent(tid: int, pid: int):
    return _do(tid, SetAbsent(pid, parse_json(AbsentBody).absent))


class BustBody(ApiBody):
    hand_stack: Count | None = None


@bp.post("/tournaments/<int:tid>/players/<int:pid>/bust")
@ddt_required
def bust(tid: int, pid: int):
    return _do(tid, BustPlayer(pid, hand_stack=parse_json(BustBody).hand_stack))


class BustsBody(ApiBody):
    """Several players out in the same hand (TO-14): `hand_stacks` pairs with `players`."""

    players: PlayerIds
    hand_stacks: Annotated[list[Count], Field(max_length=100)] = []
    hand_for_hand: bool = False


@bp.post("/tournaments/<int:tid>/busts")
@ddt_required
def busts(tid: int):
    body = parse_json(BustsBody)
    command = BustPlayers(tuple(body.players), tuple(body.hand_stacks), body.hand_for_hand)
    return _do(tid, command)


class PayoutsBody(ApiBody):
    """A deal: the prize of each place in cents, first place first; `[]` restores the table."""

    amounts: Annotated[list[Count], Field(max_length=500)]


@bp.post("/tournaments/<int:tid>/payouts")
@bp.put("/tournaments/<int:tid>/payouts")
@ddt_required
def adjust_payouts(tid: int):
    return _do(tid, AdjustPayouts(tuple(parse_json(PayoutsBody).amounts)))
