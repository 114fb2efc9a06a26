"""The tournaments' event log: one definition, read by the services that run a tournament
(tournaments.py) and by the one that tells its lines (journal.py), neither importing the other's
module for it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.storage.event_log import Aggregate, EventLog
from tdapp.storage.tournaments import LoggedEvent, Snapshot, TournamentRecord
from tdapp.tournament.events import from_record, to_record
from tdapp.tournament.registry import apply
from tdapp.tournament.state import Tournament

register_messages({"UNKNOWN_TOURNAMENT": "There is no tournament %(tournament_id)s"})


def _unknown(tournament_id: Any) -> DomainError:
    return DomainError("UNKNOWN_TOURNAMENT", tournament_id=tournament_id)


# A snapshot every 1000 events bounds a reload to that many replays (a tenth of a second);
# writing one for 3,000 players takes some 25 ms, paid by one action in a thousand. The DdT
# rarely takes back more than a few steps: 16 states are kept for an undo without a replay.
LOG: EventLog[Tournament] = EventLog(
    Aggregate(
        root=TournamentRecord,
        events=LoggedEvent,
        snapshots=Snapshot,
        key="tournament_id",
        initial=Tournament,
        apply=apply,
        to_record=to_record,
        from_record=from_record,
        unknown=_unknown,
        state_packages=("tdapp.tournament",),
        stamp=lambda state, version: replace(state, version=version),
        tombstone="deleted_at",
    ),
    snapshot_every=1000,
    undo_depth=16,
)
