"""Prize pool and payouts: a share of the pool per place by number of entries, rounded down to
the DdT's unit (the cents left over go to first place); or, after a deal, the DdT's own amounts.
Players tied for places pool those places' prizes and split them (TO-14); a cent that does not
split goes to the tied players in registration order."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import event
from tdapp.tournament.players import Player
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.settings import FULL, PayoutBracket
from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class AdjustPayouts:
    """A deal: the amount (cents) for each place, first place first; they must add up to the
    prize pool. An empty tuple goes back to the payout table."""

    amounts_cents: tuple[int, ...]


@event("PayoutsAdjusted")
@dataclass(frozen=True)
class PayoutsAdjusted:
    amounts_cents: tuple[int, ...] | None


register_messages(
    {
        "BAD_PAYOUT_AMOUNT": "Each prize must be an amount in euros, zero or more, to the cent",
        "PAYOUTS_MUST_MATCH_POOL": (
            "The prizes add up to %(total_cents)s but the prize pool is %(pool_cents)s"
        ),
        "PAYOUTS_OUT_OF_DATE": (
            "The adjusted prizes add up to %(total_cents)s, the prize pool is now %(pool_cents)s"
        ),
    }
)


def prize_pool_cents(state: Tournament) -> int:
    """Everything paid in: buy-ins, re-entries, rebuys and add-ons."""
    return state.ledger.money_in_cents


def shares_for(brackets: tuple[PayoutBracket, ...], entries: int) -> tuple[int, ...]:
    """The basis points paid to each place for a field of `entries`."""
    for bracket in brackets:
        if entries <= bracket.max_entries:
            return bracket.basis_points
    return brackets[-1].basis_points


def rounded_amounts(pool_cents: int, shares: tuple[int, ...], unit_cents: int) -> tuple[int, ...]:
    """Each place's share rounded down to the unit; what rounding leaves goes to first place."""
    amounts = [pool_cents * share // FULL // unit_cents * unit_cents for share in shares]
    amounts[0] += pool_cents - sum(amounts)
    return tuple(amounts)


def place_amounts(state: Tournament) -> tuple[int, ...]:
    """The prize (cents) of each paid place, first place first."""
    if state.payout_amounts is not None:
        return state.payout_amounts
    settings = state.settings
    shares = shares_for(settings.payouts, state.ledger.entries)
    return rounded_amounts(prize_pool_cents(state), shares, settings.rounding_cents)


def place_of(state: Tournament, player: Player) -> tuple[int, int] | None:
    """(place, tied) of a finished player; the last player left has won once anyone is out."""
    if player.place is not None:
        return player.place, player.tied
    if state.players_left == 1 and state.ledger.entries > 1:
        return 1, 1
    return None


def prizes(state: Tournament) -> dict[int, int]:
    """Cents won by each player whose finish is paid, tied players splitting their places."""
    amounts = place_amounts(state)
    groups: dict[tuple[int, int], list[int]] = {}
    if state.players.busted == 0:
        return {}
    for player in state.players:
        if player.place is not None or state.players_left == 1:
            where = place_of(state, player)
            if where is not None and where[0] <= len(amounts):
                groups.setdefault(where, []).append(player.id)
    won: dict[int, int] = {}
    for (place, tied), members in groups.items():
        pooled = sum(amounts[place - 1 : place - 1 + tied])
        base, extra = divmod(pooled, tied)
        for index, player_id in enumerate(sorted(members)):
            won[player_id] = base + (1 if index < extra else 0)
    return won


@decides(AdjustPayouts)
def _adjust(state: Tournament, command: AdjustPayouts, ctx: Ctx) -> PayoutsAdjusted:
    if not isinstance(command.amounts_cents, tuple | list):
        raise DomainError("BAD_PAYOUT_AMOUNT")
    amounts = tuple(command.amounts_cents)
    if not amounts:
        return PayoutsAdjusted(None)
    if not all(isinstance(a, int) and not isinstance(a, bool) and a >= 0 for a in amounts):
        raise DomainError("BAD_PAYOUT_AMOUNT")
    pool = prize_pool_cents(state)
    if sum(amounts) != pool:
        raise DomainError("PAYOUTS_MUST_MATCH_POOL", total_cents=sum(amounts), pool_cents=pool)
    return PayoutsAdjusted(amounts)


@applies(PayoutsAdjusted)
def _adjusted(state: Tournament, event: PayoutsAdjusted) -> Tournament:
    return replace(state, payout_amounts=event.amounts_cents)
