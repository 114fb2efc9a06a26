"""A tournament's settings, their club defaults, and the checks that refuse a bad configuration.

Money is in cents, chips in chips, durations in seconds, all ints. Percentages of the prize pool
are basis points (1/100 of a percent) so that they stay ints too.

Rule options (`config.<key>=club|tda` in RULES.md) are named strings with registered choices and
a default; an area adds its own with `register_option`, and reads one with `settings.option(key)`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime

from tdapp.kernel.refusals import DomainError, Plural, register_messages
from tdapp.tournament.colour_up.chip_set import ChipColour, check_chip_set, check_playable
from tdapp.tournament.signups.model import SignupSettings
from tdapp.tournament.structure import Break, Level, Structure
from tdapp.tournament.structure_templates import CLUB

MIN_STARTING_STACK = 5000  # RULES.md HE-01, seed 003
MAX_STARTING_STACK = 9000
MIN_SEATS, MAX_SEATS = 2, 10
FULL = 10000  # basis points in 100 %

_OPTIONS: dict[str, tuple[tuple[str, ...], str]] = {}


def register_option(key: str, choices: tuple[str, ...], default: str) -> None:
    """Declares a rule option an area reads; the first choice need not be the default."""
    if default not in choices:
        raise ValueError(f"default {default!r} of option {key} is not among {choices}")
    _OPTIONS[key] = (choices, default)


def known_options() -> dict[str, tuple[tuple[str, ...], str]]:
    """Every option with its choices and default, for the set-up page."""
    return dict(_OPTIONS)


# HE-01: the club reads 5,000-9,000 as the starting stack; the [U] alternative caps any stack,
# rebuys and add-on included, at 9,000.
register_option("stack_cap", ("start", "total"), "start")
# TO-15: busts at several tables in one hand-for-hand hand are ordered by starting stack (club
# default), or all share the places of that hand (TDA RP-8A).
register_option("hand_for_hand_busts", ("club", "tda"), "club")


@dataclass(frozen=True)
class RebuyRules:
    """HE-36: rebuys until the end of level `until_level`, when the stack is at most `max_stack`
    (0: only a player with no chips), at most `max_per_player` (None: no limit) per entry."""

    until_level: int
    chips: int
    price_cents: int
    max_stack: int = 0
    max_per_player: int | None = None
    fee_cents: int = 0  # the house's, paid on top of the price, never in the prize pool
    # "Same as the starting stack" and "same as the buy-in": a template keeps the link, so a
    # night with another stack or buy-in sells rebuys at its own (follow_entry).
    chips_as_stack: bool = False
    price_as_buy_in: bool = False


@dataclass(frozen=True)
class AddOnRules:
    """HE-37: one add-on per entry, during the break after the rebuy period, or, when
    `until_level` is set, at any time until the end of that level."""

    chips: int
    price_cents: int
    until_level: int | None = None
    fee_cents: int = 0
    chips_as_stack: bool = False
    price_as_buy_in: bool = False


@dataclass(frozen=True)
class ReEntryRules:
    """TO-03: a busted player may buy a new entry (full stack, new seat) until `until_level` ends."""

    until_level: int
    price_cents: int
    max_entries: int | None = None
    fee_cents: int = 0


@dataclass(frozen=True)
class BountyRules:
    """A bounty of `cents` on every entry's head, paid on top of the buy-in (or re-entry) and
    kept out of the prize pool. Fixed: whoever knocks the player out takes it all. Progressive
    (PKO): half in cash, half onto the eliminator's own head (bounties.py)."""

    cents: int
    progressive: bool = False


@dataclass(frozen=True)
class PayoutBracket:
    """Up to `max_entries` entries, places are paid these shares of the pool (basis points)."""

    max_entries: int
    basis_points: tuple[int, ...]


