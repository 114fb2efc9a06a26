"""Set-up: every setting of the tournament on one page, the blind structure included.

Saving sends one ConfigureTournament command (so undo takes a set-up back too). A refused form is
shown again with what the DdT typed and the reason, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from flask import request
from flask_babel import gettext

from tdapp.i18n import club_zone
from tdapp.kernel.numbers import LARGEST_ID, whole_or_none
from tdapp.kernel.refusals import DomainError
from tdapp.services import templates, tournaments
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.settings import (
    AddOnRules,
    BountyRules,
    RebuyRules,
    ReEntryRules,
    Settings,
    entry_mismatches,
    known_options,
)
from tdapp.tournament.signups.model import SignupSettings
from tdapp.tournament.structure import Break, Level, Structure
from tdapp.web.guards import actor
from tdapp.web.td import bp
from tdapp.web.td.console import back, flash_done, render, tell
from tdapp.web.td.formats import euros, minutes, template_name
from tdapp.web.td.forms import (
    FormError,
    cents,
    day,
    local_moment,
    optional_whole,
    seconds,
    text,
    whole,
)

# Blank rows offered under the structure, for new levels or breaks.
SPARE_ROWS = 3
# The structure grid's length: more rows than any structure needs, fewer than a page can hold.
MAX_ROWS = 500


def form_values(settings: Settings) -> dict[str, str]:
    """The settings as the form's fields hold them (strings, euros, minutes)."""
    values = {
        "name": settings.name,
        "date": settings.date.isoformat() if settings.date else "",
        "buy_in": euros(settings.buy_in_cents),
        "fee": _no_fee(settings.fee_cents),
        "seats_per_table": str(settings.seats_per_table),
        "starting_stack": str(settings.starting_stack),
        "late_until": _blank(settings.late_registration_until_level),
        "rounding": euros(settings.rounding_cents),
        "decision_seconds": str(settings.decision_seconds),
    }
    if settings.rebuy:
        rebuy = settings.rebuy
        values |= {
            "rebuy": "1", "rebuy_until": str(rebuy.until_level), "rebuy_chips": str(rebuy.chips),
            "rebuy_price": euros(rebuy.price_cents), "rebuy_max_stack": str(rebuy.max_stack),
            "rebuy_max": _blank(rebuy.max_per_player), "rebuy_fee": _no_fee(rebuy.fee_cents),
        } | _linked("rebuy", rebuy)
    if settings.add_on:
        add_on = settings.add_on
        values |= {
            "add_on": "1", "add_on_chips": str(add_on.chips),
            "add_on_price": euros(add_on.price_cents), "add_on_until": _blank(add_on.until_level),
            "add_on_fee": _no_fee(add_on.fee_cents),
        } | _linked("add_on", add_on)
    if settings.re_entry:
        re_entry = settings.re_entry
        values |= {
            "re_entry": "1", "re_entry_until": str(re_entry.until_level),
            "re_entry_price": euros(re_entry.price_cents),
            "re_entry_max": _blank(re_entry.max_entries),
            "re_entry_fee": _no_fee(re_entry.fee_cents),
        }
    if settings.bounty:
        values |= {"bounty": "1", "bounty_amount": euros(settings.bounty.cents)}
        if settings.bounty.progressive:
            values["bounty_progressive"] = "1"
    values |= _signup_values(settings.signups)
    for key in known_options():
        values[f"option-{key}"] = settings.option(key)
    periods = settings.structure.periods
    for index, period in enumerate(periods):
        values[f"minutes-{index}"] = minutes(period.seconds)
        if isinstance(period, Break):
            values |= {f"kind-{index}": "break", f"note-{index}": period.note}
        else:
            values |= {
                f"kind-{index}": "level", f"sb-{index}": str(period.small_blind),
                f"bb-{index}": str(period.big_blind), f"ante-{index}": str(period.ante),
            }
            if period.big_blind_ante:
                values[f"bba-{index}"] = "1"
    values["rows"] = str(len(periods) + SPARE_ROWS)
    return values


def _signup_values(signups: SignupSettings | None) -> dict[str, str]:
    """Sign-ups before the night; off, the waitlist box stays ticked for when they are turned
    on (the default a club expects: past the cap, a queue rather than a refusal)."""
    if signups is None:
        return {"signups_waitlist": "1"}
    ticked = {name: "1" if getattr(signups, name) else "" for name in
              ("waitlist", "approval", "members_only")}
    return {
        "signups": "1", "signups_cap": str(signups.cap),
        "signups_opens": _local(signups.opens_at), "signups_closes": _local(signups.closes_at),
        "signups_tables": _blank(signups.tables),
        "signups_guest_fee": _no_fee(signups.guest_fee_cents),
    } | {f"signups_{name}": value for name, value in ticked.items()}


def _local(moment: datetime | None) -> str:
    """A moment as the browser's date-and-time field shows it, in the room's time zone."""
    return moment.astimezone(club_zone()).strftime("%Y-%m-%dT%H:%M") if moment else ""


