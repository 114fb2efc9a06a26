"""The chip set: the colours on the tables, what each is worth and how many the club owns.

The values must climb in steps that divide each other (25, 100, 500, 1,000, 5,000): a race
exchanges full sets of the smallest chip for the next one up (TO-16), which needs a whole number
of small chips per big one.

A chip is no longer needed from a level on when every blind and ante of that level and of all
later levels is a multiple of the next chip up: it is raced at the break before (`planned_races`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.tournament.structure import Break, Level, Structure

MAX_COLOURS = 12
MAX_COLOUR_NAME = 30
# A stack's breakdown keeps enough of each chip to change this many of the next one up.
CHANGE_FOR = 2

register_messages(
    {
        "BAD_CHIP_SET": "Chip set: %(reason)s",
        "CHIP_SET_CANNOT_MAKE_STACK": (
            "A stack of %(amount)s chips (starting stack, rebuy or add-on) cannot be made with"
            " the chip set: the smallest chip is worth %(smallest)s"
        ),
        "CHIP_SET_CANNOT_PAY_LEVEL": (
            "Level %(level)s: %(amount)s cannot be paid with the chip set: the smallest chip is"
            " worth %(smallest)s"
        ),
    }
)


@dataclass(frozen=True)
class ChipColour:
    """One colour of chip: its value in tournament chips and how many the club has."""

    value: int
    colour: str
    available: int


def _whole(value: object, minimum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


def check_chip_set(chip_set: tuple[ChipColour, ...]) -> None:
    """Refuses a chip set that cannot be played with."""
    if not isinstance(chip_set, tuple) or not all(isinstance(c, ChipColour) for c in chip_set):
        raise DomainError("BAD_SETTING", field="chip_set")
    if len(chip_set) > MAX_COLOURS:
        raise DomainError("BAD_CHIP_SET", reason=f"at most {MAX_COLOURS} colours")
    for chip in chip_set:
        if not isinstance(chip.colour, str) or not 0 < len(chip.colour.strip()) <= MAX_COLOUR_NAME:
            raise DomainError("BAD_CHIP_SET", reason="each chip needs a colour name")
        if not _whole(chip.value, 1) or not _whole(chip.available, 0):
            raise DomainError(
                "BAD_CHIP_SET", reason="values and counts must be whole numbers, values at least 1"
            )
    values = [chip.value for chip in chip_set]
    for smaller, larger in zip(values, values[1:], strict=False):
        if larger <= smaller or larger % smaller:
            raise DomainError(
                "BAD_CHIP_SET",
                reason="values must go up from the smallest, each a multiple of the one before",
            )


def check_playable(
    chip_set: tuple[ChipColour, ...], stacks: Sequence[int], structure: Structure
) -> None:
    """Every stack handed out and every blind and ante must be a multiple of the smallest chip."""
    if not chip_set:
        return
    smallest = chip_set[0].value
    for amount in stacks:
        if amount % smallest:
            raise DomainError("CHIP_SET_CANNOT_MAKE_STACK", amount=amount, smallest=smallest)
    levels = (p for p in structure.periods if isinstance(p, Level))
    for number, level in enumerate(levels, start=1):
        for amount in level_amounts(level):
            if amount % smallest:
                raise DomainError(
                    "CHIP_SET_CANNOT_PAY_LEVEL", level=number, amount=amount, smallest=smallest
                )


def breakdown(amount: int, values: Sequence[int]) -> tuple[int, ...]:
    """How many chips of each value (smallest first) make up `amount`: from the smallest chip up,
    enough to change CHANGE_FOR chips of the next one while the amount allows, then the rest with
    the largest chips that fit. `amount` is a multiple of the smallest value.

    >>> breakdown(5000, [25, 100, 500, 1000, 5000])
    (8, 13, 5, 1, 0)
    """
    counts = [0] * len(values)
    left = amount
    for index in range(len(values) - 1):
        change = CHANGE_FOR * values[index + 1] // values[index]
        if change * values[index] > left:
            break
        counts[index] = change
        left -= change * values[index]
    for index in range(len(values) - 1, -1, -1):
        extra, left = divmod(left, values[index])
        counts[index] += extra
    return tuple(counts)


@dataclass(frozen=True)
class ChipNeed:
    chip: ChipColour
    per_stack: int
    per_rebuy: int
    per_add_on: int
    needed: int

    @property
    def short(self) -> int:
        return max(0, self.needed - self.chip.available)


def night_needs(
    chip_set: tuple[ChipColour, ...],
    starting_stack: int,
    entries: int,
    rebuys: tuple[int, int] = (0, 0),
    add_ons: tuple[int, int] = (0, 0),
) -> list[ChipNeed]:
    """The chips of each colour the night needs for `entries` starting stacks and the given
    (count, chips each) rebuys and add-ons, each stack made up as `breakdown` says."""
    values = [chip.value for chip in chip_set]
    start = breakdown(starting_stack, values)
    rebuy = breakdown(rebuys[1], values)
    add_on = breakdown(add_ons[1], values)
    return [
        ChipNeed(
            chip,
            start[i],
            rebuy[i],
            add_on[i],
            entries * start[i] + rebuys[0] * rebuy[i] + add_ons[0] * add_on[i],
        )
        for i, chip in enumerate(chip_set)
    ]


def level_amounts(level: Level) -> tuple[int, ...]:
    return (level.small_blind, level.big_blind, *((level.ante,) if level.ante else ()))


@dataclass(frozen=True)
class PlannedRace:
    """At the break `period` (index in the structure), the chips worth `value` are raced up into
    the chips worth `into`."""

    period: int
    value: int
    into: int


def planned_races(structure: Structure, values: Sequence[int]) -> list[PlannedRace]:
    """At each break, the smallest chips that no later level needs any more, in race order."""
    periods = structure.periods
    in_play = list(values)
    planned: list[PlannedRace] = []
    for index, period in enumerate(periods):
        if not isinstance(period, Break):
            continue
        later = [a for p in periods[index + 1 :] if isinstance(p, Level) for a in level_amounts(p)]
        while later and len(in_play) > 1 and all(a % in_play[1] == 0 for a in later):
            planned.append(PlannedRace(index, in_play[0], in_play[1]))
            in_play.pop(0)
    return planned
