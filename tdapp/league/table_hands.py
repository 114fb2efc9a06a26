"""What a draw table's log tells the night (league/schedule.py): each hand dealt, whether it was
opened, whether it passed the deal, whether a full vestito or better was shown, and, for the
night's result, each player's chips and poste at the end. Pure: the events come in with their
times."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from tdapp.draw_table.events import Event, HandDealt, HandShownDown, PassateTaken
from tdapp.draw_table.rules import apply
from tdapp.draw_table.state import DrawTable
from tdapp.engine.draw.hand import DrawHand
from tdapp.engine.hands import best_hand, italian
from tdapp.league.schedule import Hand, TableHands

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
    first one (the resto they sat with) and one per `posta` added by passate."""
    state: DrawTable | None = None
    hands: list[Hand] = []
    added: Counter[int] = Counter()
    shown_vestito = False
    for at, event in events:
        before = state.hand if state is not None else None
        state = apply(state, event)
        if isinstance(event, HandDealt):
            if hands and before is not None:
                hands[-1] = _finished(hands[-1], before, shown_vestito)
            shown_vestito = False
            hands.append(Hand(at, state.hand.dealer, event.giri, False, False, False, False))
        elif isinstance(event, PassateTaken):
            added[event.seat] += event.chips
        elif isinstance(event, HandShownDown) and event.shown:
            shown_vestito = vestito(event.shown, state.hand.lowest_rank)
    if state is None:
        raise ValueError("a table's log starts with its opening")
    if hands and state.hand is not None:
        hands[-1] = _finished(hands[-1], state.hand, shown_vestito)
    upcoming = state.next_table
    in_play = state.in_play
    seats = tuple(state.table.seats)
    chips = {state.names[s]: upcoming.stacks[s] for s in seats} if not in_play else {}
    poste = {state.names[s]: 1 + added[s] // max(posta, 1) for s in seats}
    in_middle = sum(upcoming.carries) if not in_play else state.hand.middle
    summary = TableHands(name, seats, upcoming.dealer,
                         in_play or bool(upcoming.carries), tuple(hands))
    return TableEnd(summary, dict(state.names), chips, poste, in_middle, in_play)


def _finished(noted: Hand, hand: DrawHand, shown_vestito: bool) -> Hand:
    """The hand's line once the table moved on (or as it stands now)."""
    outcome = hand.outcome
    if outcome is None:
        return replace(noted, opened=hand.opener is not None)
    return replace(noted, over=True, opened=hand.opener is not None,
                   deal_passed=outcome.deal_passes, vestito=shown_vestito)
