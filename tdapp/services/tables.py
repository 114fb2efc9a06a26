"""The hands at the tables as use cases: each console action is one command through `dispatch`.

The decision limit (RULES.md HE-23, HE-24) is enforced by the server: after each change the
adapter that owns the scheduler asks `deadline_for` what is due and plans a date job per table
that calls `decision_due`; that sends `ExpireDecision`, which `decide` checks against the time and
the step of the hand, so a late or repeated job changes nothing.
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from tdapp.kernel.numbers import whole_or_none
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.services import console_pins, tenancy, tournaments
from tdapp.tournament.busts import bust_from_console
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
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.purchases import Rebuy
from tdapp.tournament.state import Tournament
from tdapp.wallclock import utcnow

register_messages(
    {
        "UNKNOWN_TABLE_CONSOLE": "This table console link is not valid any more: ask the DdT",
        "WRONG_PIN": "Wrong PIN for this table",
    }
)


def _owner(table: int) -> str:
    """The owner of what a table's console does: the table, for undo by owner."""
    return f"table:{table}"


def start_hand(tournament_id: int, table: int, actor: str) -> Tournament:
    return tournaments.dispatch(tournament_id, StartHand(table), actor, _owner(table))


def act(
    tournament_id: int, table: int, seat: int, action: str, amount: int | None, actor: str
) -> Tournament:
    return tournaments.dispatch(tournament_id, TakeAction(table, seat, action, amount), actor, _owner(table))


def push_chips(
    tournament_id: int,
    table: int,
    seat: int,
    pushed: int,
    pieces: int,
    smallest: int | None,
    actor: str,
) -> Tournament:
    """Chips pushed without a word (HE-14): the hand's `pushed` names what they became."""
    command = PushChips(table, seat, pushed, pieces, smallest)
    return tournaments.dispatch(tournament_id, command, actor, _owner(table))


def act_out_of_turn(
    tournament_id: int, table: int, seat: int, action: str, amount: int | None, actor: str
) -> Tournament:
    return tournaments.dispatch(tournament_id, ActOutOfTurn(table, seat, action, amount), actor, _owner(table))


def play_absent(tournament_id: int, table: int, actor: str) -> Tournament:
    return tournaments.dispatch(tournament_id, PlayAbsent(table), actor, _owner(table))


def use_time_bank(tournament_id: int, table: int, seat: int, actor: str) -> Tournament:
    return tournaments.dispatch(tournament_id, UseTimeBank(table, seat), actor, _owner(table))


def showdown(
    tournament_id: int,
    table: int,
    actor: str,
    winners: list[list[int]] | None = None,
    cards: Mapping[int, str] | None = None,
    board: str | None = None,
) -> Tournament:
    command = Showdown(
        table,
        winners=None if winners is None else tuple(tuple(w) for w in winners),
        cards=None if cards is None else dict(cards),
        board=board,
    )
    return tournaments.dispatch(tournament_id, command, actor, _owner(table))


def misdeal(tournament_id: int, table: int, actor: str) -> Tournament:
    return tournaments.dispatch(tournament_id, Misdeal(table), actor, _owner(table))


def renew_access(tournament_id: int, table: int, actor: str) -> Tournament:
    return tournaments.dispatch(tournament_id, RenewTableAccess(table), actor)


def set_away(tournament_id: int, table: int, seat: int, away: bool, actor: str) -> Tournament:
    """The dealer marks the player in a seat of this table away or back (HE-25, HE-26)."""
    seats = tournaments.current(tournament_id).tables.get(table, ())
    player_id = seats[seat - 1] if 1 <= seat <= len(seats) else None
    if player_id is None:
        raise DomainError("NOT_IN_HAND", seat=seat)
    return tournaments.dispatch(tournament_id, SetAbsent(player_id, away), actor, _owner(table))


def _player_at(tournament_id: int, table: int, seat: int) -> int:
    seats = tournaments.current(tournament_id).tables.get(table)
    if seats is None:
        raise DomainError("NO_SUCH_TABLE", table=table)
    player_id = seats[seat - 1] if 1 <= seat <= len(seats) else None
    if player_id is None:
        raise DomainError("NOT_IN_HAND", seat=seat)
    return player_id


def rebuy_at(tournament_id: int, table: int, seat: int, actor: str) -> Tournament:
    """The player in the seat rebuys (HE-36), at the price and under the rules of the settings."""
    player_id = _player_at(tournament_id, table, seat)
    return tournaments.dispatch(tournament_id, Rebuy(player_id), actor, _owner(table))


