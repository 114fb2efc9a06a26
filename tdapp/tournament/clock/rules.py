"""The clock's commands and events in the tournament's log, and its part of every view.

Each DdT control is a command whose event records the clock's absolute state afterwards, so that
`apply` only stores it and undo (a replay without the event) puts the clock back exactly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from tdapp.kernel.refusals import DomainError, Plural, register_messages
from tdapp.tournament.clock import timing as arithmetic
from tdapp.tournament.clock.timing import Clock, DisplayLayout, unix_ms
from tdapp.tournament.events import event
from tdapp.tournament.registry import Notice, applies, decides, view_section, warns
from tdapp.tournament.settings import add_on_period

if TYPE_CHECKING:
    from tdapp.tournament.ctx import Ctx
    from tdapp.tournament.state import Tournament

LAYOUTS = ("clock", "seating", "rotate")
SCREEN_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
ROTATE_SECONDS = (5, 600)


# ---- commands: what the DdT asks ----


@dataclass(frozen=True)
class StartClock:
    pass


@dataclass(frozen=True)
class PauseClock:
    pass


@dataclass(frozen=True)
class ResumeClock:
    pass


@dataclass(frozen=True)
class AdjustClock:
    """Add `seconds` to the period in play; negative removes time."""

    seconds: int


@dataclass(frozen=True)
class NextLevel:
    pass


@dataclass(frozen=True)
class PreviousLevel:
    pass


@dataclass(frozen=True)
class JumpToLevel:
    level: int


@dataclass(frozen=True)
class JumpToBreak:
    pass


@dataclass(frozen=True)
class SetDisplayLayout:
    """What the wall screen named `screen` shows (`/t/<slug>/clock?screen=<name>`)."""

    screen: str
    layout: str
    seconds: int = 20


# ---- events: the clock's state as it became ----


@event("ClockStarted")
@dataclass(frozen=True)
class ClockStarted:
    clock: Clock


@event("ClockPaused")
@dataclass(frozen=True)
class ClockPaused:
    clock: Clock


@event("ClockResumed")
@dataclass(frozen=True)
class ClockResumed:
    clock: Clock


@event("ClockAdjusted")
@dataclass(frozen=True)
class ClockAdjusted:
    seconds: int
    clock: Clock


@event("LevelChanged")
@dataclass(frozen=True)
class LevelChanged:
    """The DdT moved play to another period (next, previous, a jump); `level` is the room's
    number afterwards, for the log's reader."""

    level: int
    on_break: bool
    clock: Clock


@event("DisplayLayoutSet")
@dataclass(frozen=True)
class DisplayLayoutSet:
    screen: str
    layout: DisplayLayout


register_messages(
    {
        "BAD_SCREEN_NAME": "A screen name is 1 to 40 lowercase letters, digits or dashes, "
        "not %(screen)r.",
        "BAD_LAYOUT": "Unknown layout %(layout)r: choose clock, seating or rotate.",
        "BAD_ROTATE_SECONDS": "Rotate every %(low)s to %(high)s seconds, not %(seconds)r.",
        "STRUCTURE_ENDING": Plural(
            "The structure ends in %(minutes)s minute: add levels or plan the end.",
            "The structure ends in %(minutes)s minutes: add levels or plan the end.",
            "minutes"),
        "STRUCTURE_OVERTIME": "The structure has run out: the last blinds hold, in overtime.",
        "LATE_REGISTRATION_CLOSED": "Late registration is closed.",
        "REBUY_CLOSED": "The rebuy period is over.",
        "ADD_ON_CLOSED": "The add-on is closed.",
        "RE_ENTRY_CLOSED": "Re-entry is closed.",
    }
)


def _now(ctx: Ctx) -> int:
    return unix_ms(ctx.now)


@decides(StartClock, in_play_only=True)
def _start(state: Tournament, command: StartClock, ctx: Ctx) -> ClockStarted:
    return ClockStarted(arithmetic.start(state.settings.structure, state.clock, _now(ctx)))


@decides(PauseClock)
def _pause(state: Tournament, command: PauseClock, ctx: Ctx) -> ClockPaused:
    return ClockPaused(arithmetic.pause(state.settings.structure, state.clock, _now(ctx)))


@decides(ResumeClock, in_play_only=True)
def _resume(state: Tournament, command: ResumeClock, ctx: Ctx) -> ClockResumed:
    return ClockResumed(arithmetic.resume(state.settings.structure, state.clock, _now(ctx)))


@decides(AdjustClock, in_play_only=True)
def _adjust(state: Tournament, command: AdjustClock, ctx: Ctx) -> ClockAdjusted:
    structure = state.settings.structure
    moved = arithmetic.adjust(structure, state.clock, _now(ctx), command.seconds)
    return ClockAdjusted(command.seconds, moved)