DEFAULT_PAYOUTS: tuple[PayoutBracket, ...] = (
    PayoutBracket(7, (7000, 3000)),
    PayoutBracket(15, (5000, 3000, 2000)),
    PayoutBracket(25, (4500, 2700, 1800, 1000)),
    PayoutBracket(40, (4000, 2500, 1600, 1100, 800)),
    PayoutBracket(60, (3600, 2300, 1500, 1100, 850, 650)),
    PayoutBracket(100, (3200, 2000, 1400, 1050, 800, 600, 500, 450)),
)
"""The last bracket also pays any larger field."""


@dataclass(frozen=True)
class Settings:
    name: str = "Torneo"
    date: date | None = None
    buy_in_cents: int = 2000
    fee_cents: int = 0  # the house's on each buy-in: a "20 + 5" entry
    bounty: BountyRules | None = None
    seats_per_table: int = 9
    starting_stack: int = CLUB.starting_stack
    structure: Structure = CLUB.structure
    late_registration_until_level: int | None = None
    rebuy: RebuyRules | None = None
    add_on: AddOnRules | None = None
    re_entry: ReEntryRules | None = None
    payouts: tuple[PayoutBracket, ...] = DEFAULT_PAYOUTS
    rounding_cents: int = 100
    decision_seconds: int = 20  # HE-23, club
    options: Mapping[str, str] = field(default_factory=dict)
    chip_set: tuple[ChipColour, ...] = ()  # smallest value first; empty: not described
    signups: SignupSettings | None = None  # None: no sign-ups before the night

    def option(self, key: str) -> str:
        """The chosen value of a rule option, or its club default."""
        return self.options.get(key, _OPTIONS[key][1])

    @property
    def level_count(self) -> int:
        return sum(1 for p in self.structure.periods if isinstance(p, Level))


def add_on_period(settings: Settings) -> int | None:
    """HE-37: the period in which an add-on that names no level of its own is offered, the break
    that follows the rebuy period, or the rebuy period's last level when no break follows it;
    None without rebuys. The add-on's check and the room's "add-on closed" both read it here."""
    rebuy = settings.rebuy
    if rebuy is None or not 1 <= rebuy.until_level <= settings.level_count:
        return None
    periods = settings.structure.periods
    last = settings.structure.index_of_level(rebuy.until_level)
    return last + 1 if last + 1 < len(periods) and isinstance(periods[last + 1], Break) else last


register_messages(
    {
        "BAD_SETTING": "The setting %(field)s has the wrong form",
        "BAD_NAME": "The tournament needs a name (at most %(max)s characters)",
        "BAD_AMOUNT": "%(field)s must be a whole number of at least %(min)s",
        "STARTING_STACK_OUT_OF_RANGE": (
            "A starting stack of %(stack)s chips is outside the club's range, %(min)s to %(max)s"
        ),
        "BAD_SEATS_PER_TABLE": "Seats per table must be between %(min)s and %(max)s",
        "EMPTY_STRUCTURE": "The structure needs at least one level",
        "STRUCTURE_STARTS_WITH_BREAK": "The structure must start with a level, not a break",
        "BAD_LEVEL": "Level %(level)s: %(reason)s",
        "BAD_BREAK": "Break %(index)s must last at least one second",
        "NO_SUCH_LEVEL": Plural(
            "%(field)s names level %(level)s, but the structure has %(levels)s level",
            "%(field)s names level %(level)s, but the structure has %(levels)s levels",
            "levels"),
        "BAD_PAYOUTS": "Payout table: %(reason)s",
        "ADD_ON_NEEDS_WINDOW": (
            "Without rebuys the add-on needs the last level when it may be taken"
        ),
        "UNKNOWN_OPTION": "Unknown rule option %(key)s",
        "FEE_ABOVE_PRICE": "The fee %(field)s is more than the price it is added to",
        "BAD_OPTION": "Option %(key)s must be one of %(choices)s",
        "SIGNUPS_CLOSE_BEFORE_OPEN": "Sign-ups must close after they open",
        "CAP_ABOVE_SEATS": (
            "A cap of %(cap)s is more than the %(seats)s seats of %(tables)s tables of"
            " %(per_table)s"
        ),
    }
)


