"""A No-Limit Texas Hold'em hand as a state machine of frozen states.

`start_hand` posts antes and blinds and opens the pre-flop betting; every transition (`act`,
`act_for_absent`, `fold_out_of_turn`, `forbid_raise`, `showdown`) returns a new `HoldemHand` or
raises `IllegalAction` and leaves the state it was called on untouched.

Cards are optional. At a live table the cards are physical: the engine follows the betting
only and is told the winners (or the cards shown) at showdown. Given a shuffled deck, or the
hole cards and the board, it deals and decides the showdown itself.

The tournament decides who is button and who posts the blinds (dead button, HE-05; heads-up,
HE-07); the hand only checks that what it is given makes sense.

A short hand from the blinds to the showdown. Three players, blinds 50/100, the button on seat 1;
the cards are known in advance, so the engine deals the board and reads the showdown itself:

>>> from tdapp.engine.holdem import Stakes, start_hand
>>> hand = start_hand(
...     {1: 2000, 2: 2000, 3: 1500}, button=1, small_blind=2, big_blind=3,
...     stakes=Stakes(small_blind=50, big_blind=100),
...     hole_cards={1: "Ah Kd", 2: "7c 2d", 3: "Qs Qh"}, board="Kh 9s 4c 2h Ks",
... )
>>> hand.street, hand.to_act, hand.bets
(<Street.PREFLOP: 'preflop'>, 1, {1: 0, 2: 50, 3: 100})
>>> legal = hand.legal_actions()
>>> sorted(str(action) for action in legal.actions), legal.to_call, legal.min_to, legal.max_to
(['all_in', 'call', 'fold', 'raise'], 100, 200, 2000)

Amounts are what the seat's bet comes to in the round ("raise to 300"). Each `act` gives a new
hand; the one it was called on is left as it was.

>>> hand = hand.act(1, "raise", 300).act(2, "fold").act(3, "call")
>>> hand.street, [str(card) for card in hand.board], [pot.amount for pot in hand.pots()]
(<Street.FLOP: 'flop'>, ['Kh', '9s', '4c'], [650])
>>> hand = hand.act(3, "check").act(1, "bet", 400).act(3, "call")
>>> hand.street, hand.to_act
(<Street.TURN: 'turn'>, 3)

Acting out of turn is refused with a reason, and changes nothing:

>>> hand.act(1, "check")
Traceback (most recent call last):
...
tdapp.engine.errors.IllegalAction: it is seat 3's turn, not seat 1's

>>> hand = hand.act(3, "check").act(1, "check")
>>> hand = hand.act(3, "all_in").act(1, "call")
>>> hand.complete, hand.stacks
(True, {1: 3550, 2: 1950, 3: 0})
>>> hand.payoffs
{1: 1550, 2: -50, 3: -1500}

At a live table the cards stay on the felt: the dealer names the winners of each pot instead.

>>> live = start_hand({1: 500, 2: 500}, button=1, small_blind=1, big_blind=2, stakes=Stakes(25, 50))
>>> live = live.act(1, "all_in").act(2, "call")
>>> live.street
<Street.SHOWDOWN: 'showdown'>
>>> live.showdown(winners=[[2]]).payoffs
{1: -500, 2: 500}
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from tdapp.engine.betting import Action, BettingRound, LegalActions, NoLimit
from tdapp.engine.cards import Card, Deck, parse_cards
from tdapp.engine.errors import IllegalAction, Refusal
from tdapp.engine.hands import STANDARD, best_hand
from tdapp.engine.pots import Pot, award, award_to_winners, odd_chip_order, split_pots

Seat = int


class Street(StrEnum):
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"  # betting is over; waiting for the winners or the cards shown
    COMPLETE = "complete"  # the pots are paid


_ACTIONS = frozenset(Action)
BETTING_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
BOARD_SIZE = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}


class AnteMode(StrEnum):
    NONE = "none"
    PER_PLAYER = "per_player"
    BIG_BLIND = "big_blind"  # the big blind posts the table's ante (HE-10)


@dataclass(frozen=True)
class Stakes:
    """Blinds and ante of the level running when the hand starts."""

    small_blind: int
    big_blind: int
    ante: int = 0
    ante_mode: AnteMode = AnteMode.NONE

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind", "ante"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{name.replace('_', ' ')} must be a whole number ≥ 0")
        if self.big_blind <= 0:
            raise ValueError("the big blind must be at least 1 chip")
        object.__setattr__(self, "ante_mode", AnteMode(self.ante_mode))


@dataclass(frozen=True)
class TableRules:
    """Where the club and the TDA differ, the club is the default (RULES.md §0)."""

    literal_min_raise: bool = False  # HE-13 option: a raise of one big blind is always full
    river_fold: bool = False  # HE-28: the club refuses a fold when nothing is bet on the river
    chip_unit: int = 1  # smallest chip in play: splits break down to it (HE-35)


@dataclass(frozen=True)
class Move:
    """One line of the hand's history."""

    street: Street
    seat: Seat
    action: str  # an Action, or "small_blind", "big_blind", "ante", "returned"
    chips: int  # chips the move put in (or took back, for "returned")
    to: int  # the seat's bet in this round after the move
    absent: bool = False  # made for an absent player (HE-25)
    out_of_turn: bool = False


