"""What the dealer (or the DdT) asks for at a draw table, in the imperative."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Deal:
    """Settle the last hand, if any, and deal the next one with this invito (IT-04) and as many
    blind steps (buio, controbuio, over: IT-05)."""

    invito: int
    blind_steps: int = 0
    giri: bool = False


@dataclass(frozen=True)
class Act:
    """A betting action. `confirmed`: the dealer saw the opener's claim (physical cards)."""

    seat: int
    action: str
    amount: int | None = None
    confirmed: bool = False


@dataclass(frozen=True)
class OpenTogether:
    """IT-09: two players open at the same moment."""

    first: int
    second: int
    amount: int | None = None
    confirmed: bool = False


@dataclass(frozen=True)
class Draw:
    """IT-12: the seat in turn changes `cards` cards (0 = servito)."""

    seat: int
    cards: int


@dataclass(frozen=True)
class Showdown:
    """IT-14: the dealer taps the `winner`, or enters the hands `shown` (seat, cards)."""

    winner: int | None = None
    shown: tuple[tuple[int, str], ...] | None = None
    opener_shows: bool = True


@dataclass(frozen=True)
class DeclareFalseOpening:
    """IT-17: the opener cannot show openers."""

    new_opener: int | None = None
    raiser_has_openers: bool = False


@dataclass(frozen=True)
class TakePassate:
    """IT-24: a player's resto grows, before the deal only, by whole passate."""

    seat: int
    passate: int = 1


MISDEAL_KINDS = ("exposed_cards", "dealer_error", "void_before_opening", "stub_miscount",
                 "six_and_four")


@dataclass(frozen=True)
class Misdeal:
    """A dealing error (IT-25 .. IT-29), one kind each; the fields its kind needs."""

    kind: str
    exposed: int = 0
    receiver_demands: bool = False
    before_first_players_second_card: bool = False
    reason: str = "wrong_dealer"
    ruled_valid_for: int | None = None
    six: int | None = None
    four: int | None = None


Command = (Deal | Act | OpenTogether | Draw | Showdown | DeclareFalseOpening | Misdeal
           | TakePassate)
