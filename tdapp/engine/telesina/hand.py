"""One hand of telesina as a state machine on the shared pot-limit round (RULES.md §5).

Streets come from the variant: own cards down or up, vele turned, or one card exchanged, each
followed by a betting round. The best hand showing speaks first (in Texas, where nothing of
one's own shows, the player left of the dealer [U]). The last player left wins unshown;
otherwise everyone shows and the best five cards by the club's order win.

With a physical deck (no `rng`) the engine knows only what the table sees: the dealer enters the
up-cards as they are dealt and the vele as they are turned, the engine says who speaks (the best
hand showing), and at the end the dealer enters the cards each player held face down, or taps
the winner.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from tdapp.engine.betting import Action, BettingRound, LegalActions, PotLimit
from tdapp.engine.cards import Card, Deck
from tdapp.engine.draw.deck import read_cards
from tdapp.engine.errors import IllegalAction
from tdapp.engine.hands import Hand, best_hand, italian, winners
from tdapp.engine.pots import award_to_winners, split_pots
from tdapp.engine.telesina.variants import Variant
from tdapp.engine.telesina.visible import first_to_speak

Seat = int


@dataclass(frozen=True)
class CappedPotLimit:
    """Pot limit with no raise above `cap` (Texas before the flop: at most 20 in 20)."""

    min_bet: int
    cap: int

    def min_raise_increment(self, round_: BettingRound) -> int:
        return min(max(self.min_bet, round_.full_raise), self.cap)

    def max_to(self, round_: BettingRound, seat: Seat) -> int:
        return min(PotLimit(self.min_bet).max_to(round_, seat), round_.current_bet + self.cap)


@dataclass(frozen=True)
class OwnCard:
    card: Card
    up: bool


@dataclass(frozen=True)
class TelesinaHand:
    variant: Variant
    order: tuple[Seat, ...]  # from the dealer's left, the dealer last
    lowest_rank: int
    start_stacks: Mapping[Seat, int]
    stacks: Mapping[Seat, int]
    committed: Mapping[Seat, int]
    dead: int  # inviti
    own: Mapping[Seat, tuple[OwnCard, ...]]
    vele: tuple[Card, ...]  # all the vele, face-down ones included
    vele_shown: int
    stub: tuple[Card, ...]
    street: int
    round: BettingRound | None
    folded: frozenset[Seat] = frozenset()
    to_exchange: tuple[Seat, ...] = ()
    won: Mapping[Seat, int] | None = None
    min_bet: int = 1
    shown: Mapping[Seat, Hand] | None = None  # the hands at showdown, for the table to read
    physical: bool = False
    awaiting_cards: bool = False  # physical deck: the dealer enters the cards just shown
    awaiting_showdown: bool = False  # physical deck: the dealer enters the hands or the winner

    @classmethod
    def deal(cls, variant: Variant, seats: Sequence[Seat], dealer: Seat,
             stacks: Mapping[Seat, int], rng: random.Random | None, *,
             min_bet: int = 1) -> TelesinaHand:
        """Shuffle a rule-of-11 deck (lowest rank 11 - players, TS-00), take the invito (Texas
        only) and play the first street. Without `rng` the deck is physical."""
        if dealer not in seats or not 2 <= len(seats) <= 8:
            raise IllegalAction("TELESINA_SEATS")
        at = list(seats).index(dealer)
        order = (*seats[at + 1:], *seats[: at + 1])
        lowest = max(2, 11 - len(seats))
        deck = Deck(lowest)
        if len(deck) < len(seats) * (variant.own_cards + 1) + variant.vele:
            raise IllegalAction("NOT_ENOUGH_CARDS", players=len(seats), cards=len(deck))
        if rng is not None:
            deck.shuffle(rng)
        short = [s for s in order if stacks.get(s, 0) <= variant.invito]
        if short:
            raise IllegalAction("CANNOT_PAY_INVITO", seats=short, invito=variant.invito)
        vele = tuple(deck.deal(variant.vele)) if rng is not None else ()  # physical: as turned
        hand = cls(
            variant=variant, order=order, lowest_rank=lowest,
            start_stacks={s: stacks[s] for s in order},
            stacks={s: stacks[s] - variant.invito for s in order},
            committed={s: 0 for s in order}, dead=variant.invito * len(order),
            own={s: () for s in order}, vele=vele, vele_shown=variant.vele_up,
            stub=tuple(deck.cards) if rng is not None else (), street=-1, round=None,
            min_bet=min_bet, physical=rng is None,
        )
        return hand._next_street()

    # ---- reading ------------------------------------------------------------------------------

    @property
    def live(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.order if s not in self.folded)

    @property
    def over(self) -> bool:
        return self.won is not None

    def showing(self, seat: Seat) -> tuple[Card, ...]:
        """The seat's own face-up cards (what the table reads to decide who speaks)."""
        return tuple(c.card for c in self.own[seat] if c.up)

    @property
    def to_act(self) -> Seat | None:
        if self.to_exchange:
            return self.to_exchange[0]
        return self.round.to_act if self.round is not None else None

    def legal_actions(self) -> LegalActions:
        if self.round is None or self.round.closed:
            raise IllegalAction("NO_BETTING")
        return self.round.legal_actions()

    # ---- play ---------------------------------------------------------------------------------

    def act(self, seat: Seat, action: Action | str, amount: int | None = None) -> TelesinaHand:
        if self.over or self.round is None or self.to_exchange:
            raise IllegalAction("NO_BETTING")
        try:
            action = Action(action)
        except ValueError:
            raise IllegalAction("UNKNOWN_ACTION", action=action) from None
        hand = replace(self, round=self.round.act(seat, action, amount))
        if not hand.round.closed:
            return hand
        return hand._close_round()

    def exchange(self, seat: Seat, card: Card | None, new: Card | None = None) -> TelesinaHand:
        """Cambio: change one own card for the next from the stub, in the same orientation; None
        keeps the hand as it is. With a physical deck only a face-up change is seen: `card` is the
        up-card given and `new` the one received (None: kept, or the face-down card changed)."""
        if not self.to_exchange or seat != self.to_exchange[0]:
            raise (IllegalAction("EXCHANGES_FIRST", seat=self.to_exchange[0]) if self.to_exchange
                   else IllegalAction("NO_EXCHANGE"))
        own = list(self.own[seat])
        stub = self.stub
        if (new is not None) != (card is not None and self.physical):
            raise IllegalAction("NAME_EXCHANGE" if self.physical else "ENGINE_DEALS_CARD")
        if card is not None:
            at = next((i for i, c in enumerate(own) if c.card == card), None)
            if at is None or (self.physical and not own[at].up):
                raise IllegalAction("DOES_NOT_SHOW", seat=seat, card=str(card))
            if self.physical:
                self._check_new((new,))
            else:
                new, stub = stub[0], stub[1:]
            own[at] = OwnCard(new, own[at].up)
        hand = replace(self, own={**self.own, seat: tuple(own)}, stub=stub,
                       to_exchange=self.to_exchange[1:])
        return hand if hand.to_exchange else hand._open_round()

    def _close_round(self) -> TelesinaHand:
        rnd = self.round
        committed = {s: self.committed[s] + rnd.bets.get(s, 0) for s in self.order}
        hand = replace(self, committed=committed, stacks={**self.stacks, **rnd.stacks},
                       folded=self.folded | rnd.folded, round=None)
        if len(hand.live) == 1:
            return hand._pay({hand.live[0]: hand._middle()})
        if hand.street + 1 == len(self.variant.streets):
            return replace(hand, awaiting_showdown=True) if self.physical else hand._showdown()
        return hand._next_street()

    def _next_street(self) -> TelesinaHand:
        street_no = self.street + 1
        street = self.variant.streets[street_no]
        own = dict(self.own)
        stub = self.stub
        for count, up in ((street.own_down, False), (street.own_up, True)):
            for _ in range(0 if self.physical else count):  # one card at a time round the table
                for seat in self.live:
                    own[seat] = (*own[seat], OwnCard(stub[0], up))
                    stub = stub[1:]
        hand = replace(self, own=own, stub=stub, street=street_no,
                       vele_shown=self.vele_shown + street.turn_vele)
        if street.exchange:
            return replace(hand, to_exchange=hand.live)
        if self.physical and (hand.up_to_enter or hand.vele_to_enter):
            return replace(hand, awaiting_cards=True)
        return hand._open_round()

    @property
    def up_to_enter(self) -> int:
        """Physical deck: the up-cards each player was just dealt, for the dealer to enter."""
        return self.variant.streets[self.street].own_up if self.street >= 0 else 0

    @property
    def vele_to_enter(self) -> int:
        """Physical deck: the vele just turned (or shown at the deal) not entered yet."""
        return self.vele_shown - len(self.vele) if self.physical else 0

    def turn(self, up: Mapping[Seat, Sequence[Card] | str],
             vele: Sequence[Card] | str = ()) -> TelesinaHand:
        """Physical deck: the dealer enters the up-cards just dealt to each player still in and
        the vele just turned; the best hand showing then speaks (TS-00)."""
        if not self.awaiting_cards:
            raise IllegalAction("NO_CARDS_TO_ENTER")
        cards = {s: read_cards(c) for s, c in up.items()}
        cards = {s: c for s, c in cards.items() if c or self.up_to_enter}  # none due: none sent
        shared = read_cards(vele)
        if set(cards) != (set(self.live) if self.up_to_enter else set()) \
                or any(len(c) != self.up_to_enter for c in cards.values()):
            raise (IllegalAction("ENTER_UP_CARDS", count=self.up_to_enter, seats=list(self.live))
                   if self.up_to_enter else IllegalAction("NO_OWN_CARD"))
        if len(shared) != self.vele_to_enter:
            raise IllegalAction("ENTER_VELE", count=self.vele_to_enter)
        self._check_new((*shared, *(c for hand in cards.values() for c in hand)))
        own = {s: (*self.own[s], *(OwnCard(c, True) for c in cards.get(s, ()))) for s in self.own}
        hand = replace(self, own=own, vele=(*self.vele, *shared), awaiting_cards=False)
        return hand._open_round()

    def _known(self) -> list[Card]:
        """Every card the table has seen: the up-cards and the vele turned."""
        return [*self.vele, *(c.card for cards in self.own.values() for c in cards)]

    def _check_new(self, cards: Sequence[Card]) -> None:
        """Cards the dealer enters: in this deck, none entered twice or already on the table."""
        every = [*self._known(), *cards]
        if len(set(every)) != len(every):
            raise IllegalAction("CARD_ENTERED_TWICE")
        if any(card.value < self.lowest_rank for card in cards):
            raise IllegalAction("BELOW_LOWEST", lowest_rank=self.lowest_rank)

    def _open_round(self) -> TelesinaHand:
        live = self.live
        if self.variant.must_use_own:
            first = live[0]
        else:
            first = first_to_speak({s: self.showing(s) + self.vele[: self.vele_shown]
                                    for s in live}, live)
        at = live.index(first)
        speak = (*live[at:], *live[:at])
        cap = self.variant.raise_cap_first_round
        limit = CappedPotLimit(self.min_bet, cap) if cap and self.street == 0 \
            else PotLimit(self.min_bet)
        rnd = BettingRound.open(limit, speak, {s: self.stacks[s] for s in speak},
                                pot=self._middle())
        hand = replace(self, round=rnd)
        return hand._close_round() if rnd.closed else hand

    def _middle(self) -> int:
        return self.dead + sum(self.committed.values())

    @property
    def held_down(self) -> int:
        """The own cards each player holds face down, entered at a physical showdown."""
        return sum(street.own_down for street in self.variant.streets)

    def showdown(self, shown: Mapping[Seat, Sequence[Card] | str] | None = None, *,
                 winner: Seat | None = None) -> TelesinaHand:
        """Physical deck: the dealer enters the cards each player `shown` held face down (the
        up-cards and vele are known) and the engine applies the club's order; or taps the
        `winner` of every pot."""
        if not self.awaiting_showdown:
            raise IllegalAction("NO_SHOWDOWN")
        pots = split_pots(self.committed, self.folded, dead=self.dead)
        if winner is not None:
            if any(winner not in p.eligible for p in pots if not p.returned):
                raise IllegalAction("WIN_EVERY_POT", seat=winner)
            chosen = [[winner] for p in pots if not p.returned]
            return self._pay(award_to_winners(pots, chosen, self.order))
        down = {s: read_cards(c) for s, c in (shown or {}).items()}
        if set(down) != set(self.live) or any(len(c) != self.held_down for c in down.values()):
            raise IllegalAction("ENTER_DOWN_CARDS", count=self.held_down,
                                seats=list(self.live))
        self._check_new([c for cards in down.values() for c in cards])
        own = {s: (*down[s], *self.showing(s)) for s in self.live}
        return replace(self, awaiting_showdown=False)._showdown(own)

    def _showdown(self, own: Mapping[Seat, Sequence[Card]] | None = None) -> TelesinaHand:
        ranking = italian(self.lowest_rank, straights_split=self.variant.straights_split)
        hands = {}
        for seat in self.live:
            mine = list(own[seat]) if own else [c.card for c in self.own[seat]]
            cards = [*mine, *self.vele]
            hands[seat] = best_hand(cards, ranking,
                                    must_use=mine if self.variant.must_use_own else ())
        pots = split_pots(self.committed, self.folded, dead=self.dead)
        chosen = []
        for pot in (p for p in pots if not p.returned):
            eligible = [s for s in self.order if s in pot.eligible]
            best = winners([hands[s] for s in eligible])
            chosen.append([eligible[i] for i in best])
        return self._pay(award_to_winners(pots, chosen, self.order), shown=hands)

    def _pay(self, won: Mapping[Seat, int],
             shown: Mapping[Seat, Hand] | None = None) -> TelesinaHand:
        stacks = dict(self.stacks)
        for seat, chips in won.items():
            stacks[seat] += chips
        return replace(self, stacks=stacks, won=dict(won), round=None, shown=shown,
                       awaiting_showdown=False)

    def payoffs(self) -> dict[Seat, int]:
        if not self.over:
            raise IllegalAction("HAND_NOT_OVER")
        return {s: self.stacks[s] - self.start_stacks[s] for s in self.order}