def follow_entry(settings: Settings) -> Settings:
    """The rebuy and add-on with every amount marked "same as the starting stack" or "same as
    the buy-in" set to this tournament's: a template made for 5,000 chips and €20 sells a 7,000
    and €25 night's rebuys at 7,000 and €25."""
    changes: dict[str, object] = {}
    for name in ("rebuy", "add_on"):
        rules = getattr(settings, name)
        if isinstance(rules, RebuyRules | AddOnRules):
            chips = settings.starting_stack if rules.chips_as_stack is True else rules.chips
            price = settings.buy_in_cents if rules.price_as_buy_in is True else rules.price_cents
            changes[name] = replace(rules, chips=chips, price_cents=price)
    return replace(settings, **changes)


def entry_mismatches(settings: Settings) -> list[str]:
    """The rebuy and add-on amounts that differ from the starting stack or the buy-in without
    being linked to them, by field name: the set-up page shows them before the DdT saves."""
    found = []
    for name in ("rebuy", "add_on"):
        rules = getattr(settings, name)
        if rules is None:
            continue
        if not rules.chips_as_stack and rules.chips != settings.starting_stack:
            found.append(f"{name}.chips")
        if not rules.price_as_buy_in and rules.price_cents != settings.buy_in_cents:
            found.append(f"{name}.price_cents")
    return found


def validate(settings: Settings) -> None:
    """Raises a DomainError for the first thing wrong in `settings`."""
    _check_shapes(settings)
    if not isinstance(settings.name, str) or not settings.name.strip() or len(settings.name) > 100:
        raise DomainError("BAD_NAME", max=100)
    _count("buy_in_cents", settings.buy_in_cents, 0)
    _fee("fee_cents", settings.fee_cents, settings.buy_in_cents)
    if settings.bounty is not None:
        _count("bounty.cents", settings.bounty.cents, 1)
    _count("seats_per_table", settings.seats_per_table, 0)
    if not MIN_SEATS <= settings.seats_per_table <= MAX_SEATS:
        raise DomainError("BAD_SEATS_PER_TABLE", min=MIN_SEATS, max=MAX_SEATS)
    check_starting_stack(settings.starting_stack)
    _validate_structure(settings.structure)
    levels = settings.level_count
    if settings.late_registration_until_level is not None:
        _level("late_registration_until_level", settings.late_registration_until_level, levels)
    if settings.rebuy is not None:
        rebuy = settings.rebuy
        _level("rebuy.until_level", rebuy.until_level, levels)
        _count("rebuy.chips", rebuy.chips, 1)
        _count("rebuy.price_cents", rebuy.price_cents, 0)
        _count("rebuy.max_stack", rebuy.max_stack, 0)
        if rebuy.max_per_player is not None:
            _count("rebuy.max_per_player", rebuy.max_per_player, 1)
        _fee("rebuy.fee_cents", rebuy.fee_cents, rebuy.price_cents)
    if settings.add_on is not None:
        _count("add_on.chips", settings.add_on.chips, 1)
        _count("add_on.price_cents", settings.add_on.price_cents, 0)
        _fee("add_on.fee_cents", settings.add_on.fee_cents, settings.add_on.price_cents)
        if settings.add_on.until_level is not None:
            _level("add_on.until_level", settings.add_on.until_level, levels)
        elif settings.rebuy is None:
            raise DomainError("ADD_ON_NEEDS_WINDOW")
    if settings.re_entry is not None:
        _level("re_entry.until_level", settings.re_entry.until_level, levels)
        _count("re_entry.price_cents", settings.re_entry.price_cents, 0)
        if settings.re_entry.max_entries is not None:
            _count("re_entry.max_entries", settings.re_entry.max_entries, 2)
        _fee("re_entry.fee_cents", settings.re_entry.fee_cents, settings.re_entry.price_cents)
    _validate_payouts(settings.payouts)
    _validate_chip_set(settings)
    _validate_signups(settings)
    _count("rounding_cents", settings.rounding_cents, 1)
    _count("decision_seconds", settings.decision_seconds, 1)
    for key, value in settings.options.items():
        if key not in _OPTIONS:
            raise DomainError("UNKNOWN_OPTION", key=key)
        choices = _OPTIONS[key][0]
        if value not in choices:
            raise DomainError("BAD_OPTION", key=key, choices=", ".join(choices))


