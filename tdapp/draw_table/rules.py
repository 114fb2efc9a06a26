"""The draw table's state, `decide` (checks a command against the engine and returns the event)
and `apply` (replays an event; never refuses). The engine's `IllegalAction` becomes a
`DomainError` with the engine's reason, so the console and the API show why."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from tdapp.draw_table.commands import (
    MISDEAL_KINDS,
    Act,
    Command,
    Deal,
    DeclareFalseOpening,
    Draw,
    Misdeal,
    OpenTogether,
    Showdown,
    TakePassate,
)
from tdapp.draw_table.events import (
    ActionTaken,
    CardsChanged,
    Event,
    FalseOpeningDeclared,
    HandDealt,
    HandMisdealt,
    HandShownDown,
    OpenedTogether,
    PassateTaken,
    TableOpened,
)
from tdapp.engine.draw import misdeal
from tdapp.engine.draw.false_opening import false_opening
from tdapp.engine.draw.hand import DrawHand, Phase
from tdapp.engine.draw.stakes import top_up
from tdapp.engine.draw.table import DrawTable
from tdapp.engine.errors import IllegalAction
from tdapp.tournament.errors import DomainError, register_messages

register_messages({
    "DRAW_REFUSED": "%(reason)s",
    "DRAW_HAND_IN_PLAY": "Hand %(number)s is still in play: finish it or undo first",
    "DRAW_NO_HAND": "No hand is in play at this table",
    "DRAW_INVITO_OVER_LIMIT": "The invito of this table is at most %(most)s",
    "DRAW_ALREADY_JUDGED": "The false opening of this hand was already judged",
    "DRAW_BAD_MISDEAL": "Unknown dealing error %(kind)s",
    "DRAW_PASSATA_IN_HAND": "A resto grows only before the deal: finish hand %(number)s first",
    "DRAW_UNKNOWN_SEAT": "Nobody sits in seat %(seat)s",
})


@dataclass(frozen=True)
class DrawTableState:
    """A draw table between and during hands. `table` is as of the last deal; a finished hand
    is settled into it by the next deal, so a false opening can still be judged (IT-17 c)."""

    names: Mapping[int, str]
    invito_max: int
    table: DrawTable
    hand: DrawHand | None = None
    number: int = 0
    judged: bool = False  # a false opening was declared on the finished hand
    lines: tuple[str, ...] = ()  # the hand in words
    passata: int = 0
    top_ups: Mapping[int, int] = field(default_factory=dict)  # passate taken since the deal

    @property
    def in_play(self) -> bool:
        return self.hand is not None and self.hand.phase is not Phase.OVER

    @property
    def next_table(self) -> DrawTable:
        """The table the next deal starts from: the last hand, if over, settled into it."""
        table = self.table
        if self.hand is not None and self.hand.phase is Phase.OVER:
            table = table.settle(self.hand)
        if self.top_ups:
            stacks = {s: c + self.top_ups.get(s, 0) for s, c in table.stacks.items()}
            table = replace(table, stacks=stacks)
        return table


def opened(event: TableOpened) -> DrawTableState:
    names = dict(event.names)
    table = DrawTable.sit(tuple(names), dict(event.stacks), event.dealer)
    return DrawTableState(names=names, invito_max=event.invito_max, table=table,
                          passata=event.passata or max(table.stacks.values()))


def decide(state: DrawTableState, command: Command) -> Event:
    """The event for `command`, or a DomainError and nothing changed."""
    try:
        event = _event_for(state, command)
        after = apply(state, event)
    except IllegalAction as refused:
        raise DomainError("DRAW_REFUSED", reason=str(refused)) from None
    if isinstance(event, ActionTaken):
        put_in = behind(state.hand, event.seat) - behind(after.hand, event.seat)
        event = replace(event, put_in=put_in)
    if isinstance(event, HandShownDown):
        event = replace(event, won=tuple(sorted(after.hand.outcome.won.items())))
    return event


def _event_for(state: DrawTableState, command: Command) -> Event:
    match command:
        case Deal(invito, blind_steps, giri):
            if state.in_play:
                raise DomainError("DRAW_HAND_IN_PLAY", number=state.number)
            if isinstance(invito, int) and invito > state.invito_max:
                raise DomainError("DRAW_INVITO_OVER_LIMIT", most=state.invito_max)
            return HandDealt(state.number + 1, invito, blind_steps, giri)
        case Act(seat, action, amount, confirmed):
            _hand_in_play(state)
            return ActionTaken(seat, action, amount, confirmed, 0)
        case OpenTogether(first, second, amount, confirmed):
            _hand_in_play(state)
            return OpenedTogether(first, second, amount, confirmed)
        case Draw(seat, cards):
            _hand_in_play(state)
            return CardsChanged(seat, cards)
        case Showdown(winner, shown, opener_shows):
            _hand_in_play(state)
            return HandShownDown(winner, shown, opener_shows, ())
        case DeclareFalseOpening(new_opener, raiser_has_openers):
            if state.hand is None:
                raise DomainError("DRAW_NO_HAND")
            if state.judged:
                raise DomainError("DRAW_ALREADY_JUDGED")
            return FalseOpeningDeclared(new_opener, raiser_has_openers)
        case TakePassate(seat, passate):
            if state.in_play:
                raise DomainError("DRAW_PASSATA_IN_HAND", number=state.number)
            if seat not in state.names:
                raise DomainError("DRAW_UNKNOWN_SEAT", seat=seat)
            chips = top_up({seat: 0}, seat, passate, state.passata, dealt=False)[seat]
            return PassateTaken(seat, passate, chips)
        case Misdeal():
            _hand_in_play(state)
            if command.kind not in MISDEAL_KINDS:
                raise DomainError("DRAW_BAD_MISDEAL", kind=command.kind)
            return HandMisdealt(**vars(command))
    raise DomainError("DRAW_REFUSED", reason=f"unknown command {type(command).__name__}")


def _hand_in_play(state: DrawTableState) -> None:
    if not state.in_play:
        raise DomainError("DRAW_NO_HAND")


def behind(hand: DrawHand, seat: int) -> int:
    """The seat's chips behind, bets in front of it not counted."""
    betting = hand.phase in (Phase.FIRST_ROUND, Phase.SECOND_ROUND) and hand.round is not None
    return hand.round.stacks[seat] if betting and seat in hand.round.stacks else hand.stacks[seat]