def bust_at(tournament_id: int, table: int, seat: int, actor: str) -> Tournament:
    """A player left with no chips takes no rebuy: out, with a finish place (HE-02). From a
    table console only a player with no chips can be put out."""
    player_id = _player_at(tournament_id, table, seat)
    command = bust_from_console(tournaments.current(tournament_id), player_id)
    return tournaments.dispatch(tournament_id, command, actor, _owner(table))


def undo(tournament_id: int, table: int, actor: str) -> Tournament:
    """The table's own newest action taken back, never another table's or the DdT's."""
    return tournaments.undo(tournament_id, actor, _owner(table))


def redo(tournament_id: int, table: int, actor: str) -> Tournament:
    return tournaments.redo(tournament_id, actor, _owner(table))


# --- the console's access ----------------------------------------------------------------------


def console_token(tournament_id: int, table: int) -> str | None:
    """The token in the console's URL (the tournament, the table and the table's secret), or
    None before the DdT first gives the table a link and PIN. Reading never writes: the secret
    is made only by `renew_access`, one event the DdT asked for."""
    state = tournaments.current(tournament_id)
    if table not in state.tables:
        raise DomainError("NO_SUCH_TABLE", table=table)
    access = state.play.access.get(table)
    return None if access is None else f"{tournament_id}-{table}-{access.token}"


def console_for(token: str) -> tuple[int, int]:
    """The tournament and table a console token opens, or a refusal when it was renewed."""
    parts = token.split("-") if isinstance(token, str) else []
    numbers = [whole_or_none(part) for part in parts[:2]]
    if len(parts) != 3 or None in numbers:
        raise DomainError("UNKNOWN_TABLE_CONSOLE")
    tournament_id, table = numbers
    try:
        state = tournaments.current(tournament_id)
    except DomainError:
        raise DomainError("UNKNOWN_TABLE_CONSOLE") from None
    access = state.play.access.get(table)
    if access is None or not hmac.compare_digest(access.token, parts[2]):
        raise DomainError("UNKNOWN_TABLE_CONSOLE")
    return tournament_id, table


def check_pin(tournament_id: int, table: int, pin: str) -> None:
    """The PIN the dealer typed, under the console's brake (tdapp/services/console_pins.py).
    PINs made before they had six digits keep their four until the DdT renews them."""
    access = tournaments.current(tournament_id).play.access.get(table)
    console_pins.check(console_pins.table_key(tournament_id, table),
                       None if access is None else access.pin, pin, DomainError("WRONG_PIN"))


def access_generation(tournament_id: int, table: int) -> str | None:
    """The generation of the table's console access now (None: no console, or no such table):
    a session opened with an older one is ended by the renewal."""
    try:
        access = tournaments.current(tournament_id).play.access.get(table)
    except DomainError:
        return None
    return None if access is None else console_pins.generation(access.token)


def locked_consoles(tournament_id: int) -> list[console_pins.LockedConsole]:
    """The tournament's table consoles locked after wrong PINs now, for the DdT's warning."""
    return console_pins.locked(("table-console", str(tournament_id)))


# --- the decision limit --------------------------------------------------------------------


@dataclass(frozen=True)
class Deadline:
    key: str
    when: datetime
    kwargs: dict[str, int]


def deadline_key(tournament_id: int, table: int) -> str:
    return f"decision:{tournament_id}:{table}"


def deadline_for(tournament_id: int, state: Tournament, table: int) -> Deadline | None:
    """The decision job the table needs in `state`, or None when no decision time runs."""
    found = state.play.hand(table)
    due = decision_deadline(state, found, utcnow()) if found is not None else None
    if found is None or due is None:
        return None
    kwargs = {"tournament_id": tournament_id, "table": table, "number": found.number}
    return Deadline(deadline_key(tournament_id, table), due, {**kwargs, "step": found.step})


def decision_due(tournament_id: int, table: int, number: int, step: int) -> bool:
    """The deadline job: enforce the limit if that decision is still pending; True if it was."""
    try:
        with tenancy.in_tournament_club(tournament_id):
            tournaments.dispatch(
                tournament_id, ExpireDecision(table, number, step), "shot clock", "clock"
            )
    except DomainError:
        return False  # made in time, already enforced, or the hand is gone: nothing to do
    return True
