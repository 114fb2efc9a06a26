"""What the player and the DdT ask of the sign-ups; rules.py decides each one."""

from __future__ import annotations

from dataclasses import dataclass

from tdapp.tournament.signups.model import Membership


@dataclass(frozen=True)
class SignUp:
    """A player says "I'm coming". `membership` is what the club's member list says of the
    name, asked by the service when the night is for members only (None otherwise)."""

    name: str
    contact: str
    membership: Membership | None = None


@dataclass(frozen=True)
class CancelSignup:
    """The player's "I can't come", with the sign-up's code."""

    signup_id: int
    code: str


@dataclass(frozen=True)
class ApproveSignup:
    signup_id: int


@dataclass(frozen=True)
class DeclineSignup:
    signup_id: int


@dataclass(frozen=True)
class PromoteSignup:
    """A waitlisted (or pending) sign-up jumps the queue: confirmed when a place is free, else
    first in line."""

    signup_id: int


@dataclass(frozen=True)
class MoveDownSignup:
    """A called player who did not answer goes to the bottom of the waitlist."""

    signup_id: int


@dataclass(frozen=True)
class RemoveSignup:
    signup_id: int


@dataclass(frozen=True)
class ReleaseNoShows:
    """The confirmed sign-ups not checked in when registration closes give their places up."""
