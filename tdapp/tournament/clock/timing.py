"""The blind clock as a pure function of a few stored instants and `now`.

Nothing here counts ticks. The clock's whole state is where it was measured last (a period index,
the time elapsed in it, the instant of that measure) and whether it runs; every figure a screen
shows is derived from that, the structure and `now`, so a restart or an undo loses nothing.
Instants are Unix milliseconds (ints), as the displays use them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from tdapp.kernel.refusals import DomainError, Plural, register_messages
from tdapp.tournament.structure import Break, Level, Structure

# The console warns this long before the last level ends: time to add levels or agree a deal.
STRUCTURE_WARNING_MS = 30 * 60 * 1000
# A single adjustment larger than this is a typo, not a decision.
MAX_ADJUST_SECONDS = 24 * 3600

register_messages(
    {
        "CLOCK_ALREADY_STARTED": "The clock has already started: use resume.",
        "CLOCK_NOT_STARTED": "The clock has not started yet.",
        "CLOCK_NOT_RUNNING": "The clock is not running.",
        "CLOCK_ALREADY_RUNNING": "The clock is already running.",
        "BAD_ADJUSTMENT": "Time to add or remove must be a whole, non-zero number of seconds, "
        "not %(seconds)r.",
        "ADJUSTMENT_TOO_LARGE": Plural(
            "%(seconds)s second is more than the %(limit)s allowed at once.",
            "%(seconds)s seconds is more than the %(limit)s allowed at once.",
            "seconds"),
        "NO_NEXT_LEVEL": "This is the last level of the structure.",
        "NO_PREVIOUS_LEVEL": "This is the first level of the structure.",
        "LEVEL_OUT_OF_RANGE": Plural(
            "There is no level %(level)r: the structure has %(levels)s level.",
            "There is no level %(level)r: the structure has %(levels)s levels.",
            "levels"),
        "NO_BREAK_AHEAD": "There is no break left in the structure.",
    }
)


def unix_ms(moment: datetime) -> int:
    """A timezone-aware instant as Unix milliseconds."""
    if moment.tzinfo is None:
        raise ValueError("the clock needs timezone-aware instants")
    return int(moment.timestamp() * 1000)


@dataclass(frozen=True)
class Clock:
    """The clock's absolute state: `elapsed_ms` into period `period` as measured at `at_ms`.

    While it runs the elapsed time grows with `now`; while paused it stays. `elapsed_ms` may be
    negative (time added beyond the period's length) or exceed the period (time removed), and the
    derivation below rolls it into the right period.
    """

    period: int = 0
    elapsed_ms: int = 0
    at_ms: int = 0
    running: bool = False
    started: bool = False
    # When the DdT last set it running (start or resume): play resumed then, and a decision
    # limit that a pause stopped starts again from there (hands/deadlines.py).
    resumed_at_ms: int = 0


@dataclass(frozen=True)
class DisplayLayout:
    """What one wall screen shows: the clock, the seating and payouts, or both in turn."""

    layout: str = "clock"
    seconds: int = 20


@dataclass(frozen=True)
class Position:
    """Where the clock stands at one instant."""

    period: int
    elapsed_ms: int
    remaining_ms: int
    overtime_ms: int


def position(structure: Structure, clock: Clock, now_ms: int) -> Position:
    """The period in play at `now_ms` and the time spent in it, periods running back to back.

    Past the last period the clock holds it and counts overtime.
    """
    index = min(clock.period, len(structure.periods) - 1)
    elapsed = clock.elapsed_ms + (now_ms - clock.at_ms if clock.running else 0)
    last = len(structure.periods) - 1
    while index < last and elapsed >= _length_ms(structure, index):
        elapsed -= _length_ms(structure, index)
        index += 1
    length = _length_ms(structure, index)
    return Position(
        period=index,
        elapsed_ms=elapsed,
        remaining_ms=max(0, length - elapsed),
        overtime_ms=max(0, elapsed - length) if index == last else 0,
    )


def level_number(structure: Structure, clock: Clock, now_ms: int) -> int:
    """The room's level number at `now_ms` (1-based, breaks not counted)."""
    return structure.level_number(position(structure, clock, now_ms).period) or 1


def on_break(structure: Structure, clock: Clock, now_ms: int) -> bool:
    return isinstance(structure.periods[position(structure, clock, now_ms).period], Break)


def play_stopped(structure: Structure, clock: Clock, now_ms: int) -> bool:
    """True while the room does not play: the clock started and is paused, or a break is on.
    Before the clock starts the tables may play (a DdT who runs no clock)."""
    return clock.started and (not clock.running or on_break(structure, clock, now_ms))


def play_resumed_at(structure: Structure, clock: Clock, now_ms: int) -> int:
    """The last instant, at or before `now_ms`, when play took up again: the clock set running,
    or the end of the break before the level in play (0 when neither happened)."""
    where = position(structure, clock, now_ms)
    resumed = clock.resumed_at_ms
    follows_break = where.period > 0 and isinstance(structure.periods[where.period - 1], Break)
    if clock.running and follows_break and not isinstance(structure.periods[where.period], Break):
        resumed = max(resumed, now_ms - where.elapsed_ms)
    return resumed


def remaining_ms(structure: Structure, clock: Clock, now_ms: int) -> int:
    return position(structure, clock, now_ms).remaining_ms


def period_ends_at(structure: Structure, clock: Clock, now_ms: int) -> int | None:
    """When the period in play ends (Unix ms), or None while paused; in overtime, when it ended."""
    if not clock.running:
        return None
    where = position(structure, clock, now_ms)
    return now_ms + where.remaining_ms - where.overtime_ms


def next_change_at(structure: Structure, clock: Clock, now_ms: int) -> int | None:
    """The next instant the room sees a new period, or None if nothing will change by itself."""
    where = position(structure, clock, now_ms)
    if not clock.running or where.period == len(structure.periods) - 1 and where.overtime_ms:
        return None
    return now_ms + where.remaining_ms


def next_level(structure: Structure, clock: Clock, now_ms: int) -> Level | None:
    """The blinds that come next, skipping any break; None when the structure has no more."""
    start = position(structure, clock, now_ms).period + 1
    return next((p for p in structure.periods[start:] if isinstance(p, Level)), None)


def next_break_in_ms(structure: Structure, clock: Clock, now_ms: int) -> int | None:
    """Play time left before the next break starts, or None when no break is ahead."""
    where = position(structure, clock, now_ms)
    wait = where.remaining_ms
    for index in range(where.period + 1, len(structure.periods)):
        if isinstance(structure.periods[index], Break):
            return wait
        wait += _length_ms(structure, index)
    return None


def levels_before_break(structure: Structure, clock: Clock, now_ms: int) -> int | None:
    """Whole levels between the period in play and the next break (what a jump to that break
    skips), or None when no break is ahead."""
    where = position(structure, clock, now_ms)
    ahead = structure.periods[where.period + 1 :]
    return next((levels for levels, p in enumerate(ahead) if isinstance(p, Break)), None)


def structure_left_ms(structure: Structure, clock: Clock, now_ms: int) -> int:
    """Time left before the last level ends (0 in overtime)."""
    where = position(structure, clock, now_ms)
    rest = range(where.period + 1, len(structure.periods))
    return where.remaining_ms + sum(_length_ms(structure, index) for index in rest)


def _length_ms(structure: Structure, index: int) -> int:
    return structure.periods[index].seconds * 1000


def _at(clock: Clock, now_ms: int, period: int, elapsed_ms: int) -> Clock:
    """The clock re-measured at `now_ms`, keeping whether it runs."""
    return replace(clock, period=period, elapsed_ms=elapsed_ms, at_ms=now_ms)


def settle(structure: Structure, clock: Clock, now_ms: int) -> Clock:
    """The same clock measured again at `now_ms`: same figures, anchor on the period in play."""
    where = position(structure, clock, now_ms)
    return _at(clock, now_ms, where.period, where.elapsed_ms)


# The DdT's decisions. Each takes the clock as stored and `now`, and returns the clock's new
# absolute state, which the event records; a refusal raises and changes nothing.


def start(structure: Structure, clock: Clock, now_ms: int) -> Clock:
    """Play begins: the clock runs from where it stands (level 1, or where the DdT set it)."""
    if clock.started:
        raise DomainError("CLOCK_ALREADY_STARTED")
    return replace(
        settle(structure, clock, now_ms), running=True, started=True, resumed_at_ms=now_ms
    )


def pause(structure: Structure, clock: Clock, now_ms: int) -> Clock:
    if not clock.running:
        raise DomainError("CLOCK_NOT_RUNNING")
    return replace(settle(structure, clock, now_ms), running=False)


def resume(structure: Structure, clock: Clock, now_ms: int) -> Clock:
    if not clock.started:
        raise DomainError("CLOCK_NOT_STARTED")
    if clock.running:
        raise DomainError("CLOCK_ALREADY_RUNNING")
    return replace(settle(structure, clock, now_ms), running=True, resumed_at_ms=now_ms)


def adjust(structure: Structure, clock: Clock, now_ms: int, seconds: int) -> Clock:
    """Adds time to the period in play (negative `seconds` removes it).

    Removing more than is left carries into the following periods, as if that time had been
    played; adding may leave more than the period's length.
    """
    if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds == 0:
        raise DomainError("BAD_ADJUSTMENT", seconds=seconds)
    if abs(seconds) > MAX_ADJUST_SECONDS:
        raise DomainError("ADJUSTMENT_TOO_LARGE", seconds=seconds, limit=MAX_ADJUST_SECONDS)
    here = settle(structure, clock, now_ms)
    return settle(structure, replace(here, elapsed_ms=here.elapsed_ms - seconds * 1000), now_ms)


def next_period(structure: Structure, clock: Clock, now_ms: int) -> Clock:
    """The next level or break starts now, in full."""
    here = position(structure, clock, now_ms).period
    if here == len(structure.periods) - 1:
        raise DomainError("NO_NEXT_LEVEL")
    return _at(clock, now_ms, here + 1, 0)


def previous_period(structure: Structure, clock: Clock, now_ms: int) -> Clock:
    """The previous level or break starts again, in full."""
    here = position(structure, clock, now_ms).period
    if here == 0:
        raise DomainError("NO_PREVIOUS_LEVEL")
    return _at(clock, now_ms, here - 1, 0)


def jump_to_level(structure: Structure, clock: Clock, now_ms: int, level: int) -> Clock:
    """Level `level` (the room's 1-based number) starts now, in full."""
    levels = sum(1 for p in structure.periods if isinstance(p, Level))
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= levels:
        raise DomainError("LEVEL_OUT_OF_RANGE", level=level, levels=levels)
    return _at(clock, now_ms, structure.index_of_level(level), 0)


def jump_to_break(structure: Structure, clock: Clock, now_ms: int) -> Clock:
    """The next break in the structure starts now, in full."""
    here = position(structure, clock, now_ms).period
    for index in range(here + 1, len(structure.periods)):
        if isinstance(structure.periods[index], Break):
            return _at(clock, now_ms, index, 0)
    raise DomainError("NO_BREAK_AHEAD")


def view(structure: Structure, clock: Clock, now_ms: int, *, ahead: bool = True) -> dict:
    """What every screen shows of the clock; the browser counts down from `ends_at` by itself.

    `following` is this same view as it will read the moment the period in play ends (None when
    nothing will change by itself), so a screen turns to the next level exactly on time without
    waiting for the server's push, and even while it cannot reach the server.
    """
    where = position(structure, clock, now_ms)
    period = structure.periods[where.period]
    blinds = structure.level_at(where.period)
    coming = next_level(structure, clock, now_ms)
    break_in = next_break_in_ms(structure, clock, now_ms)
    left = structure_left_ms(structure, clock, now_ms)
    if where.overtime_ms:
        warning = "overtime"
    elif left <= STRUCTURE_WARNING_MS:
        warning = "structure_ending"
    else:
        warning = None
    ends_at = period_ends_at(structure, clock, now_ms)
    shown = {
        "level": structure.level_number(where.period) or 1,
        "period": where.period,
        "on_break": isinstance(period, Break),
        "last_period": where.period == len(structure.periods) - 1,
        "break_note": period.note if isinstance(period, Break) else "",
        "running": clock.running,
        "started": clock.started,
        "remaining_ms": where.remaining_ms,
        "overtime_ms": where.overtime_ms,
        "period_ms": period.seconds * 1000,
        "ends_at": ends_at,
        "server_now": now_ms,
        "blinds": _blinds(blinds),
        # What every screen shows as the blinds: on a break, those play resumes with ("after
        # the break"); `blinds` stays the level in force, the one the break followed.
        "after_break": isinstance(period, Break) and coming is not None,
        "blinds_shown": _blinds(coming) if isinstance(period, Break) and coming else _blinds(blinds),
        "next_level": _blinds(coming) if coming else None,
        "next_level_number": structure.level_number(where.period) + 1 if coming else None,
        "next_break_in_ms": break_in,
        "next_break_at": now_ms + break_in if break_in is not None and clock.running else None,
        "levels_before_break": levels_before_break(structure, clock, now_ms),
        "structure_left_ms": left,
        "warning": warning,
        "following": None,
    }
    change = next_change_at(structure, clock, now_ms) if ahead else None
    if change is not None:
        shown["following"] = view(structure, clock, change, ahead=False)
    return shown


def _blinds(level: Level) -> dict:
    return {
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        "big_blind_ante": level.big_blind_ante,
        "minutes": level.seconds // 60,
    }
