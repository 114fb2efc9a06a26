"""What the table consoles show: each table's hand as it stands, and (DdT only) their access.

The hand is public at the table (cards are physical and never known here): a console needs no
login to follow it, only to act. The tournament's view carries one line per table; the whole
hand goes to the consoles of that table alone (`hand_view`), so that an action at one table does
not make every screen redraw thirty hands.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from tdapp.engine.errors import IllegalAction
from tdapp.tournament.clock.timing import unix_ms
from tdapp.tournament.hands.deadlines import deadline_ms, decision_deadline
from tdapp.tournament.hands.table import Pushed, Step, TableHand
from tdapp.tournament.purchases import may_rebuy
from tdapp.tournament.registry import Audience, view_section

if TYPE_CHECKING:
    from tdapp.tournament.state import Tournament


@view_section("hands")
def hands_section(state: Tournament, now: datetime, audience: Audience) -> dict[str, Any]:
    """A line per table for the room's screens; a console gets its whole hand on its own."""
    return {
        str(table): {
            "number": hand.number,
            "street": "voided" if hand.voided else hand.engine.street.value,
            "in_play": hand.in_play,
            "to_act": hand.engine.to_act if hand.in_play else None,
            "pot_total": sum(hand.engine.committed.values()) + hand.engine.dead,
            "deadline_ms": deadline_ms(state, hand, now),
        }
        for table, hand in sorted(state.play.hands.items())
    }


@view_section("table_access")
def access_section(state: Tournament, now: datetime, audience: Audience) -> dict[str, Any]:
    if audience != "td":
        return {}
    return {
        str(table): {"token": access.token, "pin": access.pin}
        for table, access in sorted(state.play.access.items())
    }


def table_seats(state: Tournament, table: int, now: datetime) -> list[dict[str, Any]]:
    """Who sits at the table now, between hands too: a console shows them before the first
    hand, and a player the last hand left with no chips while a rebuy is still possible
    (HE-02, HE-36) until the rebuy or the bust is recorded."""
    seats = []
    for number, player_id in enumerate(state.tables.get(table, ()), start=1):
        if player_id is None:
            continue
        player = state.player(player_id)
        seats.append(
            {
                "seat": number,
                "player_id": player.id,
                "name": player.name,
                "stack": player.stack,
                "absent": player.absent,
                "out_of_chips": player.stack == 0,
                "may_rebuy": player.stack == 0 and may_rebuy(state, player.id, now),
            }
        )
    return seats


def hand_view(state: Tournament, hand: TableHand, now: datetime) -> dict[str, Any]:
    engine = hand.engine
    bets = engine.bets
    committed = engine.committed
    seats = []
    for seat in engine.seats:
        player = state.player(hand.players[seat])
        seats.append(
            {
                "seat": seat,
                "player_id": player.id,
                "name": player.name,
                "stack": engine.stacks[seat],
                "starting_stack": engine.starting_stacks[seat],
                "bet": bets[seat],
                "committed": committed[seat],
                "folded": seat in engine.folded,
                "all_in": engine.stacks[seat] == 0 and seat not in engine.folded,
                "absent": player.absent,
                "may_raise": engine.betting is None or seat not in engine.betting.no_raise,
                "won": engine.winnings.get(seat, 0),
                "declared": _declared(hand.declared.get(seat)),
            }
        )
    legal = None
    if hand.in_play and engine.to_act is not None:
        try:
            options = engine.legal_actions()
        except IllegalAction:
            options = None
        if options is not None:
            legal = {
                "seat": options.seat,
                "actions": sorted(a.value for a in options.actions),
                "to_call": options.to_call,
                "min_to": options.min_to,
                "max_to": options.max_to,
                "all_in_to": options.all_in_to,
            }
    # While a round is open, the part of a bet nobody has matched yet is still that player's
    # bet in front, not a pot: the engine returns it only if the round ends unmatched (HE-34).
    pots = [
        {"amount": pot.amount, "eligible": sorted(pot.eligible), "returned": pot.returned}
        for pot in (engine.pots() if not engine.complete else [])
        if not pot.returned
    ]
    return {
        "table": hand.table,
        "number": hand.number,
        "level": hand.level,
        "blinds": {
            "small_blind": engine.stakes.small_blind,
            "big_blind": engine.stakes.big_blind,
            "ante": engine.stakes.ante,
            "ante_mode": engine.stakes.ante_mode.value,
        },
        "button": hand.positions.button,
        "small_blind_seat": hand.positions.small_blind,
        "big_blind_seat": hand.positions.big_blind,
        "street": "voided" if hand.voided else engine.street.value,
        "in_play": hand.in_play,
        "to_act": engine.to_act if hand.in_play else None,
        "legal": legal,
        "seats": seats,
        "pots": pots,
        "pot_total": sum(committed.values()) + engine.dead,
        "paid": [
            {"amount": p.amount, "eligible": sorted(p.eligible), "winners": list(p.winners)}
            for p in engine.paid
        ],
        "deadline": due.isoformat() if (due := decision_deadline(state, hand, now)) else None,
        "deadline_ms": unix_ms(due) if due else None,
        "server_ms": unix_ms(now),
        "reminded": sorted(hand.reminded),
        "misdeal_allowed": hand.in_play and not engine.substantial_action,
        "history": [
            {
                "street": move.street.value,
                "seat": move.seat,
                "action": move.action,
                "chips": move.chips,
                "to": move.to,
                "absent": move.absent,
                "out_of_turn": move.out_of_turn,
            }
            for move in engine.moves
        ],
        "cards": {str(seat): text for seat, text in hand.cards_shown.items()},
        "board": hand.board_shown,
        "pushed": None if hand.pushed is None else pushed_view(hand.pushed),
    }


def pushed_view(pushed: Pushed) -> dict[str, Any]:
    """A silent push (HE-14) and what it became: the action, the seat's bet this round after
    it (HE-14's "to" amount), the change handed back and the chips the player must add (the
    rest of a full raise under the 50% standard)."""
    return {
        "seat": pushed.seat,
        "pushed": pushed.pushed,
        "pieces": pushed.pieces,
        "became": {
            "action": pushed.action,
            "amount": pushed.to,
            "change": max(pushed.pushed - pushed.chips, 0),
            "to_add": max(pushed.chips - pushed.pushed, 0),
        },
    }


def _declared(step: Step | None) -> str | None:
    """An early action kept aside under the TDA rule (HE-22), as the dealer heard it."""
    if step is None:
        return None
    return step.action if step.amount is None else f"{step.action} {step.amount}"
