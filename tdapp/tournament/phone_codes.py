"""Phone codes: a player's own short code, the key to say "I am away" or "I am back" from the
phone (HE-25, HE-26, issue 12). Without it anyone who knows a player id could write to the log.

A code is six digits: the phone's numeric keypad comes up for it, nothing can be misread (no O
against 0, no I against 1, no case) and it is easy to say aloud at the table; a million choices
against a handful of guesses before the brake (tdapp/services/phones.py) makes guessing hopeless.

Registration draws the code from the event's chance (`ctx`) and records it in `PlayerRegistered`,
so replay gives the same code. Players registered before codes existed have none until the DdT
issues one with `IssuePhoneCode`, which also renews a code a player let slip; a re-entry keeps the
player's code. The club may turn the phone's away/back button off with the rule option
`phone_presence=off`.
"""

from __future__ import annotations

import hmac
import random
from dataclasses import dataclass, replace

from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import event
from tdapp.tournament.players import Player
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.settings import Settings, register_option
from tdapp.tournament.state import Tournament

CODE_DIGITS = 6

register_option("phone_presence", ("on", "off"), "on")


@dataclass(frozen=True)
class IssuePhoneCode:
    """The DdT gives the player a (new) code; the old one stops working."""

    player_id: int


@event("PhoneCodeIssued")
@dataclass(frozen=True)
class PhoneCodeIssued:
    player_id: int
    code: str


register_messages(
    {
        "PHONE_PRESENCE_OFF": "Marking yourself away from the phone is turned off: tell the "
        "tournament director",
        "PLAYER_CODE_REQUIRED": "Type your player code: the tournament director gives it to you",
        "PLAYER_CODE_WRONG": "That is not your player code: ask the tournament director for it",
    }
)


def draw_phone_code(rng: random.Random) -> str:
    """Six digits, leading zeros kept."""
    return "".join(str(rng.randrange(10)) for _ in range(CODE_DIGITS))


def phone_presence_on(settings: Settings) -> bool:
    return settings.option("phone_presence") == "on"


def check_phone_code(state: Tournament, player: Player, typed: object) -> None:
    """Refuses a phone that may not speak for `player`: the feature off, no code, a wrong one.
    Spaces and dashes a player types between the digits are ignored."""
    if not phone_presence_on(state.settings):
        raise DomainError("PHONE_PRESENCE_OFF")
    code = "".join(c for c in typed if c.isalnum()) if isinstance(typed, str) else ""
    if not code:
        raise DomainError("PLAYER_CODE_REQUIRED")
    # Compared in constant time, so that how long a refusal takes tells nothing about the code.
    if player.phone_code is None or not hmac.compare_digest(player.phone_code, code):
        raise DomainError("PLAYER_CODE_WRONG")


@decides(IssuePhoneCode)
def _issue(state: Tournament, command: IssuePhoneCode, ctx: Ctx) -> PhoneCodeIssued:
    player = state.player(command.player_id)
    rng = ctx.rng()
    code = draw_phone_code(rng)
    while code == player.phone_code:  # a renewal must change the code
        code = draw_phone_code(rng)
    return PhoneCodeIssued(player.id, code)


@applies(PhoneCodeIssued)
def _issued(state: Tournament, event: PhoneCodeIssued) -> Tournament:
    return state.with_player(replace(state.player(event.player_id), phone_code=event.code))
