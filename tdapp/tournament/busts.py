"""Bust-outs and finish places (HE-02, TO-14, TO-15).

Players out in the same hand take the lowest places still open. The one who started the hand
with more chips finishes higher; equal stacks tie and share the places they cover (their prizes
are pooled and split). During hand-for-hand, busts at several tables count as one hand; with the
TDA option (`hand_for_hand_busts=tda`) they all share those places whatever their stacks.
When one player is left, that player has won: the bust records the finish (finish.py) and
`payouts.place_of` gives the winner first place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import groupby

from tdapp.kernel.events import adds
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.tournament.bounties import Knockout, in_odd_cent_order, knockouts, pot_winners
from tdapp.tournament.chips import check_stack, chips_left_with_bust
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import event, upgrades
from tdapp.tournament.finish import TournamentFinish, finish_after_bust, finished
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class BustPlayer:
    """One player out. `hand_stack`: chips at the start of the hand, if known.
    `eliminated_by`: who won the pot(s) the player lost, if known; they take the bounty."""

    player_id: int
    hand_stack: int | None = None
    eliminated_by: tuple[int, ...] = ()


@dataclass(frozen=True)
class BustPlayers:
    """Several players out in the same hand. `hand_stacks`, when given, pairs with `player_ids`:
    each one's chips at the start of the hand; otherwise the stacks last recorded are used.
    `eliminated_by`, when given, pairs with `player_ids` too: each one's eliminators."""

    player_ids: tuple[int, ...]
    hand_stacks: tuple[int, ...] = ()
    hand_for_hand: bool = False
    eliminated_by: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class Finish:
    """Places `place .. place + tied - 1` are shared by the `tied` players finishing together.
    `eliminated_by` knocked the player out, in odd-cent order; `knockouts` is what each took
    from the bounty on the player's head (none without bounties, or with no eliminator)."""

    player_id: int
    place: int
    tied: int = 1
    eliminated_by: tuple[int, ...] = ()
    knockouts: tuple[Knockout, ...] = ()


@event("PlayersBusted", version=2)
@dataclass(frozen=True)
class PlayersBusted:
    finishes: tuple[Finish, ...]
    # Set when this bust leaves one player: the tournament is over (finish.py).
    finish: TournamentFinish | None = None


# Before the finish was recorded, a bust never ended the tournament in the log.
upgrades("PlayersBusted", from_version=1)(adds(finish=None))


register_messages(
    {
        "NO_BUSTS": "Name at least one player who is out",
        "BUSTED_TWICE": "%(name)s is named twice",
        "HAND_STACKS_MISMATCH": "Give one starting stack per player out, or none",
        "CANNOT_BUST_EVERYONE": "Someone must win: at least one player stays in",
        "STILL_HAS_CHIPS": "%(name)s still has chips: only a player with none is out",
        "ELIMINATORS_MISMATCH": "Give the eliminators of each player out, or of none",
        "ELIMINATOR_NOT_IN_TOURNAMENT": "There is no player %(player_id)s in this tournament",
        "ELIMINATOR_OUT": "%(name)s is out: only a player still in play knocks someone out",
        "ELIMINATOR_NOT_AT_TABLE": (
            "%(name)s was not at the table of %(busted)s: the eliminator won the pot there"
        ),
        "ELIMINATOR_TWICE": "%(name)s is named twice as eliminator",
    }
)


def bust_from_console(state: Tournament, player_id: int) -> BustPlayer:
    """The bust a table's console may ask for: only a player with no chips left is out there
    (the DdT, who sees the whole room, may put out anyone). The eliminators are the winners of
    the pots the player lost in the table's last hand."""
    player = state.player(player_id)
    if player.stack > 0:
        raise DomainError("STILL_HAS_CHIPS", name=player.name)
    return BustPlayer(player_id, hand_stack=0, eliminated_by=last_hand_eliminators(state, player_id))


def last_hand_eliminators(state: Tournament, player_id: int) -> tuple[int, ...]:
    """Who won the pots `player_id` lost in the last hand at their table (none if it was not
    that hand that took their chips)."""
    player = state.player(player_id)
    hand = state.play.hand(player.table) if player.table is not None else None
    if hand is None or hand.voided:
        return ()
    return pot_winners(hand.engine, hand.players, player_id)


@decides(BustPlayer)
def _bust_one(state: Tournament, command: BustPlayer, ctx: Ctx) -> PlayersBusted:
    stacks = () if command.hand_stack is None else (command.hand_stack,)
    eliminators = command.eliminated_by
    if not isinstance(eliminators, tuple | list):
        raise DomainError("ELIMINATORS_MISMATCH")
    return _bust(state, (command.player_id,), stacks, False, (tuple(eliminators),), ctx)


@decides(BustPlayers)
def _bust_many(state: Tournament, command: BustPlayers, ctx: Ctx) -> PlayersBusted:
    ids, stacks, eliminators = command.player_ids, command.hand_stacks, command.eliminated_by
    if not isinstance(ids, tuple | list) or not isinstance(stacks, tuple | list):
        raise DomainError("NO_BUSTS")
    if not isinstance(eliminators, tuple | list) or not all(
        isinstance(named, tuple | list) for named in eliminators
    ):
        raise DomainError("ELIMINATORS_MISMATCH")
    named = tuple(tuple(e) for e in eliminators) or ((),) * len(ids)
    return _bust(state, tuple(ids), tuple(stacks), command.hand_for_hand is True, named, ctx)


