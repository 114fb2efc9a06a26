"""decide / apply / view, dispatched to the handlers each area registers.

An area is a module of this package. It declares its commands and events and registers:

- `@decides(SomeCommand)` on `f(state, command, ctx) -> event`: checks the rules, resolves time and
  chance, raises DomainError to refuse;
- `@applies(SomeEvent)` on `f(state, event) -> state`: never refuses, never reads time or chance;
- `@view_section("clock")` on `f(state, now, audience) -> JSON-able`: a part of every view;
- `@warns` on `f(state, now, audience) -> iterable of Notice`: warnings the screens show now.

The package's `__init__` imports every area once, in the order of its `AREAS`, whichever module
of the package a process imports first: nothing here loads anything on the way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from tdapp.kernel.refusals import DomainError, message_for, register_messages
from tdapp.tournament.events import Event
from tdapp.tournament.state import Tournament

if TYPE_CHECKING:
    from tdapp.tournament.ctx import Ctx

Audience = Literal["public", "td"]
F = TypeVar("F", bound=Callable[..., Any])

_DECIDERS: dict[type, tuple[Callable[..., Event], bool, bool]] = {}
_APPLIERS: dict[type, Callable[..., Any]] = {}
_SECTIONS: dict[str, Callable[..., Any]] = {}
_WARNERS: list[Callable[..., Iterable[Notice]]] = []


@dataclass(frozen=True)
class Notice:
    """A warning for the screens ("rebuy period ends in 5 minutes"), rendered like a refusal:
    code, params, and the message from the code's registered template."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)


def decides(
    command: type, *, before_creation: bool = False, in_play_only: bool = False
) -> Callable[[F], F]:
    """Registers the rules for `command`. Only a command that creates the tournament may be
    decided `before_creation`; every other one is refused until then. An `in_play_only` command
    is refused once the tournament is finished (finish.py)."""

    def register(handler: F) -> F:
        if command in _DECIDERS:
            raise ValueError(f"{command.__qualname__} already has a decide handler")
        _DECIDERS[command] = (handler, before_creation, in_play_only)
        return handler

    return register


def applies(event: type) -> Callable[[F], F]:
    def register(handler: F) -> F:
        if event in _APPLIERS:
            raise ValueError(f"{event.__qualname__} already has an apply handler")
        _APPLIERS[event] = handler
        return handler

    return register


def view_section(name: str) -> Callable[[F], F]:
    def register(section: F) -> F:
        if name in _SECTIONS:
            raise ValueError(f"view section {name!r} already registered")
        _SECTIONS[name] = section
        return section

    return register


def warns(warner: F) -> F:
    _WARNERS.append(warner)
    return warner


register_messages(
    {
        "UNKNOWN_COMMAND": "Unknown command %(command)s",
        "NO_TOURNAMENT": "Set the tournament up first",
    }
)


def decide(state: Tournament, command: Any, ctx: Ctx) -> Event:
    """The event that `command` produces on `state`, or a DomainError; `state` is never changed."""
    entry = _DECIDERS.get(type(command))
    if entry is None:
        raise DomainError("UNKNOWN_COMMAND", command=type(command).__name__)
    handler, before_creation, in_play_only = entry
    if not state.created and not before_creation:
        raise DomainError("NO_TOURNAMENT")
    if in_play_only and state.finish is not None:
        raise DomainError("TOURNAMENT_FINISHED")
    return handler(state, command, ctx)


def apply(state: Tournament, event: Event) -> Tournament:
    """The state after `event`, with `version` counting the events applied."""
    next_state = _APPLIERS[type(event)](state, event)
    return replace(next_state, version=state.version + 1)


def replay(events: Iterable[Event], state: Tournament | None = None) -> Tournament:
    """The state a log folds into, from the empty tournament or from `state`."""
    state = Tournament() if state is None else state
    for item in events:
        state = apply(state, item)
    return state


def view(state: Tournament, now: datetime, audience: Audience = "public") -> dict[str, Any]:
    """Everything a screen shows, JSON-able. The public view leaves out money owed and private
    data; the TD view has it all."""
    result: dict[str, Any] = {"version": state.version, "audience": audience}
    for name, section in _SECTIONS.items():
        result[name] = section(state, now, audience)
    found = [w for warner in _WARNERS for w in warner(state, now, audience)]
    result["warnings"] = [
        {"code": w.code, "params": w.params, "message": message_for(w.code, w.params)}
        for w in found
    ]
    return result
