"""The league's log: what it records (a night's result, entered by the secretary or confirmed
from the night's tables), how a night gets in, and how the log folds into the season's nights.

The log lives in the one event-log store (tdapp/storage/event_log.py), like a tournament's and a
draw table's: undo marks a night undone and keeps it. The state folded from it is the active
nights in the order they were entered; `League` adds the league's row (name, members, seed,
readings) to them. A stored night keeps the form the secretary's entry has, so that it replays
through the same checks forever.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tdapp.kernel.events import Payload, upgraded
from tdapp.league.calendar import League, check_day, kind_for_day, members_only
from tdapp.league.results import Night, table_result

Nights = tuple[Night, ...]
"""The folded state: the active nights, in the order they were entered."""


@dataclass(frozen=True)
class NightEntered:
    """A night's result went into the league."""

    night: Night


NIGHT_ENTERED = "NightEntered"
VERSION = 1
UPGRADES: dict[tuple[str, int], Callable[[Payload], Payload]] = {}
"""When the stored form of a night changes, bump `VERSION` and put here, under
("NightEntered", old version), the function turning an old payload into the next one: every
stored log still replays (tests/league/logs)."""


def night_of(day: int, tables: Sequence[Mapping[str, Any]]) -> Night:
    """A night from its tables as entered or stored (name, chips, poste, cappotto boxes), each
    checked (LG-02) at the posta of the day's kind."""
    kind = kind_for_day(day)
    return Night(day, tuple(
        table_result(t["name"], t["chips"], t.get("poste") or {}, posta=kind.posta,
                     cappotto=frozenset(t.get("cappotto") or ()))
        for t in tables), kind)


def enter(league: League, day: int, tables: Sequence[Mapping[str, Any]]) -> NightEntered:
    """Decide a night's entry: days in order, every table balanced, members only."""
    check_day(league, day)
    night = night_of(day, tables)
    members_only(league, night.players)
    return NightEntered(night)


def apply(nights: Nights, event: NightEntered) -> Nights:
    """Fold one entered night in; never refuses (the entry was checked when it was decided)."""
    return (*nights, event.night)


def to_record(event: NightEntered) -> dict[str, Any]:
    """The event as stored: each table's chips, poste and cappotto by player, in the order the
    players were entered (that order breaks equal nets)."""
    night = event.night
    tables = [{"name": t.name, "chips": {s.player: s.chips for s in t.seats},
               "poste": {s.player: s.poste for s in t.seats},
               "cappotto": [s.player for s in t.seats if s.cappotto]} for t in night.tables]
    return {"name": NIGHT_ENTERED, "version": VERSION,
            "payload": {"day": night.day, "tables": tables}}


def from_record(record: Mapping[str, Any]) -> NightEntered:
    """The event back from its stored form, upgraded to the current version first."""
    if record["name"] != NIGHT_ENTERED:
        raise ValueError(f"unknown league event {record['name']!r}")
    payload = upgraded(NIGHT_ENTERED, int(record["version"]), VERSION, record["payload"],
                       UPGRADES)
    return NightEntered(night_of(payload["day"], payload["tables"]))
