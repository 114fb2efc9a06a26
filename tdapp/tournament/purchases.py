"""Rebuys (HE-36) and the add-on (HE-37): chips bought during play, at the price and in the
window the settings fix. Absent players keep these rights (HE-26)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from tdapp.kernel.events import adds
from tdapp.kernel.refusals import DomainError, Plural, register_messages
from tdapp.tournament.chips import check_stack, check_tracked_total
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import event, upgrades
from tdapp.tournament.levels import current_period, until_end_of_level
from tdapp.tournament.players import Player
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.settings import MAX_STARTING_STACK, RebuyRules, add_on_period
from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class Rebuy:
    """`stack`: the chips in front of the player now, when the DdT counts them with the rebuy;
    otherwise the stack last recorded is checked against the rule."""

    player_id: int
    stack: int | None = None


@dataclass(frozen=True)
class AddOn:
    player_id: int
    stack: int | None = None


@event("RebuyTaken", version=2)
@dataclass(frozen=True)
class RebuyTaken:
    player_id: int
    stack_before: int
    chips: int
    price_cents: int
    fee_cents: int = 0


@event("AddOnTaken", version=2)
@dataclass(frozen=True)
class AddOnTaken:
    player_id: int
    stack_before: int
    chips: int
    price_cents: int
    fee_cents: int = 0


# Before fees, a purchase paid its price and nothing on top.
upgrades("RebuyTaken", from_version=1)(adds(fee_cents=0))
upgrades("AddOnTaken", from_version=1)(adds(fee_cents=0))


register_messages(
    {
        "REBUYS_NOT_OFFERED": "This tournament has no rebuys",
        "REBUY_PERIOD_OVER": "The rebuy period ended with level %(level)s",
        "REBUY_STACK_TOO_HIGH": (
            "%(name)s has %(stack)s chips: a rebuy needs a stack of at most %(max)s"
        ),
        "REBUY_NEEDS_EMPTY_STACK": Plural(
            "%(name)s still has %(stack)s chip: rebuys are for an empty stack",
            "%(name)s still has %(stack)s chips: rebuys are for an empty stack",
            "stack"),
        "REBUY_LIMIT": Plural(
            "%(name)s has taken %(max)s rebuy, the most allowed",
            "%(name)s has taken all %(max)s rebuys",
            "max"),
        "ADD_ON_NOT_OFFERED": "This tournament has no add-on",
        "ADD_ON_TAKEN": "%(name)s has already taken the add-on",
        "ADD_ON_NOT_OPEN": "The add-on is not on offer now",
        "STACK_CAP": "%(name)s would have %(stack)s chips, over the cap of %(max)s",
    }
)


@decides(Rebuy, in_play_only=True)
def _rebuy(state: Tournament, command: Rebuy, ctx: Ctx) -> RebuyTaken:
    rules = state.settings.rebuy
    if rules is None:
        raise DomainError("REBUYS_NOT_OFFERED")
    player, stack = _buyer(state, command.player_id, command.stack)
    _check_rebuy(state, rules, player, stack, ctx.now)
    check_tracked_total(state, {player.id: stack + rules.chips}, added_chips=rules.chips)
    return RebuyTaken(player.id, stack, rules.chips, rules.price_cents, rules.fee_cents)


def may_rebuy(state: Tournament, player_id: int, now: datetime) -> bool:
    """Whether a player left with no chips may still rebuy now (HE-02: only a player who takes
    no rebuy is out), for whoever decides that a player with no chips is busted."""
    rules = state.settings.rebuy
    player = state.players.get(player_id)
    if rules is None or player is None or player.busted:
        return False
    try:
        _check_rebuy(state, rules, player, 0, now)
    except DomainError:
        return False
    return True


def _check_rebuy(
    state: Tournament, rules: RebuyRules, player: Player, stack: int, now: datetime
) -> None:
    if not until_end_of_level(state, now, rules.until_level):
        raise DomainError("REBUY_PERIOD_OVER", level=rules.until_level)
    if rules.max_per_player is not None and player.rebuys >= rules.max_per_player:
        raise DomainError("REBUY_LIMIT", name=player.name, max=rules.max_per_player)
    if stack > rules.max_stack:
        if rules.max_stack == 0:
            raise DomainError("REBUY_NEEDS_EMPTY_STACK", name=player.name, stack=stack)
        raise DomainError(
            "REBUY_STACK_TOO_HIGH", name=player.name, stack=stack, max=rules.max_stack
        )
    _check_cap(state, player, stack + rules.chips)


@applies(RebuyTaken)
def _rebuy_taken(state: Tournament, event: RebuyTaken) -> Tournament:
    player = state.player(event.player_id)
    bought = replace(player, stack=event.stack_before + event.chips, rebuys=player.rebuys + 1)
    ledger = state.ledger.plus(
        rebuys=1,
        rebuy_cents=event.price_cents,
        rebuy_chips=event.chips,
        fees_cents=event.fee_cents,
    )
    return replace(state, players=state.players.put(bought), ledger=ledger)


def add_on_open(state: Tournament, now: datetime) -> bool:
    """HE-37: until the end of the add-on's level when one is set; otherwise during the break
    that follows the rebuy period, or during its last level when no break follows it."""
    rules = state.settings.add_on
    if rules is None:
        return False
    if rules.until_level is not None:
        return until_end_of_level(state, now, rules.until_level)
    window = add_on_period(state.settings)
    return window is not None and current_period(state, now) == window


@decides(AddOn, in_play_only=True)
def _add_on(state: Tournament, command: AddOn, ctx: Ctx) -> AddOnTaken:
    rules = state.settings.add_on
    if rules is None:
        raise DomainError("ADD_ON_NOT_OFFERED")
    player, stack = _buyer(state, command.player_id, command.stack)
    if player.add_ons:
        raise DomainError("ADD_ON_TAKEN", name=player.name)
    if not add_on_open(state, ctx.now):
        raise DomainError("ADD_ON_NOT_OPEN")
    _check_cap(state, player, stack + rules.chips)
    check_tracked_total(state, {player.id: stack + rules.chips}, added_chips=rules.chips)
    return AddOnTaken(player.id, stack, rules.chips, rules.price_cents, rules.fee_cents)


@applies(AddOnTaken)
def _add_on_taken(state: Tournament, event: AddOnTaken) -> Tournament:
    player = state.player(event.player_id)
    bought = replace(player, stack=event.stack_before + event.chips, add_ons=player.add_ons + 1)
    ledger = state.ledger.plus(
        add_ons=1,
        add_on_cents=event.price_cents,
        add_on_chips=event.chips,
        fees_cents=event.fee_cents,
    )
    return replace(state, players=state.players.put(bought), ledger=ledger)


def _buyer(state: Tournament, player_id: int, stack: int | None) -> tuple[Player, int]:
    """The player buying chips, and their stack now: as counted with the purchase, or as last
    recorded."""
    player = state.player(player_id)
    if player.busted:
        raise DomainError("ALREADY_OUT", name=player.name)
    return player, player.stack if stack is None else check_stack(stack)


def _check_cap(state: Tournament, player: Player, stack: int) -> None:
    """HE-01, the [U] reading `stack_cap=total`: no stack above 9,000 through purchases."""
    if state.settings.option("stack_cap") == "total" and stack > MAX_STARTING_STACK:
        raise DomainError("STACK_CAP", name=player.name, stack=stack, max=MAX_STARTING_STACK)
