"""A deal proposed for a tournament: the players left with their counted stacks share the prizes
of the places still to play for (first place down to the last player left's place; places past
the payout table pay nothing but still share in an ICM deal).

The answer also gives the payout table the deal becomes, ready for `AdjustPayouts`: the places
still in play take the deal's amounts from the largest down (plus what is kept for the winner on
first place), the places already decided keep their prizes. So each player takes their amount
when the finishes are recorded in chip order, the order the deal's amounts follow.
"""

from __future__ import annotations

from dataclasses import dataclass

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.tournament.deals import deal_amounts
from tdapp.tournament.payouts import place_amounts
from tdapp.tournament.players import Player
from tdapp.tournament.state import Tournament

register_messages(
    {
        "DEAL_TOO_FEW_PLAYERS": "A deal needs at least two players left",
        "DEAL_STACK_NOT_COUNTED": "%(name)s has no chips recorded: count the stacks first",
    }
)


@dataclass(frozen=True)
class DealShare:
    player: Player
    amount_cents: int


@dataclass(frozen=True)
class DealProposal:
    method: str
    keep_for_winner_cents: int
    prizes_cents: tuple[int, ...]  # the places still in play, first place first
    shares: tuple[DealShare, ...]  # largest stack first
    payouts_cents: tuple[int, ...]  # every place's prize once the deal is accepted


def players_left(state: Tournament) -> list[Player]:
    """The players still in, largest stack first (registration order between equal stacks)."""
    return sorted((p for p in state.players if p.in_play), key=lambda p: (-p.stack, p.id))


def prizes_to_play_for(state: Tournament) -> tuple[int, ...]:
    """The prizes of places 1 to the number of players left (zero past the payout table)."""
    amounts = place_amounts(state)
    return tuple(
        amounts[place] if place < len(amounts) else 0 for place in range(state.players_left)
    )


def propose_deal(state: Tournament, method: str, keep_for_winner_cents: int = 0) -> DealProposal:
    """The deal by `method` ("icm" or "chip_chop") for the players left, or a refusal."""
    players = players_left(state)
    if len(players) < 2:
        raise DomainError("DEAL_TOO_FEW_PLAYERS")
    for player in players:
        if player.stack < 1:
            raise DomainError("DEAL_STACK_NOT_COUNTED", name=player.name)
    prizes = prizes_to_play_for(state)
    amounts = deal_amounts(method, [p.stack for p in players], prizes, keep_for_winner_cents)
    by_size = sorted(amounts, reverse=True)
    by_size[0] += keep_for_winner_cents
    decided = place_amounts(state)[len(players) :]
    return DealProposal(
        method=method,
        keep_for_winner_cents=keep_for_winner_cents,
        prizes_cents=prizes,
        shares=tuple(DealShare(p, a) for p, a in zip(players, amounts, strict=True)),
        payouts_cents=(*by_size, *decided),
    )