_SHAPES = (
    ("date", (date, type(None))),
    ("structure", Structure),
    ("rebuy", (RebuyRules, type(None))),
    ("add_on", (AddOnRules, type(None))),
    ("re_entry", (ReEntryRules, type(None))),
    ("bounty", (BountyRules, type(None))),
    ("payouts", tuple),
    ("options", Mapping),
    ("signups", (SignupSettings, type(None))),
)


def _check_shapes(settings: Settings) -> None:
    """Each part is of its kind, so that what is stored in the log reads back the same."""
    if not isinstance(settings, Settings):
        raise DomainError("BAD_SETTING", field="settings")
    for name, kind in _SHAPES:
        if not isinstance(getattr(settings, name), kind):
            raise DomainError("BAD_SETTING", field=name)
    structure = settings.structure
    if not isinstance(structure.periods, tuple) or not all(
        isinstance(p, Level | Break) for p in structure.periods
    ):
        raise DomainError("BAD_SETTING", field="structure")
    for rules in (settings.rebuy, settings.add_on):
        if rules is not None and not (
            isinstance(rules.chips_as_stack, bool) and isinstance(rules.price_as_buy_in, bool)
        ):
            raise DomainError("BAD_SETTING", field="same_as_entry")
    for period in structure.periods:
        if isinstance(period, Level) and not isinstance(period.big_blind_ante, bool):
            raise DomainError("BAD_SETTING", field="big_blind_ante")
        if isinstance(period, Break) and not isinstance(period.note, str):
            raise DomainError("BAD_SETTING", field="note")
    if not all(isinstance(b, PayoutBracket) for b in settings.payouts) or not all(
        isinstance(b.basis_points, tuple) for b in settings.payouts
    ):
        raise DomainError("BAD_SETTING", field="payouts")
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in settings.options.items()):
        raise DomainError("BAD_SETTING", field="options")
    if settings.bounty is not None and not isinstance(settings.bounty.progressive, bool):
        raise DomainError("BAD_SETTING", field="bounty.progressive")


def check_starting_stack(stack: int) -> None:
    """HE-01: a starting stack, bonus chips included, lies within the club's range."""
    if not _is_int(stack):
        raise DomainError("BAD_AMOUNT", field="starting_stack", min=MIN_STARTING_STACK)
    if not MIN_STARTING_STACK <= stack <= MAX_STARTING_STACK:
        raise DomainError(
            "STARTING_STACK_OUT_OF_RANGE",
            stack=stack,
            min=MIN_STARTING_STACK,
            max=MAX_STARTING_STACK,
        )


def _validate_structure(structure: Structure) -> None:
    periods = structure.periods
    if not any(isinstance(p, Level) for p in periods):
        raise DomainError("EMPTY_STRUCTURE")
    if isinstance(periods[0], Break):
        raise DomainError("STRUCTURE_STARTS_WITH_BREAK")
    number = 0
    for index, period in enumerate(periods, start=1):
        if isinstance(period, Break):
            if not _is_int(period.seconds) or period.seconds < 1:
                raise DomainError("BAD_BREAK", index=index)
            continue
        number += 1
        reason = _level_problem(period)
        if reason:
            raise DomainError("BAD_LEVEL", level=number, reason=reason)


