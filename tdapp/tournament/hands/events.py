"""What happened at the tables, as the log keeps it: the steps of the engine's hand, so that
replaying a log needs no decision (rules.py applies them)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from tdapp.tournament.busts import Finish
from tdapp.tournament.button import Positions
from tdapp.tournament.events import event


@dataclass(frozen=True)
class HandSeat:
    seat: int
    player_id: int
    stack: int
    absent: bool = False


@dataclass(frozen=True)
class Step:
    """One change to the engine's hand.

    kind: "act" (in turn), "absent" (checked or folded for an absent player, HE-25), "timeout"
    (folded or checked when the time ran out, HE-24), "out_of_turn" (a binding early fold,
    HE-21), "no_raise" (the right to raise lost: an early bet HE-21, the club's time limit HE-23).
    """

    seat: int
    kind: str
    action: str = ""
    amount: int | None = None


@event("HandStarted")
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


@event("HandStepped")
@dataclass(frozen=True)
class HandStepped:
    table: int
    number: int
    steps: tuple[Step, ...]
    deadline: datetime | None = None
    reminded: tuple[int, ...] = ()
    finishes: tuple[Finish, ...] = ()


@event("DecisionExtended")
@dataclass(frozen=True)
class DecisionExtended:
    table: int
    player_id: int
    deadline: datetime


@event("HandShownDown")
@dataclass(frozen=True)
class HandShownDown:
    table: int
    number: int
    winners: tuple[tuple[int, ...], ...]
    cards: Mapping[int, str] = field(default_factory=dict)
    board: str = ""
    finishes: tuple[Finish, ...] = ()


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
