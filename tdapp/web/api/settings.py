"""Request bodies shared by the API's endpoints, and a tournament's set-up in and out of JSON.

The set-up travels in one shape both ways: what `GET .../settings` answers, `POST /tournaments`
takes back.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Annotated, Any, Literal

from flask_babel import gettext
from pydantic import Field

from tdapp.i18n import club_zone
from tdapp.tournament.colour_up.chip_set import MAX_COLOUR_NAME, MAX_COLOURS, ChipColour
from tdapp.tournament.settings import (
    AddOnRules,
    BountyRules,
    PayoutBracket,
    RebuyRules,
    ReEntryRules,
    Settings,
)
from tdapp.tournament.signups.model import SignupSettings
from tdapp.tournament.structure import Break, Level, Structure
from tdapp.web.api.bodies import ApiBody
from tdapp.web.errors import RequestRefused

MAX_NUMBER = 1_000_000_000
Count = Annotated[int, Field(ge=0, le=MAX_NUMBER)]
Positive = Annotated[int, Field(ge=1, le=MAX_NUMBER)]
LevelNumber = Annotated[int, Field(ge=1, le=1000)]
PlayerIds = Annotated[list[Positive], Field(min_length=1, max_length=100)]
# A player's gender (tdapp.tournament.players.GENDERS), or null: unknown, said in neutral words.
Gender = Literal["f", "m"] | None


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
    fee: Count = 0
    chips_as_stack: bool = False
    price_as_buy_in: bool = False


class AddOnBody(ApiBody):
    """`chips_as_stack` and `price_as_buy_in` tie the chips and the price to the starting stack
    and the buy-in (the rebuy's the same): `chips` and `price` then follow them."""

    chips: Positive
    price: Count
    until_level: LevelNumber | None = None
    fee: Count = 0
    chips_as_stack: bool = False
    price_as_buy_in: bool = False


class ReEntryBody(ApiBody):
    until_level: LevelNumber
    price: Count
    max_entries: Positive | None = None
    fee: Count = 0


class BountyBody(ApiBody):
    """Cents on each entry's head; `progressive`: half to the eliminator, half onto their head."""

    cents: Positive
    progressive: bool = False


class PayoutBracketBody(ApiBody):
    max_entries: Positive
    basis_points: Annotated[list[Positive], Field(min_length=1, max_length=500)]


class ChipColourBody(ApiBody):
    value: Positive
    colour: Annotated[str, Field(min_length=1, max_length=MAX_COLOUR_NAME)]
    available: Count


class SignupsBody(ApiBody):
    """Sign-ups before the night: open from `opens_at` to `closes_at` (ISO 8601; a time without
    an offset is in the club's zone; null: from now, until the start), `cap` places, then a
    `waitlist` or a refusal; `approval` by the DdT; `members_only`, with guests let in for
    `guest_fee` cents when it is more than 0; `tables`, the room's tables for the night, bound
    the cap to their seats when given."""

    cap: Positive
    opens_at: dt.datetime | None = None
    closes_at: dt.datetime | None = None
    waitlist: bool = True
    approval: bool = False
    members_only: bool = False
    guest_fee: Count = 0
    tables: Positive | None = None

    def rules(self) -> SignupSettings:
        return SignupSettings(
            cap=self.cap, opens_at=_utc(self.opens_at), closes_at=_utc(self.closes_at),
            waitlist=self.waitlist, approval=self.approval, members_only=self.members_only,
            guest_fee_cents=self.guest_fee, tables=self.tables)


def _utc(moment: dt.datetime | None) -> dt.datetime | None:
    """An instant in UTC; a time without an offset is read in the club's zone."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=club_zone())
    return moment.astimezone(dt.UTC)


class SettingsBody(ApiBody):
    """A tournament's set-up. On creation, what is left out comes from `template` (a template
    id) or the club's defaults; on a settings change, from the tournament's current settings."""

    template: Positive | None = None
    name: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    date: dt.date | None = None
    buy_in: Count | None = None
    fee: Count | None = None
    bounty: BountyBody | None = None
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
    chip_set: Annotated[list[ChipColourBody], Field(max_length=MAX_COLOURS)] | None = None
    signups: SignupsBody | None = None

    def settings(self, base: Settings) -> Settings:
        """`base` with every field this body sets; a field sent as null clears an optional rule."""
        given = self.model_fields_set
        changes: dict[str, Any] = {}
        simple = {
            "name": "name",
            "date": "date",
            "buy_in": "buy_in_cents",
            "fee": "fee_cents",
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
                        "INVALID_REQUEST", fields=[field], problems=gettext("%(field)s cannot be empty") % {"field": field}
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
                fee_cents=self.rebuy.fee,
                chips_as_stack=self.rebuy.chips_as_stack,
                price_as_buy_in=self.rebuy.price_as_buy_in,
            )
        if "add_on" in given:
            changes["add_on"] = self.add_on and AddOnRules(
                chips=self.add_on.chips,
                price_cents=self.add_on.price,
                until_level=self.add_on.until_level,
                fee_cents=self.add_on.fee,
                chips_as_stack=self.add_on.chips_as_stack,
                price_as_buy_in=self.add_on.price_as_buy_in,
            )
        if "re_entry" in given:
            changes["re_entry"] = self.re_entry and ReEntryRules(
                until_level=self.re_entry.until_level,
                price_cents=self.re_entry.price,
                max_entries=self.re_entry.max_entries,
                fee_cents=self.re_entry.fee,
            )
        if "bounty" in given:
            changes["bounty"] = self.bounty and BountyRules(
                cents=self.bounty.cents, progressive=self.bounty.progressive
            )
        if "payouts" in given and self.payouts is not None:
            changes["payouts"] = tuple(
                PayoutBracket(b.max_entries, tuple(b.basis_points)) for b in self.payouts
            )
        if "options" in given and self.options is not None:
            changes["options"] = dict(self.options)
        if "chip_set" in given:
            # Smallest first, whatever order they were sent in.
            chips = sorted(self.chip_set or (), key=lambda c: c.value)
            changes["chip_set"] = tuple(ChipColour(c.value, c.colour, c.available) for c in chips)
        if "signups" in given:
            changes["signups"] = self.signups and self.signups.rules()
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


def settings_json(settings: Settings) -> dict[str, Any]:
    """Settings in the shape `SettingsBody` reads, so that what is read can be sent back."""

    def rules(value: Any, **fields: str) -> dict[str, Any] | None:
        return value and {key: getattr(value, attr) for key, attr in fields.items()}

    return {
        "name": settings.name,
        "date": settings.date.isoformat() if settings.date else None,
        "buy_in": settings.buy_in_cents,
        "fee": settings.fee_cents,
        "bounty": rules(settings.bounty, cents="cents", progressive="progressive"),
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
            fee="fee_cents",
            chips_as_stack="chips_as_stack",
            price_as_buy_in="price_as_buy_in",
        ),
        "add_on": rules(
            settings.add_on, chips="chips", price="price_cents", until_level="until_level",
            fee="fee_cents", chips_as_stack="chips_as_stack", price_as_buy_in="price_as_buy_in",
        ),
        "re_entry": rules(
            settings.re_entry,
            until_level="until_level",
            price="price_cents",
            max_entries="max_entries",
            fee="fee_cents",
        ),
        "payouts": [
            {"max_entries": b.max_entries, "basis_points": list(b.basis_points)}
            for b in settings.payouts
        ],
        "rounding": settings.rounding_cents,
        "decision_seconds": settings.decision_seconds,
        "options": dict(settings.options),
        "chip_set": [
            {"value": c.value, "colour": c.colour, "available": c.available}
            for c in settings.chip_set
        ],
        "signups": _signups_json(settings.signups),
    }


def _signups_json(rules: SignupSettings | None) -> dict[str, Any] | None:
    """The sign-up rules, their times in the club's zone with its offset."""
    if rules is None:
        return None

    def local(moment: dt.datetime | None) -> str | None:
        return moment.astimezone(club_zone()).isoformat() if moment else None

    return {"opens_at": local(rules.opens_at), "closes_at": local(rules.closes_at),
            "cap": rules.cap, "waitlist": rules.waitlist, "approval": rules.approval,
            "members_only": rules.members_only, "guest_fee": rules.guest_fee_cents,
            "tables": rules.tables}


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
