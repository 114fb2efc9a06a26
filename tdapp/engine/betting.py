"""One betting round and the betting structures that limit it.

A round knows who must still act, the bet to call, the largest full bet or raise and who has
lost the right to raise; a structure (no-limit, pot-limit) only says how small and how large a
bet or raise may be. Hold'em, the Italian draw game and telesina each open rounds with their
own order of action and drive them with `act`; the round never knows which game it is in.

Amounts are "to" totals for the round, as a dealer says them: "raise 8,000" puts the player's
bet this round at 8,000 (RULES.md HE-14).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Protocol

from tdapp.engine.errors import IllegalAction

Seat = int


class Action(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all_in"


class Structure(Protocol):
    """How small and how large a bet or raise may be; the round does the rest."""

    def min_raise_increment(self, round_: BettingRound) -> int:
        """The smallest increment over the bet to call that counts as a full bet or raise."""
        ...

    def max_to(self, round_: BettingRound, seat: Seat) -> int:
        """The largest total this round the seat may bet or raise to, before its stack caps it."""
        ...


@dataclass(frozen=True)
class NoLimit:
    """No-limit: any bet up to the whole stack (RULES.md HE-12, HE-13, HE-16).

    The minimum raise is the largest full bet or raise of the round and at least the big
    blind; `literal_min_raise` is the club seed's literal reading (HE-13 option): one big blind.
    """

    big_blind: int
    literal_min_raise: bool = False

    def min_raise_increment(self, round_: BettingRound) -> int:
        if self.literal_min_raise:
            return self.big_blind
        return max(self.big_blind, round_.full_raise)

    def max_to(self, round_: BettingRound, seat: Seat) -> int:
        return round_.bets[seat] + round_.stacks[seat]


@dataclass(frozen=True)
class PotLimit:
    """Pot-limit: no bet or raise larger than the pot (RULES.md IT-10).

    The club counts the pot as everything in the middle, bets in front included; with
    `pot_after_call` the usual formula applies (the pot as it would be after calling).
    `min_bet` is the smallest opening bet; raises follow the no-limit minimum.
    """

    min_bet: int
    pot_after_call: bool = False

    def min_raise_increment(self, round_: BettingRound) -> int:
        return max(self.min_bet, round_.full_raise)

    def max_to(self, round_: BettingRound, seat: Seat) -> int:
        middle = round_.pot + sum(round_.bets.values())
        if self.pot_after_call:
            middle += round_.current_bet - round_.bets[seat]
        return round_.current_bet + middle


@dataclass(frozen=True)
class LegalActions:
    """What the seat in turn may do. Amounts are totals for the round (HE-14)."""

    seat: Seat
    actions: frozenset[Action]
    to_call: int  # chips the seat adds to call; 0 when it can check
    min_to: int | None  # smallest bet or raise total, None when it may not bet or raise
    max_to: int | None
    all_in_to: int  # the seat's bet this round if it pushes every chip

    def allows(self, action: Action) -> bool:
        return action in self.actions


@dataclass(frozen=True)
class BettingRound:
    """The state of one betting round; every transition returns a new round."""

    structure: Structure
    order: tuple[Seat, ...]  # action order, first to speak first; seats still in the hand
    stacks: Mapping[Seat, int]  # chips behind
    bets: Mapping[Seat, int]  # chips in front, this round
    current_bet: int  # the bet to call
    full_raise: int  # the largest full bet or raise increment this round
    pot: int  # chips already in the middle from earlier rounds (pot-limit needs it)
    pending: frozenset[Seat]  # seats that must still act before the round closes
    to_act: Seat | None
    folded: frozenset[Seat] = frozenset()
    acted_at: Mapping[Seat, int] = field(default_factory=dict)  # bet faced at last action
    no_raise: frozenset[Seat] = frozenset()  # HE-21, HE-23, IT-09: may call, never raise

    @classmethod
    def open(
        cls,
        structure: Structure,
        order: Sequence[Seat],
        stacks: Mapping[Seat, int],
        bets: Mapping[Seat, int] | None = None,
        current_bet: int | None = None,
        full_raise: int = 0,
        pot: int = 0,
        no_raise: frozenset[Seat] = frozenset(),
    ) -> BettingRound:
        """Start a round. Blinds or a bring-in already in front go in `bets`.

        `current_bet` defaults to the largest bet in front; Hold'em passes the full big blind
        so that a short blind leaves the call at the full amount (RULES.md HE-09).
        """
        if len(set(order)) != len(order) or not order:
            raise ValueError("the order of action must list each seat once")
        in_front = {seat: (bets or {}).get(seat, 0) for seat in order}
        behind = {seat: stacks[seat] for seat in order}
        bet = max(in_front.values()) if current_bet is None else current_bet
        pending = frozenset(seat for seat in order if behind[seat] > 0)
        round_ = cls(
            structure=structure,
            order=tuple(order),
            stacks=behind,
            bets=in_front,
            current_bet=bet,
            full_raise=full_raise,
            pot=pot,
            pending=pending,
            to_act=None,
            no_raise=no_raise,
        )
        return round_._settled(after=None)

    @property
    def closed(self) -> bool:
        return self.to_act is None

    @property
    def live(self) -> tuple[Seat, ...]:
        return tuple(seat for seat in self.order if seat not in self.folded)

    def may_raise(self, seat: Seat) -> bool:
        """Whether the seat may bet or raise now (RULES.md HE-15, HE-16).

        A seat that already acted may raise again only if the bet went up, since it acted, by
        at least a full raise: one full raise, or several short all-ins adding up to one.
        """
        if seat in self.no_raise or self.stacks[seat] + self.bets[seat] <= self.current_bet:
            return False
        others = [s for s in self.live if s != seat]
        if not any(self.stacks[s] + self.bets[s] > self.current_bet for s in others):
            return False  # everyone else is all-in: nobody could answer a raise
        faced = self.acted_at.get(seat)
        return faced is None or self.current_bet - faced >= self.structure.min_raise_increment(self)

    def legal_actions(self) -> LegalActions:
        seat = self.to_act
        if seat is None:
            raise IllegalAction("ROUND_OVER")
        stack, bet = self.stacks[seat], self.bets[seat]
        all_in_to = bet + stack
        to_call = min(self.current_bet - bet, stack)
        actions = {Action.FOLD}
        actions.add(Action.CALL if to_call > 0 else Action.CHECK)
        min_to = max_to = None
        if self.may_raise(seat):
            smallest = self.current_bet + self.structure.min_raise_increment(self)
            largest = max(self.structure.max_to(self, seat), smallest)
            min_to, max_to = min(smallest, all_in_to), min(largest, all_in_to)
            actions.add(Action.BET if self.current_bet == 0 else Action.RAISE)
        if all_in_to <= self.current_bet or (max_to is not None and all_in_to <= max_to):
            actions.add(Action.ALL_IN)
        return LegalActions(seat, frozenset(actions), to_call, min_to, max_to, all_in_to)

    def act(self, seat: Seat, action: Action | str, amount: int | None = None) -> BettingRound:
        """Apply one action of the seat in turn; refuse anything else with the reason why."""
        if self.to_act is None:
            raise IllegalAction("ROUND_OVER")
        if seat != self.to_act:
            raise IllegalAction("NOT_YOUR_TURN", to_act=self.to_act, seat=seat)
        try:
            action = Action(action)
        except ValueError:
            raise IllegalAction("UNKNOWN_ACTION", action=action) from None
        legal = self.legal_actions()
        if action not in legal.actions:
            raise self._why_not(legal, action)
        if action in (Action.BET, Action.RAISE):
            return self._wager(seat, _checked_amount(legal, action, amount))
        if amount is not None and action is not Action.ALL_IN:
            raise IllegalAction("TAKES_NO_AMOUNT", action=str(action))
        match action:
            case Action.FOLD:
                return replace(
                    self, folded=self.folded | {seat}, pending=self.pending - {seat}
                )._settled(after=seat)
            case Action.CHECK:
                return self._acted(seat)._settled(after=seat)
            case Action.CALL:
                return (
                    self._put_in(seat, self.bets[seat] + legal.to_call)
                    ._acted(seat)
                    ._settled(after=seat)
                )
            case _:  # all-in: a call if it does not beat the bet, else a bet or raise
                if amount is not None and amount != legal.all_in_to:
                    raise IllegalAction("ALL_IN_TOTAL", all_in_to=legal.all_in_to, amount=amount)
                if legal.all_in_to <= self.current_bet:
                    return self._put_in(seat, legal.all_in_to)._acted(seat)._settled(after=seat)
                return self._wager(seat, legal.all_in_to)

    def forbid_raise(self, seat: Seat) -> BettingRound:
        """Take away the seat's right to bet or raise for the rest of this round.

        Used for the club's out-of-turn bet (HE-21), the 20-second limit (HE-23) and the
        second of two openers (IT-09).
        """
        if seat not in self.order:
            raise IllegalAction("NOT_IN_ROUND", seat=seat)
        return replace(self, no_raise=self.no_raise | {seat})

    def fold_out_of_turn(self, seat: Seat) -> BettingRound:
        """A binding fold made before the seat's turn (RULES.md HE-21, HE-22)."""
        if seat == self.to_act:
            return self.act(seat, Action.FOLD)
        if seat not in self.pending or seat in self.folded:
            raise IllegalAction("NOTHING_TO_FOLD", seat=seat)
        return replace(self, folded=self.folded | {seat}, pending=self.pending - {seat})._settled(
            after=None
        )

    def uncalled(self) -> tuple[Seat, int] | None:
        """The part of the round's largest bet that nobody matched (RULES.md HE-34)."""
        ranked = sorted(self.bets.items(), key=lambda item: item[1], reverse=True)
        if not ranked:
            return None
        top_seat, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        if top > second and top_seat not in self.folded:
            return top_seat, top - second
        return None

    def _wager(self, seat: Seat, to: int) -> BettingRound:
        increment = to - self.current_bet
        full = increment >= self.structure.min_raise_increment(self)
        raised = self._put_in(seat, to)
        others = frozenset(s for s in raised.live if s != seat and raised.stacks[s] > 0)
        raised = replace(
            raised,
            current_bet=to,
            full_raise=max(self.full_raise, increment) if full else self.full_raise,
            pending=others,
        )
        return raised._acted(seat)._settled(after=seat)

    def _put_in(self, seat: Seat, to: int) -> BettingRound:
        added = to - self.bets[seat]
        return replace(
            self,
            bets={**self.bets, seat: to},
            stacks={**self.stacks, seat: self.stacks[seat] - added},
        )

    def _acted(self, seat: Seat) -> BettingRound:
        return replace(
            self, acted_at={**self.acted_at, seat: self.current_bet}, pending=self.pending - {seat}
        )

    def _settled(self, after: Seat | None) -> BettingRound:
        """Find who acts next, or close the round when nobody has a decision left."""
        live = self.live
        pending = self.pending
        with_chips = [s for s in live if self.stacks[s] > 0]
        if len(live) <= 1:
            pending = frozenset()
        elif len(with_chips) == 1 and self.bets[with_chips[0]] >= self.current_bet:
            pending = frozenset()  # alone with chips and nothing to call: nobody to bet against
        if not pending:
            return replace(self, pending=frozenset(), to_act=None)
        start = 0 if after is None else self.order.index(after) + 1
        if after is None and self.to_act is not None:
            start = self.order.index(self.to_act)
        cycle = self.order[start:] + self.order[:start]
        nxt = next(s for s in cycle if s in pending)
        return replace(self, pending=pending, to_act=nxt)

    def _why_not(self, legal: LegalActions, action: Action) -> IllegalAction:
        seat = legal.seat
        if action is Action.CHECK:
            return IllegalAction("CANNOT_CHECK", seat=seat, to_call=legal.to_call)
        if action is Action.CALL:
            return IllegalAction("NOTHING_TO_CALL", seat=seat)
        if action is Action.BET and self.current_bet:
            return IllegalAction("BET_ALREADY", current_bet=self.current_bet)
        if action is Action.RAISE and not self.current_bet:
            return IllegalAction("NO_BET_TO_RAISE")
        if seat in self.no_raise:
            return IllegalAction("LOST_RIGHT_TO_RAISE", seat=seat)
        if self.stacks[seat] + self.bets[seat] <= self.current_bet:
            return IllegalAction("ONLY_CALL_ALL_IN", seat=seat, all_in_to=legal.all_in_to)
        others = [s for s in self.live if s != seat]
        if not any(self.stacks[s] + self.bets[s] > self.current_bet for s in others):
            return IllegalAction("EVERYONE_ALL_IN", seat=seat, action=str(action))
        if legal.max_to is None:
            return IllegalAction("SHORT_RAISE", seat=seat)
        return IllegalAction("OVER_LIMIT", all_in_to=legal.all_in_to, max_to=legal.max_to)


def _checked_amount(legal: LegalActions, action: Action, amount: int | None) -> int:
    if amount is None:
        raise IllegalAction("NEEDS_AMOUNT", action=str(action), min_to=legal.min_to)
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise IllegalAction("WHOLE_CHIPS", amount=amount)
    assert legal.min_to is not None and legal.max_to is not None
    if amount < legal.min_to:
        raise IllegalAction("BELOW_MINIMUM", action=str(action), min_to=legal.min_to, amount=amount)
    if amount > legal.max_to:
        raise IllegalAction("ABOVE_MAXIMUM", action=str(action), max_to=legal.max_to, amount=amount)
    return amount
