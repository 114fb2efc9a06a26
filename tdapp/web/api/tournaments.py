"""Tournaments over JSON: set-up, entries, seats, purchases, chips, bust-outs, payouts, undo.

Every writing endpoint is one service call; it answers with the DdT's whole view (the new
`version` included), except creations, which answer 201 with the new id.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Annotated, Any, Literal

from flask import jsonify, request
from pydantic import Field

from tdapp.models import utcnow
from tdapp.services import journal, roster, templates, tournaments
from tdapp.tournament.busts import BustPlayer, BustPlayers
from tdapp.tournament.chips import ChipCount, CountChips, SetChips
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.payouts import AdjustPayouts
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.purchases import AddOn, Rebuy
from tdapp.tournament.registration import ReEnterPlayer, RegisterPlayer, UnregisterPlayer
from tdapp.tournament.registry import view
from tdapp.tournament.seat_draw import DrawSeats
from tdapp.tournament.settings import (
    AddOnRules,
    PayoutBracket,
    RebuyRules,
    ReEntryRules,
    Settings,
)
from tdapp.tournament.state import Tournament
from tdapp.tournament.structure import Break, Level, Structure
from tdapp.web.api import ApiBody, actor, bp, ddt_required, parse_json
from tdapp.web.errors import RequestRefused, translate

# Far above any real stack, price or duration, low enough that no arithmetic on them overflows
# a database integer: anything larger is refused before it reaches the rules.
MAX_NUMBER = 1_000_000_000
Count = Annotated[int, Field(ge=0, le=MAX_NUMBER)]
Positive = Annotated[int, Field(ge=1, le=MAX_NUMBER)]
LevelNumber = Annotated[int, Field(ge=1, le=1000)]
PlayerIds = Annotated[list[Positive], Field(min_length=1, max_length=100)]


class LevelBody(ApiBody):
    small_blind: Positive
    big_blind: Positive
    ante: Count = 0
    big_blind_ante: bool = False
    seconds: Positive


class BreakBody(ApiBody):
    is_break: Literal[True] = Field(alias="break")
    seconds: Positive
    note: Annotated[str, Field(max_length=200)] = ""


class RebuyBody(ApiBody):
    until_level: LevelNumber
    chips: Positive
    price: Count
    max_stack: Count = 0
    max_per_player: Positive | None = None


class AddOnBody(ApiBody):
    chips: Positive
    price: Count
    until_level: LevelNumber | None = None


class ReEntryBody(ApiBody):
    until_level: LevelNumber
    price: Count
    max_entries: Positive | None = None


class PayoutBracketBody(ApiBody):
    max_entries: Positive
    basis_points: Annotated[list[Positive], Field(min_length=1, max_length=500)]


class SettingsBody(ApiBody):
    """A tournament's set-up. On creation, what is left out comes from `template` (a template
    id) or the club's defaults; on a settings change, from the tournament's current settings."""

    template: Positive | None = None
    name: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    date: dt.date | None = None
    buy_in: Count | None = None
    seats_per_table: Positive | None = None
    starting_stack: Count | None = None
    levels: Annotated[list[LevelBody | BreakBody], Field(min_length=1, max_length=200)] | None = (
        None
    )
    late_registration_until_level: LevelNumber | None = None
    rebuy: RebuyBody | None = None
    add_on: AddOnBody | None = None
    re_entry: ReEntryBody | None = None
    payouts: Annotated[list[PayoutBracketBody], Field(min_length=1, max_length=50)] | None = None
    rounding: Positive | None = None
    decision_seconds: Positive | None = None
    options: dict[str, str] | None = None

    def settings(self, base: Settings) -> Settings:
        """`base` with every field this body sets; a field sent as null clears an optional rule."""
        given = self.model_fields_set
        changes: dict[str, Any] = {}
        simple = {
            "name": "name",
            "date": "date",
            "buy_in": "buy_in_cents",
            "seats_per_table": "seats_per_table",
            "starting_stack": "starting_stack",
            "late_registration_until_level": "late_registration_until_level",
            "rounding": "rounding_cents",
            "decision_seconds": "decision_seconds",
        }
        for field, target in simple.items():
            if field in given:
                value = getattr(self, field)
                if value is None and target not in _NULLABLE:
                    raise RequestRefused(
                        "INVALID_REQUEST", fields=[field], problems=f"{field}: null"
                    )
                changes[target] = value
        if "levels" in given and self.levels is not None:
            changes["structure"] = Structure(tuple(_period(p) for p in self.levels))
        if "rebuy" in given:
            changes["rebuy"] = self.rebuy and RebuyRules(
                until_level=self.rebuy.until_level,
                chips=self.rebuy.chips,
                price_cents=self.rebuy.price,
                max_stack=self.rebuy.max_stack,
                max_per_player=self.rebuy.max_per_player,
            )
        if "add_on" in given:
            changes["add_on"] = self.add_on and AddOnRules(
                chips=self.add_on.chips,
                price_cents=self.add_on.price,
                until_level=self.add_on.until_level,
            )
        if "re_entry" in given:
            changes["re_entry"] = self.re_entry and ReEntryRules(
                until_level=self.re_entry.until_level,
                price_cents=self.re_entry.price,
                max_entries=self.re_entry.max_entries,
            )
        if "payouts" in given and self.payouts is not None:
            changes["payouts"] = tuple(
                PayoutBracket(b.max_entries, tuple(b.basis_points)) for b in self.payouts
            )
        if "options" in given and self.options is not None:
            changes["options"] = dict(self.options)
        return replace(base, **changes)


_NULLABLE = {"date", "late_registration_until_level"}


def _period(body: LevelBody | BreakBody) -> Level | Break:
    if isinstance(body, BreakBody):
        return Break(body.seconds, body.note)
    return Level(
        body.small_blind,
        body.big_blind,
        body.seconds,
        ante=body.ante,
        big_blind_ante=body.big_blind_ante,
    )


def td_view(tournament_id: int, state: Tournament) -> dict[str, Any]:
    """The DdT's view with the tournament's id and slug, as every endpoint answers."""
    found = tournaments.summary(tournament_id)
    result = view(state, utcnow(), "td")
    result["id"] = found.id
    result["slug"] = found.slug
    can_undo, can_redo = tournaments.can_undo_redo(tournament_id)
    result["can_undo"] = can_undo
    result["can_redo"] = can_redo
    return result


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


# --- templates and roster --------------------------------------------------------------------


def settings_json(settings: Settings) -> dict[str, Any]:
    """Settings in the shape `SettingsBody` reads, so that what is read can be sent back."""

    def rules(value: Any, **fields: str) -> dict[str, Any] | None:
        return value and {key: getattr(value, attr) for key, attr in fields.items()}

    return {
        "name": settings.name,
        "date": settings.date.isoformat() if settings.date else None,
        "buy_in": settings.buy_in_cents,
        "seats_per_table": settings.seats_per_table,
        "starting_stack": settings.starting_stack,
        "levels": [_period_json(p) for p in settings.structure.periods],
        "late_registration_until_level": settings.late_registration_until_level,
        "rebuy": rules(
            settings.rebuy,
            until_level="until_level",
            chips="chips",
            price="price_cents",
            max_stack="max_stack",
            max_per_player="max_per_player",
        ),
        "add_on": rules(
            settings.add_on, chips="chips", price="price_cents", until_level="until_level"
        ),
        "re_entry": rules(
            settings.re_entry,
            until_level="until_level",
            price="price_cents",
            max_entries="max_entries",
        ),
        "payouts": [
            {"max_entries": b.max_entries, "basis_points": list(b.basis_points)}
            for b in settings.payouts
        ],
        "rounding": settings.rounding_cents,
        "decision_seconds": settings.decision_seconds,
        "options": dict(settings.options),
    }


def _template_json(template: templates.Template) -> dict[str, Any]:
    return {"id": template.id, "name": template.name, "settings": settings_json(template.settings)}


def _period_json(period: Level | Break) -> dict[str, Any]:
    if isinstance(period, Break):
        return {"break": True, "seconds": period.seconds, "note": period.note}
    return {
        "small_blind": period.small_blind,
        "big_blind": period.big_blind,
        "ante": period.ante,
        "big_blind_ante": period.big_blind_ante,
        "seconds": period.seconds,
    }


class TemplateBody(SettingsBody):
    """A template is a set-up with a name of its own, starting from a tournament's settings
    (`tournament`), another template's (`template`), or the club's defaults."""

    tournament: Positive | None = None
    template_name: Annotated[str, Field(min_length=1, max_length=120)]


@bp.get("/templates")
@ddt_required
def list_templates():
    return jsonify(templates=[_template_json(t) for t in templates.list_templates()])


@bp.post("/templates")
@ddt_required
def save_template():
    body = parse_json(TemplateBody)
    if body.tournament:
        base = tournaments.current(body.tournament).settings
    elif body.template:
        base = templates.get_template(body.template).settings
    else:
        base = Settings()
    saved = templates.save_template(body.template_name, body.settings(base))
    return jsonify(_template_json(saved)), 201


@bp.get("/templates/<int:template_id>")
@ddt_required
def show_template(template_id: int):
    return jsonify(_template_json(templates.get_template(template_id)))


@bp.put("/templates/<int:template_id>")
@ddt_required
def edit_template(template_id: int):
    body = parse_json(TemplateBody)
    base = templates.get_template(template_id).settings
    saved = templates.save_template(body.template_name, body.settings(base), template_id)
    return jsonify(_template_json(saved))


@bp.delete("/templates/<int:template_id>")
@ddt_required
def delete_template(template_id: int):
    templates.delete_template(template_id)
    return "", 204


class MemberBody(ApiBody):
    name: Annotated[str, Field(min_length=1, max_length=200)]


@bp.get("/roster")
@ddt_required
def list_roster():
    found = roster.members(request.args.get("q", ""))
    return jsonify(players=[{"id": m.id, "name": m.name} for m in found])


@bp.post("/roster")
@ddt_required
def add_to_roster():
    member = roster.add_member(parse_json(MemberBody).name)
    return jsonify(id=member.id, name=member.name), 201
