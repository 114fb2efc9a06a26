"""The DdT's seating commands and their events: moves (suggested or by hand), table breaks, the
final table, the break order, the balancing settings, hand-for-hand and the first buttons.

Suggestions are never stored: the "seating" view section works them out from the state
(`suggest`), and "apply the suggested" decides them again at that moment, so what is applied is
what the rules say now. Each event records the seats drawn, so apply never draws.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tdapp.kernel.refusals import DomainError, Plural, register_messages
from tdapp.tournament.button import draw_button
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import event
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.seating.balance import (
    Move,
    Suggestions,
    break_tables,
    draw_final_table,
    in_play,
    seated,
    suggest,
)
from tdapp.tournament.seating.room import LastMove
from tdapp.tournament.settings import MAX_SEATS, MIN_SEATS, register_option

if TYPE_CHECKING:
    from tdapp.tournament.state import Tournament

# HE-05 dead button (club and TDA default) or HE-06 moving button.
register_option("button", ("dead", "moving"), "dead")

register_messages(
    {
        "NOTHING_TO_APPLY": "The tables are balanced: nothing to apply",
        "TABLE_IN_HAND": "Table %(table)s is playing a hand: move players when it ends",
        "NOT_SEATED_PLAYER": "%(name)s has no seat to move from",
        "NO_SUCH_SEAT": "Table %(table)s has no seat %(seat)s",
        "SEAT_TAKEN": "Table %(table)s seat %(seat)s is taken",
        "ALREADY_THERE": "%(name)s already sits at table %(table)s seat %(seat)s",
        "LAST_TABLE": "Table %(table)s is the last table: it cannot break",
        "NOT_FINAL_YET": Plural(
            "%(players_left)s player does not fit one table of %(seats)s",
            "%(players_left)s players do not fit one table of %(seats)s",
            "players_left"),
        "DUPLICATE_TABLE": "Table %(table)s is listed twice",
        "BAD_FINAL_TABLE_SEATS": "A final table has %(min)s to %(max)s seats, not %(seats)s",
        "ALREADY_HAND_FOR_HAND": "Hand-for-hand is already on",
        "NOT_HAND_FOR_HAND": "Hand-for-hand is not on",
        "NO_BUTTON_TO_DRAW": "Every table already has its button",
        "BAD_HAND_FOR_HAND_TRIGGER": "Hand-for-hand starts at 2 players left or more, not %(trigger)s",
    }
)


# Commands -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MovePlayer:
    """Move one player to an open seat: a suggested move, or the DdT's own choice."""

    player_id: int
    table: int
    seat: int


@dataclass(frozen=True)
class ApplySuggested:
    """Apply everything suggested now: the due table breaks, the final table, or the balancing
    moves of the tables that are between hands."""


@dataclass(frozen=True)
class BreakTable:
    """Break this table now, whatever the order says; its players are drawn into open seats."""

    table: int


@dataclass(frozen=True)
class RedrawFinalTable:
    """Draw every seat and the button at the final table (TO-12); `table` defaults to the one
    the break order keeps."""

    table: int | None = None


@dataclass(frozen=True)
class SetBreakOrder:
    """The tables that break first, in order; the others follow, highest number first."""

    order: tuple[int, ...]


@dataclass(frozen=True)
class ConfigureSeating:
    """`hand_for_hand_trigger`: players left at which hand-for-hand is suggested (TO-13
    h4hTrigger; None: one more than the places paid)."""

    balance_diff: int = 2
    final_table_seats: int | None = None
    hand_for_hand_trigger: int | None = None


@dataclass(frozen=True)
class SetHandForHand:
    on: bool


@dataclass(frozen=True)
class DrawButtons:
    """TO-02: a high-card draw for the button at every table that has none yet."""


# Events -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveMade:
    player_id: int
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str


@event("PlayersMoved")
@dataclass(frozen=True)
class PlayersMoved:
    moves: tuple[MoveMade, ...]


@event("TablesBroken")
@dataclass(frozen=True)
class TablesBroken:
    tables: tuple[int, ...]
    moves: tuple[MoveMade, ...]