def apply(state: DrawTableState, event: Event) -> DrawTableState:
    """The state after `event`. Raises IllegalAction only for an event `decide` never made."""
    hand = state.hand
    match event:
        case TableOpened():
            return opened(event)
        case HandDealt(number, invito, blind_steps, giri):
            table = state.next_table
            dealt = table.deal(invito, blind_steps=blind_steps, giri=giri)
            line = f"hand {number}: seat {table.dealer} deals, invito {invito}, " \
                   f"{table.level.name.lower()} to open, pot {dealt.middle}"
            return replace(state, table=table, hand=dealt, number=number, judged=False,
                           lines=(line,), top_ups={})
        case PassateTaken(seat, passate, chips):
            top_ups = {**state.top_ups, seat: state.top_ups.get(seat, 0) + chips}
            line = f"seat {seat} takes {passate} passata(e): {chips} more in the resto"
            return replace(state, top_ups=top_ups, lines=(*state.lines, line))
        case ActionTaken(seat, action, amount, confirmed):
            opening = hand.phase is Phase.FIRST_ROUND and hand.opener is None
            after = hand.act(seat, action, amount, confirmed=confirmed)
            verb = "opens" if opening and after.opener == seat else _VERBS.get(action, action)
            size = f" {event.put_in}" if event.put_in else ""
            return _with(state, after, f"seat {seat} {verb}{size}")
        case OpenedTogether(first, second, amount, confirmed):
            after = hand.open_together(first, second, amount, confirmed=confirmed)
            return _with(state, after, f"seats {first} and {second} open together: {first} "
                                       f"opens, {second} must play (IT-09)")
        case CardsChanged(seat, cards):
            words = f"seat {seat} changes {cards}" if cards else f"seat {seat} is servito"
            return _with(state, hand.draw(seat, cards), words)
        case HandShownDown(winner, shown, opener_shows):
            after = hand.showdown(None if shown is None else dict(shown), winner=winner,
                                  opener_shows=opener_shows)
            return _with(state, after, "showdown")
        case FalseOpeningDeclared(new_opener, raiser_has_openers):
            after = false_opening(hand, new_opener=new_opener,
                                  raiser_has_openers=raiser_has_openers)
            judged = after.phase is Phase.OVER
            return replace(_with(state, after, "false opening declared (IT-17)"), judged=judged)
        case HandMisdealt():
            return _with(state, _misdeal(hand, event), f"dealing error: {event.kind}")
    raise IllegalAction(f"unknown event {type(event).__name__}")


_VERBS = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets",
          "raise": "raises to", "all_in": "goes all-in"}


def _with(state: DrawTableState, hand: DrawHand, line: str) -> DrawTableState:
    lines = (*state.lines, line)
    if hand.outcome is not None and (state.hand is None or state.hand.outcome != hand.outcome):
        won = ", ".join(f"seat {s} takes {c}" for s, c in sorted(hand.outcome.won.items()) if c)
        lines = (*lines, "; ".join(x for x in (hand.outcome.note, won) if x) or
                 hand.outcome.kind.replace("_", " "))
    return replace(state, hand=hand, lines=lines)


def _misdeal(hand: DrawHand, event: HandMisdealt) -> DrawHand:
    match event.kind:
        case "exposed_cards":
            return misdeal.exposed_cards(hand, event.exposed,
                                         receiver_demands=event.receiver_demands)
        case "dealer_error":
            return misdeal.dealer_error(
                hand, before_first_players_second_card=event.before_first_players_second_card)
        case "void_before_opening":
            try:
                reason = misdeal.VoidReason(event.reason)
            except ValueError:
                raise IllegalAction(f"unknown reason {event.reason!r}") from None
            return misdeal.void_before_opening(hand, reason,
                                               ruled_valid_for=event.ruled_valid_for)
        case "stub_miscount":
            return misdeal.stub_miscount(hand)
        case "six_and_four":
            if event.six is None or event.four is None:
                raise IllegalAction("name the seat with six cards and the one with four")
            return misdeal.six_and_four(hand, event.six, event.four)
    raise IllegalAction(f"unknown dealing error {event.kind!r}")
