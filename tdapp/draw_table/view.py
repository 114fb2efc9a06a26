"""What the console shows, derived from the state on demand and never stored: the game, the
seats, whose turn, the legal actions with their amounts, the pots and who can win each, the
opening level (draw) or the cards showing (telesina), and the result of the last hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tdapp.draw_table import telesina
from tdapp.draw_table.rules import behind
from tdapp.draw_table.state import DrawTable, Table, TelesinaTable
from tdapp.engine.betting import BettingRound, LegalActions
from tdapp.engine.draw.deck import deck_for
from tdapp.engine.draw.hand import DrawHand, Phase
from tdapp.engine.draw.opening import Level
from tdapp.engine.pots import split_pots
from tdapp.engine.telesina.hand import TelesinaHand

LEVEL_WORDS = {Level.JACKS: "jacks", Level.QUEENS: "queens", Level.KINGS: "kings"}


def view(state: Table, version: int) -> dict[str, Any]:
    if isinstance(state, TelesinaTable):
        return _telesina(state, version)
    hand = state.hand
    upcoming = state.next_table
    return {
        "version": version,
        "game": "draw",
        "variant": None,
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
        "round": None,
        "can_play_telesina": not state.in_play,
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
    opening = hand.phase is Phase.FIRST_ROUND and hand.round.current_bet == 0
    return {
        **_betting(hand.legal_actions()),
        "opening": opening,  # a bet now opens: the dealer confirms the openers
        "must_stay": hand.round.to_act in hand.must_stay,
    }


def _betting(legal: LegalActions) -> dict[str, Any]:
    """The seat in turn, its actions and their amounts: the same at both games."""
    return {
        "seat": legal.seat,
        "actions": sorted(a.value for a in legal.actions),
        "to_call": legal.to_call,
        "min_to": legal.min_to,
        "max_to": legal.max_to,
        "all_in_to": legal.all_in_to,
    }


def _pots(hand: DrawHand) -> list[dict[str, Any]]:
    return _split(hand.committed, hand.round, hand.order, hand.live, hand.initial_pot)


def _split(committed: Mapping[int, int], round_: BettingRound | None, order: Sequence[int],
           live: Sequence[int], dead: int) -> list[dict[str, Any]]:
    """Main pot first, then side pots, each with the seats that can still win it."""
    bets = round_.bets if round_ is not None and not round_.closed else {}
    middle = {s: committed[s] + bets.get(s, 0) for s in order}
    pots = split_pots(middle, set(order) - set(live), dead=dead)
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


def _telesina(state: TelesinaTable, version: int) -> dict[str, Any]:
    """A telesina table: the cards showing and the vele as entered, who speaks, the pot limit
    (and Texas' first-round cap), the card entry or exchange awaited, the last result."""
    hand = state.hand
    playing = state.in_play
    upcoming = state.next_table
    variant = state.variant
    return {
        "version": version,
        "game": "telesina",
        "variant": variant.key,
        "variant_name": variant.name,
        "invito": variant.invito,
        "number": state.number,
        "passata": state.passata,
        "phase": _telesina_phase(state),
        "dealer": hand.order[-1] if playing else upcoming.dealer,
        "street": hand.street + 1 if playing else None,
        "streets": len(variant.streets),
        "seats": _telesina_seats(state),
        "vele": [str(c) for c in hand.vele] if hand is not None else [],
        "vele_total": variant.vele,
        "middle": telesina.middle(hand) if playing else 0,
        "to_act": hand.to_act if playing else None,
        "legal": _telesina_legal(hand) if playing and hand.round is not None else None,
        "pots": _split(hand.committed, hand.round, hand.order, hand.live, hand.dead)
        if playing else [],
        "enter": {"up": hand.up_to_enter, "vele": hand.vele_to_enter, "seats": list(hand.live)}
        if playing and hand.awaiting_cards else None,
        "exchange": {"seat": hand.to_exchange[0]} if playing and hand.to_exchange else None,
        "showdown": {"contenders": list(hand.live), "held_down": hand.held_down}
        if playing and hand.awaiting_showdown else None,
        "outcome": _telesina_outcome(state),
        "can_deal": not playing,
        "round": _round(state),
        "can_play_telesina": state.round_over,
        "lines": [{"code": code, "params": dict(params)} for code, params in state.lines],
    }


def _round(state: TelesinaTable) -> dict[str, Any] | None:
    """A draw table's round of telesina: how far it went, and once over, that the next deal is
    draw again (with the draw's highest invito)."""
    on = state.round
    if on is None:
        return None
    return {"hands": on.hands, "played": max(on.played(state.number), 0), "giri": on.giri,
            "over": state.round_over, "invito_max": on.invito_max,
            "waiting_pots": list(state.table.carries)}


def _telesina_phase(state: TelesinaTable) -> str:
    hand = state.hand
    if hand is None:
        return "waiting"
    if hand.over:
        return "over"
    if hand.awaiting_cards:
        return "cards"
    if hand.to_exchange:
        return "exchange"
    return "showdown" if hand.awaiting_showdown else "betting"


def _telesina_seats(state: TelesinaTable) -> list[dict[str, Any]]:
    hand = state.hand
    playing = state.in_play
    table = state.table if playing else state.next_table
    bets = hand.round.bets if playing and hand.round is not None else {}
    shown = []
    for seat in table.seats:
        dealt = playing and seat in hand.order
        shown.append({
            "seat": seat,
            "name": state.names.get(seat, ""),
            "stack": telesina.behind(hand, seat) if dealt else table.stacks[seat],
            "in_front": bets.get(seat, 0),
            "dealt": dealt,
            "folded": dealt and seat in hand.folded,
            "sitting_out": playing and not dealt,
            "showing": [str(c) for c in hand.showing(seat)] if dealt else [],
        })
    return shown


def _telesina_legal(hand: TelesinaHand) -> dict[str, Any]:
    """The betting now, with Texas' cap when it binds: the raise at most 20 before the flop."""
    cap = hand.variant.raise_cap_first_round
    return {**_betting(hand.legal_actions()), "cap": cap if cap and hand.street == 0 else None}


def _telesina_outcome(state: TelesinaTable) -> dict[str, Any] | None:
    hand = state.hand
    if hand is None or not hand.over:
        return None
    return {
        "won": {str(s): c for s, c in hand.won.items() if c},
        "shown": {str(s): {"category": h.category, "cards": [str(c) for c in h.cards]}
                  for s, h in (hand.shown or {}).items()},
        "next_dealer": state.next_table.dealer,
    }