@dataclass(frozen=True)
class SeatCard:
    seat: int
    card: str


@event("FinalTableDrawn")
@dataclass(frozen=True)
class FinalTableDrawn:
    table: int
    seats: int
    moves: tuple[MoveMade, ...]
    button: int
    cards: tuple[SeatCard, ...]


@event("BreakOrderSet")
@dataclass(frozen=True)
class BreakOrderSet:
    order: tuple[int, ...]


@event("SeatingConfigured")
@dataclass(frozen=True)
class SeatingConfigured:
    balance_diff: int
    final_table_seats: int | None
    hand_for_hand_trigger: int | None = None


@event("HandForHandSet")
@dataclass(frozen=True)
class HandForHandSet:
    on: bool


@dataclass(frozen=True)
class TableButton:
    table: int
    button: int
    cards: tuple[SeatCard, ...]


@event("ButtonsDrawn")
@dataclass(frozen=True)
class ButtonsDrawn:
    buttons: tuple[TableButton, ...]


# Reading the state --------------------------------------------------------------------------


def suggestions(state: Tournament) -> Suggestions:
    """What the rules ask for now, given the tables and what is known of their hands."""
    room = state.seating
    rules = room.rules(state.settings.option("button"))
    return suggest(state.tables, rules, room.buttons, room.busy)


