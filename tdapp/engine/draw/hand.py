"""One hand of Italian five-card draw as a state machine (RULES.md IT-01 .. IT-24).

The hand runs: invito (and any buio) -> first betting round, where the first to bet opens and
needs openers (IT-06 .. IT-09) -> the draw (IT-12) -> second round led by the opener (IT-13) ->
showdown by the club's order, never split (IT-14), or a piatto di parola (IT-15). Every action
returns a new hand; a refused one raises IllegalAction and changes nothing.

Cards may be known (dealt by the engine from a seeded deck, or entered) or unknown (a physical
deck): then the dealer confirms an opener's claim and at showdown enters the hands shown or
names the winner. Betting is pot-limit with the pot counted as everything in the middle (IT-10).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from tdapp.engine.betting import Action, BettingRound, LegalActions, PotLimit
from tdapp.engine.cards import Card
from tdapp.engine.draw.deck import deal_cards, deck_for, read_cards
from tdapp.engine.draw.opening import (
    Level,
    after_no_opening,
    after_piatto_di_parola,
    after_pot_played,
    opens,
)
from tdapp.engine.draw.stakes import POT_CAP, blinds, check_invito
from tdapp.engine.errors import IllegalAction, Refusal
from tdapp.engine.hands import Hand, best_hand, italian, winners
from tdapp.engine.pots import award_to_winners, split_pots

Seat = int
CIP = 1  # the smallest bet, one euro
RAISE_WINDOW_SECONDS = 2  # IT-11: "1 secondo, massimo 2"; telesina has no such limit


class Phase(StrEnum):
    FIRST_ROUND = "first_round"
    DRAW = "draw"
    SECOND_ROUND = "second_round"
    SHOWDOWN = "showdown"
    OVER = "over"


@dataclass(frozen=True)
class Outcome:
    """How the hand ended. `carry` is what stays in the middle for the next deals: one pot, or
    two for a piatto di parola over the cap (IT-15 [U: two pots on consecutive hands])."""

    kind: str  # won | showdown | no_opening | piatto_di_parola | void | redeal
    won: Mapping[Seat, int]  # chips each seat takes from the middle
    carry: tuple[int, ...]
    next_level: Level
    deal_passes: bool
    note: str = ""


@dataclass(frozen=True)
class DrawHand:
    order: tuple[Seat, ...]  # dealt in, from the dealer's left; the dealer speaks last
    dealer: Seat
    sitting_out: Seat | None  # "col salto": the dealer's right gets no cards (IT-02)
    cutter: Seat  # IT-03: the dealer's right cuts; if away, the next on the right
    lowest_rank: int
    level: Level
    start_stacks: Mapping[Seat, int]
    stacks: Mapping[Seat, int]  # chips behind
    initial_pot: int  # inviti plus what an earlier hand left in the middle
    committed: Mapping[Seat, int]  # bets of closed rounds
    round: BettingRound | None
    phase: Phase
    cards: Mapping[Seat, tuple[Card, ...]] | None = None  # None: a physical deck
    stub: tuple[Card, ...] = ()
    opener: Seat | None = None
    blind_seats: tuple[Seat, ...] = ()
    passed: frozenset[Seat] = frozenset()  # passed before the opening: never validate one
    entered: frozenset[Seat] = frozenset()  # called or raised after the opening
    second_opener: Seat | None = None  # IT-09: must play, may not raise unless someone between
    must_stay: frozenset[Seat] = frozenset()  # IT-17 b
    log: tuple[tuple[Seat, str, int | None], ...] = ()  # first-round actions, for IT-17 a
    to_draw: tuple[Seat, ...] = ()
    four_in_two: bool = False  # IT-12 option: a 4-card change gets its 4th after the others
    fourth_due: tuple[Seat, ...] = ()
    drawn: Mapping[Seat, int] = field(default_factory=dict)
    second_round_contested: bool = False
    second_round_started: bool = False
    folded_before_draw: frozenset[Seat] = frozenset()
    parola_pay_in: bool = True
    pot_after_call: bool = False  # IT-10 option: the standard pot-limit formula
    outcome: Outcome | None = None

    # ---- set-up -----------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        seats: Sequence[Seat],
        dealer: Seat,
        stacks: Mapping[Seat, int],
        invito: int,
        *,
        level: Level = Level.JACKS,
        carry: int = 0,
        blind_steps: int = 0,
        giri: bool = False,
        rng: random.Random | None = None,
        cards: Mapping[Seat, Sequence[Card] | str] | None = None,
        salto_pays_invito: bool = False,
        parola_pay_in: bool = True,
        pot_after_call: bool = False,
        four_in_two: bool = False,
        absent: Collection[Seat] = (),
    ) -> DrawHand:
        """Start a hand. `seats` go clockwise round the table and include the dealer. With `rng`
        the engine shuffles and deals; with `cards` they are entered; with neither the deck is
        physical and unknown. The salto player pays no invito unless `salto_pays_invito` [U].
        `absent` players are away at the cut: they lose the hand (no cards, no invito, IT-03);
        the deck still follows the players at the table."""
        if dealer not in seats or len(set(seats)) != len(seats):
            raise IllegalAction("DEALER_AMONG_SEATS")
        missing = [s for s in seats if not isinstance(stacks.get(s), int) or stacks[s] < 0]
        if missing:
            raise IllegalAction("NEED_RESTO", seats=missing)
        if dealer in absent or not set(absent) <= set(seats):
            raise IllegalAction("ABSENT_SEATED")
        rule = deck_for(len(seats))
        at = list(seats).index(dealer)
        around = [*seats[at + 1:], *seats[: at + 1]]  # dealer's left first, dealer last
        salto = around[-2] if rule.col_salto else None
        order = tuple(s for s in around if s != salto and s not in absent)
        if len(order) < 2:
            raise IllegalAction("TWO_DEALT_IN")
        cutter = next(s for s in reversed(around[:-1]) if s not in absent)
        invito = check_invito(invito, giri=giri)
        if carry < 0:
            raise IllegalAction("NEGATIVE_CARRY")
        payers = [*order, *([salto] if salto is not None and salto_pays_invito else [])]
        short = [s for s in payers if stacks.get(s, 0) < invito]
        if short:
            raise IllegalAction("CANNOT_PAY_INVITO", seats=short, invito=invito)
        behind = {s: stacks[s] - invito for s in order}
        pot = carry + invito * len(payers)
        amounts = blinds(pot, blind_steps)
        bets = {}
        for seat, amount in zip(order, amounts, strict=False):
            if behind[seat] < amount:
                raise IllegalAction("BLIND_TOO_BIG", seat=seat, behind=behind[seat],
                                    amount=amount)
            bets[seat] = amount
            behind[seat] -= amount  # the blind goes in front of the player, out of the resto
        dealt, stub = deal_cards(order, rule.lowest_rank, rng, cards)
        limit = PotLimit(min_bet=CIP, pot_after_call=pot_after_call)
        speak = (*order[len(bets):], *order[:len(bets)])  # after a buio, the next speaks first
        first = BettingRound.open(limit, speak, behind, bets=bets, pot=pot)
        start = {s: stacks[s] for s in seats}
        for seat in set(seats) - set(order):
            behind[seat] = stacks[seat] - (invito if seat in payers else 0)
        hand = cls(
            order=order, dealer=dealer, sitting_out=salto, lowest_rank=rule.lowest_rank,
            level=level, start_stacks=start, stacks=behind, initial_pot=pot,
            committed={s: 0 for s in order}, round=first, phase=Phase.FIRST_ROUND,
            cards=dealt, stub=stub, cutter=cutter, four_in_two=four_in_two,
            opener=order[0] if amounts else None, blind_seats=tuple(bets),
            parola_pay_in=parola_pay_in, pot_after_call=pot_after_call,
        )
        # a blind that nobody left can answer (the others all in for the invito) is an opening
        # already settled: the round closes now, or the blind would hang in front of the player
        return hand._after_action() if bets else hand

    # ---- reading ------------------------------------------------------------------------------

    @property
    def to_act(self) -> Seat | None:
        if self.phase is Phase.DRAW:
            return self.to_draw[0]
        return self.round.to_act if self.round is not None and self.phase in (
            Phase.FIRST_ROUND, Phase.SECOND_ROUND) else None

    @property
    def limit(self) -> PotLimit:
        """Pot limit (IT-10): the pot is all in the middle, or the usual formula as an option."""
        return PotLimit(min_bet=CIP, pot_after_call=self.pot_after_call)

    @property
    def middle(self) -> int:
        """Everything in the middle: the initial pot, closed rounds and bets in front."""
        open_round = self.round is not None and not self.round.closed
        bets = sum(self.round.bets.values()) if open_round else 0  # closed: in `committed`
        return self.initial_pot + sum(self.committed.values()) + bets

    @property
    def live(self) -> tuple[Seat, ...]:
        folded = self.folded_before_draw | (self.round.folded if self.round else frozenset())
        return tuple(s for s in self.order if s not in folded)

    def legal_actions(self) -> LegalActions:
        if self.phase not in (Phase.FIRST_ROUND, Phase.SECOND_ROUND):
            raise IllegalAction("NO_BETTING_AT", phase=self.phase.value)
        return self.round.legal_actions()

    # ---- betting ------------------------------------------------------------------------------

    def act(self, seat: Seat, action: Action | str, amount: int | None = None, *,
            confirmed: bool = False, thought_ms: int | None = None) -> DrawHand:
        """A betting action. In the first round a bet before any bet is the opening: it needs
        openers (checked on known cards, `confirmed` by the dealer on a physical deck), and with
        no amount named it is the pot (IT-08). A check before the opening is a pass. A raise
        made more than two seconds after the bet it answers (`thought_ms`) is refused (IT-11)."""
        if self.phase not in (Phase.FIRST_ROUND, Phase.SECOND_ROUND):
            raise IllegalAction("NO_BETTING_AT", phase=self.phase.value)
        if seat != self.round.to_act:
            raise IllegalAction("NOT_YOUR_TURN", to_act=self.round.to_act, seat=seat)
        action = _action(action)
        if action is Action.RAISE and thought_ms is not None \
                and thought_ms > RAISE_WINDOW_SECONDS * 1000:
            raise IllegalAction("RAISE_TOO_SLOW", seconds=round(thought_ms / 1000, 1),
                                limit=RAISE_WINDOW_SECONDS)
        rnd = self.round
        opening = self.phase is Phase.FIRST_ROUND and rnd.current_bet == 0 and action in (
            Action.BET, Action.ALL_IN)
        if opening:
            self._check_openers(seat, confirmed)
            if action is Action.BET and amount is None:
                legal = rnd.legal_actions()
                amount = min(max(self.middle, legal.min_to), legal.max_to)
        if action is Action.FOLD and seat in self.must_stay:
            raise IllegalAction("BOUND_TO_PLAY", seat=seat)
        after = rnd.act(seat, action, amount)
        hand = replace(self, round=after, second_round_started=self.second_round_started or
                       self.phase is Phase.SECOND_ROUND)
        if self.phase is Phase.FIRST_ROUND:
            hand = hand._first_round_bookkeeping(seat, action, amount, rnd, after, opening)
        return hand._after_action()

    def open_together(self, first: Seat, second: Seat, amount: int | None = None, *,
                      confirmed: bool = False) -> DrawHand:
        """IT-09: two players open at once. The one earlier in turn opens; the other must play
        and may not raise unless a player between them raises."""
        if self.phase is not Phase.FIRST_ROUND or self.round.current_bet:
            raise IllegalAction("TWO_OPENERS_LATE")
        if self.round.to_act is None:
            raise IllegalAction("ALL_OTHERS_ALL_IN")
        if first == second:
            raise IllegalAction("TWO_OPENERS_SAME")
        for seat in (first, second):
            if seat not in self.live:
                raise IllegalAction("CANNOT_OPEN", seat=seat)
        pending = self.round.order
        start = pending.index(self.round.to_act)
        turn = [*pending[start:], *pending[:start]]
        earlier, later = sorted((first, second), key=turn.index)
        if earlier != self.round.to_act:
            raise IllegalAction("SPEAKS_BEFORE", seat=self.round.to_act, earlier=earlier)
        self._check_openers(later, confirmed)
        hand = self.act(earlier, Action.BET, amount, confirmed=confirmed)
        return replace(hand, second_opener=later, must_stay=hand.must_stay | {later},
                       round=hand.round.forbid_raise(later))

    def _check_openers(self, seat: Seat, confirmed: bool) -> None:
        if seat in self.passed:
            raise IllegalAction("PASSED_NO_OPEN", seat=seat)
        if self.cards is None:
            if not confirmed:
                raise IllegalAction("CONFIRM_OPENERS")
            return
        if not opens(self.cards[seat], self.level, self.lowest_rank):
            raise IllegalAction("NO_OPENERS", seat=seat, level=self.level.name.lower())

    def _first_round_bookkeeping(self, seat: Seat, action: Action, amount: int | None,
                                 before: BettingRound, after: BettingRound,
                                 opening: bool) -> DrawHand:
        hand = replace(self, log=(*self.log, (seat, action.value, amount)))
        if opening:
            return replace(hand, opener=seat)
        if before.current_bet == 0 and action is Action.CHECK:
            return replace(hand, passed=hand.passed | {seat})
        if hand.opener is not None and action in (Action.CALL, Action.RAISE, Action.ALL_IN):
            hand = replace(hand, entered=hand.entered | {seat})
        if after.current_bet > before.current_bet and hand.second_opener is not None \
                and seat != hand.opener and seat != hand.second_opener:
            lifted = replace(after, no_raise=after.no_raise - {hand.second_opener})
            hand = replace(hand, round=lifted, must_stay=hand.must_stay - {hand.second_opener})
        return hand

    def _after_action(self) -> DrawHand:
        if not self.round.closed:
            return self
        if self.phase is Phase.FIRST_ROUND:
            return self._close_first_round()
        return self._close_second_round()

    def _close_round(self) -> DrawHand:
        rnd = self.round
        committed = {s: self.committed[s] + rnd.bets.get(s, 0) for s in self.order}
        stacks = {**self.stacks, **rnd.stacks}
        return replace(self, committed=committed, stacks=stacks)

    def _close_first_round(self) -> DrawHand:
        rnd = self.round
        if rnd.current_bet == 0:
            return self._finish("no_opening", {}, (self.middle,), after_no_opening(self.level),
                                deal_passes=True, note="nobody opened: the deal passes")
        hand = replace(self._close_round(), folded_before_draw=rnd.folded)
        if len(hand.live) == 1:
            return hand._award_uncontested()
        return replace(hand, round=None, phase=Phase.DRAW, to_draw=hand.live)

    # ---- the draw -----------------------------------------------------------------------------

    def draw(self, seat: Seat, discards: int | Sequence[Card] | str = 0) -> DrawHand:
        """IT-12: each player still in changes 1 to 4 cards or stands pat ("servito"), clockwise
        from the dealer's left. With known cards name the discards; otherwise give the count."""
        if self.phase is not Phase.DRAW:
            raise IllegalAction("NO_DRAW_AT", phase=self.phase.value)
        if seat != self.to_draw[0]:
            raise IllegalAction("DRAWS_FIRST", seat=self.to_draw[0])
        cards = dict(self.cards) if self.cards is not None else None
        stub = self.stub
        if isinstance(discards, int) and not isinstance(discards, bool):
            if cards is not None:
                raise IllegalAction("NAME_THROWN")
            count = discards
        else:
            if cards is None:
                raise IllegalAction("HOW_MANY_CHANGED")
            thrown = read_cards(discards)
            if not set(thrown) <= set(cards[seat]) or len(set(thrown)) != len(thrown):
                raise IllegalAction("DOES_NOT_HOLD", seat=seat, cards=_show(thrown))
            count = len(thrown)
        if not 0 <= count <= 4:
            raise IllegalAction("CHANGE_COUNT")
        later = count == 4 and self.four_in_two
        now = count - 1 if later else count
        if cards is not None:
            kept = tuple(c for c in cards[seat] if c not in thrown)
            cards[seat] = kept + stub[:now]
            stub = stub[now:] + thrown  # discards go under the stub, for a short stub
        rest = self.to_draw[1:]
        due = (*self.fourth_due, seat) if later else self.fourth_due
        hand = replace(self, cards=cards, stub=stub, to_draw=rest,
                       drawn={**self.drawn, seat: count}, fourth_due=due)
        return hand if rest else hand._deal_fourths()._open_second_round()

    def _deal_fourths(self) -> DrawHand:
        """IT-12 option: those who changed four get their fourth card once everyone has drawn."""
        if self.cards is None or not self.fourth_due:
            return replace(self, fourth_due=())
        cards = dict(self.cards)
        stub = self.stub
        for seat in self.fourth_due:
            cards[seat] = (*cards[seat], stub[0])
            stub = stub[1:]
        return replace(self, cards=cards, stub=stub, fourth_due=())

    def _open_second_round(self) -> DrawHand:
        live = self.live
        lead = self.opener if self.opener in live else self._left_of(self.opener, live)
        at = live.index(lead)
        order = (*live[at:], *live[:at])
        behind = {s: self.stacks[s] for s in order}
        rnd = BettingRound.open(self.limit, order, behind,
                                pot=self.initial_pot + sum(self.committed.values()))
        return replace(self, round=rnd, phase=Phase.SECOND_ROUND, must_stay=frozenset(),
                       second_round_contested=not rnd.closed)._after_action()

    def _left_of(self, seat: Seat, live: Sequence[Seat]) -> Seat:
        at = self.order.index(seat)
        return next(s for s in (*self.order[at + 1:], *self.order[:at]) if s in live)

    def _close_second_round(self) -> DrawHand:
        hand = self._close_round()
        if len(hand.live) == 1:
            return hand._award_uncontested()
        if self.round.current_bet == 0 and self.second_round_contested:
            return hand._piatto_di_parola()
        return replace(hand, phase=Phase.SHOWDOWN)

    # ---- endings ------------------------------------------------------------------------------

    def _piatto_di_parola(self) -> DrawHand:
        """IT-15: all checked after the draw. The pot stays for the next deal; those who folded
        before the draw pay in what each player still in put in before the draw."""
        stayed = max(self.committed[s] for s in self.live)
        stacks = dict(self.stacks)
        paid = 0
        if self.parola_pay_in:
            for seat in self.folded_before_draw:
                owed = min(stayed - self.committed[seat], stacks[seat])
                stacks[seat] -= owed
                paid += owed
        total = self.middle + paid
        carry = (total - total // 2, total // 2) if total > POT_CAP else (total,)
        return replace(self, stacks=stacks)._finish(
            "piatto_di_parola", {}, carry, after_piatto_di_parola(), deal_passes=True,
            note=f"piatto di parola: {paid} paid in by the players who folded before the draw")

    def _award_uncontested(self) -> DrawHand:
        (winner,) = self.live
        return self._finish("won", {winner: self.middle}, (), after_pot_played(),
                            deal_passes=True, note=f"seat {winner} wins unopposed")

    def showdown(
        self,
        shown: Mapping[Seat, Sequence[Card] | str] | None = None,
        *,
        winner: Seat | None = None,
        opener_shows: bool = True,
    ) -> DrawHand:
        """IT-14: the best hand by the club's order takes each pot (suits break every tie).
        With a physical deck the dealer enters the hands `shown`, or taps the `winner`. An opener
        who mucks without showing openers loses the pot, or refunds the initial pot if another
        wins (IT-16 [U: the refund goes to the middle for the next deal])."""
        if self.phase is not Phase.SHOWDOWN:
            raise IllegalAction("NO_SHOWDOWN_AT", phase=self.phase.value)
        pots = split_pots(self.committed, self.folded_before_draw | self.round.folded,
                          dead=self.initial_pot)
        contested = [p for p in pots if not p.returned]
        hands = self._shown_hands(shown)
        barred = set() if opener_shows else {self.opener}
        chosen = []
        for number, pot in enumerate(contested, start=1):
            candidates = [s for s in self.order if s in pot.eligible and s not in barred]
            if winner is not None:
                if winner not in pot.eligible:
                    raise IllegalAction("SIDE_POT_WINNER", seat=winner, pot=number)
                chosen.append([winner])
                continue
            showing = [s for s in candidates if s in hands]
            if not showing:
                showing = [s for s in pot.eligible if s in hands]
            if not showing:
                raise IllegalAction("POT_NOBODY_SHOWED", pot=number)
            best = winners([hands[s] for s in showing])
            chosen.append([showing[best[0]]])
        won = award_to_winners(pots, chosen, self.order)
        stacks = dict(self.stacks)
        carry: tuple[int, ...] = ()
        if not opener_shows and self.opener not in {w[0] for w in chosen}:
            refund = min(self.initial_pot, stacks[self.opener] + won.get(self.opener, 0))
            stacks[self.opener] -= refund
            carry = (refund,)
        return replace(self, stacks=stacks)._finish(
            "showdown", won, carry, after_pot_played(), deal_passes=True)

    def _shown_hands(self, shown: Mapping[Seat, Sequence[Card] | str] | None,
                     ) -> dict[Seat, Hand]:
        if shown is None:
            if self.cards is None:
                return {}
            return {s: best_hand(self.cards[s], italian(self.lowest_rank)) for s in self.live}
        if self.cards is not None:
            raise IllegalAction("ENGINE_KNOWS_CARDS")
        ranking = italian(self.lowest_rank)
        unknown = set(shown) - set(self.live)
        if unknown:
            raise IllegalAction("SEATS_NOT_IN_HAND", seats=sorted(unknown))
        hands = {}
        for seat, entered in shown.items():
            try:
                hands[seat] = best_hand(read_cards(entered), ranking)
            except Refusal as wrong:  # not five cards, or not in this deck
                raise IllegalAction("SEAT_CARDS", seat=seat, detail=wrong) from None
        return hands

    def _finish(self, kind: str, won: Mapping[Seat, int], carry: tuple[int, ...],
                next_level: Level, *, deal_passes: bool, note: str = "") -> DrawHand:
        stacks = dict(self.stacks)
        for seat, chips in won.items():
            stacks[seat] += chips
        outcome = Outcome(kind, dict(won), tuple(c for c in carry if c), next_level,
                          deal_passes, note)
        return replace(self, stacks=stacks, phase=Phase.OVER, outcome=outcome)

    def void(self, kind: str, note: str, *, deal_passes: bool, level: Level | None = None,
             won: Mapping[Seat, int] | None = None) -> DrawHand:
        """End the hand with every bet back to its owner (or, with `won`, the whole middle to
        the seats named); the inviti stay in the middle for the next deal."""
        bets = self.round.bets if self.round is not None and self.phase in (
            Phase.FIRST_ROUND, Phase.SECOND_ROUND) else {}
        behind = self.round.stacks if bets else {}
        stacks = {**self.stacks, **behind}
        if won is None:
            for seat in self.order:
                stacks[seat] += self.committed[seat] + bets.get(seat, 0)
            carry = (self.initial_pot,)
        else:
            carry = ()
        return replace(self, stacks=stacks, round=None)._finish(
            kind, won or {}, carry, self.level if level is None else level,
            deal_passes=deal_passes, note=note)

    def remove_player(self, seat: Seat) -> DrawHand:
        """The seat is out of the hand, its stakes left in the middle (IT-29)."""
        if seat not in self.live:
            raise IllegalAction("SEAT_NOT_IN_HAND", seat=seat)
        if self.phase in (Phase.FIRST_ROUND, Phase.SECOND_ROUND):
            rnd = self.round
            if seat in rnd.pending:
                return replace(self, round=rnd.fold_out_of_turn(seat))._after_action()
            # already acted: out all the same, the round goes on for the others
            rnd = replace(rnd, folded=rnd.folded | {seat})
            if len(rnd.live) <= 1:
                rnd = replace(rnd, pending=frozenset(), to_act=None)
            return replace(self, round=rnd)._after_action()
        if self.phase is not Phase.DRAW:
            raise IllegalAction("NO_PUT_OUT_AT", phase=self.phase.value)
        hand = replace(self, folded_before_draw=self.folded_before_draw | {seat},
                       to_draw=tuple(s for s in self.to_draw if s != seat))
        if len(hand.live) == 1:
            return hand._award_uncontested()
        return hand if hand.to_draw else hand._deal_fourths()._open_second_round()

    def payoffs(self) -> dict[Seat, int]:
        """Each seat's gain or loss over the hand, once it is over."""
        if self.outcome is None:
            raise IllegalAction("HAND_NOT_OVER")
        return {s: self.stacks[s] - self.start_stacks[s] for s in self.start_stacks}


def _action(action: Action | str) -> Action:
    try:
        return Action(action)
    except ValueError:
        raise IllegalAction("UNKNOWN_ACTION", action=action) from None


def _show(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))
