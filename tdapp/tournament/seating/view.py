"""What the screens show of seating: the "seating" view section (suggestions with their reasons,
the break order, the next hand's button and blinds, each player's last move) and the DdT's
warnings (a break or the final table due, moves to make, tables waiting or halted,
hand-for-hand due or on).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any

from tdapp.kernel.refusals import Plural, register_messages
from tdapp.tournament.button import next_positions
from tdapp.tournament.registry import Audience, Notice, view_section, warns
from tdapp.tournament.seating.balance import Move, in_play, seated
from tdapp.tournament.seating.hand_for_hand import (
    CLOCK_OFF_PER_HAND_MS,
    MAX_HANDS_TAKEN_OFF,
    hand_for_hand_due,
)
from tdapp.tournament.seating.rules import suggestions

if TYPE_CHECKING:
    from tdapp.tournament.state import Tournament

register_messages(
    {
        "MOVE_BALANCE": "Table %(from_table)s has %(source_players)s, table %(to_table)s has "
        "%(destination_players)s: move the big blind of table %(from_table)s, seat "
        "%(from_seat)s, to table %(to_table)s seat %(to_seat)s",
        "MOVE_BALANCE_NO_BUTTON": "Table %(from_table)s has %(source_players)s, table "
        "%(to_table)s has %(destination_players)s: move the player due the big blind at table "
        "%(from_table)s (no button recorded: seat %(from_seat)s is suggested) to table "
        "%(to_table)s seat %(to_seat)s",
        "MOVE_BREAK": "Table %(from_table)s breaks: seat %(from_seat)s goes to table "
        "%(to_table)s seat %(to_seat)s",
        "MOVE_FINAL_TABLE": "Final table: seat %(to_seat)s",
        "MOVE_MANUAL": "Moved by the DdT from table %(from_table)s seat %(from_seat)s to table "
        "%(to_table)s seat %(to_seat)s",
        "BREAK_DUE": Plural(
            "%(players_left)s player fits in %(seats_left)s seats: break table %(table)s",
            "%(players_left)s players fit in %(seats_left)s seats: break table %(table)s",
            "players_left"),
        "FINAL_TABLE_DUE": Plural(
            "%(players_left)s player left: draw the final table at table %(table)s",
            "%(players_left)s players left: draw the final table at table %(table)s",
            "players_left"),
        "BALANCE_DUE": Plural(
            "%(moves)s move will balance the tables",
            "%(moves)s moves will balance the tables",
            "moves"),
        "TABLES_WAITING": Plural(
            "Waiting for the hand at table %(tables)s to end",
            "Waiting for the hands at tables %(tables)s to end",
            "tables", items=True),
        "TABLES_HALTED": Plural(
            "Table %(tables)s is 3 or more players short: halt until balanced",
            "Tables %(tables)s are 3 or more players short: halt until balanced",
            "tables", items=True),
        "HAND_FOR_HAND_DUE": Plural(
            "%(players_left)s player left and %(paid)s paid: play hand-for-hand",
            "%(players_left)s players left and %(paid)s paid: play hand-for-hand",
            "players_left"),
        "HAND_FOR_HAND_ON": "Hand-for-hand: every table plays one hand, then waits for all",
        "HAND_FOR_HAND_PLAYING": Plural(
            "Hand-for-hand: table %(tables)s still playing its hand",
            "Hand-for-hand: tables %(tables)s still playing their hand",
            "tables", items=True),
    }
)


def _move_view(state: Tournament, move: Move) -> dict[str, Any]:
    params = {
        "from_table": move.from_table,
        "from_seat": move.from_seat,
        "to_table": move.to_table,
        "to_seat": move.to_seat,
        **move.params,
    }
    if move.reason == "BALANCE" and not move.params.get("due_big_blind", True):
        code = "MOVE_BALANCE_NO_BUTTON"
    else:
        code = f"MOVE_{move.reason}"
    player = state.players.get(move.player)
    return {
        "player_id": move.player,
        "name": player.name if player else None,
        "reason": move.reason,
        "code": code,
        "params": params,
    }


def _places_paid(state: Tournament) -> int:
    # Imported here: payouts imports the state module, which imports this package.
    from tdapp.tournament.payouts import place_amounts

    return len(place_amounts(state))


@view_section("seating")
def _seating_view(state: Tournament, now: datetime, audience: Audience) -> dict[str, Any]:
    room = state.seating
    result: dict[str, Any] = {
        "hand_for_hand": room.hand_for_hand,
        "final_table": room.final_table,
        "last_moves": {
            str(player): vars(move) | {"player_id": player}
            for player, move in room.last_moves.items()
        },
    }
    if audience != "td":
        return result
    found = suggestions(state)
    counts = in_play(state.tables)
    result |= {
        "balance_diff": room.balance_diff,
        "final_table_seats": room.final_table_seats,
        "hand_for_hand_trigger": room.hand_for_hand_trigger,
        "button_rule": state.settings.option("button"),
        "break_order": room.rules().order(counts),
        "set_break_order": list(room.break_order),
        "busy": sorted(room.busy),
        "next_hands": _next_hands(state),
        "suggestions": {
            "moves": [_move_view(state, m) for m in found.moves],
            "breaks": [
                {
                    "table": b.table,
                    "players": list(b.players),
                    "players_left": b.players_left,
                    "seats_left": b.seats_left,
                }
                for b in found.breaks
            ],
            "final_table": found.final_table,
            "waiting": list(found.waiting),
            "halted": list(found.halted),
        },
    }
    return result


def _next_hands(state: Tournament) -> dict[str, dict[str, int | None]]:
    """The next hand's button and blinds at each table whose button is known."""
    room = state.seating
    rule = state.settings.option("button")
    result = {}
    for table, last in room.last_hands.items():
        occupied = seated(state.tables.get(table, ()))
        if len(occupied) >= 2:
            following = next_positions(last, occupied, rule)
            result[str(table)] = {
                "button": following.button,
                "small_blind": following.small_blind,
                "big_blind": following.big_blind,
            }
    for table, button in room.first_buttons.items():
        if str(table) not in result and table in state.tables:
            result[str(table)] = {"button": button, "small_blind": None, "big_blind": None}
    return result


