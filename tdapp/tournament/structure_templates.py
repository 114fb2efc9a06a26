"""Three blind structures the club can start from; STORE-API keeps them as editable templates.

Each fits the club's rule of a starting stack between 5,000 and 9,000 chips (RULES.md HE-01).
"""

from __future__ import annotations

from dataclasses import dataclass

from tdapp.tournament.structure import Break, Level, Structure

MINUTE = 60


@dataclass(frozen=True)
class StructureTemplate:
    key: str
    name: str
    starting_stack: int
    structure: Structure


def _levels(minutes: int, blinds: list[tuple[int, int, int]], breaks: dict[int, str]) -> Structure:
    """Levels of `minutes` each; a 10-minute break follows each level number in `breaks`."""
    periods: list[Level | Break] = []
    for number, (small, big, ante) in enumerate(blinds, start=1):
        periods.append(Level(small, big, minutes * MINUTE, ante=ante, big_blind_ante=ante > 0))
        if number in breaks:
            periods.append(Break(10 * MINUTE, breaks[number]))
    return Structure(tuple(periods))


CLUB = StructureTemplate(
    key="club",
    name="Club 5,000-9,000 (20-minute levels)",
    starting_stack=5000,
    structure=_levels(
        20,
        [
            (25, 50, 0),
            (50, 100, 0),
            (75, 150, 0),
            (100, 200, 0),
            (150, 300, 0),
            (200, 400, 0),
            (300, 600, 0),
            (400, 800, 0),
            (500, 1000, 0),
            (600, 1200, 0),
            (800, 1600, 0),
            (1000, 2000, 0),
            (1500, 3000, 0),
            (2000, 4000, 0),
            (3000, 6000, 0),
            (4000, 8000, 0),
        ],
        {4: "Fine rebuy: add-on", 8: "Colour-up: via i gettoni da 25", 12: ""},
    ),
)

TURBO = StructureTemplate(
    key="turbo",
    name="Turbo (10-minute levels)",
    starting_stack=5000,
    structure=_levels(
        10,
        [
            (25, 50, 0),
            (50, 100, 0),
            (100, 200, 0),
            (150, 300, 0),
            (200, 400, 0),
            (300, 600, 0),
            (400, 800, 0),
            (600, 1200, 0),
            (800, 1600, 0),
            (1000, 2000, 0),
            (1500, 3000, 0),
            (2000, 4000, 0),
        ],
        {6: "Colour-up: via i gettoni da 25"},
    ),
)

DEEP = StructureTemplate(
    key="deep",
    name="Deep stack with big-blind ante (30-minute levels)",
    starting_stack=9000,
    structure=_levels(
        30,
        [
            (25, 50, 0),
            (50, 100, 0),
            (75, 150, 150),
            (100, 200, 200),
            (150, 300, 300),
            (200, 400, 400),
            (300, 600, 600),
            (400, 800, 800),
            (500, 1000, 1000),
            (700, 1400, 1400),
            (1000, 2000, 2000),
            (1500, 3000, 3000),
        ],
        {4: "", 8: "Colour-up: via i gettoni da 25"},
    ),
)

TEMPLATES: tuple[StructureTemplate, ...] = (CLUB, TURBO, DEEP)
