"""Where the button and the blinds go each hand (HE-04 to HE-07) and the first button (TO-02).

Seats are numbers counted clockwise; "clockwise after seat s" means the next higher seat number,
wrapping round to the lowest. `seated` is always the seats with a player dealt into the next
hand. Pure functions: the tournament records the positions of each hand it deals and asks
here for the next ones.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

from tdapp.engine.cards import Card, Deck
from tdapp.kernel.refusals import register_messages
from tdapp.tournament.errors import SeatingError

ButtonRule = Literal["dead", "moving"]

HIGH_CARD_SUITS = "cdhs"
"""Suit order for the button draw, lowest first: spades > hearts > diamonds > clubs, the order
poker rooms use for high-card draws (RULES.md TO-02 names no order; TO-16 uses the same)."""

register_messages(
    {
        "TOO_FEW_FOR_A_HAND": "A hand needs at least two players; there are %(seated)s.",
        "NOT_SEATED": "Seat %(seat)s has no player.",
    }
)


@dataclass(frozen=True)
class Positions:
    """The button and the blinds of one hand.

    `small_blind_seat` is where the small blind falls even when nobody posts it (a dead small
    blind under HE-05); the next hand's button goes to that seat. Heads-up the button is also
    the small blind (HE-07).
    """

    button: int
    small_blind_seat: int
    big_blind: int
    dead_small_blind: bool = False

    @property
    def small_blind(self) -> int | None:
        """The seat that posts the small blind, or None when it is dead."""
        return None if self.dead_small_blind else self.small_blind_seat

    @property
    def heads_up(self) -> bool:
        return self.button == self.small_blind_seat


def clockwise_after(seat: int, seated: Collection[int]) -> int:
    """The first seat of `seated` clockwise after `seat` (wrapping; `seat` itself only last)."""
    ordered = sorted(seated)
    for candidate in ordered:
        if candidate > seat:
            return candidate
    return ordered[0]


def first_positions(button: int, seated: Collection[int]) -> Positions:
    """The first hand at a table once its button is drawn: SB and BB follow it (HE-04, HE-07)."""
    _check_hand(seated)
    if button not in seated:
        raise SeatingError("NOT_SEATED", seat=button)
    if len(seated) == 2:
        return Positions(button, button, clockwise_after(button, seated))
    small_blind = clockwise_after(button, seated)
    return Positions(button, small_blind, clockwise_after(small_blind, seated))


def next_positions(last: Positions, seated: Collection[int], rule: ButtonRule = "dead") -> Positions:
    """The button and blinds of the next hand, given those of the last hand dealt.

    - Dead button (HE-05, default): the BB moves to the next player after the last BB; the SB
      falls on the last BB's seat, dead if that seat is now empty; the button goes to the last
      SB's seat, even if empty.
    - Moving button (HE-06): the button goes to the next player, the blinds follow it.
    - Heads-up (HE-07), under either rule: the BB moves to the next player after the last BB and
      the other player has the button and the SB, so going from three to two nobody posts the BB
      twice in a row.
    """
    _check_hand(seated)
    big_blind = clockwise_after(last.big_blind, seated)
    if len(seated) == 2:
        other = next(seat for seat in seated if seat != big_blind)
        return Positions(other, other, big_blind)
    if rule == "moving":
        button = clockwise_after(last.button, seated)
        small_blind = clockwise_after(button, seated)
        return Positions(button, small_blind, clockwise_after(small_blind, seated))
    return Positions(
        button=last.small_blind_seat,
        small_blind_seat=last.big_blind,
        big_blind=big_blind,
        dead_small_blind=last.big_blind not in seated,
    )


def waits_for_button(seat: int, next_hand: Positions) -> bool:
    """True when a player new at `seat` sits between the SB and the button of the next hand, and
    so is not dealt in until the button passes (TO-03, TO-04). The button and blind seats
    themselves are dealt in."""
    button, small_blind = next_hand.button, next_hand.small_blind_seat
    if button == small_blind:
        return False
    if button < small_blind:
        return button < seat < small_blind
    return seat > button or seat < small_blind


@dataclass(frozen=True)
class ButtonDraw:
    """The outcome of a high-card draw: each seat's card and the seat that won the button."""

    cards: dict[int, Card]
    button: int


def high_card_key(card: Card) -> tuple[int, int]:
    """Rank first, then suit: spades > hearts > diamonds > clubs."""
    return card.value, HIGH_CARD_SUITS.index(card.suit)


def draw_button(seated: Collection[int], rng: random.Random) -> ButtonDraw:
    """TO-02: one card to each seated player from a shuffled deck; the highest card by rank and
    then suit takes the button. The cards are returned so the event can record the draw."""
    if not seated:
        raise SeatingError("TOO_FEW_FOR_A_HAND", seated=0)
    deck = Deck()
    deck.shuffle(rng)
    cards = dict(zip(sorted(seated), deck.deal(len(seated)), strict=True))
    button = max(cards, key=lambda seat: high_card_key(cards[seat]))
    return ButtonDraw(cards, button)


def _check_hand(seated: Collection[int]) -> None:
    if len(seated) < 2:
        raise SeatingError("TOO_FEW_FOR_A_HAND", seated=len(seated))