def _level_problem(level: Level) -> str:
    if not all(_is_int(v) for v in (level.small_blind, level.big_blind, level.ante, level.seconds)):
        return "blinds, ante and duration must be whole numbers"
    if level.small_blind < 1:
        return "the small blind must be at least 1"
    if level.big_blind < level.small_blind:
        return "the big blind must be at least the small blind"
    if level.ante < 0:
        return "the ante cannot be negative"
    if level.seconds < 1:
        return "a level must last at least one second"
    return ""


def _validate_chip_set(settings: Settings) -> None:
    """The chip set, and every stack and blind the night deals in, made with its chips."""
    check_chip_set(settings.chip_set)
    stacks = [settings.starting_stack]
    stacks += [rules.chips for rules in (settings.rebuy, settings.add_on) if rules is not None]
    check_playable(settings.chip_set, stacks, settings.structure)


def _validate_signups(settings: Settings) -> None:
    """Sign-ups open before they close, for at least one place and no more places than the
    room's tables seat, when the DdT said how many."""
    signups = settings.signups
    if signups is None:
        return
    for name in ("opens_at", "closes_at"):
        moment = getattr(signups, name)
        if moment is not None and (not isinstance(moment, datetime) or moment.tzinfo is None):
            raise DomainError("BAD_SETTING", field=f"signups.{name}")
    for name in ("waitlist", "approval", "members_only"):
        if not isinstance(getattr(signups, name), bool):
            raise DomainError("BAD_SETTING", field=f"signups.{name}")
    if signups.opens_at and signups.closes_at and signups.closes_at <= signups.opens_at:
        raise DomainError("SIGNUPS_CLOSE_BEFORE_OPEN")
    _count("signups.cap", signups.cap, 1)
    _count("signups.guest_fee_cents", signups.guest_fee_cents, 0)
    if signups.tables is not None:
        _count("signups.tables", signups.tables, 1)
        seats = signups.tables * settings.seats_per_table
        if signups.cap > seats:
            raise DomainError("CAP_ABOVE_SEATS", cap=signups.cap, seats=seats,
                              tables=signups.tables, per_table=settings.seats_per_table)


def _validate_payouts(payouts: tuple[PayoutBracket, ...]) -> None:
    if not payouts:
        raise DomainError("BAD_PAYOUTS", reason="no brackets")
    previous = 0
    for bracket in payouts:
        if not _is_int(bracket.max_entries) or bracket.max_entries <= previous:
            raise DomainError("BAD_PAYOUTS", reason="entry limits must grow")
        previous = bracket.max_entries
        shares = bracket.basis_points
        if not shares or not all(_is_int(s) and s > 0 for s in shares):
            raise DomainError("BAD_PAYOUTS", reason="every paid place needs a positive share")
        if sum(shares) != FULL:
            raise DomainError("BAD_PAYOUTS", reason="the shares of a bracket must add up to 100%")
        if len(shares) > bracket.max_entries:
            raise DomainError("BAD_PAYOUTS", reason="more places paid than entries")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(name: str, value: object, minimum: int) -> None:
    if not _is_int(value) or value < minimum:  # type: ignore[operator]
        raise DomainError("BAD_AMOUNT", field=name, min=minimum)


def _fee(name: str, fee: object, price: int) -> None:
    """A fee is the house's cut on top of a price: zero or more, and never more than the price
    (a fee above it is a price typed in the wrong box)."""
    _count(name, fee, 0)
    if fee > price:  # type: ignore[operator]
        raise DomainError("FEE_ABOVE_PRICE", field=name, fee=fee, price=price)


def _level(name: str, level: object, levels: int) -> None:
    _count(name, level, 1)
    if level > levels:  # type: ignore[operator]
        raise DomainError("NO_SUCH_LEVEL", field=name, level=level, levels=levels)
