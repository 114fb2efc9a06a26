"""What happened to the sign-ups. Each event records its outcome whole: the status given, the
code drawn, and the sign-ups a freed place confirmed, first in line first, so that replay
decides nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tdapp.tournament.events import event
from tdapp.tournament.signups.model import Signup


@event("SignedUp")
@dataclass(frozen=True)
class SignedUp:
    """The sign-up as made: its status confirmed, waitlisted (at the end of the line) or
    pending, its code drawn."""

    signup: Signup


@event("SignupEnded")
@dataclass(frozen=True)
class SignupEnded:
    """The player cancelled, the DdT declined or removed it; `promoted`, who took the place."""

    signup_id: int
    status: Literal["cancelled", "declined", "removed"]
    promoted: tuple[int, ...] = ()


@event("SignupApproved")
@dataclass(frozen=True)
class SignupApproved:
    """A pending sign-up approved: confirmed, or waitlisted when no place is free."""

    signup_id: int
    status: Literal["confirmed", "waitlisted"]


@event("SignupPromoted")
@dataclass(frozen=True)
class SignupPromoted:
    """Confirmed when a place was free (`confirmed`), else put first in line."""

    signup_id: int
    confirmed: bool


@event("SignupMovedDown")
@dataclass(frozen=True)
class SignupMovedDown:
    signup_id: int
    promoted: tuple[int, ...] = ()


@event("NoShowsReleased")
@dataclass(frozen=True)
class NoShowsReleased:
    signup_ids: tuple[int, ...]
