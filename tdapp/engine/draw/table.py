"""A table of Italian draw from hand to hand: stacks, the deal, the opening level and the pots
left in the middle (IT-06, IT-15)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tdapp.engine.draw.hand import DrawHand, Seat
from tdapp.engine.draw.opening import Level
from tdapp.engine.errors import IllegalAction


@dataclass(frozen=True)
class DrawTable:
    """What carries from one hand to the next. `carries` is the queue of pots left in the
    middle: a piatto di parola over the cap puts two there, played on consecutive hands."""

    seats: tuple[Seat, ...]  # clockwise
    stacks: Mapping[Seat, int]
    dealer: Seat
    level: Level = Level.JACKS
    carries: tuple[int, ...] = ()
    hands_without_opening: int = 0  # TS-08: five in a row call a telesina round

    def deal(self, invito: int, **options: Any) -> DrawHand:
        """The next hand, with the first pot waiting in the middle added to the inviti."""
        return DrawHand.deal(self.seats, self.dealer, self.stacks, invito, level=self.level,
                             carry=self.carries[0] if self.carries else 0, **options)

    def settle(self, hand: DrawHand) -> DrawTable:
        """Take the result of a finished hand: stacks, the next level, what stays in the middle,
        and the deal, which passes to the left unless the dealer keeps it."""
        if hand.outcome is None:
            raise IllegalAction("HAND_NOT_OVER_YET")
        outcome = hand.outcome
        stacks = {**self.stacks, **hand.stacks}
        waiting = self.carries[1:] if self.carries else ()
        if outcome.kind in ("no_opening", "void", "redeal"):
            carries = (sum(outcome.carry), *waiting)  # the same pot waits, inviti added
        else:
            carries = (*waiting, *outcome.carry)
            if waiting and outcome.carry:  # a refund joins the next pot rather than queueing
                carries = (waiting[0] + sum(outcome.carry), *waiting[1:])
        dealer = self.left_of(self.dealer) if outcome.deal_passes else self.dealer
        unopened = self.hands_without_opening + 1 if outcome.kind == "no_opening" else 0
        return replace(self, stacks=stacks, dealer=dealer, level=outcome.next_level,
                       carries=carries, hands_without_opening=unopened)

    def left_of(self, seat: Seat) -> Seat:
        """The next seat clockwise: where the deal passes."""
        at = self.seats.index(seat)
        return self.seats[(at + 1) % len(self.seats)]

    @classmethod
    def sit(cls, seats: Sequence[Seat], stacks: Mapping[Seat, int], dealer: Seat) -> DrawTable:
        if set(stacks) != set(seats) or dealer not in seats:
            raise IllegalAction("RESTO_AND_DEALER")
        return cls(tuple(seats), dict(stacks), dealer)