@dataclass(frozen=True)
class PaidPot:
    amount: int
    eligible: frozenset[Seat]
    winners: tuple[Seat, ...]


@dataclass(frozen=True)
class HoldemHand:
    """The whole state of one hand; use `start_hand` to make one."""

    stakes: Stakes
    rules: TableRules
    seats: tuple[Seat, ...]  # dealt in, clockwise
    button: Seat
    small_blind_seat: Seat | None
    big_blind_seat: Seat
    starting_stacks: Mapping[Seat, int]
    stacks: Mapping[Seat, int]  # chips behind
    collected: Mapping[Seat, int]  # chips put in during earlier rounds (antes included)
    dead: int  # money of no seat's layer: the big-blind ante
    street: Street
    betting: BettingRound | None
    folded: frozenset[Seat] = frozenset()
    absent: frozenset[Seat] = frozenset()
    hole_cards: Mapping[Seat, tuple[Card, ...]] = field(default_factory=dict)
    planned_board: tuple[Card, ...] = ()  # the five board cards, known in advance when dealt here
    board_dealt: int = 0  # how many of the planned board cards are face up
    shown_board: tuple[Card, ...] = ()  # the board as told at a showdown with physical cards
    moves: tuple[Move, ...] = ()
    winnings: Mapping[Seat, int] = field(default_factory=dict)  # chips taken from the pots
    paid: tuple[PaidPot, ...] = ()

    # --- what the table sees -------------------------------------------------------------

    @property
    def to_act(self) -> Seat | None:
        return self.betting.to_act if self.betting is not None else None

    @property
    def complete(self) -> bool:
        return self.street is Street.COMPLETE

    @property
    def board(self) -> tuple[Card, ...]:
        return self.shown_board or self.planned_board[: self.board_dealt]

    @property
    def bets(self) -> Mapping[Seat, int]:
        """Chips in front of each seat in the current betting round."""
        if self.betting is None:
            return {seat: 0 for seat in self.seats}
        return {seat: self.betting.bets.get(seat, 0) for seat in self.seats}

    @property
    def committed(self) -> dict[Seat, int]:
        """Every chip each seat has put in this hand, antes and bets in front included."""
        bets = self.bets
        return {seat: self.collected[seat] + bets[seat] for seat in self.seats}

    @property
    def live(self) -> tuple[Seat, ...]:
        return tuple(seat for seat in self.seats if seat not in self.folded)

    def pots(self) -> list[Pot]:
        """Main pot and side pots as they stand, bets in front included (HE-33)."""
        return split_pots(self.committed, self.folded, dead=self.dead)

    @property
    def payoffs(self) -> dict[Seat, int]:
        """Chips won or lost by each seat over the hand (final stack − starting stack)."""
        return {seat: self.stacks[seat] - self.starting_stacks[seat] for seat in self.seats}

    @property
    def substantial_action(self) -> bool:
        """RULES.md IR-11: two actions in turn, one of which put chips in, or any three actions.

        Blinds and antes do not count. After substantial action there is no misdeal.
        """
        acts = [move for move in self.moves if move.action in _ACTIONS]
        in_turn = [move for move in acts if not move.out_of_turn]
        return len(acts) >= 3 or (len(in_turn) >= 2 and any(m.chips > 0 for m in in_turn))

    def legal_actions(self) -> LegalActions:
        """The actions open to the seat in turn, with the smallest and largest bet or raise."""
        if self.betting is None or self.betting.to_act is None:
            raise IllegalAction(self._why_no_turn())
        legal = self.betting.legal_actions()
        if self._river_fold_refused():
            legal = replace(legal, actions=legal.actions - {Action.FOLD})
        return legal

    # --- transitions -----------------------------------------------------------------------

    def act(self, seat: Seat, action: Action | str, amount: int | None = None) -> HoldemHand:
        """The seat in turn folds, checks, calls, bets, raises or goes all-in ("to" amounts)."""
        return self._act(seat, action, amount, absent=False)

    def act_for_absent(self) -> HoldemHand:
        """The absent seat in turn checks if it can, else folds (RULES.md HE-25)."""
        seat = self.to_act
        if seat is None or seat not in self.absent:
            raise IllegalAction("NOT_MARKED_ABSENT", seat=seat)
        to_call = self.betting.legal_actions().to_call if self.betting else 0
        return self._act(seat, Action.FOLD if to_call else Action.CHECK, None, absent=True)

    def play_absent(self) -> HoldemHand:
        """Act for absent seats until a present player is in turn or the betting is over."""
        hand = self
        while hand.to_act is not None and hand.to_act in hand.absent:
            hand = hand.act_for_absent()
        return hand

    def mark_absent(self, seat: Seat, absent: bool = True) -> HoldemHand:
        """A player leaves the table (or comes back) during the hand; the seat stays dealt in."""
        self._check_seat(seat)
        marked = self.absent | {seat} if absent else self.absent - {seat}
        return replace(self, absent=marked)

    def forbid_raise(self, seat: Seat) -> HoldemHand:
        """Take away the seat's right to bet or raise for the rest of the betting round.

        The club's 20-second rule (HE-23) and its out-of-turn bet (HE-21) call this.
        """
        self._check_seat(seat)
        if self.betting is None or self.betting.closed:
            raise IllegalAction("NO_BETTING_ROUND")
        if seat in self.folded:
            raise IllegalAction("SEAT_FOLDED", seat=seat)
        return replace(self, betting=self.betting.forbid_raise(seat))

    def fold_out_of_turn(self, seat: Seat) -> HoldemHand:
        """A fold declared before the seat's turn is binding (RULES.md HE-21, HE-22)."""
        self._check_seat(seat)
        if self.betting is None or self.betting.closed:
            raise IllegalAction("NO_BETTING_ROUND")
        if seat == self.to_act:
            return self.act(seat, Action.FOLD)
        if (
            self.street is Street.RIVER
            and not self.rules.river_fold
            and not self.betting.current_bet
        ):
            raise IllegalAction("RIVER_FOLD")
        betting = self.betting.fold_out_of_turn(seat)
        move = Move(self.street, seat, Action.FOLD.value, 0, betting.bets[seat], out_of_turn=True)
        return self._after(betting, move)

    def showdown(
        self,
        winners: Sequence[Collection[Seat]] | None = None,
        cards: Mapping[Seat, str | Iterable[Card]] | None = None,
        board: str | Iterable[Card] | None = None,
    ) -> HoldemHand:
        """Pay the pots: to the winners named for each pot (main first), or by the cards shown.

        With physical cards the dealer gives either `winners` (one list per pot, as `pots()`
        lists them) or the `cards` shown and the `board`; a live seat that shows nothing has
        mucked. Ties split, odd chips from the button's left (HE-32, HE-35).
        """
        if self.street is not Street.SHOWDOWN:
            raise IllegalAction("NO_SHOWDOWN_AT_STREET", street=str(self.street))
        if (winners is None) == (cards is None):
            raise IllegalAction("WINNERS_OR_CARDS")
        pots = self.pots()
        order = odd_chip_order(self.seats, self.button)
        contested = [pot for pot in pots if not pot.returned]
        try:
            if winners is not None:
                named = [tuple(w) for w in winners]
                paid = award_to_winners(pots, named, order, self.rules.chip_unit)
                return self._paid(pots, named, paid, self.shown_board)
            shown, full_board = self._read_cards(cards or {}, board)
            hands = {
                seat: best_hand([*hole, *full_board], STANDARD) for seat, hole in shown.items()
            }
            paid = award(pots, hands, order, self.rules.chip_unit)
        except Refusal as refused:
            raise IllegalAction(refused.code, **refused.params) from None
        named = [_best_of(pot, hands) for pot in contested]
        hole = {**self.hole_cards, **shown}
        return replace(self._paid(pots, named, paid, full_board), hole_cards=hole)

    # --- inside ------------------------------------------------------------------------------

    def _act(
        self, seat: Seat, action: Action | str, amount: int | None, absent: bool
    ) -> HoldemHand:
        if self.betting is None or self.betting.to_act is None:
            raise IllegalAction(self._why_no_turn())
        if action == Action.FOLD and self._river_fold_refused() and seat == self.betting.to_act:
            raise IllegalAction("RIVER_FOLD_CHECK")
        before = self.betting.bets.get(seat, 0)
        betting = self.betting.act(seat, action, amount)
        after = betting.bets[seat]
        move = Move(self.street, seat, Action(action).value, after - before, after, absent=absent)
        return self._after(betting, move)

    def _river_fold_refused(self) -> bool:
        return (
            self.street is Street.RIVER
            and not self.rules.river_fold
            and self.betting is not None
            and self.betting.current_bet == 0
        )

    def _after(self, betting: BettingRound, move: Move) -> HoldemHand:
        hand = replace(
            self,
            betting=betting,
            stacks={**self.stacks, **betting.stacks},
            folded=self.folded | betting.folded,
            moves=(*self.moves, move),
        )
        return hand._advance()

    def _advance(self) -> HoldemHand:
        """Close a finished round, then open the next street, run it out, or pay the pot."""
        betting = self.betting
        if betting is None or not betting.closed:
            return self
        stacks, bets, moves = dict(self.stacks), dict(betting.bets), list(self.moves)
        uncalled = betting.uncalled()
        if uncalled:  # HE-34: the part of a bet nobody matched goes back at once
            seat, excess = uncalled
            stacks[seat] += excess
            bets[seat] -= excess
            moves.append(Move(self.street, seat, "returned", -excess, bets[seat]))
        collected = {seat: self.collected[seat] + bets.get(seat, 0) for seat in self.seats}
        hand = replace(self, stacks=stacks, collected=collected, betting=None, moves=tuple(moves))
        if len(hand.live) == 1:
            return hand._paid_uncontested()
        able = [seat for seat in hand.live if stacks[seat] > 0]
        if self.street is Street.RIVER or len(able) <= 1:
            # HE-30: nobody can bet any more; the board is run out and the hands are shown.
            return hand._to_showdown()
        nxt = BETTING_STREETS[BETTING_STREETS.index(self.street) + 1]
        order = [s for s in _clockwise_after(self.seats, self.button) if s not in hand.folded]
        opened = BettingRound.open(
            self._structure(), order, stacks, pot=sum(collected.values()) + self.dead
        )
        dealt = min(BOARD_SIZE[nxt], len(self.planned_board))
        return replace(hand, street=nxt, betting=opened, board_dealt=dealt)._advance()

    def _to_showdown(self) -> HoldemHand:
        hand = replace(
            self, street=Street.SHOWDOWN, betting=None, board_dealt=len(self.planned_board)
        )
        known = all(seat in hand.hole_cards for seat in hand.live)
        if known and len(hand.planned_board) == 5:
            return hand.showdown(cards={seat: hand.hole_cards[seat] for seat in hand.live})
        return hand

    def _paid_uncontested(self) -> HoldemHand:
        pots = self.pots()
        (winner,) = self.live
        named = [(winner,) for pot in pots if not pot.returned]
        paid = award_to_winners(pots, named, [winner], self.rules.chip_unit)
        return self._paid(pots, named, paid, self.shown_board)

    def _paid(
        self,
        pots: Sequence[Pot],
        named: Sequence[Sequence[Seat]],
        paid: Mapping[Seat, int],
        board: tuple[Card, ...],
    ) -> HoldemHand:
        stacks = {seat: self.stacks[seat] + paid.get(seat, 0) for seat in self.seats}
        contested = [pot for pot in pots if not pot.returned]
        record = tuple(
            PaidPot(pot.amount, pot.eligible, tuple(sorted(w)))
            for pot, w in zip(contested, named, strict=True)
        )
        return replace(
            self,
            street=Street.COMPLETE,
            betting=None,
            stacks=stacks,
            winnings=dict(paid),
            paid=record,
            shown_board=() if board == self.planned_board else board,
        )

    def _read_cards(
        self, cards: Mapping[Seat, str | Iterable[Card]], board: str | Iterable[Card] | None
    ) -> tuple[dict[Seat, tuple[Card, ...]], tuple[Card, ...]]:
        shown: dict[Seat, tuple[Card, ...]] = {}
        for seat, hole in cards.items():
            if seat not in self.live:
                raise Refusal("NOT_AT_SHOWDOWN", seat=seat)
            held = tuple(parse_cards(hole) if isinstance(hole, str) else hole)
            if len(held) != 2:
                raise Refusal("BOTH_HOLE_CARDS", seat=seat, count=len(held))
            shown[seat] = held
        if board is None:
            full_board = self.planned_board
        else:
            full_board = tuple(parse_cards(board) if isinstance(board, str) else board)
        if len(full_board) != 5:
            raise Refusal("BOARD_FIVE", count=len(full_board))
        every = [card for held in shown.values() for card in held] + list(full_board)
        if len(set(every)) != len(every):
            raise Refusal("SHOWN_TWICE")
        return shown, full_board

    def _structure(self) -> NoLimit:
        return NoLimit(self.stakes.big_blind, self.rules.literal_min_raise)

    def _check_seat(self, seat: Seat) -> None:
        if seat not in self.seats:
            raise IllegalAction("SEAT_NOT_DEALT", seat=seat)

    def _why_no_turn(self) -> str:
        if self.street is Street.SHOWDOWN:
            return "WAITS_FOR_SHOWDOWN"
        if self.street is Street.COMPLETE:
            return "HAND_OVER"
        return "NOBODY_TO_ACT"


