"""Absent and present again (HE-25, HE-26): an absent player keeps the seat, is dealt in and
blinded, and keeps every rebuy and add-on right.

The DdT and the table consoles say it with `SetAbsent`; a player's own phone with
`SetAbsentFromPhone`, which must bring the player's code (phone_codes.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import event
from tdapp.tournament.phone_codes import check_phone_code
from tdapp.tournament.players import Player
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class SetAbsent:
    player_id: int
    absent: bool


@dataclass(frozen=True)
class SetAbsentFromPhone:
    """The player, from the phone: `code` is the code the DdT gave them."""

    player_id: int
    absent: bool
    code: str


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
    return _change(state.player(command.player_id), command.absent)


@decides(SetAbsentFromPhone)
def _set_absent_from_phone(
    state: Tournament, command: SetAbsentFromPhone, ctx: Ctx
) -> PresenceChanged:
    player = state.player(command.player_id)
    check_phone_code(state, player, command.code)
    return _change(player, command.absent)


def _change(player: Player, absent: object) -> PresenceChanged:
    if player.busted:
        raise DomainError("ALREADY_OUT", name=player.name)
    if not isinstance(absent, bool):
        raise DomainError("BAD_ABSENT")
    if player.absent == absent:
        raise DomainError("ALREADY_ABSENT" if absent else "ALREADY_PRESENT", name=player.name)
    return PresenceChanged(player.id, absent)


@applies(PresenceChanged)
def _presence(state: Tournament, event: PresenceChanged) -> Tournament:
    return state.with_player(replace(state.player(event.player_id), absent=event.absent))
