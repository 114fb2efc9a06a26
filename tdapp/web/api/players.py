"""A tournament's players over JSON: entries, purchases, chips, presence and bust-outs.

Every write is one service call and answers the DdT's whole view, except a registration, which
answers 201 with the new player's id.
"""

from __future__ import annotations

from typing import Annotated

from flask import jsonify
from pydantic import Field

from tdapp.services import roster, tournaments
from tdapp.services.membership import membership_of
from tdapp.tournament.busts import BustPlayer, BustPlayers
from tdapp.tournament.chips import ChipCount, CountChips, SetChips
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.purchases import AddOn, Rebuy
from tdapp.tournament.registration import ReEnterPlayer, RegisterPlayer, UnregisterPlayer
from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.settings import Count, Gender, PlayerIds, Positive
from tdapp.web.api.tournaments import act
from tdapp.web.api.v1 import bp
from tdapp.web.api.validation import required
from tdapp.web.errors import RequestRefused
from tdapp.web.guards import actor, ddt_api


class RegisterBody(ApiBody):
    name: Annotated[str, Field(max_length=200)] | None = None
    roster_id: Positive | None = None
    bonus_chips: Count = 0
    same_name_ok: bool = False
    gender: Gender = None
    as_guest: bool = False


@bp.post("/tournaments/<int:tid>/players")
@ddt_api
def register(tid: int):
    """201 with the new player's id. A roster player may be named by `roster_id` alone. A name
    already in the tournament (case, accents and spaces ignored) is refused with 422
    DUPLICATE_PLAYER naming the player who has it, unless `same_name_ok` says it is another
    person. On a night for members only, who holds no valid card is refused (NOT_A_MEMBER,
    MEMBERSHIP_EXPIRED) or, with a guest fee, pays it as a guest (`as_guest` for an expired
    card)."""
    body = parse_json(RegisterBody)
    name, gender = body.name, body.gender
    if body.roster_id is not None:
        member = roster.member(body.roster_id)
        name = member.name if name is None else name
        gender = member.gender if "gender" not in body.model_fields_set else gender
    if name is None:
        raise RequestRefused("INVALID_REQUEST", fields=["name"], problems=required("name"))
    membership = membership_of(tournaments.current(tid).settings, name, body.roster_id)
    command = RegisterPlayer(name, roster_id=body.roster_id, bonus_chips=body.bonus_chips,
                             same_name_ok=body.same_name_ok, gender=gender,
                             membership=membership, as_guest=body.as_guest)
    state = tournaments.dispatch(tid, command, actor())
    # Player ids are dense and given in registration order: the newest is the last one.
    return jsonify(id=state.players.next_id - 1, version=state.version), 201


@bp.post("/tournaments/<int:tid>/players/<int:pid>/unregister")
@ddt_api
def unregister(tid: int, pid: int):
    return act(tid, UnregisterPlayer(pid))


class ReEntryBody(ApiBody):
    """`forfeit`: a player still in play re-enters, and the chips in front of them leave play."""

    forfeit: bool = False


@bp.post("/tournaments/<int:tid>/players/<int:pid>/reentry")
@ddt_api
def re_enter(tid: int, pid: int):
    body = parse_json(ReEntryBody)
    return act(tid, ReEnterPlayer(pid, forfeit=body.forfeit))


# --- purchases, chips, presence, bust-outs ---------------------------------------------------


class PurchaseBody(ApiBody):
    stack: Count | None = None


@bp.post("/tournaments/<int:tid>/players/<int:pid>/rebuy")
@ddt_api
def rebuy(tid: int, pid: int):
    body = parse_json(PurchaseBody)
    return act(tid, Rebuy(pid, stack=body.stack))


@bp.post("/tournaments/<int:tid>/players/<int:pid>/addon")
@ddt_api
def add_on(tid: int, pid: int):
    body = parse_json(PurchaseBody)
    return act(tid, AddOn(pid, stack=body.stack))


class ChipsBody(ApiBody):
    stack: Count


@bp.post("/tournaments/<int:tid>/players/<int:pid>/chips")
@ddt_api
def chips(tid: int, pid: int):
    body = parse_json(ChipsBody)
    return act(tid, SetChips(pid, body.stack))


class CountBody(ApiBody):
    player: Positive
    stack: Count


class CountsBody(ApiBody):
    counts: Annotated[list[CountBody], Field(min_length=1, max_length=10_000)]


@bp.post("/tournaments/<int:tid>/chips")
@ddt_api
def count_chips(tid: int):
    body = parse_json(CountsBody)
    return act(tid, CountChips(tuple(ChipCount(c.player, c.stack) for c in body.counts)))


class AbsentBody(ApiBody):
    absent: bool


@bp.post("/tournaments/<int:tid>/players/<int:pid>/absent")
@ddt_api
def absent(tid: int, pid: int):
    body = parse_json(AbsentBody)
    return act(tid, SetAbsent(pid, body.absent))


Eliminators = Annotated[list[Positive], Field(max_length=10)]


class BustBody(ApiBody):
    """`eliminated_by`: the players who won the pot(s) the player lost; they take the bounty."""

    hand_stack: Count | None = None
    eliminated_by: Eliminators = []


@bp.post("/tournaments/<int:tid>/players/<int:pid>/bust")
@ddt_api
def bust(tid: int, pid: int):
    body = parse_json(BustBody)
    return act(tid, BustPlayer(pid, body.hand_stack, tuple(body.eliminated_by)))


class BustsBody(ApiBody):
    """Several players out in the same hand (TO-14): `hand_stacks` and `eliminated_by` (a list
    of eliminators for each) pair with `players`."""

    players: PlayerIds
    hand_stacks: Annotated[list[Count], Field(max_length=100)] = []
    hand_for_hand: bool = False
    eliminated_by: Annotated[list[Eliminators], Field(max_length=100)] = []


@bp.post("/tournaments/<int:tid>/busts")
@ddt_api
def busts(tid: int):
    body = parse_json(BustsBody)
    command = BustPlayers(
        tuple(body.players),
        tuple(body.hand_stacks),
        body.hand_for_hand,
        tuple(tuple(named) for named in body.eliminated_by),
    )
    return act(tid, command)