def _best_of(pot: Pot, hands: Mapping[Seat, object]) -> tuple[Seat, ...]:
    shown = [seat for seat in pot.eligible if seat in hands]
    if not shown:
        return tuple(sorted(pot.eligible))
    best = max(hands[seat] for seat in shown)  # type: ignore[type-var]
    return tuple(sorted(seat for seat in shown if hands[seat] == best))


def _clockwise_after(seats: Sequence[Seat], anchor: Seat) -> list[Seat]:
    """Seats clockwise starting with the first one after `anchor` (which may be an empty seat)."""
    return odd_chip_order(seats, anchor)


def start_hand(
    stacks: Mapping[Seat, int],
    button: Seat,
    big_blind: Seat,
    small_blind: Seat | None,
    stakes: Stakes,
    rules: TableRules = TableRules(),
    absent: Collection[Seat] = (),
    deck: Deck | None = None,
    hole_cards: Mapping[Seat, str | Iterable[Card]] | None = None,
    board: str | Iterable[Card] | None = None,
) -> HoldemHand:
    """Deal a hand: post antes and blinds and open the pre-flop betting.

    `stacks` are the chips of every seat dealt in (seat numbers clockwise). `button` may be an
    empty seat and `small_blind` may be None (dead button, HE-05). Cards: a shuffled `deck` to
    deal from, or the `hole_cards` and `board` already known, or nothing (physical cards).
    """
    seats = tuple(sorted(stacks))
    _check_setup(stacks, seats, button, big_blind, small_blind, absent)
    hole, planned = _cards(seats, button, deck, hole_cards, board)
    behind = dict(stacks)
    collected = {seat: 0 for seat in seats}
    bets = {seat: 0 for seat in seats}
    dead = 0
    moves: list[Move] = []

    def post(seat: Seat, amount: int, kind: str, into: dict[Seat, int]) -> int:
        chips = min(amount, behind[seat])
        behind[seat] -= chips
        into[seat] += chips
        moves.append(Move(Street.PREFLOP, seat, kind, chips, bets[seat]))
        return chips

    if stakes.ante_mode is AnteMode.PER_PLAYER and stakes.ante:
        for seat in _clockwise_after(seats, button):
            post(seat, stakes.ante, "ante", collected)
    if small_blind is not None and stakes.small_blind:
        post(small_blind, stakes.small_blind, "small_blind", bets)
    post(big_blind, stakes.big_blind, "big_blind", bets)
    if stakes.ante_mode is AnteMode.BIG_BLIND and stakes.ante:
        # HE-10: the big blind is posted first; the ante takes what is left, and is dead money.
        dead = post(big_blind, stakes.ante, "ante", {big_blind: 0})

    order = _clockwise_after(seats, big_blind)
    betting = BettingRound.open(
        NoLimit(stakes.big_blind, rules.literal_min_raise),
        order,
        behind,
        bets=bets,
        current_bet=stakes.big_blind,  # HE-09: a short blind leaves the call at the full blind
        full_raise=stakes.big_blind,
        pot=sum(collected.values()) + dead,
    )
    hand = HoldemHand(
        stakes=stakes,
        rules=rules,
        seats=seats,
        button=button,
        small_blind_seat=small_blind,
        big_blind_seat=big_blind,
        starting_stacks=dict(stacks),
        stacks=behind,
        collected=collected,
        dead=dead,
        street=Street.PREFLOP,
        betting=betting,
        absent=frozenset(absent),
        hole_cards=hole,
        planned_board=planned,
        moves=tuple(moves),
    )
    return hand._advance()


