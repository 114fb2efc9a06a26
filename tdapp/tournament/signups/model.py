"""The sign-ups of one tournament, and its sign-up settings.

Imported by state.py and settings.py, so it imports neither: the tournament's `signups` field and
the settings' `signups` part are built from these classes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Literal

from tdapp.kernel.refusals import DomainError, register_messages

Status = Literal["pending", "confirmed", "waitlisted", "declined", "cancelled", "removed",
                 "released"]
Membership = Literal["member", "expired", "guest"]

ACTIVE: frozenset[str] = frozenset({"pending", "confirmed", "waitlisted"})
"""A sign-up still standing: it holds a place, a place in the queue, or waits for the DdT."""


@dataclass(frozen=True)
class SignupSettings:
    """Sign-ups open from `opens_at` to `closes_at` (aware, UTC; None: from the set-up, until
    the start) for `cap` places; past the cap a `waitlist`, or a refusal. With `approval` every
    sign-up waits for the DdT. `members_only` turns away who is not a member of the club, unless
    a `guest_fee_cents` lets them in as a guest. `tables`: the tables the room has for the night,
    when said, bound the cap to their seats."""

    cap: int
    opens_at: datetime | None = None
    closes_at: datetime | None = None
    waitlist: bool = True
    approval: bool = False
    members_only: bool = False
    guest_fee_cents: int = 0
    tables: int | None = None


@dataclass(frozen=True)
class Signup:
    """One player's sign-up. `contact` as typed (tidied), `contact_key` the form that compares
    (tdapp/kernel/contacts.py); `code` manages this sign-up and nothing else; `membership` is
    None when the tournament does not ask; `player_id` is set by the check-in."""

    id: int
    name: str
    contact: str
    contact_key: str
    status: Status
    code: str
    made_at: datetime
    membership: Membership | None = None
    player_id: int | None = None

    @property
    def active(self) -> bool:
        return self.status in ACTIVE

    @property
    def checked_in(self) -> bool:
        return self.player_id is not None


@dataclass(frozen=True)
class Signups:
    """Every sign-up by id (1, 2, ... in the order made) and the waitlist, first in line first."""

    by_id: Mapping[int, Signup] = field(default_factory=dict)
    waitlist: tuple[int, ...] = ()

    def __iter__(self) -> Iterator[Signup]:
        return iter(self.by_id.values())

    def __len__(self) -> int:
        return len(self.by_id)

    @property
    def next_id(self) -> int:
        return len(self.by_id) + 1

    @property
    def confirmed(self) -> int:
        """The places taken: confirmed sign-ups, checked in or not."""
        return sum(1 for s in self.by_id.values() if s.status == "confirmed")

    @property
    def checked_in(self) -> int:
        return sum(1 for s in self.by_id.values() if s.checked_in)

    def get(self, signup_id: object) -> Signup | None:
        return self.by_id.get(signup_id) if isinstance(signup_id, int) else None  # type: ignore[call-overload]

    def signup(self, signup_id: object) -> Signup:
        """The sign-up with that id, or the refusal a stranger gets."""
        found = self.get(signup_id)
        if found is None:
            raise DomainError("UNKNOWN_SIGNUP", signup_id=signup_id)
        return found

    def position(self, signup_id: int) -> int | None:
        """1 for the first in line; None for a sign-up not on the waitlist."""
        try:
            return self.waitlist.index(signup_id) + 1
        except ValueError:
            return None

    def put(self, signup: Signup) -> Signups:
        return replace(self, by_id={**self.by_id, signup.id: signup})

    def with_status(self, signup_id: int, status: Status) -> Signups:
        """The sign-up in `status`, out of the waitlist (put it back with `queued`)."""
        signups = self.put(replace(self.by_id[signup_id], status=status))
        return replace(signups, waitlist=tuple(i for i in self.waitlist if i != signup_id))

    def queued(self, signup_id: int, first: bool = False) -> Signups:
        """The sign-up waitlisted, at the end of the line or (`first`) at its head."""
        signups = self.with_status(signup_id, "waitlisted")
        line = (signup_id, *signups.waitlist) if first else (*signups.waitlist, signup_id)
        return replace(signups, waitlist=line)

    def confirming(self, signup_ids: tuple[int, ...]) -> Signups:
        signups = self
        for signup_id in signup_ids:
            signups = signups.with_status(signup_id, "confirmed")
        return signups

    def checked_in_as(self, signup_id: int, player_id: int | None,
                      membership: Membership | None = None) -> Signups:
        """Checked in as `player_id` (None: the check-in taken back), with the membership the
        door found when it says one (a card renewed there is a member's from then on)."""
        signup = self.by_id[signup_id]
        return self.put(replace(signup, player_id=player_id,
                                membership=membership or signup.membership))

    def of_player(self, player_id: int) -> Signup | None:
        return next((s for s in self.by_id.values() if s.player_id == player_id), None)

    def first_in_line(self, settings: SignupSettings | None) -> tuple[int, ...]:
        """The waitlisted sign-ups the free places confirm, first in line first: a place freed
        (or a cap raised) goes to the first in line at once."""
        free = 0 if settings is None else settings.cap - self.confirmed
        return self.waitlist[: max(free, 0)]

    def to_check_in(self, signup_id: object) -> Signup:
        """The sign-up a check-in registers: confirmed, and not checked in already."""
        signup = self.signup(signup_id)
        if signup.checked_in:
            raise DomainError("SIGNUP_CHECKED_IN", name=signup.name)
        if signup.status != "confirmed":
            raise DomainError("SIGNUP_NOT_CONFIRMED", name=signup.name)
        return signup


register_messages(
    {
        "UNKNOWN_SIGNUP": "There is no sign-up %(signup_id)s",
        "SIGNUP_CHECKED_IN": "%(name)s is already checked in",
        "SIGNUP_NOT_CONFIRMED": "%(name)s's sign-up is not confirmed: promote it first",
    }
)
