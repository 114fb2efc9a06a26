"""A player's own phone marks them away or back (HE-25, HE-26), with their code and under a brake.

The rules (the feature on, the code right) are decided in tdapp/tournament/presence.py, so that a
refusal writes nothing. This module adds what the rules cannot know, per player and not per
address (an attacker has many addresses, a player has one code):
- at most `accounts.MAX_FAILURES` wrong typed codes in `accounts.FAILURE_WINDOW_SECONDS`, then
  every typed code waits (`PHONE_WAIT`); a code the browser session already proved right is not
  held up, so a stranger's guessing cannot lock the player out of their own button;
- at most as many presence changes in that window: 40 toggles cannot make 40 events.

Both counts live in `BRAKE`, kept in the database like the logins' brake, so that every process
of a hosted set-up counts the same attempts.
"""

from __future__ import annotations

from datetime import timedelta

from tdapp.kernel.refusals import DomainError, Plural, register_messages
from tdapp.services import accounts, brakes, tournaments
from tdapp.tournament.presence import SetAbsentFromPhone
from tdapp.tournament.state import Tournament
from tdapp.wallclock import utcnow

BRAKE = brakes.Brake(
    threshold=accounts.MAX_FAILURES,
    window=timedelta(seconds=accounts.FAILURE_WINDOW_SECONDS),
    lockout=timedelta(seconds=accounts.FAILURE_WINDOW_SECONDS),
    of_club=True,
)

ACTOR_PREFIX = "phone:"
"""A phone's events are logged with the actor `phone:<player id>`, which the log reads back."""

register_messages(
    {
        "PHONE_WAIT": Plural(
            "Too many attempts from this player's phone: try again in %(seconds)s second",
            "Too many attempts from this player's phone: try again in %(seconds)s seconds",
            "seconds"),
        "ACTOR_PHONE": "phone of %(player)s",
    }
)


def phone_actor(player_id: int) -> str:
    return f"{ACTOR_PREFIX}{player_id}"


def set_presence(
    tournament_id: int, player_id: int, absent: bool, code: str, *, remembered: bool
) -> Tournament:
    """The player's phone says away (`absent`) or back. `remembered` says the code comes from
    the browser session, where it was put after it was typed right once."""
    guesses = ("phone-code", f"{tournament_id}:{player_id}")
    changes = ("phone-presence", f"{tournament_id}:{player_id}")
    now = utcnow()
    wait = max(BRAKE.wait_seconds(changes, now), 0 if remembered else BRAKE.wait_seconds(guesses, now))
    if wait:
        raise DomainError("PHONE_WAIT", seconds=wait)
    command = SetAbsentFromPhone(player_id, absent, code)
    try:
        phone = phone_actor(player_id)
        state = tournaments.dispatch(tournament_id, command, actor=phone, owner=phone)
    except DomainError as refused:
        if refused.code == "PLAYER_CODE_WRONG" and not remembered:
            BRAKE.failed(guesses, now)
        raise
    BRAKE.failed(changes, now)  # the brake counts changes like failures: so many per window
    if not remembered:
        BRAKE.succeeded(guesses)
    return state
