"""The event log in words, for the DdT's log page and undo: "Anna Rossi is out in 12th place".

Each line is a message code and its parameters, like a refusal, so that the web layer renders it
in Italian or English from the same catalogue. An event name with no describer here (one added
by another area later) still reads, as its name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, select

from tdapp.services import tournaments
from tdapp.storage import database as db
from tdapp.storage.tournaments import LoggedEvent
from tdapp.tournament.errors import message_for, register_messages
from tdapp.tournament.events import from_record
from tdapp.tournament.state import Tournament

Describer = Callable[[Any, Callable[[int], str]], tuple[str, dict[str, Any]]]
_DESCRIBERS: dict[str, Describer] = {}


def describes(name: str) -> Callable[[Describer], Describer]:
    """Registers how the event `name` reads: `f(event, player_name) -> (code, params)`."""

    def register(describer: Describer) -> Describer:
        _DESCRIBERS[name] = describer
        return describer

    return register


@dataclass(frozen=True)
class Entry:
    seq: int
    event: str
    actor: str
    at: datetime
    undone: bool
    undone_by: str | None
    code: str
    params: dict[str, Any]

    @property
    def text(self) -> str:
        """The English line; the web layer translates `code` with `params` instead."""
        return message_for(self.code, self.params)

    def as_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "event": self.event,
            "actor": self.actor,
            "at": self.at.isoformat(),
            "undone": self.undone,
            "undone_by": self.undone_by,
            "code": self.code,
            "params": self.params,
            "text": self.text,
        }


def entries(tournament_id: int, limit: int | None = None) -> list[Entry]:
    """The logged events, newest first (the `limit` newest when given), undone ones included and
    marked."""
    state = tournaments.current(tournament_id)
    query = (
        select(LoggedEvent)
        .where(LoggedEvent.tournament_id == tournament_id)
        .order_by(col(LoggedEvent.seq).desc())
    )
    if limit is not None:
        query = query.limit(limit)
    with db.session_scope() as session:
        rows = session.exec(query).all()
    return [_entry(row, _names(state)) for row in rows]


def _names(state: Tournament) -> Callable[[int], str]:
    def name(player_id: int) -> str:
        player = state.players.get(player_id)
        return player.name if player else f"#{player_id}"

    return name


def _entry(row: LoggedEvent, name: Callable[[int], str]) -> Entry:
    describer = _DESCRIBERS.get(row.name)
    if describer is None:
        code, params = "LOG_EVENT", {"event": row.name}
    else:
        event = from_record(
            {"name": row.name, "version": row.schema_version, "payload": row.payload}
        )
        code, params = describer(event, name)
    return Entry(
        row.seq, row.name, row.actor, row.created_at, row.undone, row.undone_by, code, params
    )


register_messages(
    {
        "LOG_EVENT": "%(event)s",
        "LOG_CONFIGURED": "Set-up saved: %(name)s",
        "LOG_REGISTERED": "%(player)s registered",
        "LOG_REGISTERED_SEATED": "%(player)s registered, seated at table %(table)s seat %(seat)s",
        "LOG_UNREGISTERED": "%(player)s unregistered",
        "LOG_RE_ENTERED": "%(player)s re-entered",
        "LOG_REBUY": "%(player)s rebought (%(chips)s chips)",
        "LOG_ADD_ON": "%(player)s took the add-on (%(chips)s chips)",
        "LOG_BUSTED": "%(player)s is out in place %(place)s",
        "LOG_BUSTED_TIED": "%(players)s are out together, sharing places %(first)s-%(last)s",
        "LOG_BUSTED_MANY": "Out in the same hand: %(players)s",
        "LOG_CHIPS": "%(player)s has %(stack)s chips",
        "LOG_CHIPS_MANY": "Stacks counted for %(count)s players",
        "LOG_ABSENT": "%(player)s is away from the table",
        "LOG_BACK": "%(player)s is back at the table",
        "LOG_SEATS_DRAWN": "Seats drawn for %(count)s players",
        "LOG_PAYOUTS_ADJUSTED": "Prizes adjusted by a deal",
        "LOG_PAYOUTS_RESTORED": "Prizes back to the payout table",
        "LOG_CLOCK_STARTED": "Clock started",
        "LOG_CLOCK_PAUSED": "Clock paused",
        "LOG_CLOCK_RESUMED": "Clock resumed",
        "LOG_CLOCK_ADJUSTED": "Clock adjusted by %(seconds)s seconds",
        "LOG_LEVEL_CHANGED": "Clock moved to level %(level)s",
        "LOG_MOVED": "%(player)s moved from table %(from_table)s seat %(from_seat)s to table "
        "%(to_table)s seat %(to_seat)s",
        "LOG_MOVED_MANY": "%(count)s players moved to balance the tables",
        "LOG_TABLES_BROKEN": "Broken: table %(tables)s; players reseated: %(count)s",
        "LOG_FINAL_TABLE": "Final table drawn at table %(table)s",
        "LOG_BREAK_ORDER": "Table break order set: %(order)s",
        "LOG_HAND_FOR_HAND_ON": "Hand-for-hand play on",
        "LOG_HAND_FOR_HAND_OFF": "Hand-for-hand play off",
        "LOG_BUTTONS_DRAWN": "Buttons drawn at %(count)s tables",
        "LOG_BREAK_CHANGED": "Clock moved to the break after level %(level)s",
    }
)


@describes("TournamentConfigured")
def _configured(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return "LOG_CONFIGURED", {"name": event.settings.name}


@describes("PlayerRegistered")
def _registered(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    if event.table is not None:
        return "LOG_REGISTERED_SEATED", {
            "player": event.name,
            "table": event.table,
            "seat": event.seat,
        }
    return "LOG_REGISTERED", {"player": event.name}


@describes("PlayerUnregistered")
def _unregistered(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return "LOG_UNREGISTERED", {"player": name(event.player_id)}


@describes("PlayerReEntered")
def _re_entered(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return "LOG_RE_ENTERED", {"player": name(event.player_id)}


@describes("RebuyTaken")
def _rebuy(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return "LOG_REBUY", {"player": name(event.player_id), "chips": event.chips}


@describes("AddOnTaken")
def _add_on(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return "LOG_ADD_ON", {"player": name(event.player_id), "chips": event.chips}


@describes("PlayersBusted")
def _busted(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    finishes = event.finishes
    if len(finishes) == 1:
        return "LOG_BUSTED", {"player": name(finishes[0].player_id), "place": finishes[0].place}
    players = ", ".join(f"{name(f.player_id)} ({f.place})" for f in finishes)
    if all(f.place == finishes[0].place for f in finishes):
        first = finishes[0].place
        return "LOG_BUSTED_TIED", {
            "players": ", ".join(name(f.player_id) for f in finishes),
            "first": first,
            "last": first + finishes[0].tied - 1,
        }
    return "LOG_BUSTED_MANY", {"players": players}


@describes("ChipsCounted")
def _chips(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    if len(event.counts) == 1:
        count = event.counts[0]
        return "LOG_CHIPS", {"player": name(count.player_id), "stack": count.stack}
    return "LOG_CHIPS_MANY", {"count": len(event.counts)}


@describes("PresenceChanged")
def _presence(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return ("LOG_ABSENT" if event.absent else "LOG_BACK"), {"player": name(event.player_id)}


@describes("SeatsDrawn")
def _seats(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return "LOG_SEATS_DRAWN", {"count": len(event.seats)}


@describes("PayoutsAdjusted")
def _payouts(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return ("LOG_PAYOUTS_ADJUSTED" if event.amounts_cents else "LOG_PAYOUTS_RESTORED"), {}


@describes("ClockStarted")
def _clock_started(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return "LOG_CLOCK_STARTED", {}


@describes("ClockPaused")
def _clock_paused(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return "LOG_CLOCK_PAUSED", {}


@describes("ClockResumed")
def _clock_resumed(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return "LOG_CLOCK_RESUMED", {}


@describes("ClockAdjusted")
def _clock_adjusted(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return "LOG_CLOCK_ADJUSTED", {"seconds": event.seconds}


@describes("LevelChanged")
def _level_changed(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return ("LOG_BREAK_CHANGED" if event.on_break else "LOG_LEVEL_CHANGED"), {"level": event.level}


@describes("PlayersMoved")
def _moved(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    if len(event.moves) == 1:
        move = event.moves[0]
        return "LOG_MOVED", {
            "player": name(move.player_id),
            "from_table": move.from_table,
            "from_seat": move.from_seat,
            "to_table": move.to_table,
            "to_seat": move.to_seat,
        }
    return "LOG_MOVED_MANY", {"count": len(event.moves)}


@describes("TablesBroken")
def _tables_broken(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    tables = ", ".join(str(number) for number in event.tables)
    return "LOG_TABLES_BROKEN", {"tables": tables, "count": len(event.moves)}


@describes("FinalTableDrawn")
def _final_table(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return "LOG_FINAL_TABLE", {"table": event.table}


@describes("BreakOrderSet")
def _break_order(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return "LOG_BREAK_ORDER", {"order": ", ".join(str(number) for number in event.order)}


@describes("HandForHandSet")
def _hand_for_hand(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return ("LOG_HAND_FOR_HAND_ON" if event.on else "LOG_HAND_FOR_HAND_OFF"), {}


@describes("ButtonsDrawn")
def _buttons(event: Any, name: Callable[[int], str]) -> tuple[str, dict[str, Any]]:
    return "LOG_BUTTONS_DRAWN", {"count": len(event.buttons)}
