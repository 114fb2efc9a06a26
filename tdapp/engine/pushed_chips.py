"""Chips pushed forward without a word: what they are (RULES.md HE-14; TDA rules 43-45).

A dealer sees a player in turn push chips over the line and say nothing. What the push is
depends only on the bet the player faces and on how many chips there are:

- Facing a bet, one chip is a call however large it is (the oversized chip, TDA 44); the
  change goes back.
- Facing a bet, several chips are a call when every chip is needed for it: take away any one
  and less than the call is left (TDA 45). Otherwise the 50% standard decides (TDA 43): chips
  over the call of at least a full raise are a raise to the total pushed, of at least half a
  full raise a full minimum raise (the player adds the rest), and less a call.
- With no bet to face, the chips are a bet of all of them, one oversized chip included.
- Pushing the whole stack is an all-in, as the betting round's all-in rules take it; a player
  who may not raise (HE-15, HE-21, HE-23) calls or checks whatever they push.

Only the number of chips and their total are counted; the smallest chip's value, when the
dealer gives it, decides "every chip is needed", and otherwise the chips count as equal.

Blinds 200/400; seat 3 raised to 1,200, an 800 raise. Seat 4 puts out two 1,000 chips without a
word: take one away and 1,000 is less than 1,200, so both are needed and it is a call.

>>> from tdapp.engine.betting import BettingRound, NoLimit
>>> stacks = {1: 20_000, 2: 20_000, 3: 20_000, 4: 20_000}
>>> round_ = BettingRound.open(NoLimit(big_blind=400), order=(3, 4, 1, 2), stacks=stacks,
...                            bets={1: 200, 2: 400}).act(3, "raise", 1200)
>>> interpret_pushed_chips(round_, pushed=2000, pieces=2)
PushedChips(action=<Action.CALL: 'call'>, to=1200, chips=1200)

Three 1,000 chips: one can go and 2,000 still calls, so the 50% standard applies: 1,800 over
the call is more than the 800 raise, a raise to 3,000.

>>> interpret_pushed_chips(round_, pushed=3000, pieces=3)
PushedChips(action=<Action.RAISE: 'raise'>, to=3000, chips=3000)

A single 5,000 chip is a call: 1,200 of it goes in, the change goes back.

>>> interpret_pushed_chips(round_, pushed=5000, pieces=1)
PushedChips(action=<Action.CALL: 'call'>, to=1200, chips=1200)
"""

from __future__ import annotations

from dataclasses import dataclass

from tdapp.engine.betting import Action, BettingRound
from tdapp.engine.errors import IllegalAction


@dataclass(frozen=True)
class PushedChips:
    """What a silent push became: the action, the seat's bet this round after it ("to", as
    HE-14 counts amounts) and the chips the action puts in (the rest of the push goes back;
    under the 50% standard the player adds what the pushed chips lack)."""

    action: Action
    to: int
    chips: int

    @property
    def amount(self) -> int | None:
        """The amount the betting round's `act` takes for this action."""
        return self.to if self.action in (Action.BET, Action.RAISE) else None