def _bust(
    state: Tournament,
    player_ids: tuple[int, ...],
    hand_stacks: tuple[int, ...],
    hand_for_hand: bool,
    eliminated_by: tuple[tuple[int, ...], ...],
    ctx: Ctx,
) -> PlayersBusted:
    if not player_ids:
        raise DomainError("NO_BUSTS")
    if hand_stacks and len(hand_stacks) != len(player_ids):
        raise DomainError("HAND_STACKS_MISMATCH")
    if len(eliminated_by) != len(player_ids):
        raise DomainError("ELIMINATORS_MISMATCH")
    out: dict[int, int] = {}
    for index, player_id in enumerate(player_ids):
        player = state.player(player_id)
        if player.busted:
            raise DomainError("ALREADY_OUT", name=player.name)
        if player.id in out:
            raise DomainError("BUSTED_TWICE", name=player.name)
        out[player.id] = check_stack(hand_stacks[index]) if hand_stacks else player.stack
    left = state.players_left
    if len(out) >= left:
        raise DomainError("CANNOT_BUST_EVERYONE")
    share_all = hand_for_hand and state.settings.option("hand_for_hand_busts") == "tda"
    finishes = _places(out, best_open_place=left - len(out) + 1, share_all=share_all)
    named = dict(zip(player_ids, eliminated_by, strict=True))
    bounty = state.settings.bounty
    progressive = bounty is not None and bounty.progressive
    with_knockouts = []
    for finish in finishes:
        busted = state.player(finish.player_id)
        eliminators = _eliminators(state, busted.id, named[busted.id], out)
        taken = knockouts(busted.bounty_cents, eliminators, progressive)
        with_knockouts.append(replace(finish, eliminated_by=eliminators, knockouts=taken))
    return PlayersBusted(tuple(with_knockouts), finish_after_bust(state, set(out), ctx.now))


def _eliminators(
    state: Tournament, busted_id: int, named: tuple[int, ...], out: dict[int, int]
) -> tuple[int, ...]:
    """The named eliminators, checked, in odd-cent order from the button of the busted player's
    table (HE-35). An eliminator won the pot at that table: they sit there, or sat there in its
    last hand (and were moved since)."""
    busted = state.player(busted_id)
    hand = state.play.hand(busted.table) if busted.table is not None else None
    in_last_hand = set(hand.players.values()) if hand is not None else set()
    checked: list[int] = []
    seats: dict[int, int] = {}
    for eliminator_id in named:
        eliminator = state.players.get(eliminator_id) if _is_id(eliminator_id) else None
        if eliminator is None:
            raise DomainError("ELIMINATOR_NOT_IN_TOURNAMENT", player_id=eliminator_id)
        if eliminator.busted or eliminator.id in out:
            raise DomainError("ELIMINATOR_OUT", name=eliminator.name)
        if eliminator.id in checked:
            raise DomainError("ELIMINATOR_TWICE", name=eliminator.name)
        checked.append(eliminator.id)
        if busted.table is None:
            continue
        if eliminator.id in in_last_hand:
            seats[next(s for s, p in hand.players.items() if p == eliminator.id)] = eliminator.id
        elif eliminator.table == busted.table and eliminator.seat is not None:
            seats[eliminator.seat] = eliminator.id
        else:
            raise DomainError("ELIMINATOR_NOT_AT_TABLE", name=eliminator.name, busted=busted.name)
    if busted.table is None:
        return tuple(checked)
    return in_odd_cent_order(seats, hand.engine.button if hand is not None else 0)


def _is_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _places(stacks: dict[int, int], best_open_place: int, share_all: bool) -> tuple[Finish, ...]:
    """Places from `best_open_place` down: bigger starting stack higher, equal stacks tied."""
    if share_all:
        return tuple(Finish(p, best_open_place, len(stacks)) for p in sorted(stacks))
    ranked = sorted(stacks, key=lambda p: (-stacks[p], p))
    finishes: list[Finish] = []
    place = best_open_place
    for _, group in groupby(ranked, key=lambda p: stacks[p]):
        members = list(group)
        finishes.extend(Finish(p, place, len(members)) for p in members)
        place += len(members)
    return tuple(finishes)


@applies(PlayersBusted)
def _busted(state: Tournament, event: PlayersBusted) -> Tournament:
    """The players out take their places; their heads go to their eliminators (bounties.py)."""
    for finish in event.finishes:
        player = state.player(finish.player_id)
        state = chips_left_with_bust(state, player.table, player.stack, player.id)
        state = state.unseat_player(finish.player_id)
        player = state.player(finish.player_id)
        out = replace(
            player, stack=0, absent=False, place=finish.place, tied=finish.tied, bounty_cents=0
        )
        ledger = state.ledger.plus(
            bounties_paid_cents=sum(k.cash_cents for k in finish.knockouts),
            bounties_unclaimed_cents=0 if finish.knockouts else player.bounty_cents,
        )
        state = replace(state, players=state.players.put(out), ledger=ledger)
        for knockout in finish.knockouts:
            winner = state.player(knockout.eliminator)
            paid = replace(
                winner,
                bounties_won_cents=winner.bounties_won_cents + knockout.cash_cents,
                bounty_cents=winner.bounty_cents + knockout.head_cents,
            )
            state = replace(state, players=state.players.put(paid))
    return finished(state, event.finish)
