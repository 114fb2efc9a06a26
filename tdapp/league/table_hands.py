"""What a draw table's log tells the night (league/schedule.py): each hand of draw dealt, whether
it was opened, whether it passed the deal, whether a full vestito or better was shown; each round
of telesina played at the table and how far it went; and, for the night's result, each player's
chips and poste at the end. Pure: the events come in with their times."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from tdapp.draw_table import telesina
from tdapp.draw_table.events import (
    Event,
    HandDealt,
    HandShownDown,
    PassateTaken,
    TelesinaRoundStarted,
)
from tdapp.draw_table.rules import apply
from tdapp.draw_table.state import DrawTable, Table, TelesinaTable
from tdapp.engine.draw.hand import DrawHand
from tdapp.engine.hands import best_hand, italian
from tdapp.league.schedule import Hand, TableHands, TelesinaPlayed

VESTITO_LOWEST = 11  # TS-08 [U]: "full vestito" = a full house of jacks or higher
ABOVE_FULL = ("flush", "four_of_a_kind", "straight_flush")  # the club's order (IT-18)


def vestito(shown: Iterable[tuple[int, str]], lowest_rank: int) -> bool:
    """A full vestito or better among the hands entered at a showdown."""
    ranking = italian(lowest_rank)
    for _seat, cards in shown:
        hand = best_hand(cards, ranking)
        if hand.category in ABOVE_FULL:
            return True
        if hand.category == "full_house":
            trips = Counter(card.value for card in hand.cards).most_common(1)[0][0]
            if trips >= VESTITO_LOWEST:
                return True
    return False


@dataclass(frozen=True)
class TableEnd:
    """A table as the night's log leaves it: the summary the schedule reads, each player's
    chips behind and poste taken, and the chips still in the middle."""

    hands: TableHands
    names: dict[int, str]  # seat -> player
    chips: dict[str, int]
    poste: dict[str, int]
    in_middle: int
    in_play: bool


def table_end(name: str, events: Iterable[tuple[datetime, Event]], posta: int) -> TableEnd:
    """Replay the table's active events, noting each hand as it goes. A player's poste are the
    first one (the resto they sat with) and one per `posta` added by passate. The hands of a
    round of telesina count for the round, not as hands of draw: a vestito is the draw's, and
    five hands without an opening are five of draw (TS-08)."""
    state: Table | None = None
    hands: list[Hand] = []
    rounds: list[TelesinaPlayed] = []
    added: Counter[int] = Counter()
    shown_vestito = False
    last_draw: DrawHand | None = None  # the draw hand the table played last
    for at, event in events:
        state = apply(state, event)
        if isinstance(event, TelesinaRoundStarted):
            rounds.append(TelesinaPlayed(at, event.giri, event.variant, state.table.dealer,
                                         0, event.hands, over=False))
        elif isinstance(event, HandDealt) and isinstance(state, TelesinaTable):
            rounds[-1] = replace(rounds[-1], played=rounds[-1].played + 1)
        elif isinstance(event, HandDealt):
            if hands and last_draw is not None:
                hands[-1] = _finished(hands[-1], last_draw, shown_vestito)
            shown_vestito = False
            hands.append(Hand(at, state.hand.dealer, event.giri, False, False, False, False))
        elif isinstance(event, PassateTaken):
            added[event.seat] += event.chips
        elif isinstance(event, HandShownDown) and event.shown and isinstance(state, DrawTable):
            shown_vestito = vestito(event.shown, state.hand.lowest_rank)
        if isinstance(state, DrawTable) and state.hand is not None:
            last_draw = state.hand
    if state is None:
        raise ValueError("a table's log starts with its opening")
    if hands and last_draw is not None:
        hands[-1] = _finished(hands[-1], last_draw, shown_vestito)
    going_on = isinstance(state, TelesinaTable) and state.round is not None \
        and not state.round_over
    rounds = [replace(r, over=not (going_on and i == len(rounds) - 1))
              for i, r in enumerate(rounds)]
    upcoming = state.next_table
    in_play = state.in_play
    seats = tuple(state.table.seats)
    chips = {state.names[s]: upcoming.stacks[s] for s in seats} if not in_play else {}
    poste = {state.names[s]: 1 + added[s] // max(posta, 1) for s in seats}
    summary = TableHands(name, seats, upcoming.dealer, in_play or bool(upcoming.carries),
                         tuple(hands), tuple(rounds))
    return TableEnd(summary, dict(state.names), chips, poste, _in_middle(state), in_play)


def _in_middle(state: Table) -> int:
    """The chips in the middle: the hand's in play, else the pots waiting for a deal."""
    if not state.in_play:
        return sum(state.next_table.carries)
    if isinstance(state, TelesinaTable):  # the draw's pots wait through a round of telesina
        return telesina.middle(state.hand) + sum(state.table.carries)
    return state.hand.middle


def _finished(noted: Hand, hand: DrawHand, shown_vestito: bool) -> Hand:
    """The hand's line once the table moved on (or as it stands now)."""
    outcome = hand.outcome
    if outcome is None:
        return replace(noted, opened=hand.opener is not None)
    return replace(noted, over=True, opened=hand.opener is not None,
                   deal_passed=outcome.deal_passes, vestito=shown_vestito)