def _linked(prefix: str, rules: RebuyRules | AddOnRules) -> dict[str, str]:
    """The "same as the starting stack" and "same as the buy-in" boxes, ticked or not."""
    return {f"{prefix}_chips_as_stack": "1" if rules.chips_as_stack else "",
            f"{prefix}_price_as_buy_in": "1" if rules.price_as_buy_in else ""}


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)


def _no_fee(cents: int) -> str:
    """A fee field is left empty when there is none."""
    return euros(cents) if cents else ""


def _fee(form: Mapping[str, str], name: str) -> int:
    """A fee as typed in euros; left empty, no fee."""
    return cents(form, name, gettext("Fee")) if text(form, name) else 0


def settings_from(form: Mapping[str, str], current: Settings) -> Settings:
    """The settings the form describes; a field the DdT cannot have meant raises FormError."""
    return replace(
        current,
        name=text(form, "name"),
        date=day(form, "date"),
        buy_in_cents=cents(form, "buy_in", gettext("Buy-in")),
        fee_cents=_fee(form, "fee"),
        bounty=_bounty(form),
        signups=_signups(form),
        seats_per_table=whole(form, "seats_per_table", gettext("Seats per table"), 2, 10),
        starting_stack=whole(form, "starting_stack", gettext("Starting stack"), 1),
        late_registration_until_level=optional_whole(
            form, "late_until", gettext("Late registration until level"), 1
        ),
        rebuy=_rebuy(form),
        add_on=_add_on(form),
        re_entry=_re_entry(form),
        rounding_cents=cents(form, "rounding", gettext("Rounding unit")),
        decision_seconds=whole(form, "decision_seconds", gettext("Seconds per decision"), 1),
        options={key: form.get(f"option-{key}", default) for key, (_, default) in
                 known_options().items()},
        structure=_structure(form),
    )


def _rebuy(form: Mapping[str, str]) -> RebuyRules | None:
    if not form.get("rebuy"):
        return None
    return RebuyRules(
        until_level=whole(form, "rebuy_until", gettext("Rebuys until level"), 1),
        chips=whole(form, "rebuy_chips", gettext("Rebuy chips"), 1),
        price_cents=cents(form, "rebuy_price", gettext("Rebuy price")),
        max_stack=whole(form, "rebuy_max_stack", gettext("Rebuy allowed with a stack up to"), 0),
        max_per_player=optional_whole(form, "rebuy_max", gettext("Rebuys per player"), 1),
        fee_cents=_fee(form, "rebuy_fee"),
        chips_as_stack=bool(form.get("rebuy_chips_as_stack")),
        price_as_buy_in=bool(form.get("rebuy_price_as_buy_in")),
    )


def _add_on(form: Mapping[str, str]) -> AddOnRules | None:
    if not form.get("add_on"):
        return None
    return AddOnRules(
        chips=whole(form, "add_on_chips", gettext("Add-on chips"), 1),
        price_cents=cents(form, "add_on_price", gettext("Add-on price")),
        until_level=optional_whole(form, "add_on_until", gettext("Add-on until level"), 1),
        fee_cents=_fee(form, "add_on_fee"),
        chips_as_stack=bool(form.get("add_on_chips_as_stack")),
        price_as_buy_in=bool(form.get("add_on_price_as_buy_in")),
    )


def _re_entry(form: Mapping[str, str]) -> ReEntryRules | None:
    if not form.get("re_entry"):
        return None
    return ReEntryRules(
        until_level=whole(form, "re_entry_until", gettext("Re-entry until level"), 1),
        price_cents=cents(form, "re_entry_price", gettext("Re-entry price")),
        max_entries=optional_whole(form, "re_entry_max", gettext("Entries per player"), 2),
        fee_cents=_fee(form, "re_entry_fee"),
    )


def _signups(form: Mapping[str, str]) -> SignupSettings | None:
    if not form.get("signups"):
        return None
    zone = club_zone()
    return SignupSettings(
        cap=whole(form, "signups_cap", gettext("Places"), 1),
        opens_at=local_moment(form, "signups_opens", zone),
        closes_at=local_moment(form, "signups_closes", zone),
        tables=optional_whole(form, "signups_tables", gettext("Tables for the night"), 1),
        waitlist=bool(form.get("signups_waitlist")),
        approval=bool(form.get("signups_approval")),
        members_only=bool(form.get("signups_members_only")),
        guest_fee_cents=_fee(form, "signups_guest_fee"),
    )


def _bounty(form: Mapping[str, str]) -> BountyRules | None:
    if not form.get("bounty"):
        return None
    return BountyRules(
        cents=cents(form, "bounty_amount", gettext("Bounty")),
        progressive=bool(form.get("bounty_progressive")),
    )


