"""A tournament's players over JSON: entries, purchases, chips, presence and bust-outs.

Every write is one service call and answers the DdT's whole view, except a registration, which
answers 201 with the new player's id.
"""

from __future__ import annotations

from typing import Annotated

from flask import jsonify
from pydantic import Field

from tdapp.services import roster, tournaments
from tdapp.tournament.busts import BustPlayer, BustPlayers
from tdapp.tournament.chips import ChipCount, CountChips, SetChips
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.purchases import AddOn, Rebuy
from tdapp.tournament.registration import ReEnterPlayer, RegisterPlayer, UnregisterPlayer
from tdapp.web.api import ApiBody, actor, bp, ddt_required, parse_json
from tdapp.web.api.settings import Count, PlayerIds, Positive
from tdapp.web.api.tournaments import act
from tdapp.web.api.validation import required
from tdapp.web.errors import RequestRefused


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
        raise RequestRefused("INVALID_REQUEST", fields=["name"], problems=required("name"))
    command = RegisterPlayer(name, roster_id=body.roster_id, bonus_chips=body.bonus_chips)
    state = tournaments.dispatch(tid, command, actor())
    # Player ids are dense and given in registration order: the newest is the last one.
    return jsonify(id=state.players.next_id - 1, version=state.version), 201


@bp.post("/tournaments/<int:tid>/players/<int:pid>/unregister")
@ddt_required
def unregister(tid: int, pid: int):
    return act(tid, UnregisterPlayer(pid))


@bp.post("/tournaments/<int:tid>/players/<int:pid>/reentry")
@ddt_required
def re_enter(tid: int, pid: int):
    return act(tid, ReEnterPlayer(pid))


# --- purchases, chips, presence, bust-outs ---------------------------------------------------


class PurchaseBody(ApiBody):
    stack: Count | None = None


@bp.post("/tournaments/<int:tid>/players/<int:pid>/rebuy")
@ddt_required
def rebuy(tid: int, pid: int):
    body = parse_json(PurchaseBody)
    return act(tid, Rebuy(pid, stack=body.stack))


@bp.post("/tournaments/<int:tid>/players/<int:pid>/addon")
@ddt_required
def add_on(tid: int, pid: int):
    body = parse_json(PurchaseBody)
    return act(tid, AddOn(pid, stack=body.stack))


class ChipsBody(ApiBody):
    stack: Count


@bp.post("/tournaments/<int:tid>/players/<int:pid>/chips")
@ddt_required
def chips(tid: int, pid: int):
    body = parse_json(ChipsBody)
    return act(tid, SetChips(pid, body.stack))


class CountBody(ApiBody):
    player: Positive
    stack: Count


class CountsBody(ApiBody):
    counts: Annotated[list[CountBody], Field(min_length=1, max_length=10_000)]


@bp.post("/tournaments/<int:tid>/chips")
@ddt_required
def count_chips(tid: int):
    body = parse_json(CountsBody)
    return act(tid, CountChips(tuple(ChipCount(c.player, c.stack) for c in body.counts)))


class AbsentBody(ApiBody):
    absent: bool


@bp.post("/tournaments/<int:tid>/players/<int:pid>/absent")
@ddt_required
def absent(tid: int, pid: int):
    body = parse_json(AbsentBody)
    return act(tid, SetAbsent(pid, body.absent))


class BustBody(ApiBody):
    hand_stack: Count | None = None


@bp.post("/tournaments/<int:tid>/players/<int:pid>/bust")
@ddt_required
def bust(tid: int, pid: int):
    body = parse_json(BustBody)
    return act(tid, BustPlayer(pid, hand_stack=body.hand_stack))


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
    return act(tid, command)