def interpret_pushed_chips(
    round_: BettingRound, pushed: int, pieces: int, smallest: int | None = None
) -> PushedChips:
    """What `pieces` chips totalling `pushed`, pushed without a word by the seat in turn, are.

    `smallest` is the value of the smallest of those chips when the dealer gives it; without
    it the chips count as `pushed / pieces` each. Refused with a reason when the chips cannot
    be what the player put out (more than the stack, fewer chips than their count) or make no
    action (less than the call or the smallest bet).

    No bet to face: a bet of everything pushed, one oversized chip too.

    >>> from tdapp.engine.betting import BettingRound, NoLimit
    >>> flop = BettingRound.open(NoLimit(big_blind=100), order=(1, 2), stacks={1: 5000, 2: 5000})
    >>> interpret_pushed_chips(flop, pushed=1000, pieces=1)
    PushedChips(action=<Action.BET: 'bet'>, to=1000, chips=1000)

    Facing a bet of 300 (a full raise is 300 more): 300 over the call is a raise to 600 ...

    >>> bet = flop.act(1, "bet", 300)
    >>> interpret_pushed_chips(bet, pushed=600, pieces=6)
    PushedChips(action=<Action.RAISE: 'raise'>, to=600, chips=600)

    ... 150 over it, half a raise, is a full minimum raise to 600: the player adds 150 ...

    >>> interpret_pushed_chips(bet, pushed=450, pieces=9)
    PushedChips(action=<Action.RAISE: 'raise'>, to=600, chips=600)

    ... and 100 over it is a call.

    >>> interpret_pushed_chips(bet, pushed=400, pieces=4).action
    <Action.CALL: 'call'>

    The whole stack is an all-in.

    >>> interpret_pushed_chips(bet, pushed=5000, pieces=5)
    PushedChips(action=<Action.ALL_IN: 'all_in'>, to=5000, chips=5000)
    """
    legal = round_.legal_actions()
    seat = legal.seat
    stack, in_front = round_.stacks[seat], round_.bets[seat]
    _check_chips(seat, pushed, pieces, smallest, stack)
    if pushed == stack:
        return _whole_stack(round_, seat)
    may_raise = legal.min_to is not None
    if legal.to_call == 0:
        if not may_raise:
            return PushedChips(Action.CHECK, in_front, 0)
        to = in_front + pushed
        if legal.min_to is not None and to < legal.min_to:
            raise IllegalAction("PUSHED_UNDER_BET", seat=seat, pushed=pushed, min_to=legal.min_to)
        return PushedChips(Action.RAISE if round_.current_bet else Action.BET, to, pushed)
    if pushed < legal.to_call:
        raise IllegalAction("PUSHED_UNDER_CALL", seat=seat, pushed=pushed, to_call=legal.to_call)
    call = PushedChips(Action.CALL, round_.current_bet, legal.to_call)
    if pieces == 1 or _every_chip_needed(pushed, pieces, smallest, legal.to_call) or not may_raise:
        return call  # TDA 44, 45: an oversized chip, or every chip needed for the call
    over = pushed - legal.to_call
    full = round_.structure.min_raise_increment(round_)
    if over >= full:
        return PushedChips(Action.RAISE, in_front + pushed, pushed)
    if 2 * over >= full and legal.min_to is not None:
        action = Action.ALL_IN if legal.min_to == legal.all_in_to else Action.RAISE
        return PushedChips(action, legal.min_to, legal.min_to - in_front)  # TDA 43
    return call


def _every_chip_needed(pushed: int, pieces: int, smallest: int | None, to_call: int) -> bool:
    """Whether taking away any one chip leaves less than the call: the smallest chip decides,
    and chips of one value are `pushed / pieces` each (compared in whole chips, times `pieces`)."""
    if smallest is not None:
        return pushed - smallest < to_call
    return pushed * (pieces - 1) < to_call * pieces


def _whole_stack(round_: BettingRound, seat: int) -> PushedChips:
    """Every chip pushed: all-in when the round allows it, else the call (or check) it can be."""
    legal = round_.legal_actions()
    if legal.allows(Action.ALL_IN):
        return PushedChips(Action.ALL_IN, legal.all_in_to, round_.stacks[seat])
    in_front = round_.bets[seat]
    if legal.to_call == 0:
        return PushedChips(Action.CHECK, in_front, 0)
    return PushedChips(Action.CALL, in_front + legal.to_call, legal.to_call)


def _check_chips(seat: int, pushed: int, pieces: int, smallest: int | None, stack: int) -> None:
    for value in (pushed, pieces, smallest):
        if value is None:
            continue
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise IllegalAction("PUSHED_WHOLE", value=value)
    if pieces > pushed:
        raise IllegalAction("PIECES_OVER_PUSHED", pieces=pieces, pushed=pushed)
    if smallest is not None and (smallest * pieces > pushed or (pieces == 1 and smallest != pushed)):
        raise IllegalAction("SMALLEST_CHIP", smallest=smallest, pieces=pieces, pushed=pushed)
    if pushed > stack:
        raise IllegalAction("PUSHED_OVER_STACK", seat=seat, pushed=pushed, stack=stack)