def _made(move: Move) -> MoveMade:
    return MoveMade(
        move.player, move.from_table, move.from_seat, move.to_table, move.to_seat, move.reason
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_idle(state: Tournament, tables: list[int]) -> None:
    for table in tables:
        if table in state.seating.busy:
            raise DomainError("TABLE_IN_HAND", table=table)


# Decide -------------------------------------------------------------------------------------


@decides(MovePlayer, in_play_only=True)
def _move(state: Tournament, command: MovePlayer, ctx: Ctx) -> PlayersMoved:
    player = state.player(command.player_id)
    if player.busted:
        raise DomainError("ALREADY_OUT", name=player.name)
    if player.table is None or player.seat is None:
        raise DomainError("NOT_SEATED_PLAYER", name=player.name)
    table, seat = command.table, command.seat
    if not _is_int(table) or table not in state.tables:
        raise DomainError("UNKNOWN_TABLE", table=table)
    if not _is_int(seat) or not 1 <= seat <= len(state.tables[table]):
        raise DomainError("NO_SUCH_SEAT", table=table, seat=seat)
    if (player.table, player.seat) == (table, seat):
        raise DomainError("ALREADY_THERE", name=player.name, table=table, seat=seat)
    if state.tables[table][seat - 1] is not None:
        raise DomainError("SEAT_TAKEN", table=table, seat=seat)
    _check_idle(state, [player.table, table])
    suggested = any(
        (m.player, m.to_table, m.to_seat) == (player.id, table, seat)
        for m in suggestions(state).moves
    )
    reason = "BALANCE" if suggested else "MANUAL"
    return PlayersMoved((MoveMade(player.id, player.table, player.seat, table, seat, reason),))


@decides(ApplySuggested, in_play_only=True)
def _apply_suggested(
    state: Tournament, command: ApplySuggested, ctx: Ctx
) -> PlayersMoved | TablesBroken | FinalTableDrawn:
    found = suggestions(state)
    if found.breaks:
        ready = [b.table for b in found.breaks if b.table not in state.seating.busy]
        if not ready:
            raise DomainError("TABLE_IN_HAND", table=found.breaks[0].table)
        return _break(state, ready, ctx)
    if found.final_table is not None:
        return _final(state, found.final_table, ctx)
    if found.moves:
        return PlayersMoved(tuple(_made(m) for m in found.moves))
    if found.waiting:
        raise DomainError("TABLE_IN_HAND", table=found.waiting[0])
    raise DomainError("NOTHING_TO_APPLY")


@decides(BreakTable, in_play_only=True)
def _break_one(state: Tournament, command: BreakTable, ctx: Ctx) -> TablesBroken:
    counts = in_play(state.tables)
    if not _is_int(command.table) or command.table not in counts:
        raise DomainError("UNKNOWN_TABLE", table=command.table)
    if len(counts) < 2:
        raise DomainError("LAST_TABLE", table=command.table)
    return _break(state, [command.table], ctx)


def _break(state: Tournament, tables: list[int], ctx: Ctx) -> TablesBroken:
    _check_idle(state, tables)
    moves = break_tables(state.tables, tables, ctx.rng())
    return TablesBroken(tuple(tables), tuple(_made(m) for m in moves))


@decides(RedrawFinalTable, in_play_only=True)
def _redraw_final(state: Tournament, command: RedrawFinalTable, ctx: Ctx) -> FinalTableDrawn:
    counts = in_play(state.tables)
    if command.table is None:
        keep = state.seating.rules().order(counts)[-1] if counts else None
    else:
        keep = command.table
    if keep is None or not _is_int(keep) or keep not in state.tables:
        raise DomainError("UNKNOWN_TABLE", table=command.table)
    return _final(state, keep, ctx)


def _final(state: Tournament, table: int, ctx: Ctx) -> FinalTableDrawn:
    seats = state.seating.final_table_seats or len(state.tables[table])
    players_left = sum(in_play(state.tables).values())
    if players_left > seats:
        raise DomainError("NOT_FINAL_YET", players_left=players_left, seats=seats)
    _check_idle(state, list(in_play(state.tables)))
    moves, draw = draw_final_table(state.tables, table, seats, ctx.rng())
    cards = tuple(SeatCard(seat, str(card)) for seat, card in sorted(draw.cards.items()))
    return FinalTableDrawn(table, seats, tuple(_made(m) for m in moves), draw.button, cards)


@decides(SetBreakOrder)
def _set_order(state: Tournament, command: SetBreakOrder, ctx: Ctx) -> BreakOrderSet:
    order = tuple(command.order) if isinstance(command.order, list | tuple) else None
    if order is None:
        raise DomainError("UNKNOWN_TABLE", table=command.order)
    seen: set[int] = set()
    for table in order:
        if not _is_int(table) or table not in state.tables:
            raise DomainError("UNKNOWN_TABLE", table=table)
        if table in seen:
            raise DomainError("DUPLICATE_TABLE", table=table)
        seen.add(table)
    return BreakOrderSet(order)


@decides(ConfigureSeating)
def _configure(state: Tournament, command: ConfigureSeating, ctx: Ctx) -> SeatingConfigured:
    diff, seats = command.balance_diff, command.final_table_seats
    if not _is_int(diff) or diff < 2:
        raise DomainError("BALANCE_DIFF_TOO_SMALL", balance_diff=diff)
    if seats is not None and (not _is_int(seats) or not MIN_SEATS <= seats <= MAX_SEATS):
        raise DomainError("BAD_FINAL_TABLE_SEATS", min=MIN_SEATS, max=MAX_SEATS, seats=seats)
    trigger = command.hand_for_hand_trigger
    if trigger is not None and (not _is_int(trigger) or trigger < 2):
        raise DomainError("BAD_HAND_FOR_HAND_TRIGGER", trigger=trigger)
    return SeatingConfigured(diff, seats, trigger)


@decides(SetHandForHand, in_play_only=True)
def _hand_for_hand(state: Tournament, command: SetHandForHand, ctx: Ctx) -> HandForHandSet:
    on = command.on is True
    if on == state.seating.hand_for_hand:
        raise DomainError("ALREADY_HAND_FOR_HAND" if on else "NOT_HAND_FOR_HAND")
    return HandForHandSet(on)


@decides(DrawButtons)
def _draw_buttons(state: Tournament, command: DrawButtons, ctx: Ctx) -> ButtonsDrawn:
    room = state.seating
    rng = ctx.rng()
    drawn = []
    for table, seats in sorted(state.tables.items()):
        occupied = seated(seats)
        if len(occupied) < 2 or table in room.last_hands or table in room.first_buttons:
            continue
        draw = draw_button(occupied, rng)
        cards = tuple(SeatCard(seat, str(card)) for seat, card in sorted(draw.cards.items()))
        drawn.append(TableButton(table, draw.button, cards))
    if not drawn:
        raise DomainError("NO_BUTTON_TO_DRAW")
    return ButtonsDrawn(tuple(drawn))


# Apply --------------------------------------------------------------------------------------


def _moved(state: Tournament, moves: tuple[MoveMade, ...]) -> Tournament:
    """Everybody leaves, then everybody sits (a redraw may swap seats). The tables touched are
    copied once for the whole batch: a break of ten players on 300 tables stays cheap."""
    rows: dict[int, list[int | None]] = {}
    for move in moves:
        row = rows.setdefault(move.from_table, list(state.tables[move.from_table]))
        row[move.from_seat - 1] = None
    for move in moves:
        target = rows.get(move.to_table)
        if target is None:
            target = rows[move.to_table] = list(state.tables.get(move.to_table, ()))
        target.extend([None] * (move.to_seat - len(target)))
        target[move.to_seat - 1] = move.player_id
    players = state.players
    for move in moves:
        sitter = players.get(move.player_id)
        players = players.put(replace(sitter, table=move.to_table, seat=move.to_seat))
    tables = {**state.tables, **{t: tuple(row) for t, row in rows.items()}}
    version = state.version + 1
    last = {
        m.player_id: LastMove(m.from_table, m.from_seat, m.to_table, m.to_seat, m.reason, version)
        for m in moves
    }
    room = state.seating
    return replace(
        state,
        tables=tables,
        players=players,
        seating=replace(room, last_moves={**room.last_moves, **last}),
    )


@applies(PlayersMoved)
def _players_moved(state: Tournament, event: PlayersMoved) -> Tournament:
    return _moved(state, event.moves)


@applies(TablesBroken)
def _tables_broken(state: Tournament, event: TablesBroken) -> Tournament:
    state = _moved(state, event.moves)
    gone = set(event.tables)
    room = state.seating
    room = replace(
        room,
        broken=room.broken + event.tables,
        last_hands={t: p for t, p in room.last_hands.items() if t not in gone},
        first_buttons={t: b for t, b in room.first_buttons.items() if t not in gone},
    )
    tables = {t: seats for t, seats in state.tables.items() if t not in gone}
    return replace(state.with_tables(tables), seating=room)


@applies(FinalTableDrawn)
def _final_drawn(state: Tournament, event: FinalTableDrawn) -> Tournament:
    gone = tuple(t for t in sorted(state.tables) if t != event.table)
    state = _moved(state, event.moves)
    final = (state.tables[event.table] + (None,) * event.seats)[: event.seats]
    room = replace(
        state.seating,
        broken=state.seating.broken + gone,
        final_table=event.table,
        last_hands={},
        first_buttons={event.table: event.button},
        busy=frozenset(),
    )
    return replace(state.with_tables({event.table: final}), seating=room)


@applies(BreakOrderSet)
def _order_set(state: Tournament, event: BreakOrderSet) -> Tournament:
    return replace(state, seating=replace(state.seating, break_order=event.order))


@applies(SeatingConfigured)
def _configured(state: Tournament, event: SeatingConfigured) -> Tournament:
    room = replace(
        state.seating,
        balance_diff=event.balance_diff,
        final_table_seats=event.final_table_seats,
        hand_for_hand_trigger=event.hand_for_hand_trigger,
    )
    return replace(state, seating=room)


@applies(HandForHandSet)
def _hand_for_hand_set(state: Tournament, event: HandForHandSet) -> Tournament:
    return replace(state, seating=replace(state.seating, hand_for_hand=event.on))


@applies(ButtonsDrawn)
def _buttons_drawn(state: Tournament, event: ButtonsDrawn) -> Tournament:
    buttons = {**state.seating.first_buttons, **{b.table: b.button for b in event.buttons}}
    return replace(state, seating=replace(state.seating, first_buttons=buttons))
