"""The table's rules: `open_table` (the opening a DdT asks for), `decide` (checks a command
against the table and returns the event), `apply_new` (applies a new event once through the
engine and settles what the engine resolved) and `apply` (replays an event; never refuses). The
engine's `IllegalAction` becomes a `DomainError` with the engine's reason, so the console and the
API show why. A telesina table's own commands and events go to `telesina`; the opening, the
passate and the chips check are the same at both games."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tdapp.draw_table import telesina
from tdapp.draw_table.commands import (
    MISDEAL_KINDS,
    Act,
    Command,
    Deal,
    DeclareFalseOpening,
    Draw,
    Exchange,
    Misdeal,
    OpenTogether,
    PlayTelesinaRound,
    Showdown,
    TakePassate,
    TurnCards,
)
from tdapp.draw_table.events import (
    GAMES,
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
    TelesinaRoundStarted,
)
from tdapp.draw_table.state import (
    ACTION_LINES,
    DrawTable,
    Line,
    Table,
    TelesinaTable,
    opened,
    telesina_round,
)
from tdapp.engine.draw import misdeal
from tdapp.engine.draw.false_opening import false_opening
from tdapp.engine.draw.hand import DrawHand, Phase
from tdapp.engine.draw.stakes import top_up
from tdapp.engine.errors import IllegalAction
from tdapp.engine.telesina.hand import TelesinaHand
from tdapp.engine.telesina.variants import VARIANTS, variant
from tdapp.kernel.names import fits, tidied
from tdapp.kernel.refusals import DomainError, engine_refusal, register_messages

MAX_NAME = 120
GIRI_INVITO_MAX = 10  # IT-04: the invito goes up to 10 euro during the giri

register_messages({
    "BAD_DRAW_TABLE": "%(reason)s",
    "DRAW_TABLE_NAME": "A draw table needs a name",
    "DRAW_INVITO_LIMIT": "The highest invito is 1 to 10 euro",
    "DRAW_PLAYER_NAMES": "Every player needs a name, and a different one",
    "DRAW_PASSATA_NEGATIVE": "A passata cannot be negative",
    "DRAW_REFUSED": "%(reason)s",
    "DRAW_HAND_IN_PLAY": "Hand %(number)s is still in play: finish it or undo first",
    "DRAW_NO_HAND": "No hand is in play at this table",
    "DRAW_INVITO_OVER_LIMIT": "The invito of this table is at most %(most)s",
    "DRAW_ALREADY_JUDGED": "The false opening of this hand was already judged",
    "DRAW_BAD_MISDEAL": "Unknown dealing error %(kind)s",
    "DRAW_PASSATA_IN_HAND": "A resto grows only before the deal: finish hand %(number)s first",
    "DRAW_UNKNOWN_SEAT": "Nobody sits in seat %(seat)s",
    "DRAW_NOT_IN_HAND": "Seat %(seat)s is not in this hand",
    "DRAW_CHIPS_DO_NOT_ADD_UP": "Refused: the chips at the table would not add up (%(before)s "
                                "before, %(after)s after); tell the DdT",
    "DRAW_NOBODY_TO_BET": "Nobody could bet in this hand: a resto is too short for the pot, "
                          "add a passata before the deal (IT-24)",
    "DRAW_TWO_OPENERS": "Two openers at once are two different seats",
    "TABLE_GAME": "A table plays draw or telesina, and a telesina one of %(variants)s",
    "DRAW_INVITO_NEEDED": "Name the invito of the hand (1 to 10)",
    "TELESINA_ROUND_VARIANT": "A round of telesina plays one of %(variants)s",
    "TELESINA_ROUND_ON": "The round of telesina is still on: %(played)s of %(hands)s hands "
                         "dealt",
})
register_messages({  # the hand in words, for the console
    "DRAW_LOG_DEALT": "Hand %(number)s: seat %(dealer)s deals, invito %(invito)s, pot %(pot)s, "
                      "openers %(level)s or better",
    "DRAW_LOG_PASSATE": "Seat %(seat)s takes %(passate)s passata(e): %(chips)s more in the resto",
    "DRAW_LOG_OPENS": "Seat %(seat)s opens for %(chips)s",
    "DRAW_LOG_PASSES": "Seat %(seat)s passes",
    "DRAW_LOG_CHECKS": "Seat %(seat)s checks",
    "DRAW_LOG_FOLDS": "Seat %(seat)s folds",
    "DRAW_LOG_CALLS": "Seat %(seat)s calls %(chips)s",
    "DRAW_LOG_BETS": "Seat %(seat)s bets %(chips)s",
    "DRAW_LOG_RAISES": "Seat %(seat)s raises to %(amount)s",
    "DRAW_LOG_ALL_IN": "Seat %(seat)s goes all-in for %(chips)s",
    "DRAW_LOG_TOGETHER": "Seats %(first)s and %(second)s open together: %(first)s opens, "
                         "%(second)s must play (IT-09)",
    "DRAW_LOG_CHANGES": "Seat %(seat)s changes %(cards)s",
    "DRAW_LOG_SERVITO": "Seat %(seat)s is servito",
    "DRAW_LOG_SHOWDOWN": "Showdown",
    "DRAW_LOG_FALSE_OPENING": "False opening declared (IT-17)",
    "DRAW_LOG_MISDEAL": "Dealing error: %(kind)s",
    "DRAW_LOG_TAKES": "Seat %(seat)s takes %(chips)s",
    "DRAW_LOG_NO_OPENING": "Nobody opened: the deal passes and the pot waits",
    "DRAW_LOG_PIATTO": "Piatto di parola: the pot stays, the folders paid in, kings to open",
    "DRAW_LOG_VOID": "The hand is void: the stakes go back, the inviti wait",
    "DRAW_LOG_REDEAL": "Shuffle and deal again",
    "DRAW_LOG_REFUND": "The false opener refunds %(chips)s to the middle",
    "DRAW_LOG_TELESINA_ROUND": "A round of telesina (%(variant)s): %(hands)s hands, one dealt "
                               "by each player, then draw again",
})

def open_table(name: str, players: Sequence[tuple[str, int]], dealer: int, *,
               invito_max: int = 5, passata: int = 0, game: str = "draw",
               variant: str = "") -> TableOpened:
    """The opening of a table named `name`: `players` (name, resto) sit clockwise in seats
    1..n and `dealer` is a seat; a `passata` is what a resto grows by (IT-24), 0 taking the
    largest resto at the table. The `game` is draw or telesina, a telesina of the `variant`
    named. Refused unless the table can be played at once."""
    if game not in GAMES or (game == "telesina") != (variant in VARIANTS) or \
            (game == "draw" and variant):
        raise DomainError("TABLE_GAME", variants=", ".join(VARIANTS))
    name = tidied(name, inner_spaces=True)
    if not fits(name, MAX_NAME):
        raise DomainError("DRAW_TABLE_NAME")
    if not 1 <= invito_max <= 10:
        raise DomainError("DRAW_INVITO_LIMIT")
    if passata < 0:
        raise DomainError("DRAW_PASSATA_NEGATIVE")
    names = [tidied(player, inner_spaces=True) for player, _resto in players]
    if not all(fits(n, MAX_NAME) for n in names) or len(set(names)) != len(names):
        raise DomainError("DRAW_PLAYER_NAMES")
    event = TableOpened(
        names=tuple(enumerate(names, start=1)),
        stacks=tuple((seat, resto) for seat, (_name, resto) in enumerate(players, start=1)),
        dealer=dealer, invito_max=invito_max, passata=passata, game=game, variant=variant)
    try:  # 2 to 6 players, each with a resto, the dealer among them
        table = opened(event)
        if isinstance(table, TelesinaTable):
            telesina.deal(table.table, table.variant)
        else:
            table.table.deal(1)
    except IllegalAction as refused:
        raise engine_refusal("BAD_DRAW_TABLE", refused) from None
    return event


def decide(state: Table, command: Command) -> Event:
    """The event for `command`, checked against the table as it is, or a DomainError. What
    only the engine can tell (the move is legal, the chips still add up, what a seat put in
    or a pot paid) is settled by `apply_new`, which applies it once."""
    try:
        if isinstance(command, TakePassate):
            return _passate(state, command)
        if isinstance(command, PlayTelesinaRound):
            return _telesina_round(state, command)
        if isinstance(state, TelesinaTable):
            if state.round_over and not isinstance(command, (TurnCards, Exchange)):
                return _event_for(state.back_to_draw(), command)  # the next deal is draw
            return telesina.decide(state, command)
        return _event_for(state, command)
    except IllegalAction as refused:
        raise engine_refusal("DRAW_REFUSED", refused) from None


def apply_new(state: Table, event: Event) -> tuple[Event, Table]:
    """A newly decided event applied through the engine and checked: the event with what the
    engine resolved, and the state after it; or a DomainError and nothing changed."""
    try:
        after = apply(state, event)
    except IllegalAction as refused:
        raise engine_refusal("DRAW_REFUSED", refused) from None
    if isinstance(after, DrawTable) and _stuck(after.hand):
        raise DomainError("DRAW_NOBODY_TO_BET")
    added = event.chips if isinstance(event, PassateTaken) else 0
    if chips_on_table(after) != chips_on_table(state) + added:
        raise DomainError("DRAW_CHIPS_DO_NOT_ADD_UP", before=chips_on_table(state) + added,
                          after=chips_on_table(after))
    if isinstance(event, ActionTaken):
        event = replace(event, put_in=_put_in(state.hand, after.hand, event.seat))
    if isinstance(event, HandShownDown):
        won = after.hand.won if isinstance(after, TelesinaTable) else after.hand.outcome.won
        event = replace(event, won=tuple(sorted(won.items())))
    return event, after


def _put_in(before: DrawHand | TelesinaHand, after: DrawHand | TelesinaHand, seat: int) -> int:
    """The chips `seat` moved to the middle between two moments of the hand."""
    if isinstance(before, TelesinaHand):
        return telesina.behind(before, seat) - telesina.behind(after, seat)
    return behind(before, seat) - behind(after, seat)


def _passate(state: Table, command: TakePassate) -> PassateTaken:
    """IT-24 at either game: a resto grows by whole passate, between hands only."""
    if state.in_play:
        raise DomainError("DRAW_PASSATA_IN_HAND", number=state.number)
    if command.seat not in state.names:
        raise DomainError("DRAW_UNKNOWN_SEAT", seat=command.seat)
    chips = top_up({command.seat: 0}, command.seat, command.passate, state.passata,
                   dealt=False)[command.seat]
    return PassateTaken(command.seat, command.passate, chips)


def _telesina_round(state: Table, command: PlayTelesinaRound) -> TelesinaRoundStarted:
    """A round of telesina at a draw table, between hands only: not at a table that plays
    telesina all night, not while a round is still going around."""
    if isinstance(state, TelesinaTable):
        if state.round is None:
            raise DomainError("TABLE_WRONG_GAME", game=state.variant.name)
        if state.in_play:
            raise DomainError("DRAW_HAND_IN_PLAY", number=state.number)
        if not state.round_over:
            raise DomainError("TELESINA_ROUND_ON", played=state.round.played(state.number),
                              hands=state.round.hands)
        state = state.back_to_draw()
    if state.in_play:
        raise DomainError("DRAW_HAND_IN_PLAY", number=state.number)
    if command.variant not in VARIANTS:
        raise DomainError("TELESINA_ROUND_VARIANT", variants=", ".join(VARIANTS))
    table = state.next_table
    telesina.deal(table, variant(command.variant))  # every resto can sit a telesina hand
    return TelesinaRoundStarted(command.variant, len(table.seats), command.giri)


def _event_for(state: DrawTable, command: Command) -> Event:
    match command:
        case Deal(invito, blind_steps, giri):
            if state.in_play:
                raise DomainError("DRAW_HAND_IN_PLAY", number=state.number)
            if invito is None:
                raise DomainError("DRAW_INVITO_NEEDED")
            most = max(state.invito_max, GIRI_INVITO_MAX) if giri else state.invito_max
            if isinstance(invito, int) and invito > most:
                raise DomainError("DRAW_INVITO_OVER_LIMIT", most=most)
            return HandDealt(state.number + 1, invito, blind_steps, giri)
        case Act(seat, action, amount, confirmed):
            _hand_in_play(state)
            return ActionTaken(seat, action, amount, confirmed, 0)
        case OpenTogether(first, second, amount, confirmed):
            _hand_in_play(state)
            betting = state.hand.round.order if state.hand.round is not None else ()
            for seat in (first, second):
                _in_hand(state, seat, among=betting)
            if first == second:
                raise DomainError("DRAW_TWO_OPENERS")
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
        case Misdeal():
            _hand_in_play(state)
            if command.kind not in MISDEAL_KINDS:
                raise DomainError("DRAW_BAD_MISDEAL", kind=command.kind)
            for seat in (command.six, command.four, command.ruled_valid_for):
                if seat is not None:
                    _in_hand(state, seat, among=state.hand.order)
            return HandMisdealt(**vars(command))
    raise DomainError("TABLE_WRONG_GAME", game="draw")


def chips_on_table(state: Table) -> int:
    """Every chip at the table: the resti behind, the middle of the hand in play and the pots
    waiting for the next deals. Only a passata changes it."""
    if isinstance(state, TelesinaTable):
        return telesina.chips_on_table(state)
    hand = state.hand
    if state.in_play:
        behind_all = sum(behind(hand, seat) for seat in hand.start_stacks)
        return behind_all + hand.middle + sum(state.table.carries[1:])
    table = state.next_table
    return sum(table.stacks.values()) + sum(table.carries)


def _stuck(hand: DrawHand | None) -> bool:
    """A betting round with nobody left to act that never closed: the engine cannot go on from
    it (a hand dealt where the inviti left every player but one with nothing behind)."""
    return hand is not None and hand.phase in (Phase.FIRST_ROUND, Phase.SECOND_ROUND) \
        and hand.round is not None and hand.round.to_act is None


def _in_hand(state: DrawTable, seat: int, among: tuple[int, ...]) -> None:
    """The engine reads seats by their place in the hand: one outside it is refused here."""
    if seat not in among or seat not in state.hand.live:
        raise DomainError("DRAW_NOT_IN_HAND", seat=seat)


def _hand_in_play(state: DrawTable) -> None:
    if not state.in_play:
        raise DomainError("DRAW_NO_HAND")


def behind(hand: DrawHand, seat: int) -> int:
    """The seat's chips behind, bets in front of it not counted."""
    betting = hand.phase in (Phase.FIRST_ROUND, Phase.SECOND_ROUND) and hand.round is not None
    return hand.round.stacks[seat] if betting and seat in hand.round.stacks else hand.stacks[seat]


