"""What happened at a draw table, in the past tense. With a physical deck nothing is left to
chance, so an event is the accepted action with what the engine resolved (the number of the
hand, the chips a pot paid); replaying the events through the engine rebuilds the table."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

VERSION = 1


@dataclass(frozen=True)
class TableOpened:
    names: tuple[tuple[int, str], ...]  # (seat, player), clockwise
    stacks: tuple[tuple[int, int], ...]  # (seat, resto)
    dealer: int
    invito_max: int = 5
    passata: int = 0  # what one passata adds to a resto (IT-24); 0: the largest opening resto


@dataclass(frozen=True)
class PassateTaken:
    seat: int
    passate: int
    chips: int


@dataclass(frozen=True)
class HandDealt:
    number: int
    invito: int
    blind_steps: int = 0
    giri: bool = False


@dataclass(frozen=True)
class ActionTaken:
    seat: int
    action: str
    amount: int | None
    confirmed: bool
    put_in: int  # chips the seat moved to the middle with this action


@dataclass(frozen=True)
class OpenedTogether:
    first: int
    second: int
    amount: int | None
    confirmed: bool


@dataclass(frozen=True)
class CardsChanged:
    seat: int
    cards: int


@dataclass(frozen=True)
class HandShownDown:
    winner: int | None
    shown: tuple[tuple[int, str], ...] | None
    opener_shows: bool
    won: tuple[tuple[int, int], ...]  # (seat, chips) as the engine paid them


@dataclass(frozen=True)
class FalseOpeningDeclared:
    new_opener: int | None
    raiser_has_openers: bool


@dataclass(frozen=True)
class HandMisdealt:
    kind: str
    exposed: int = 0
    receiver_demands: bool = False
    before_first_players_second_card: bool = False
    reason: str = "wrong_dealer"
    ruled_valid_for: int | None = None
    six: int | None = None
    four: int | None = None


Event = (TableOpened | HandDealt | ActionTaken | OpenedTogether | CardsChanged | HandShownDown
         | FalseOpeningDeclared | HandMisdealt | PassateTaken)
KINDS: dict[str, type] = {cls.__name__: cls for cls in (
    TableOpened, HandDealt, ActionTaken, OpenedTogether, CardsChanged, HandShownDown,
    FalseOpeningDeclared, HandMisdealt, PassateTaken)}


def to_record(event: Event) -> tuple[str, dict[str, Any]]:
    """The event's kind and its JSON payload, with the version it was written in."""
    return type(event).__name__, {"v": VERSION, **asdict(event)}


def from_record(kind: str, payload: dict[str, Any]) -> Event:
    """The event back from its stored form; JSON lists become the tuples the event holds."""
    cls = KINDS[kind]
    names = {f.name for f in fields(cls)}
    return cls(**{k: _tuples(v) for k, v in payload.items() if k in names})


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value
