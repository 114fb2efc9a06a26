"""What the table console asks for (issue 6). Each is decided in rules.py."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class StartHand:
    table: int


@dataclass(frozen=True)
class TakeAction:
    """The player in turn acts; `amount` is the total of a bet or raise (HE-14)."""

    table: int
    seat: int
    action: str
    amount: int | None = None


@dataclass(frozen=True)
class PushChips:
    """The player in turn pushed `pushed` chips in `pieces` chips without a word (HE-14);
    `smallest` is the smallest chip's value when the dealer gives it."""

    table: int
    seat: int
    pushed: int
    pieces: int
    smallest: int | None = None


@dataclass(frozen=True)
class ActOutOfTurn:
    """A player acted before their turn (HE-21 club, HE-22 TDA); `amount` for a bet or raise."""

    table: int
    seat: int
    action: str
    amount: int | None = None


@dataclass(frozen=True)
class ExpireDecision:
    """Sent by the deadline job; refused unless that decision is still pending and overdue."""

    table: int
    number: int
    step: int


@dataclass(frozen=True)
class PlayAbsent:
    """The player in turn was marked absent: check or fold for them (HE-25)."""

    table: int


@dataclass(frozen=True)
class UseTimeBank:
    table: int
    seat: int


@dataclass(frozen=True)
class Showdown:
    """The winners of each pot (main first), or the cards shown and the board."""

    table: int
    winners: tuple[tuple[int, ...], ...] | None = None
    cards: Mapping[int, str] | None = None
    board: str | None = None


@dataclass(frozen=True)
class Misdeal:
    table: int


@dataclass(frozen=True)
class RenewTableAccess:
    table: int
