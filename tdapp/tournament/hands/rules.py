"""The rules of the hands at the tables (issue 6; RULES.md HE-05..HE-30, IR-09..IR-11).

A hand starts with the blinds and ante of the level running at that instant and the button of
the dead-button rule (or the moving one, as the seating settings say). Each command is tried on
the engine's hand; the event records the resulting steps, so that apply only replays them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from tdapp.engine.betting import Action
from tdapp.engine.errors import IllegalAction
from tdapp.engine.holdem import AnteMode, HoldemHand, Street
from tdapp.engine.pushed_chips import interpret_pushed_chips
from tdapp.kernel.refusals import DomainError, engine_refusal, register_messages
from tdapp.tournament.bounties import pot_winners
from tdapp.tournament.busts import BustPlayers, Finish, PlayersBusted, last_hand_eliminators
from tdapp.tournament.button import (
    Positions,
    draw_button,
    first_positions,
    next_positions,
    waits_for_button,
)
from tdapp.tournament.clock.timing import on_break, unix_ms
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.hands.commands import (
    ActOutOfTurn,
    ExpireDecision,
    Misdeal,
    PlayAbsent,
    PushChips,
    RenewTableAccess,
    Showdown,
    StartHand,
    TakeAction,
    UseTimeBank,
)
from tdapp.tournament.hands.deadlines import decision_deadline
from tdapp.tournament.hands.events import (
    DecisionExtended,
    HandMisdealt,
    HandSeat,
    HandShownDown,
    HandStarted,
    HandStepped,
    Step,
    TableAccessRenewed,
)
from tdapp.tournament.hands.steps import deal, run_step, table_hand
from tdapp.tournament.hands.table import TableHand
from tdapp.tournament.levels import current_period
from tdapp.tournament.purchases import may_rebuy
from tdapp.tournament.registry import apply as apply_event
from tdapp.tournament.registry import decide as decide_command
from tdapp.tournament.registry import decides
from tdapp.tournament.settings import register_option

if TYPE_CHECKING:
    from tdapp.tournament.state import Tournament

# HE-23 club: when the time passes the player may no longer raise; HE-24 TDA: folded or checked.
register_option("decision_limit", ("club", "tda"), "club")
# HE-21 club: an out-of-turn check or fold is a binding fold, an out-of-turn bet loses the raise;
# HE-22 TDA: the out-of-turn action stands only if the action reaching the player is unchanged.
register_option("out_of_turn", ("club", "tda"), "club")
# HE-25 club: an absent player is dealt in and checks or folds; HE-27 TDA: the hand is killed.
register_option("absent_hand", ("club", "tda"), "club")
# HE-28 club: no fold when nothing is bet on the river; TDA: the fold stands.
register_option("river_fold", ("club", "tda"), "club")
# HE-13: the largest full bet or raise (TDA, default) or one big blind (the seed read literally).
register_option("min_raise", ("tda", "literal"), "tda")
# The time bank of issue 6: extensions per player for the whole tournament, of the decision time.
register_option("time_bank", ("0", "1", "2", "3", "5"), "0")

register_messages(
    {
        "NO_SUCH_TABLE": "There is no table %(table)s",
        "HAND_IN_PLAY": "Table %(table)s is already playing hand %(number)s",
        "ON_BREAK": "The room is on a break: the next hand starts when the break is over",
        "NO_HAND": "Table %(table)s has no hand in play",
        "ILLEGAL_ACTION": "%(reason)s",
        "NOT_IN_HAND": "Seat %(seat)s is not in this hand",
        "IN_TURN": "It is seat %(seat)s's turn: enter the action normally",
        "OUT_OF_TURN_AMOUNT": "Give the amount of the early bet or raise (TDA rule HE-22)",
        "BAD_OUT_OF_TURN": "Out of turn, a player can only fold, check, call, bet or raise",
        "NO_MISDEAL_AFTER_SA": "There has been substantial action: the hand stands (IR-11)",
        "DEADLINE_NOT_DUE": "The decision time has not run out",
        "STALE_DEADLINE": "That decision is already made",
        "NOT_SHOWDOWN": "Table %(table)s is not at the showdown",
        "NOBODY_ABSENT_IN_TURN": "The player in turn is not marked absent",
        "NO_TIME_BANK": "%(name)s has no time extension left",
        "NO_DECISION_LIMIT": "No decision time is running at table %(table)s",
    }
)


# --- deciding -------------------------------------------------------------------------------


def _seated(state: Tournament, table: int) -> dict[int, int]:
    """Seat -> player id for the players at `table` who can be dealt in (chips, not out)."""
    seats = state.tables.get(table)
    if seats is None:
        raise DomainError("NO_SUCH_TABLE", table=table)
    found = {}
    for number, player_id in enumerate(seats, start=1):
        if player_id is None:
            continue
        player = state.player(player_id)
        if player.in_play and player.stack > 0:
            found[number] = player_id
    return found


def _positions(state: Tournament, table: int, seated: list[int], ctx: Ctx) -> Positions:
    """Dead button (HE-05) or moving button (HE-06), heads-up (HE-07); the first by a draw."""
    room = state.seating
    last = room.last_hands.get(table)
    if last is not None:
        return next_positions(last, seated, state.settings.option("button"))
    button = room.first_buttons.get(table)
    if button is None or button not in seated:
        button = draw_button(seated, ctx.rng()).button  # TO-02
    return first_positions(button, seated)


def _waiting(
    state: Tournament, table: int, seated: Mapping[int, int], positions: Positions
) -> set[int]:
    """TO-03, TO-04: a player new at the table since its last hand who sits between the small
    blind and the button is dealt in only once the button has passed."""
    last = state.play.hand(table)
    if last is None:
        return set()
    before = set(last.players.values())
    return {
        seat
        for seat, player_id in seated.items()
        if player_id not in before and waits_for_button(seat, positions)
    }


@decides(StartHand, in_play_only=True)
def _start(state: Tournament, command: StartHand, ctx: Ctx) -> HandStarted:
    table = command.table
    current = state.play.hand(table)
    if current is not None and current.in_play:
        raise DomainError("HAND_IN_PLAY", table=table, number=current.number)
    if state.clock.started and on_break(state.settings.structure, state.clock, unix_ms(ctx.now)):
        raise DomainError("ON_BREAK")
    out_of_chips = _no_rebuy_left(state, table, ctx)
    if out_of_chips:
        state = apply_event(state, PlayersBusted(out_of_chips))
    seated = _seated(state, table)
    positions = _positions(state, table, sorted(seated), ctx)
    for seat in _waiting(state, table, seated, positions):
        del seated[seat]
    structure = state.settings.structure
    period = current_period(state, ctx.now)
    level = structure.level_at(period)
    ante_mode = (
        AnteMode.BIG_BLIND
        if level.big_blind_ante
        else AnteMode.PER_PLAYER
        if level.ante
        else AnteMode.NONE
    )
    seats = tuple(
        HandSeat(seat, pid, state.player(pid).stack, state.player(pid).absent)
        for seat, pid in sorted(seated.items())
    )
    started = HandStarted(
        table=table,
        number=state.play.dealt + 1,
        seats=seats,
        positions=positions,
        level=structure.level_number(period),
        small_blind=level.small_blind,
        big_blind=level.big_blind,
        ante=level.ante,
        ante_mode=ante_mode.value,
        min_raise=state.settings.option("min_raise"),
        river_fold=state.settings.option("river_fold"),
        started_at=ctx.now,
    )
    engine = deal(started)
    steps: list[Step] = []
    absent = {s.seat for s in seats if s.absent}
    if absent and state.settings.option("absent_hand") == "tda":
        for seat in sorted(absent):  # HE-27: the hand of a player away from the seat is killed
            if seat in engine.live and engine.betting is not None and not engine.betting.closed:
                step = Step(seat, "out_of_turn", Action.FOLD.value)
                engine = run_step(engine, step)
                steps.append(step)
    engine, more = _play_absent(engine, absent)
    steps.extend(more)
    hand = table_hand(started, engine)
    return replace(
        started,
        out_of_chips=out_of_chips,
        steps=tuple(steps),
        deadline=_deadline(state, engine, absent, ctx.now),
        **_bust_outcome(state, hand, engine, ctx),
    )


def _no_rebuy_left(state: Tournament, table: int, ctx: Ctx) -> tuple[Finish, ...]:
    """HE-02: players still sitting at the table with no chips once their rebuy is no longer
    possible (the period ended, or the DdT never recorded it) are out before the next deal."""
    ids = tuple(
        player_id
        for player_id in state.tables.get(table, ())
        if player_id is not None
        and state.player(player_id).in_play
        and state.player(player_id).stack == 0
        and not may_rebuy(state, player_id, ctx.now)
    )
    if not ids:
        return ()
    eliminators = tuple(last_hand_eliminators(state, player_id) for player_id in ids)
    busted = decide_command(state, BustPlayers(ids, (0,) * len(ids), False, eliminators), ctx)
    assert isinstance(busted, PlayersBusted)
    return busted.finishes


def _play_absent(engine: HoldemHand, absent: set[int]) -> tuple[HoldemHand, list[Step]]:
    """Check or fold for absent players in turn until a present player must act (HE-25)."""
    steps = []
    while engine.to_act is not None and engine.to_act in absent:
        seat = engine.to_act
        engine = engine.mark_absent(seat).act_for_absent()
        steps.append(Step(seat, "absent", engine.moves[-1].action))
    return engine, steps


def _absent_at(state: Tournament, hand: TableHand) -> set[int]:
    return {seat for seat, pid in hand.players.items() if state.player(pid).absent}


def _deadline(
    state: Tournament, engine: HoldemHand, absent: set[int], now: datetime
) -> datetime | None:
    seconds = state.settings.decision_seconds
    if engine.to_act is None or engine.to_act in absent or seconds <= 0:
        return None
    return now + timedelta(seconds=seconds)


def _bust_outcome(
    state: Tournament, hand: TableHand, engine: HoldemHand, ctx: Ctx
) -> dict[str, Any]:
    """Finish places for the players the hand left with no chips (HE-02, TO-14), and the
    tournament's finish when they leave one player (the event's `finishes` and `finish`).

    Only a player who takes no rebuy is out (HE-02, HE-36): while a rebuy is still possible a
    player at 0 stays seated, out of chips, until the DdT or the dealer records the rebuy or the
    bust. Chips bought during the hand (a rebuy with chips behind) count: the stack that is left
    is the one recorded plus what the hand paid or took."""
    if not engine.complete:
        return {}
    out = [
        seat
        for seat in engine.seats
        if state.player(hand.players[seat]).stack + engine.payoffs[seat] <= 0
        and not may_rebuy(state, hand.players[seat], ctx.now)
    ]
    if not out:
        return {}
    ids = tuple(hand.players[seat] for seat in out)
    stacks = tuple(engine.starting_stacks[seat] for seat in out)
    eliminators = tuple(pot_winners(engine, hand.players, player_id) for player_id in ids)
    bust = BustPlayers(ids, stacks, state.seating.hand_for_hand, eliminators)
    busted = decide_command(state, bust, ctx)
    assert isinstance(busted, PlayersBusted)
    return {"finishes": busted.finishes, "finish": busted.finish}


def _hand_in_play(state: Tournament, table: int) -> TableHand:
    if table not in state.tables:
        raise DomainError("NO_SUCH_TABLE", table=table)
    hand = state.play.hand(table)
    if hand is None or not hand.in_play:
        raise DomainError("NO_HAND", table=table)
    return hand


def _stepped(
    state: Tournament,
    hand: TableHand,
    steps: Iterable[Step],
    ctx: Ctx,
    reminded: tuple[int, ...] = (),
    keep_deadline: bool = False,
) -> HandStepped:
    """Run `steps`, then the absent players' automatic moves, into one event."""
    engine = hand.engine
    done: list[Step] = []
    try:
        for step in steps:
            engine = run_step(engine, step)
            done.append(step)
    except IllegalAction as refused:
        raise engine_refusal("ILLEGAL_ACTION", refused) from None
    absent = _absent_at(state, hand)
    engine, more = _play_absent(engine, absent)
    done.extend(more)
    engine, more = _declarations(hand, engine, done, absent)
    done.extend(more)
    deadline = hand.deadline if keep_deadline else _deadline(state, engine, absent, ctx.now)
    return HandStepped(
        table=hand.table,
        number=hand.number,
        steps=tuple(done),
        deadline=deadline,
        reminded=reminded,
        **_bust_outcome(state, hand, engine, ctx),
    )


