"""Absent and present again (HE-25, HE-26): an absent player keeps the seat, is dealt in and
blinded, and keeps every rebuy and add-on right."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tdapp.tournament.ctx import Ctx
from tdapp.tournament.errors import DomainError, register_messages
from tdapp.tournament.events import event
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class SetAbsent:
    player_id: int
    absent: bool


@event("PresenceChanged")
@dataclass(frozen=True)
class PresenceChanged:
    player_id: int
    absent: bool


register_messages(
    {
        "BAD_ABSENT": "Say whether the player is absent: true or false",
        "ALREADY_ABSENT": "%(name)s is already marked absent",
        "ALREADY_PRESENT": "%(name)s is already present",
    }
)


@decides(SetAbsent)
def _set_absent(state: Tournament, command: SetAbsent, ctx: Ctx) -> PresenceChanged:
    player = state.player(command.player_id)
    if player.busted:
        raise DomainError("ALREADY_OUT", name=player.name)
    absent = command.absent
    if not isinstance(absent, bool):
        raise DomainError("BAD_ABSENT")
    if player.absent == absent:
        raise DomainError("ALREADY_ABSENT" if absent else "ALREADY_PRESENT", name=player.name)
    return PresenceChanged(player.id, absent)


@applies(PresenceChanged)
def _presence(state: Tournament, event: PresenceChanged) -> Tournament:
    return state.with_player(replace(state.player(event.player_id), absent=event.absent))
