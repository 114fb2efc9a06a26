"""Chip counts (the DdT counts a stack and records it) and the check that keeps them honest:
the stacks tracked never add up to more than the chips put into play.

A bust takes the player's last counted stack out of the tracked total, but those chips did not
leave the room: a player at that table won them. Until the table is counted again, its players'
stacks are out of date (`Tournament.to_recount`), and the gap between counted and issued chips
means nothing; it is compared, and warned about, only when no stack waits for a count: after a
full count, or when every bust came from a hand played on a table's console (the winner's stack
already holds the chips, and the busted player had none left).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import event
from tdapp.tournament.players import Player
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class ChipCount:
    player_id: int
    stack: int


@dataclass(frozen=True)
class SetChips:
    """One player's stack as counted."""

    player_id: int
    stack: int


@dataclass(frozen=True)
class CountChips:
    """Several stacks counted together (a table, or the whole room at a break)."""

    counts: tuple[ChipCount, ...]


@event("ChipsCounted")
@dataclass(frozen=True)
class ChipsCounted:
    counts: tuple[ChipCount, ...]


register_messages(
    {
        "BAD_STACK": "A stack must be a whole number of chips, zero or more",
        "ALREADY_OUT": "%(name)s is already out",
        "NO_COUNTS": "No stacks to record",
        "NO_SEAT_YET": "%(name)s has no seat yet: stacks are counted at the tables",
        "COUNTED_TWICE": "%(name)s appears twice in the count",
        "CHIPS_EXCEED_ISSUED": (
            "The stacks would add up to %(counted)s chips, more than the %(issued)s in play:"
            " count the other stacks at the table too"
        ),
    }
)


def check_stack(stack: object) -> int:
    if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0:
        raise DomainError("BAD_STACK")
    return stack


def seated_once(state: Tournament, player_id: int, counted: Collection[int]) -> Player:
    """The player whose chips are counted: still in, at a table, and not counted already."""
    player = state.player(player_id)
    if player.busted:
        raise DomainError("ALREADY_OUT", name=player.name)
    if player.table is None:
        raise DomainError("NO_SEAT_YET", name=player.name)
    if player.id in counted:
        raise DomainError("COUNTED_TWICE", name=player.name)
    return player


def check_tracked_total(state: Tournament, stacks: Mapping[int, int], added_chips: int = 0) -> None:
    """Refuses new stacks for some players that would make the tracked stacks exceed the chips
    issued (after `added_chips` more are issued)."""
    total = state.players.stack_total
    for player_id, stack in stacks.items():
        total += stack - state.player(player_id).stack
    issued = state.ledger.chips_issued + added_chips
    if total > issued:
        raise DomainError("CHIPS_EXCEED_ISSUED", counted=total, issued=issued)


@decides(SetChips)
def _set_chips(state: Tournament, command: SetChips, ctx: Ctx) -> ChipsCounted:
    return _count(state, (ChipCount(command.player_id, command.stack),))


@decides(CountChips)
def _count_chips(state: Tournament, command: CountChips, ctx: Ctx) -> ChipsCounted:
    counts = command.counts
    if not isinstance(counts, tuple | list) or not all(isinstance(c, ChipCount) for c in counts):
        raise DomainError("NO_COUNTS")
    return _count(state, tuple(counts))


def _count(state: Tournament, counts: tuple[ChipCount, ...]) -> ChipsCounted:
    if not counts:
        raise DomainError("NO_COUNTS")
    stacks: dict[int, int] = {}
    for count in counts:
        player = seated_once(state, count.player_id, stacks)
        stacks[player.id] = check_stack(count.stack)
    check_tracked_total(state, stacks)
    return ChipsCounted(counts)


@applies(ChipsCounted)
def _counted(state: Tournament, event: ChipsCounted) -> Tournament:
    players = state.players
    for count in event.counts:
        players = players.put(replace(players.get(count.player_id), stack=count.stack))
    counted = frozenset(count.player_id for count in event.counts)
    return replace(state, players=players, to_recount=state.to_recount - counted)


def chips_left_with_bust(state: Tournament, table: int | None, stack: int,
                         busted: int) -> Tournament:
    """A player out at `table` with `stack` chips still tracked: someone at that table won them,
    so every stack there waits for a count. The busted player waits for none."""
    waiting = state.to_recount - {busted}
    if stack > 0 and table is not None:
        waiting |= {p for p in state.tables.get(table, ()) if p is not None and p != busted}
    return replace(state, to_recount=waiting)


def chips_gap(state: Tournament) -> int | None:
    """Chips issued minus chips counted, when every stack is known; None while a bust's chips
    wait for a count, when the difference would be no missing chip."""
    if state.to_recount:
        return None
    return state.ledger.chips_issued - state.players.stack_total
