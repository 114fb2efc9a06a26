"""A telesina table's own rules (RULES.md §5) over the engine's hand (tdapp.engine.telesina.hand)
with the club's physical cards: `decide` checks a command against a `TelesinaTable` and returns
the event, `apply` replays one. `rules` routes a telesina table here and keeps what both games
share: the opening, the passate, the chips check and the refusals' form."""

from __future__ import annotations

from dataclasses import replace

from tdapp.draw_table.commands import Act, Command, Deal, Exchange, Showdown, TurnCards
from tdapp.draw_table.events import (
    ActionTaken,
    CardExchanged,
    CardsTurned,
    Event,
    HandDealt,
    HandShownDown,
)
from tdapp.draw_table.state import ACTION_LINES, Line, TelesinaTable
from tdapp.engine.draw import table as seats
from tdapp.engine.draw.deck import deck_for, read_cards
from tdapp.engine.errors import IllegalAction
from tdapp.engine.telesina.hand import TelesinaHand
from tdapp.engine.telesina.variants import Variant
from tdapp.kernel.refusals import DomainError, register_messages

register_messages({
    "TELESINA_INVITO": "At this telesina the invito is %(invito)s",
    "TABLE_WRONG_GAME": "Refused: this table plays %(game)s",
})
register_messages({  # the hand in words, for the console
    "TELESINA_LOG_DEALT": "Hand %(number)s: seat %(dealer)s deals, invito %(invito)s",
    "TELESINA_LOG_UP": "Up-cards: %(cards)s",
    "TELESINA_LOG_VELE": "Vele turned: %(cards)s",
    "TELESINA_LOG_SPEAKS": "Seat %(seat)s speaks first",
    "TELESINA_LOG_KNOCKS": "Seat %(seat)s knocks (checks)",
    "TELESINA_LOG_KEEPS": "Seat %(seat)s keeps the up-cards",
    "TELESINA_LOG_CHANGES": "Seat %(seat)s changes %(given)s for %(received)s",
})


def deal(table: seats.DrawTable, variant: Variant) -> TelesinaHand:
    """The next hand, with the club's physical cards. Six at the table play "col salto" as at
    draw (the dealer's right sits the hand out), so that the deck stays 6-A as the club plays
    it, where the public rule of 11 would go down to the fives."""
    dealt = table.seats
    if deck_for(len(dealt)).col_salto:
        salto = dealt[dealt.index(table.dealer) - 1]
        dealt = tuple(s for s in dealt if s != salto)
    return TelesinaHand.deal(variant, dealt, table.dealer, {s: table.stacks[s] for s in dealt},
                             None)


def decide(state: TelesinaTable, command: Command) -> Event:
    """The event for `command` at a telesina table; the engine's checks come in `apply`."""
    match command:
        case Deal(invito):
            if state.in_play:
                raise DomainError("DRAW_HAND_IN_PLAY", number=state.number)
            if invito is not None and invito != state.variant.invito:
                raise DomainError("TELESINA_INVITO", invito=state.variant.invito)
            return HandDealt(state.number + 1, state.variant.invito)
        case Act(seat, action, amount):
            _hand_in_play(state)
            return ActionTaken(seat, action, amount, False, 0)
        case TurnCards(up, vele):
            _hand_in_play(state)
            return CardsTurned(tuple((seat, _written(cards)) for seat, cards in up),
                               _written(vele))
        case Exchange(seat, given, received):
            _hand_in_play(state)
            return CardExchanged(seat, _written(given) if given else None,
                                 _written(received) if received else None)
        case Showdown(winner, shown):
            _hand_in_play(state)
            return HandShownDown(winner, shown, True, ())
    raise DomainError("TABLE_WRONG_GAME", game=state.variant.name)


def _written(cards: str) -> str:
    """Cards as the log keeps them ("Ah 7c"), whatever spacing the dealer typed."""
    return " ".join(str(card) for card in read_cards(cards))


def _hand_in_play(state: TelesinaTable) -> None:
    if not state.in_play:
        raise DomainError("DRAW_NO_HAND")


def apply(state: TelesinaTable, event: Event) -> TelesinaTable:
    """The state after a telesina event; IllegalAction for one the engine refuses."""
    hand = state.hand
    match event:
        case HandDealt(number, invito):
            table = state.next_table
            dealt = deal(table, state.variant)
            line = ("TELESINA_LOG_DEALT", {"number": number, "dealer": table.dealer,
                                           "invito": invito})
            fresh = replace(state, table=table, hand=None, number=number, lines=(), top_ups={})
            return _with(fresh, dealt, line)
        case ActionTaken(seat, action, amount):
            after = hand.act(seat, action, amount)
            chips = behind(hand, seat) - behind(after, seat)
            code = "TELESINA_LOG_KNOCKS" if action == "check" else ACTION_LINES[action]
            return _with(state, after, (code, {"seat": seat, "chips": chips, "amount": amount}))
        case CardsTurned(up, vele):
            after = hand.turn(dict(up), vele)
            lines = [("TELESINA_LOG_UP", {"cards": ", ".join(f"{s}: {c}" for s, c in up)})] \
                if up else []
            lines += [("TELESINA_LOG_VELE", {"cards": vele})] if vele else []
            return _with(state, after, *lines)
        case CardExchanged(seat, given, received):
            old = read_cards(given)[0] if given else None
            new = read_cards(received)[0] if received else None
            after = hand.exchange(seat, old, new)
            line = ("TELESINA_LOG_CHANGES", {"seat": seat, "given": given,
                                             "received": received}) if given \
                else ("TELESINA_LOG_KEEPS", {"seat": seat})
            return _with(state, after, line)
        case HandShownDown(winner, shown):
            after = hand.showdown(None if shown is None else dict(shown), winner=winner)
            return _with(state, after, ("DRAW_LOG_SHOWDOWN", {}))
    raise IllegalAction("TELESINA_NO_EVENT", kind=type(event).__name__)


def _with(state: TelesinaTable, after: TelesinaHand, *said: Line) -> TelesinaTable:
    """The state with the hand moved on and its lines added: who speaks when a betting round
    opens, and who takes what when the hand ends."""
    lines = [*state.lines, *said]
    before = state.hand
    if after.round is not None and (before is None or before.round is None
                                    or before.street != after.street):
        lines.append(("TELESINA_LOG_SPEAKS", {"seat": after.to_act}))
    if after.over and (before is None or not before.over):
        lines += [("DRAW_LOG_TAKES", {"seat": s, "chips": c})
                  for s, c in sorted(after.won.items()) if c]
    return replace(state, hand=after, lines=tuple(lines))


def behind(hand: TelesinaHand, seat: int) -> int:
    """The seat's chips behind, bets in front of it not counted."""
    if hand.round is not None and seat in hand.round.stacks:
        return hand.round.stacks[seat]
    return hand.stacks[seat]


def middle(hand: TelesinaHand) -> int:
    """The chips in the middle: the inviti, the rounds closed and the bets in front."""
    bets = sum(hand.round.bets.values()) if hand.round is not None else 0
    return hand.dead + sum(hand.committed.values()) + bets


def chips_on_table(state: TelesinaTable) -> int:
    """Every chip at the table: the resti behind, the middle of the hand in play, and the draw's
    pots waiting through a round of telesina at a draw table. Only a passata changes it."""
    waiting = sum(state.table.carries)
    if not state.in_play:
        return sum(state.next_table.stacks.values()) + waiting
    hand = state.hand
    out = sum(c for s, c in state.table.stacks.items() if s not in hand.order)  # col salto
    return out + sum(behind(hand, s) for s in hand.order) + middle(hand) + waiting
