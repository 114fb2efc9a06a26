"""What happened at the tables, as the log keeps it: the steps of the engine's hand, so that
replaying a log needs no decision (rules.py applies them)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from tdapp.kernel.events import adds
from tdapp.tournament.busts import Finish
from tdapp.tournament.button import Positions
from tdapp.tournament.events import event, upgrades
from tdapp.tournament.finish import TournamentFinish
from tdapp.tournament.hands.table import Step


@dataclass(frozen=True)
class HandSeat:
    seat: int
    player_id: int
    stack: int
    absent: bool = False


@event("HandStarted", version=2)
@dataclass(frozen=True)
class HandStarted:
    table: int
    number: int
    seats: tuple[HandSeat, ...]
    positions: Positions
    level: int
    small_blind: int
    big_blind: int
    ante: int
    ante_mode: str
    min_raise: str
    river_fold: str
    started_at: datetime
    steps: tuple[Step, ...] = ()
    deadline: datetime | None = None
    finishes: tuple[Finish, ...] = ()
    # Players at the table who sat with no chips and may no longer rebuy: out before the deal.
    out_of_chips: tuple[Finish, ...] = ()
    finish: TournamentFinish | None = None  # the hand's busts left one player (finish.py)


@event("HandStepped", version=2)
@dataclass(frozen=True)
class HandStepped:
    table: int
    number: int
    steps: tuple[Step, ...]
    deadline: datetime | None = None
    reminded: tuple[int, ...] = ()
    finishes: tuple[Finish, ...] = ()
    finish: TournamentFinish | None = None


@event("DecisionExtended")
@dataclass(frozen=True)
class DecisionExtended:
    table: int
    player_id: int
    deadline: datetime


@event("HandShownDown", version=2)
@dataclass(frozen=True)
class HandShownDown:
    table: int
    number: int
    winners: tuple[tuple[int, ...], ...]
    cards: Mapping[int, str] = field(default_factory=dict)
    board: str = ""
    finishes: tuple[Finish, ...] = ()
    finish: TournamentFinish | None = None


# Before the finish was recorded, a hand's busts never ended the tournament in the log.
for _name in ("HandStarted", "HandStepped", "HandShownDown"):
    upgrades(_name, from_version=1)(adds(finish=None))


@event("HandMisdealt")
@dataclass(frozen=True)
class HandMisdealt:
    table: int
    number: int


@event("TableAccessRenewed")
@dataclass(frozen=True)
class TableAccessRenewed:
    table: int
    token: str
    pin: str
