"""Reverting one earlier event: allowed when nothing after it depends on it (touches.py says what
each event touches), otherwise refused naming the later events in the way.

The service passes the active events of the log, oldest first, each with its seq; undone events
are left out, since the state never saw them. Only direct dependants are named: once those are
reverted, asking again names the ones that depended on them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.tournament.busts import PlayersBusted
from tdapp.tournament.events import Event
from tdapp.tournament.registry import apply
from tdapp.tournament.state import Tournament
from tdapp.tournament.touches import Touches, touches

register_messages(
    {
        "REVERT_CONFLICT": "Later events depend on this one: take back %(seqs)s first",
        "NOT_IN_LOG": "There is no active event %(seq)s to take back",
    }
)


def touches_along(log: Iterable[tuple[int, Event]]) -> list[tuple[int, Touches]]:
    """Each event of the log with what it touched, read against the state just before it."""
    state = Tournament()
    marked: list[tuple[int, Touches]] = []
    for seq, item in log:
        marked.append((seq, touches(item, state)))
        state = apply(state, item)
    return marked


def revert_conflicts(log: Sequence[tuple[int, Event]], seq: int) -> list[int]:
    """The seqs of the later active events that depend on event `seq`, oldest first; empty when
    it can be taken back alone. Refuses (NOT_IN_LOG) a seq that is not an active event."""
    marked = touches_along(log)
    position = next((i for i, (s, _) in enumerate(marked) if s == seq), None)
    if position is None:
        raise DomainError("NOT_IN_LOG", seq=seq)
    target = marked[position][1]
    return [later for later, done in marked[position + 1 :] if done.depends_on(target)]


def check_revert(log: Sequence[tuple[int, Event]], seq: int) -> None:
    """Refuses with REVERT_CONFLICT, naming the events in the way, unless `seq` can go alone.
    When the event is a bust, the refusal also names its players (`bring_back`): reinstate.py
    returns them to play without taking back what came after."""
    in_the_way = revert_conflicts(log, seq)
    if not in_the_way:
        return
    seqs = ", ".join(str(s) for s in in_the_way)
    target = dict(log)[seq]
    if isinstance(target, PlayersBusted):
        players = [finish.player_id for finish in target.finishes]
        raise DomainError("REVERT_CONFLICT", seqs=seqs, conflicts=in_the_way, bring_back=players)
    raise DomainError("REVERT_CONFLICT", seqs=seqs, conflicts=in_the_way)
