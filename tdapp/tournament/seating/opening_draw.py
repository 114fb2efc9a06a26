"""The opening seat draw (TO-01): every registered player gets a random seat, tables as even as
possible. The event records each seat drawn, so replay never draws."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from tdapp.kernel.refusals import DomainError, Plural, register_messages
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import event
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.seating.seat_draw import draw_seats
from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class DrawSeats:
    """`tables`: how many tables to use (default: as few as hold everyone). `formation`: "even"
    spreads players over all tables; "club" opens one table per five players (seed 000)."""

    tables: int | None = None
    formation: Literal["even", "club"] = "even"


@dataclass(frozen=True)
class DrawnSeat:
    player_id: int
    table: int
    seat: int


@event("SeatsDrawn")
@dataclass(frozen=True)
class SeatsDrawn:
    """Each player's seat; the tables in the room are those that received players."""

    seats: tuple[DrawnSeat, ...]


register_messages(
    {
        "SEATS_ALREADY_DRAWN": "Seats are already drawn",
        "NO_PLAYERS": "Register players before drawing seats",
        "BAD_TABLE_COUNT": Plural(
            "Between %(min)s and %(max)s tables are needed for %(players)s player",
            "Between %(min)s and %(max)s tables are needed for %(players)s players",
            "players"),
        "BAD_FORMATION": "Unknown table formation %(formation)s",
    }
)


@decides(DrawSeats, in_play_only=True)
def _draw(state: Tournament, command: DrawSeats, ctx: Ctx) -> SeatsDrawn:
    if state.seats_drawn:
        raise DomainError("SEATS_ALREADY_DRAWN")
    waiting = [p.id for p in state.players if p.in_play and p.table is None]
    if not waiting:
        raise DomainError("NO_PLAYERS")
    if command.formation not in ("even", "club"):
        raise DomainError("BAD_FORMATION", formation=command.formation)
    per_table = state.settings.seats_per_table
    fewest = -(-len(waiting) // per_table)
    count = fewest if command.tables is None else command.tables
    if isinstance(count, bool) or not isinstance(count, int) or not fewest <= count <= len(waiting):
        raise DomainError("BAD_TABLE_COUNT", min=fewest, max=len(waiting), players=len(waiting))
    tables = {number: per_table for number in range(1, count + 1)}
    drawn = draw_seats(waiting, tables, ctx.rng(), formation=command.formation)
    seats = tuple(DrawnSeat(p, s.table, s.seat) for p, s in sorted(drawn.items()))
    return SeatsDrawn(seats)


@applies(SeatsDrawn)
def _drawn(state: Tournament, event: SeatsDrawn) -> Tournament:
    per_table = state.settings.seats_per_table
    rows: dict[int, list[int | None]] = {}
    players = state.players
    for drawn in event.seats:
        rows.setdefault(drawn.table, [None] * per_table)[drawn.seat - 1] = drawn.player_id
        player = players.get(drawn.player_id)
        players = players.put(replace(player, table=drawn.table, seat=drawn.seat))
    tables = {number: tuple(rows[number]) for number in sorted(rows)}
    return replace(state, tables=tables, players=players, seats_drawn=True)