def apply(state: Table | None, event: Event) -> Table:
    """The state after `event`; before the opening there is no table (None). Raises
    IllegalAction only for an event `decide` never made."""
    if isinstance(event, TableOpened):
        return opened(event)
    if state is None:
        raise IllegalAction("TABLE_NOT_OPEN")
    if isinstance(event, PassateTaken):
        top_ups = {**state.top_ups, event.seat: state.top_ups.get(event.seat, 0) + event.chips}
        line = ("DRAW_LOG_PASSATE", {"seat": event.seat, "passate": event.passate,
                                     "chips": event.chips})
        return replace(state, top_ups=top_ups, lines=(*state.lines, line))
    if isinstance(event, TelesinaRoundStarted):
        return _round_started(state, event)
    if isinstance(state, TelesinaTable):
        if state.round_over and isinstance(event, HandDealt):
            return apply(state.back_to_draw(), event)  # the round went around: draw again
        return telesina.apply(state, event)
    hand = state.hand
    match event:
        case HandDealt(number, invito, blind_steps, giri):
            table = state.next_table
            dealt = table.deal(invito, blind_steps=blind_steps, giri=giri)
            line = ("DRAW_LOG_DEALT", {"number": number, "dealer": table.dealer,
                                       "invito": invito, "level": "JQK"[table.level - 11],
                                       "pot": dealt.middle})
            return replace(state, table=table, hand=dealt, number=number, judged=False,
                           lines=(line,), top_ups={})
        case ActionTaken(seat, action, amount, confirmed):
            unopened = hand.phase is Phase.FIRST_ROUND and hand.opener is None
            after = hand.act(seat, action, amount, confirmed=confirmed)
            code = ACTION_LINES.get(action, "DRAW_LOG_CHECKS")
            if unopened and after.opener == seat:
                code = "DRAW_LOG_OPENS"
            elif unopened and action == "check":
                code = "DRAW_LOG_PASSES"
            chips = _put_in(hand, after, seat)
            return _with(state, after, (code, {"seat": seat, "chips": chips, "amount": amount}))
        case OpenedTogether(first, second, amount, confirmed):
            after = hand.open_together(first, second, amount, confirmed=confirmed)
            return _with(state, after, ("DRAW_LOG_TOGETHER", {"first": first, "second": second}))
        case CardsChanged(seat, cards):
            code = "DRAW_LOG_CHANGES" if cards else "DRAW_LOG_SERVITO"
            return _with(state, hand.draw(seat, cards), (code, {"seat": seat, "cards": cards}))
        case HandShownDown(winner, shown, opener_shows):
            after = hand.showdown(None if shown is None else dict(shown), winner=winner,
                                  opener_shows=opener_shows)
            return _with(state, after, ("DRAW_LOG_SHOWDOWN", {}))
        case FalseOpeningDeclared(new_opener, raiser_has_openers):
            after = false_opening(hand, new_opener=new_opener,
                                  raiser_has_openers=raiser_has_openers)
            judged = after.phase is Phase.OVER
            words = _with(state, after, ("DRAW_LOG_FALSE_OPENING", {}))
            if judged and after.outcome.carry and after.outcome != hand.outcome:
                refund = ("DRAW_LOG_REFUND", {"chips": sum(after.outcome.carry)})
                words = replace(words, lines=(*words.lines, refund))
            return replace(words, judged=judged)
        case HandMisdealt():
            after = _misdeal(hand, event)
            return _with(state, after, ("DRAW_LOG_MISDEAL", {"kind": event.kind}))
    raise IllegalAction("UNKNOWN_EVENT", kind=type(event).__name__)