def _declarations(
    hand: TableHand, engine: HoldemHand, done: list[Step], absent: set[int]
) -> tuple[HoldemHand, list[Step]]:
    """HE-22 (TDA): when the turn reaches a player who acted early, the early action stands if
    the bet it faced is unchanged; otherwise it lapses and the player has every option. A new
    betting round voids what was declared in the last one."""
    declared = dict(hand.declared)
    for step in done:
        if step.kind == "declared":
            declared[step.seat] = step
        else:
            declared.pop(step.seat, None)
    steps: list[Step] = []
    if engine.street is not hand.engine.street:
        return engine, [Step(seat, "declared_void") for seat in sorted(declared)]
    while engine.to_act in declared and engine.betting is not None:
        early = declared.pop(engine.to_act)
        action = early.action
        if action in ("bet", "raise"):  # "bet" or "raise" as the bet facing the seat makes it
            action = "raise" if engine.betting.current_bet else "bet"
        stands = Step(early.seat, "declared_stands", action, early.amount)
        if engine.betting.current_bet == early.facing:
            try:
                engine = run_step(engine, stands)
            except IllegalAction:
                steps.append(Step(early.seat, "declared_void"))
                continue
            steps.append(stands)
            engine, more = _play_absent(engine, absent)
            steps.extend(more)
            if engine.street is not hand.engine.street:
                steps.extend(Step(seat, "declared_void") for seat in sorted(declared))
                break
        else:
            steps.append(Step(early.seat, "declared_void"))
    return engine, steps


