"""What the draw console shows, derived from the state on demand and never stored: the seats,
whose turn, the legal actions with their amounts, the pots and who can win each, the opening
level, and the result of the last hand."""

from __future__ import annotations

from typing import Any

from tdapp.draw_table.rules import behind
from tdapp.draw_table.state import DrawTable
from tdapp.engine.draw.deck import deck_for
from tdapp.engine.draw.hand import DrawHand, Phase
from tdapp.engine.draw.opening import Level
from tdapp.engine.pots import split_pots

LEVEL_WORDS = {Level.JACKS: "jacks", Level.QUEENS: "queens", Level.KINGS: "kings"}


def view(state: DrawTable, version: int) -> dict[str, Any]:
    hand = state.hand
    upcoming = state.next_table
    return {
        "version": version,
        "number": state.number,
        "invito_max": state.invito_max,
        "passata": state.passata,
        "phase": "waiting" if hand is None else hand.phase.value,
        "level": LEVEL_WORDS[hand.level if state.in_play else upcoming.level],
        # the deck in play (IT-01): 7 to A four-handed, 6 to A with five or six
        "lowest_rank": hand.lowest_rank if state.in_play
        else deck_for(len(upcoming.seats)).lowest_rank,
        "dealer": hand.dealer if state.in_play else upcoming.dealer,
        "waiting_pots": list(upcoming.carries),
        "seats": _seats(state),
        "middle": hand.middle if state.in_play else 0,
        "to_act": hand.to_act if state.in_play else None,
        "legal": _legal(hand) if state.in_play else None,
        "pots": _pots(hand) if state.in_play else [],
        "opener": None if hand is None else hand.opener,
        "outcome": _outcome(state),
        "can_deal": not state.in_play,
        "can_declare_false_opening": hand is not None and not state.judged
        and hand.opener is not None and hand.opener not in hand.blind_seats,
        "lines": [{"code": code, "params": dict(params)} for code, params in state.lines],
    }


def _seats(state: DrawTable) -> list[dict[str, Any]]:
    hand = state.hand
    table = state.table if state.in_play else state.next_table
    live = set(hand.live) if state.in_play else set()
    bets = hand.round.bets if state.in_play and hand.round is not None else {}
    shown = []
    for seat in table.seats:
        dealt = state.in_play and seat in hand.order
        shown.append({
            "seat": seat,
            "name": state.names.get(seat, ""),
            "stack": behind(hand, seat) if state.in_play else table.stacks[seat],
            "in_front": bets.get(seat, 0),
            "dealt": dealt,
            "folded": dealt and seat not in live,
            "sitting_out": state.in_play and seat == hand.sitting_out,
            "drawn": hand.drawn.get(seat) if state.in_play else None,
        })
    return shown


def _legal(hand: DrawHand) -> dict[str, Any] | None:
    if hand.phase is Phase.DRAW:
        return {"draw": True, "seat": hand.to_act}
    if hand.phase is Phase.SHOWDOWN:
        contenders = list(hand.live)
        return {"showdown": True, "contenders": contenders}
    legal = hand.legal_actions()
    opening = hand.phase is Phase.FIRST_ROUND and hand.round.current_bet == 0
    return {
        "seat": legal.seat,
        "actions": sorted(a.value for a in legal.actions),
        "to_call": legal.to_call,
        "min_to": legal.min_to,
        "max_to": legal.max_to,
        "all_in_to": legal.all_in_to,
        "opening": opening,  # a bet now opens: the dealer confirms the openers
        "must_stay": hand.round.to_act in hand.must_stay,
    }


def _pots(hand: DrawHand) -> list[dict[str, Any]]:
    """Main pot first, then side pots, each with the seats that can still win it."""
    bets = hand.round.bets if hand.round is not None and not hand.round.closed else {}
    committed = {s: hand.committed[s] + bets.get(s, 0) for s in hand.order}
    folded = set(hand.order) - set(hand.live)
    pots = split_pots(committed, folded, dead=hand.initial_pot)
    return [{"amount": p.amount, "eligible": sorted(p.eligible)}
            for p in pots if not p.returned and p.amount]


def _outcome(state: DrawTable) -> dict[str, Any] | None:
    hand = state.hand
    if hand is None or hand.outcome is None:
        return None
    nxt = state.next_table
    return {
        "kind": hand.outcome.kind,
        "won": {str(s): c for s, c in hand.outcome.won.items() if c},
        "note": hand.outcome.note,
        "waiting": list(nxt.carries),
        "next_level": LEVEL_WORDS[nxt.level],
        "next_dealer": nxt.dealer,
    }
