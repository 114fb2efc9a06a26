"""Bust-outs and finish places (HE-02, TO-14, TO-15).

Players out in the same hand take the lowest places still open. The one who started the hand
with more chips finishes higher; equal stacks tie and share the places they cover (their prizes
are pooled and split). During hand-for-hand, busts at several tables count as one hand; with the
TDA option (`hand_for_hand_busts=tda`) they all share those places whatever their stacks.
When one player is left, that player has won: `payouts.place_of` gives them first place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import groupby

from tdapp.tournament.chips import check_stack, chips_left_with_bust
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.errors import DomainError, register_messages
from tdapp.tournament.events import event
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class BustPlayer:
    """One player out. `hand_stack`: chips at the start of the hand, if known."""

    player_id: int
    hand_stack: int | None = None


@dataclass(frozen=True)
class BustPlayers:
    """Several players out in the same hand. `hand_stacks`, when given, pairs with `player_ids`:
    each one's chips at the start of the hand; otherwise the stacks last recorded are used."""

    player_ids: tuple[int, ...]
    hand_stacks: tuple[int, ...] = ()
    hand_for_hand: bool = False


@dataclass(frozen=True)
class Finish:
    """Places `place .. place + tied - 1` are shared by the `tied` players finishing together."""

    player_id: int
    place: int
    tied: int = 1


@event("PlayersBusted")
@dataclass(frozen=True)
class PlayersBusted:
    finishes: tuple[Finish, ...]


register_messages(
    {
        "NO_BUSTS": "Name at least one player who is out",
        "BUSTED_TWICE": "%(name)s is named twice",
        "HAND_STACKS_MISMATCH": "Give one starting stack per player out, or none",
        "CANNOT_BUST_EVERYONE": "Someone must win: at least one player stays in",
        "STILL_HAS_CHIPS": "%(name)s still has chips: only a player with none is out",
    }
)


def bust_from_console(state: Tournament, player_id: int) -> BustPlayer:
    """The bust a table's console may ask for: only a player with no chips left is out there
    (the DdT, who sees the whole room, may put out anyone)."""
    player = state.player(player_id)
    if player.stack > 0:
        raise DomainError("STILL_HAS_CHIPS", name=player.name)
    return BustPlayer(player_id, hand_stack=0)


@decides(BustPlayer)
def _bust_one(state: Tournament, command: BustPlayer, ctx: Ctx) -> PlayersBusted:
    stacks = () if command.hand_stack is None else (command.hand_stack,)
    return _bust(state, (command.player_id,), stacks, hand_for_hand=False)


@decides(BustPlayers)
def _bust_many(state: Tournament, command: BustPlayers, ctx: Ctx) -> PlayersBusted:
    ids, stacks = command.player_ids, command.hand_stacks
    if not isinstance(ids, tuple | list) or not isinstance(stacks, tuple | list):
        raise DomainError("NO_BUSTS")
    return _bust(state, tuple(ids), tuple(stacks), command.hand_for_hand is True)


def _bust(
    state: Tournament,
    player_ids: tuple[int, ...],
    hand_stacks: tuple[int, ...],
    hand_for_hand: bool,
) -> PlayersBusted:
    if not player_ids:
        raise DomainError("NO_BUSTS")
    if hand_stacks and len(hand_stacks) != len(player_ids):
        raise DomainError("HAND_STACKS_MISMATCH")
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
    return PlayersBusted(_places(out, best_open_place=left - len(out) + 1, share_all=share_all))


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
    for finish in event.finishes:
        player = state.player(finish.player_id)
        state = chips_left_with_bust(state, player.table, player.stack, player.id)
        state = state.unseat_player(finish.player_id)
        player = state.player(finish.player_id)
        out = replace(player, stack=0, absent=False, place=finish.place, tied=finish.tied)
        state = replace(state, players=state.players.put(out))
    return state