@decides(TakeAction)
def _take_action(state: Tournament, command: TakeAction, ctx: Ctx) -> HandStepped:
    hand = _hand_in_play(state, command.table)
    if command.seat not in hand.players:
        raise DomainError("NOT_IN_HAND", seat=command.seat)
    step = Step(command.seat, "act", str(command.action), command.amount)
    return _stepped(state, hand, [step], ctx)


@decides(PushChips)
def _push_chips(state: Tournament, command: PushChips, ctx: Ctx) -> HandStepped:
    """HE-14: the event records what the silent push became, with what the dealer saw."""
    hand = _hand_in_play(state, command.table)
    seat = command.seat
    if seat not in hand.players:
        raise DomainError("NOT_IN_HAND", seat=seat)
    try:
        legal = hand.engine.legal_actions()  # refuses with the reason when nobody can act
        if seat != legal.seat:
            raise IllegalAction("NOT_YOUR_TURN", to_act=legal.seat, seat=seat)
        betting = hand.engine.betting
        assert betting is not None
        became = interpret_pushed_chips(betting, command.pushed, command.pieces, command.smallest)
    except IllegalAction as refused:
        raise engine_refusal("ILLEGAL_ACTION", refused) from None
    step = Step(seat, "chips", became.action.value, became.amount,
                pushed=command.pushed, pieces=command.pieces)
    return _stepped(state, hand, [step], ctx)


