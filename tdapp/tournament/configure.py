"""Setting the tournament up, and changing its settings while that is still fair."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tdapp.kernel.events import adds
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import event, upgrades
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.settings import Settings, follow_entry, validate
from tdapp.tournament.state import Tournament


@dataclass(frozen=True)
class ConfigureTournament:
    """Creates the tournament, or replaces its settings."""

    settings: Settings


@event("TournamentConfigured", version=2)
@dataclass(frozen=True)
class TournamentConfigured:
    """`signups_promoted`: the waitlisted sign-ups the new settings confirm (a cap raised frees
    places for the first in line)."""

    settings: Settings
    signups_promoted: tuple[int, ...] = ()


# Configured before sign-ups: nobody waited in line.
upgrades("TournamentConfigured", from_version=1)(adds(signups_promoted=()))


register_messages(
    {
        "SETTING_LOCKED": (
            "%(field)s cannot change once players are registered: it decides what they paid"
            " and the chips they got"
        ),
        "SEATS_LOCKED": "Seats per table cannot change once seats are drawn",
    }
)

# What a registered player paid for and received; changing it would rewrite the ledger.
_LOCKED_ONCE_REGISTERED = ("buy_in_cents", "fee_cents", "bounty", "starting_stack")


@decides(ConfigureTournament, before_creation=True)
def _configure(state: Tournament, command: ConfigureTournament, ctx: Ctx) -> TournamentConfigured:
    settings = command.settings
    validate(settings)
    settings = follow_entry(settings)
    validate(settings)  # the amounts taken from the stack and buy-in meet the same rules
    if state.ledger.entries:
        for name in _LOCKED_ONCE_REGISTERED:
            if getattr(settings, name) != getattr(state.settings, name):
                raise DomainError("SETTING_LOCKED", field=name)
    if state.seats_drawn and settings.seats_per_table != state.settings.seats_per_table:
        raise DomainError("SEATS_LOCKED")
    return TournamentConfigured(settings, state.signups.first_in_line(settings.signups))


@applies(TournamentConfigured)
def _configured(state: Tournament, event: TournamentConfigured) -> Tournament:
    signups = state.signups.confirming(event.signups_promoted)
    return replace(state, created=True, settings=event.settings, signups=signups)