def _check_setup(
    stacks: Mapping[Seat, int],
    seats: tuple[Seat, ...],
    button: Seat,
    big_blind: Seat,
    small_blind: Seat | None,
    absent: Collection[Seat],
) -> None:
    if len(seats) < 2:
        raise IllegalAction("TWO_PLAYERS")
    for seat, stack in stacks.items():
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise IllegalAction("SEAT_NUMBER", seat=seat)
        if not isinstance(stack, int) or isinstance(stack, bool) or stack <= 0:
            raise IllegalAction("SEAT_NEEDS_CHIPS", seat=seat, stack=stack)
    if big_blind not in stacks:
        raise IllegalAction("BIG_BLIND_SEAT", seat=big_blind)
    if small_blind is not None and (small_blind not in stacks or small_blind == big_blind):
        raise IllegalAction("SMALL_BLIND_SEAT", seat=small_blind)
    if not isinstance(button, int) or isinstance(button, bool):
        raise IllegalAction("BUTTON_SEAT", button=button)
    strangers = set(absent) - set(stacks)
    if strangers:
        raise IllegalAction("ABSENT_NOT_DEALT", seats=sorted(strangers))


def _cards(
    seats: tuple[Seat, ...],
    button: Seat,
    deck: Deck | None,
    hole_cards: Mapping[Seat, str | Iterable[Card]] | None,
    board: str | Iterable[Card] | None,
) -> tuple[dict[Seat, tuple[Card, ...]], tuple[Card, ...]]:
    """Hole cards and the five board cards, dealt as a dealer would: two rounds, then burns."""
    if deck is not None:
        if hole_cards is not None or board is not None:
            raise IllegalAction("DECK_OR_CARDS")
        order = _clockwise_after(seats, button)
        first, second = deck.deal(len(order)), deck.deal(len(order))
        hole = {seat: (a, b) for seat, a, b in zip(order, first, second, strict=True)}
        planned = []
        for count in (3, 1, 1):
            deck.deal(1)  # the burn card
            planned.extend(deck.deal(count))
        return hole, tuple(planned)
    hole = {}
    for seat, cards in (hole_cards or {}).items():
        held = tuple(parse_cards(cards) if isinstance(cards, str) else cards)
        if seat not in seats or len(held) != 2:
            raise IllegalAction("TWO_HOLE_CARDS", seat=seat)
        hole[seat] = held
    planned = tuple(parse_cards(board) if isinstance(board, str) else board or ())
    if planned and len(planned) != 5:
        raise IllegalAction("BOARD_IN_ADVANCE", count=len(planned))
    every = [card for held in hole.values() for card in held] + list(planned)
    if len(set(every)) != len(every):
        raise IllegalAction("DEALT_TWICE")
    return hole, planned