@decides(ActOutOfTurn)
def _out_of_turn(state: Tournament, command: ActOutOfTurn, ctx: Ctx) -> HandStepped:
    hand = _hand_in_play(state, command.table)
    seat = command.seat
    if seat not in hand.engine.live:
        raise DomainError("NOT_IN_HAND", seat=seat)
    if seat == hand.engine.to_act:
        raise DomainError("IN_TURN", seat=seat)
    action = str(command.action)
    if action in ("fold", "check"):
        # HE-21: an early pass or fold is a binding fold (under the TDA too, HE-22).
        return _stepped(
            state, hand, [Step(seat, "out_of_turn", Action.FOLD.value)], ctx, keep_deadline=True
        )
    if action not in ("call", "bet", "raise"):
        raise DomainError("BAD_OUT_OF_TURN")
    if state.settings.option("out_of_turn") == "tda":
        # HE-22: the action backs up to the player in turn; the early action is kept aside
        # with the bet it faced, and stands when the turn comes only if that is unchanged.
        if action in ("bet", "raise") and command.amount is None:
            raise DomainError("OUT_OF_TURN_AMOUNT")
        amount = command.amount if action in ("bet", "raise") else None
        betting = hand.engine.betting
        facing = betting.current_bet if betting is not None else 0
        early = Step(seat, "declared", action, amount, facing)
        return _stepped(state, hand, [early], ctx, keep_deadline=True)
    # HE-21 club: the early bettor must conform to the action (call or fold), no raise.
    return _stepped(state, hand, [Step(seat, "no_raise")], ctx, keep_deadline=True)