@warns
def _seating_warnings(state: Tournament, now: datetime, audience: Audience) -> Iterator[Notice]:
    if not state.created or not state.seats_drawn:
        return
    room = state.seating
    if room.hand_for_hand:
        yield Notice(
            "HAND_FOR_HAND_ON",
            {"clock_off_per_hand_ms": CLOCK_OFF_PER_HAND_MS, "max_hands": MAX_HANDS_TAKEN_OFF},
        )
    if audience != "td":
        return
    if room.hand_for_hand and room.busy:
        yield Notice("HAND_FOR_HAND_PLAYING", {"tables": ", ".join(map(str, sorted(room.busy)))})
    left, paid = state.players_left, _places_paid(state)
    if not room.hand_for_hand and hand_for_hand_due(left, paid, room.hand_for_hand_trigger):
        yield Notice("HAND_FOR_HAND_DUE", {"players_left": left, "paid": paid})
    found = suggestions(state)
    for due in found.breaks:
        yield Notice(
            "BREAK_DUE",
            {"table": due.table, "players_left": due.players_left, "seats_left": due.seats_left},
        )
    if found.final_table is not None:
        yield Notice("FINAL_TABLE_DUE", {"table": found.final_table, "players_left": left})
    if found.moves:
        yield Notice("BALANCE_DUE", {"moves": len(found.moves)})
    if found.waiting:
        yield Notice("TABLES_WAITING", {"tables": ", ".join(map(str, found.waiting))})
    if found.halted:
        yield Notice("TABLES_HALTED", {"tables": ", ".join(map(str, found.halted))})
