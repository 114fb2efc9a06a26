"""The engine's hand driven by the log: dealing a hand from its HandStarted event and running
one Step. decide (rules.py) tries them; apply (apply.py) replays them, so both go the same way."""

from __future__ import annotations

from tdapp.engine.errors import IllegalAction
from tdapp.engine.holdem import AnteMode, HoldemHand, Stakes, TableRules, start_hand
from tdapp.tournament.button import Positions
from tdapp.tournament.hands.events import HandStarted, Step
from tdapp.tournament.hands.table import TableHand


def engine_rules(min_raise: str, river_fold: str) -> TableRules:
    return TableRules(literal_min_raise=min_raise == "literal", river_fold=river_fold == "tda")


def deal(started: HandStarted) -> HoldemHand:
    positions = started.positions
    return start_hand(
        {s.seat: s.stack for s in started.seats},
        button=positions.button,
        big_blind=positions.big_blind,
        small_blind=positions.small_blind,
        stakes=Stakes(
            started.small_blind, started.big_blind, started.ante, AnteMode(started.ante_mode)
        ),
        rules=engine_rules(started.min_raise, started.river_fold),
        absent={s.seat for s in started.seats if s.absent},
    )


def table_hand(
    started: HandStarted, engine: HoldemHand, previous: Positions | None = None
) -> TableHand:
    return TableHand(
        table=started.table,
        number=started.number,
        players={s.seat: s.player_id for s in started.seats},
        positions=started.positions,
        previous=previous,
        level=started.level,
        engine=engine,
        started_at=started.started_at,
        deadline=started.deadline,
    )


def run_step(engine: HoldemHand, step: Step) -> HoldemHand:
    """One step on the engine; raises IllegalAction when the rules refuse it."""
    match step.kind:
        case "act" | "timeout" | "declared_stands" | "chips":
            return engine.act(step.seat, step.action, step.amount)
        case "declared" | "declared_void":
            return engine  # kept aside by the table, not yet an action (HE-22)
        case "absent":
            return engine.mark_absent(step.seat).act_for_absent()
        case "out_of_turn":
            return engine.fold_out_of_turn(step.seat)
        case "no_raise":
            return engine.forbid_raise(step.seat)
    raise IllegalAction("UNKNOWN_STEP", kind=step.kind)