@decides(ExpireDecision)
def _expire(state: Tournament, command: ExpireDecision, ctx: Ctx) -> HandStepped:
    hand = _hand_in_play(state, command.table)
    if hand.number != command.number or hand.step != command.step or hand.deadline is None:
        raise DomainError("STALE_DEADLINE")
    due = decision_deadline(state, hand, ctx.now)
    if due is None or ctx.now < due:  # a break or a pause stops the limit (deadlines.py)
        raise DomainError("DEADLINE_NOT_DUE")
    seat = hand.engine.to_act
    assert seat is not None
    if seat in _absent_at(state, hand):
        return _stepped(state, hand, [], ctx)
    if state.settings.option("decision_limit") == "tda":
        # HE-24: the hand is dead if facing a bet, otherwise it is checked.
        to_call = hand.engine.legal_actions().to_call
        action = Action.FOLD if to_call else Action.CHECK
        return _stepped(state, hand, [Step(seat, "timeout", action.value)], ctx)
    # HE-23 club: the player is prompted and may now only fold, check or call.
    stepped = _stepped(state, hand, [Step(seat, "no_raise")], ctx, reminded=(seat,))
    return replace(stepped, deadline=None)


@decides(PlayAbsent)
def _absent_now(state: Tournament, command: PlayAbsent, ctx: Ctx) -> HandStepped:
    hand = _hand_in_play(state, command.table)
    if hand.engine.to_act not in _absent_at(state, hand):
        raise DomainError("NOBODY_ABSENT_IN_TURN")
    return _stepped(state, hand, [], ctx)


@decides(UseTimeBank)
def _time_bank(state: Tournament, command: UseTimeBank, ctx: Ctx) -> DecisionExtended:
    hand = _hand_in_play(state, command.table)
    if hand.engine.to_act != command.seat:
        raise engine_refusal("ILLEGAL_ACTION", IllegalAction("SEAT_NOT_IN_TURN", seat=command.seat))
    due = decision_deadline(state, hand, ctx.now)
    if due is None:
        raise DomainError("NO_DECISION_LIMIT", table=command.table)
    player = state.player(hand.players[command.seat])
    allowed = int(state.settings.option("time_bank"))
    if state.play.time_banks_used.get(player.id, 0) >= allowed:
        raise DomainError("NO_TIME_BANK", name=player.name)
    extension = timedelta(seconds=state.settings.decision_seconds)
    return DecisionExtended(command.table, player.id, max(due, ctx.now) + extension)


@decides(Showdown)
def _showdown(state: Tournament, command: Showdown, ctx: Ctx) -> HandShownDown:
    hand = _hand_in_play(state, command.table)
    if hand.engine.street is not Street.SHOWDOWN:
        raise DomainError("NOT_SHOWDOWN", table=command.table)
    cards = dict(command.cards or {})
    try:
        if command.winners is not None:
            done = hand.engine.showdown(winners=command.winners)
        else:
            done = hand.engine.showdown(cards=cards, board=command.board)
    except IllegalAction as refused:
        raise engine_refusal("ILLEGAL_ACTION", refused) from None
    winners = tuple(pot.winners for pot in done.paid)
    return HandShownDown(
        table=hand.table,
        number=hand.number,
        winners=winners,
        cards={seat: text for seat, text in cards.items()},
        board=command.board or "",
        **_bust_outcome(state, hand, done, ctx),
    )


@decides(Misdeal)
def _misdeal(state: Tournament, command: Misdeal, ctx: Ctx) -> HandMisdealt:
    hand = _hand_in_play(state, command.table)
    if hand.engine.substantial_action:
        raise DomainError("NO_MISDEAL_AFTER_SA")
    return HandMisdealt(hand.table, hand.number)


@decides(RenewTableAccess)
def _renew_access(state: Tournament, command: RenewTableAccess, ctx: Ctx) -> TableAccessRenewed:
    if command.table not in state.tables:
        raise DomainError("NO_SUCH_TABLE", table=command.table)
    rng = ctx.rng()
    token = f"{rng.getrandbits(96):024x}"
    # Six digits: a million PINs, where four fell to a brute force in under a minute.
    pin = f"{rng.randrange(1_000_000):06d}"
    return TableAccessRenewed(command.table, token, pin)