def _structure(form: Mapping[str, str]) -> Structure:
    """Rows in order; a row with no kind, or a level row left blank, is skipped."""
    rows = whole(form, "rows", "rows", 0, MAX_ROWS)
    periods: list[Level | Break] = []
    for index in range(rows):
        kind = form.get(f"kind-{index}", "")
        if form.get(f"remove-{index}") or kind not in ("level", "break"):
            continue
        number = sum(1 for p in periods if isinstance(p, Level)) + 1
        if kind == "break":
            label = gettext("Break after level %(n)s", n=number - 1)
            periods.append(Break(seconds(form, f"minutes-{index}", label), text(form, f"note-{index}")))
            continue
        if not any(text(form, f"{f}-{index}") for f in ("sb", "bb", "ante", "minutes")):
            continue
        label = gettext("Level %(n)s", n=number)
        periods.append(
            Level(
                small_blind=whole(form, f"sb-{index}", label + " · " + gettext("small blind"), 1),
                big_blind=whole(form, f"bb-{index}", label + " · " + gettext("big blind"), 1),
                seconds=seconds(form, f"minutes-{index}", label + " · " + gettext("minutes")),
                ante=optional_whole(form, f"ante-{index}", label + " · " + gettext("ante")) or 0,
                big_blind_ante=bool(form.get(f"bba-{index}")),
            )
        )
    return Structure(tuple(periods))


def _option_labels() -> tuple[dict[str, str], dict[str, str]]:
    """Names of the rule options and their choices, with the rule each one reads (RULES.md);
    an option added later shows its key until it is named here."""
    options = {
        "stack_cap": gettext("Stack range (HE-01)"),
        "hand_for_hand_busts": gettext("Busts in one hand-for-hand hand (TO-15)"),
        "button": gettext("Button (HE-05, HE-06)"),
        "decision_limit": gettext("Decision time runs out (HE-23, HE-24)"),
        "out_of_turn": gettext("Action out of turn (HE-21, HE-22)"),
        "absent_hand": gettext("Absent player's hand (HE-25, HE-27)"),
        "river_fold": gettext("Fold on an unbet river (HE-28)"),
        "min_raise": gettext("Minimum raise (HE-13)"),
        "time_bank": gettext("Time extensions per player"),
        "phone_presence": gettext("Players mark themselves away from their phone (HE-25)"),
    }
    choices = {
        "stack_cap:start": gettext("5,000-9,000 for the starting stack (club)"),
        "stack_cap:total": gettext("no stack over 9,000, rebuys included [U]"),
        "hand_for_hand_busts:club": gettext("ordered by starting stack (club)"),
        "hand_for_hand_busts:tda": gettext("share the places of that hand (TDA)"),
        "button:dead": gettext("dead button"),
        "button:moving": gettext("moving button"),
        "decision_limit:club": gettext("no more raises (club)"),
        "decision_limit:tda": gettext("hand dead or checked (TDA)"),
        "out_of_turn:club": gettext("binding (club)"),
        "out_of_turn:tda": gettext("backs up, binding if unchanged (TDA)"),
        "absent_hand:club": gettext("dealt in, checks or folds (club)"),
        "absent_hand:tda": gettext("hand killed (TDA)"),
        "river_fold:club": gettext("refused, a check (club)"),
        "river_fold:tda": gettext("the fold stands (TDA)"),
        "min_raise:tda": gettext("largest bet or raise (TDA)"),
        "min_raise:literal": gettext("one big blind (seed 003 literally)"),
        "phone_presence:on": gettext("yes, with the player's code"),
        "phone_presence:off": gettext("no, only the tournament director"),
    }
    return options, choices


def _page(tid: int, values: Mapping[str, str], error: str | None = None, status: int = 200,
          mismatches: Sequence[str] = ()):
    """The page; `mismatches` (entry_mismatches) are shown at once, and the page's script keeps
    them up to date as the DdT types."""
    option_labels, choice_labels = _option_labels()
    return render(
        "td/setup.html", tid, status=status, values=values, error=error,
        options=known_options(), option_labels=option_labels, choice_labels=choice_labels,
        # A refused form is shown again as posted, its row count however it was sent.
        rows=whole_or_none(values.get("rows") or "0", 0, MAX_ROWS) or 0,
        templates=templates.list_templates(), mismatches=mismatches,
    )


@bp.get("/t/<int:tid>/setup")
def setup(tid: int):
    settings = tournaments.current(tid).settings
    return _page(tid, form_values(settings), mismatches=entry_mismatches(settings))


@bp.post("/t/<int:tid>/setup")
def save_setup(tid: int):
    try:
        settings = settings_from(request.form, tournaments.current(tid).settings)
        tournaments.dispatch(tid, ConfigureTournament(settings), actor=actor())
    except FormError as bad:
        return _page(tid, request.form, bad.message, 400)
    except DomainError as refused:
        return _page(tid, request.form, tell(refused), 400)
    flash_done(gettext("Set-up saved."))
    return back(tid)


@bp.post("/t/<int:tid>/setup/template")
def save_as_template(tid: int):
    """Keep the tournament's saved set-up as a template for future nights, new or over an old one
    (an empty name keeps the old one's)."""
    replacing = optional_whole(request.form, "template_id", gettext("Template"), 1, LARGEST_ID)
    name = text(request.form, "template_name")
    if replacing is not None and not name:
        name = templates.get_template(replacing).name
    saved = templates.save_template(name, tournaments.current(tid).settings, replacing)
    flash_done(gettext("Saved as the template %(name)s.", name=template_name(saved.name)))
    return back(tid)