def _round_started(state: Table, event: TelesinaRoundStarted) -> TelesinaTable:
    """The draw table (or the one a finished round goes back to) turned to telesina."""
    if isinstance(state, TelesinaTable):
        if not state.round_over:
            raise IllegalAction("TELESINA_ROUND_BETWEEN_HANDS")
        state = state.back_to_draw()
    line = ("DRAW_LOG_TELESINA_ROUND", {"variant": variant(event.variant).name,
                                        "hands": event.hands})
    return telesina_round(state, event.variant, event.hands, event.giri, line)


_OUTCOME_CODES = {"no_opening": "DRAW_LOG_NO_OPENING", "piatto_di_parola": "DRAW_LOG_PIATTO",
                  "void": "DRAW_LOG_VOID", "redeal": "DRAW_LOG_REDEAL"}


def _with(state: DrawTable, hand: DrawHand, line: Line) -> DrawTable:
    """The state with the hand moved on and its line added; when the hand just ended, the
    lines of how it ended too."""
    lines = (*state.lines, line)
    if hand.outcome is not None and (state.hand is None or state.hand.outcome is None):
        if hand.outcome.kind in _OUTCOME_CODES:
            lines = (*lines, (_OUTCOME_CODES[hand.outcome.kind], {}))
        lines = (*lines, *(("DRAW_LOG_TAKES", {"seat": s, "chips": c})
                           for s, c in sorted(hand.outcome.won.items()) if c))
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
                raise IllegalAction("UNKNOWN_VOID_REASON", reason=event.reason) from None
            return misdeal.void_before_opening(hand, reason,
                                               ruled_valid_for=event.ruled_valid_for)
        case "stub_miscount":
            return misdeal.stub_miscount(hand)
        case "six_and_four":
            if event.six is None or event.four is None:
                raise IllegalAction("NAME_SIX_AND_FOUR")
            return misdeal.six_and_four(hand, event.six, event.four)
    raise IllegalAction("UNKNOWN_DEALING_ERROR", kind=event.kind)
