"""What the dealer (or the DdT) asks for at a draw table, in the imperative."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Deal:
    """Settle the last hand, if any, and deal the next one with this invito (IT-04) and as many
    blind steps (buio, controbuio, over: IT-05). At telesina the variant sets the invito (None
    takes it)."""

    invito: int | None
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


@dataclass(frozen=True)
class TurnCards:
    """Telesina: the dealer enters the up-cards just dealt, (seat, cards), and the vele just
    turned."""

    up: tuple[tuple[int, str], ...] = ()
    vele: str = ""


@dataclass(frozen=True)
class Exchange:
    """Telesina "cambio": the seat in turn gives the up-card `given` for `received`, or (both
    None) keeps its cards or changes the face-down one."""

    seat: int
    given: str | None = None
    received: str | None = None


ROUND_VARIANT = "secca"  # TS-01: the base game, when nobody names another


@dataclass(frozen=True)
class PlayTelesinaRound:
    """Between hands, a draw table plays a round of telesina of the `variant` the DdT or the
    dealer names: the deal goes once around the table, then back to draw. `giri`: the round
    that opens the giri (LG-07), else one TS-08 called."""

    variant: str = ROUND_VARIANT
    giri: bool = False


Command = (Deal | Act | OpenTogether | Draw | Showdown | DeclareFalseOpening | Misdeal
           | TakePassate | TurnCards | Exchange | PlayTelesinaRound)
