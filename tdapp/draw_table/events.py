"""What happened at a draw table, in the past tense. With a physical deck nothing is left to
chance, so an event is the accepted action with what the engine resolved (the number of the
hand, the chips a pot paid); replaying the events through the engine rebuilds the table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from tdapp.kernel.events import Payload, upgraded

GAMES = ("draw", "telesina")


@dataclass(frozen=True)
class TableOpened:
    names: tuple[tuple[int, str], ...]  # (seat, player), clockwise
    stacks: tuple[tuple[int, int], ...]  # (seat, resto)
    dealer: int
    invito_max: int = 5
    passata: int = 0  # what one passata adds to a resto (IT-24); 0: the largest opening resto
    game: str = "draw"  # one of GAMES: the table plays it all night
    variant: str = ""  # telesina: the variant's key (tdapp.engine.telesina.variants)


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


@dataclass(frozen=True)
class CardsTurned:
    """Telesina: the up-cards just dealt, (seat, card), and the vele just turned."""

    up: tuple[tuple[int, str], ...]
    vele: str


@dataclass(frozen=True)
class CardExchanged:
    """Telesina "cambio": the up-card `given` and the one `received`; both None when the seat
    kept its cards or changed the face-down one (the table sees nothing)."""

    seat: int
    given: str | None
    received: str | None


@dataclass(frozen=True)
class TelesinaRoundStarted:
    """A draw table plays a round of telesina of the `variant` (TS-08, LG-07): `hands` hands,
    one dealt by each player in turn, then the draw again. `giri`: the round opening the giri."""

    variant: str
    hands: int
    giri: bool = False


Event = (TableOpened | HandDealt | ActionTaken | OpenedTogether | CardsChanged | HandShownDown
         | FalseOpeningDeclared | HandMisdealt | PassateTaken | CardsTurned | CardExchanged
         | TelesinaRoundStarted)
KINDS: dict[str, type] = {cls.__name__: cls for cls in (
    TableOpened, HandDealt, ActionTaken, OpenedTogether, CardsChanged, HandShownDown,
    FalseOpeningDeclared, HandMisdealt, PassateTaken, CardsTurned, CardExchanged,
    TelesinaRoundStarted)}


VERSIONS: dict[str, int] = {**{kind: 1 for kind in KINDS}, "TableOpened": 2}
"""The schema version each kind is written in. When an event's shape changes, bump its version
here and register `@upgrades(kind, from_version)` on a function turning an old payload into the
next one: `from_record` chains them, so every stored log still replays."""

_UPGRADES: dict[tuple[str, int], Callable[[Payload], Payload]] = {}


def upgrades(kind: str, from_version: int) -> Callable[[Callable[[Payload], Payload]], Any]:
    """Registers how a payload of `kind` at `from_version` becomes one at `from_version + 1`."""

    def register(upgrade: Callable[[Payload], Payload]) -> Callable[[Payload], Payload]:
        _UPGRADES[(kind, from_version)] = upgrade
        return upgrade

    return register


@upgrades("TableOpened", 1)
def _game_named(payload: Payload) -> Payload:
    """Version 1 opened draw tables only: version 2 names the game (and a telesina's variant)."""
    return {**payload, "game": "draw", "variant": ""}


def to_record(event: Event) -> dict[str, Any]:
    """The event as stored: its kind, the version it is written in and a JSON payload."""
    kind = type(event).__name__
    return {"name": kind, "version": VERSIONS[kind], "payload": asdict(event)}


def from_record(record: Mapping[str, Any]) -> Event:
    """The event back from its stored form, upgraded to its kind's current version; JSON lists
    become the tuples the event holds."""
    kind = record["name"]
    cls = KINDS.get(kind)
    if cls is None:
        raise ValueError(f"unknown draw-table event {kind!r}")
    payload = upgraded(kind, int(record["version"]), VERSIONS[kind], record["payload"], _UPGRADES)
    names = {f.name for f in fields(cls)}
    return cls(**{k: _tuples(v) for k, v in payload.items() if k in names})


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value