def _level_changed(state: Tournament, moved: Clock, ctx: Ctx) -> LevelChanged:
    structure = state.settings.structure
    return LevelChanged(
        level=arithmetic.level_number(structure, moved, _now(ctx)),
        on_break=arithmetic.on_break(structure, moved, _now(ctx)),
        clock=moved,
    )


@decides(NextLevel, in_play_only=True)
def _next(state: Tournament, command: NextLevel, ctx: Ctx) -> LevelChanged:
    moved = arithmetic.next_period(state.settings.structure, state.clock, _now(ctx))
    return _level_changed(state, moved, ctx)


@decides(PreviousLevel, in_play_only=True)
def _previous(state: Tournament, command: PreviousLevel, ctx: Ctx) -> LevelChanged:
    moved = arithmetic.previous_period(state.settings.structure, state.clock, _now(ctx))
    return _level_changed(state, moved, ctx)


@decides(JumpToLevel, in_play_only=True)
def _jump(state: Tournament, command: JumpToLevel, ctx: Ctx) -> LevelChanged:
    structure = state.settings.structure
    moved = arithmetic.jump_to_level(structure, state.clock, _now(ctx), command.level)
    return _level_changed(state, moved, ctx)


@decides(JumpToBreak, in_play_only=True)
def _jump_to_break(state: Tournament, command: JumpToBreak, ctx: Ctx) -> LevelChanged:
    moved = arithmetic.jump_to_break(state.settings.structure, state.clock, _now(ctx))
    return _level_changed(state, moved, ctx)


@decides(SetDisplayLayout)
def _set_layout(state: Tournament, command: SetDisplayLayout, ctx: Ctx) -> DisplayLayoutSet:
    screen, layout, seconds = command.screen, command.layout, command.seconds
    if not isinstance(screen, str) or not SCREEN_NAME.match(screen):
        raise DomainError("BAD_SCREEN_NAME", screen=screen)
    if layout not in LAYOUTS:
        raise DomainError("BAD_LAYOUT", layout=layout)
    low, high = ROTATE_SECONDS
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not low <= seconds <= high:
        raise DomainError("BAD_ROTATE_SECONDS", seconds=seconds, low=low, high=high)
    return DisplayLayoutSet(screen, DisplayLayout(layout, seconds))


@applies(ClockStarted)
@applies(ClockPaused)
@applies(ClockResumed)
@applies(ClockAdjusted)
@applies(LevelChanged)
def _store_clock(state: Tournament, change: Any) -> Tournament:
    return replace(state, clock=change.clock)


@applies(DisplayLayoutSet)
def _store_layout(state: Tournament, change: DisplayLayoutSet) -> Tournament:
    return replace(state, displays={**state.displays, change.screen: change.layout})


@view_section("clock")
def clock_section(state: Tournament, now: datetime, audience: str) -> dict[str, Any]:
    return arithmetic.view(state.settings.structure, state.clock, unix_ms(now))


@view_section("displays")
def displays_section(state: Tournament, now: datetime, audience: str) -> dict[str, Any]:
    return {
        screen: {"layout": layout.layout, "seconds": layout.seconds}
        for screen, layout in state.displays.items()
    }


@warns
def structure_running_out(state: Tournament, now: datetime, audience: str) -> list[Notice]:
    """The console's warning before the last level ends, and once it has."""
    if audience != "td" or not state.clock.started or state.finished:
        return []
    structure = state.settings.structure
    where = arithmetic.position(structure, state.clock, unix_ms(now))
    if where.overtime_ms:
        return [Notice("STRUCTURE_OVERTIME")]
    left = arithmetic.structure_left_ms(structure, state.clock, unix_ms(now))
    if left <= arithmetic.STRUCTURE_WARNING_MS:
        return [Notice("STRUCTURE_ENDING", {"minutes": -(-left // 60_000)})]
    return []


def closings(state: Tournament, period_ended: int) -> list[Notice]:
    """What the room is told closes with the end of period `period_ended`: late registration,
    rebuys, re-entry, the add-on (by default at the end of the break after the rebuy period)."""
    settings = state.settings
    structure = settings.structure

    def ends_level(level: int | None) -> bool:
        if level is None or not 1 <= level <= settings.level_count:
            return False
        return structure.index_of_level(level) == period_ended

    found = []
    if ends_level(settings.late_registration_until_level):
        found.append(Notice("LATE_REGISTRATION_CLOSED"))
    if settings.rebuy and ends_level(settings.rebuy.until_level):
        found.append(Notice("REBUY_CLOSED"))
    if settings.re_entry and ends_level(settings.re_entry.until_level):
        found.append(Notice("RE_ENTRY_CLOSED"))
    if settings.add_on:
        if settings.add_on.until_level is not None:
            closes = ends_level(settings.add_on.until_level)
        else:
            closes = add_on_period(settings) == period_ended
        if closes:
            found.append(Notice("ADD_ON_CLOSED"))
    return found
