"""The rules of the sign-ups: decide and apply.

A place freed (a cancellation, a removal, a decline or a move-down of a confirmed sign-up, a cap
raised) confirms the first in line at once; releasing the no-shows promotes nobody, since nobody
can enter any more. Promoting confirms when a place is free, else puts the sign-up first in line.
A sign-up's code is drawn from the event's chance like a phone code, and a wrong code is refused
exactly like an unknown sign-up, so that guessing learns nothing.
"""

from __future__ import annotations

import hmac
from dataclasses import replace
from datetime import datetime

from tdapp.kernel.contacts import contact_key, tidied_contact
from tdapp.kernel.names import fits, same_name_key, tidied
from tdapp.kernel.refusals import DomainError, register_messages
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.phone_codes import draw_phone_code
from tdapp.tournament.registration import MAX_NAME, registration_open
from tdapp.tournament.registry import applies, decides
from tdapp.tournament.signups.commands import (
    ApproveSignup,
    CancelSignup,
    DeclineSignup,
    MoveDownSignup,
    PromoteSignup,
    ReleaseNoShows,
    RemoveSignup,
    SignUp,
)
from tdapp.tournament.signups.events import (
    NoShowsReleased,
    SignedUp,
    SignupApproved,
    SignupEnded,
    SignupMovedDown,
    SignupPromoted,
)
from tdapp.tournament.signups.membership import signing_up_as
from tdapp.tournament.signups.model import Signup, Signups, SignupSettings, Status
from tdapp.tournament.state import Tournament

register_messages(
    {
        "SIGNUPS_OFF": "This tournament takes no sign-ups",
        "SIGNUPS_CLOSED": "Sign-ups for this tournament are closed",
        "DUPLICATE_SIGNUP": "%(name)s is already signed up for this tournament",
        "WAITLIST_FULL": "Every place is taken and this tournament keeps no waitlist",
        "SIGNUP_ENDED": "This sign-up is no longer standing",
        "SIGNUP_NOT_PENDING": "%(name)s's sign-up is not waiting for approval",
        "SIGNUP_NOT_WAITING": "%(name)s is neither waitlisted nor waiting for approval",
        "SIGNUP_ALREADY_FIRST": "%(name)s is already first in line and no place is free",
        "SIGNUP_NOT_MOVABLE": "Only a confirmed or waitlisted sign-up goes down the waitlist",
        "SIGNUP_ALREADY_LAST": "%(name)s is already last in line",
        "NOBODY_WAITING": "Nobody is on the waitlist to take %(name)s's place",
        "NO_SHOWS_TOO_EARLY": "No-shows are released once registration has closed",
        "NO_NO_SHOWS": "Every confirmed player is checked in",
    }
)


def rules_of(state: Tournament) -> SignupSettings:
    if state.settings.signups is None:
        raise DomainError("SIGNUPS_OFF")
    return state.settings.signups


def promoted_after(state: Tournament, signups: Signups) -> tuple[int, ...]:
    """Who a change to `signups` lets in: the first in line, one per place it freed."""
    return signups.first_in_line(state.settings.signups)


def standing(signups: Signups, signup_id: object) -> Signup:
    """A sign-up still standing and not checked in: what the player or the DdT may change."""
    signup = signups.signup(signup_id)
    if signup.checked_in:
        raise DomainError("SIGNUP_CHECKED_IN", name=signup.name)
    if not signup.active:
        raise DomainError("SIGNUP_ENDED")
    return signup


def code_matches(signup: Signup, typed: object) -> bool:
    """The code typed, spaces and dashes aside, compared in constant time."""
    code = "".join(c for c in typed if c.isalnum()) if isinstance(typed, str) else ""
    return bool(code) and hmac.compare_digest(signup.code, code)


def taking_signups(state: Tournament, now: datetime) -> bool:
    """Whether a player may sign up now (the public page shows its form only then)."""
    if state.settings.signups is None:
        return False
    try:
        _check_open(state, state.settings.signups, now)
    except DomainError:
        return False
    return True


def _check_open(state: Tournament, settings: SignupSettings, now: datetime) -> None:
    """Open between `opens_at` and `closes_at`, and never once play has started or ended."""
    if state.clock.started or state.finished:
        raise DomainError("SIGNUPS_CLOSED")
    if settings.opens_at is not None and now < settings.opens_at:
        raise DomainError("SIGNUPS_CLOSED")
    if settings.closes_at is not None and now >= settings.closes_at:
        raise DomainError("SIGNUPS_CLOSED")


def _check_new(signups: Signups, name: str, key: str) -> None:
    """The same contact, or the same name as registration compares names, signed up twice."""
    name_key = same_name_key(name)
    for other in signups:
        if other.active and (other.contact_key == key or same_name_key(other.name) == name_key):
            raise DomainError("DUPLICATE_SIGNUP", name=other.name)


def _place_for(signups: Signups, settings: SignupSettings) -> Status:
    """Confirmed while places are left, else waitlisted; refused with no waitlist."""
    if signups.confirmed < settings.cap:
        return "confirmed"
    if settings.waitlist:
        return "waitlisted"
    raise DomainError("WAITLIST_FULL")


@decides(SignUp, in_play_only=True)
def _sign_up(state: Tournament, command: SignUp, ctx: Ctx) -> SignedUp:
    settings = rules_of(state)
    _check_open(state, settings, ctx.now)
    name = tidied(command.name)
    if not fits(name, MAX_NAME):
        raise DomainError("BAD_PLAYER_NAME", max=MAX_NAME)
    key = contact_key(command.contact)
    _check_new(state.signups, name, key)
    membership = signing_up_as(state.settings, name, command.membership)
    status = _place_for(state.signups, settings)
    if settings.approval:
        status = "pending"
    return SignedUp(Signup(
        id=state.signups.next_id,
        name=name,
        contact=tidied_contact(command.contact),
        contact_key=key,
        status=status,
        code=draw_phone_code(ctx.rng()),
        made_at=ctx.now,
        membership=membership,
    ))


@applies(SignedUp)
def _signed_up(state: Tournament, event: SignedUp) -> Tournament:
    signup = event.signup
    signups = state.signups.put(signup)
    if signup.status == "waitlisted":
        signups = signups.queued(signup.id)
    return replace(state, signups=signups)


@decides(CancelSignup, in_play_only=True)
def _cancel(state: Tournament, command: CancelSignup, ctx: Ctx) -> SignupEnded:
    signup = state.signups.signup(command.signup_id)
    if not code_matches(signup, command.code):
        raise DomainError("UNKNOWN_SIGNUP", signup_id=command.signup_id)
    return _ended(state, standing(state.signups, signup.id), "cancelled")


@decides(DeclineSignup, in_play_only=True)
def _decline(state: Tournament, command: DeclineSignup, ctx: Ctx) -> SignupEnded:
    return _ended(state, standing(state.signups, command.signup_id), "declined")


@decides(RemoveSignup, in_play_only=True)
def _remove(state: Tournament, command: RemoveSignup, ctx: Ctx) -> SignupEnded:
    return _ended(state, standing(state.signups, command.signup_id), "removed")


def _ended(state: Tournament, signup: Signup, status: Status) -> SignupEnded:
    after = state.signups.with_status(signup.id, status)
    return SignupEnded(signup.id, status, promoted_after(state, after))  # type: ignore[arg-type]


@applies(SignupEnded)
def _signup_ended(state: Tournament, event: SignupEnded) -> Tournament:
    signups = state.signups.with_status(event.signup_id, event.status)
    return replace(state, signups=signups.confirming(event.promoted))


@decides(ApproveSignup, in_play_only=True)
def _approve(state: Tournament, command: ApproveSignup, ctx: Ctx) -> SignupApproved:
    settings = rules_of(state)
    signup = standing(state.signups, command.signup_id)
    if signup.status != "pending":
        raise DomainError("SIGNUP_NOT_PENDING", name=signup.name)
    status = _place_for(state.signups, settings)
    return SignupApproved(signup.id, status)  # type: ignore[arg-type]


@applies(SignupApproved)
def _approved(state: Tournament, event: SignupApproved) -> Tournament:
    if event.status == "waitlisted":
        return replace(state, signups=state.signups.queued(event.signup_id))
    return replace(state, signups=state.signups.with_status(event.signup_id, "confirmed"))


@decides(PromoteSignup, in_play_only=True)
def _promote(state: Tournament, command: PromoteSignup, ctx: Ctx) -> SignupPromoted:
    settings = rules_of(state)
    signup = standing(state.signups, command.signup_id)
    if signup.status not in ("waitlisted", "pending"):
        raise DomainError("SIGNUP_NOT_WAITING", name=signup.name)
    if state.signups.confirmed < settings.cap:
        return SignupPromoted(signup.id, confirmed=True)
    if state.signups.position(signup.id) == 1:
        raise DomainError("SIGNUP_ALREADY_FIRST", name=signup.name)
    if signup.status == "pending" and not settings.waitlist:
        raise DomainError("WAITLIST_FULL")
    return SignupPromoted(signup.id, confirmed=False)


@applies(SignupPromoted)
def _promoted(state: Tournament, event: SignupPromoted) -> Tournament:
    if event.confirmed:
        return replace(state, signups=state.signups.with_status(event.signup_id, "confirmed"))
    return replace(state, signups=state.signups.queued(event.signup_id, first=True))


@decides(MoveDownSignup, in_play_only=True)
def _move_down(state: Tournament, command: MoveDownSignup, ctx: Ctx) -> SignupMovedDown:
    signups = state.signups
    signup = standing(signups, command.signup_id)
    if signup.status == "waitlisted":
        if signups.waitlist[-1] == signup.id:
            raise DomainError("SIGNUP_ALREADY_LAST", name=signup.name)
        return SignupMovedDown(signup.id)
    if signup.status != "confirmed":
        raise DomainError("SIGNUP_NOT_MOVABLE")
    # The first in line takes the place before the one moved down joins the line behind them.
    promoted = promoted_after(state, signups.with_status(signup.id, "removed"))
    if not promoted:
        raise DomainError("NOBODY_WAITING", name=signup.name)
    return SignupMovedDown(signup.id, promoted)


@applies(SignupMovedDown)
def _moved_down(state: Tournament, event: SignupMovedDown) -> Tournament:
    signups = state.signups.confirming(event.promoted)
    return replace(state, signups=signups.queued(event.signup_id))


@decides(ReleaseNoShows, in_play_only=True)
def _release(state: Tournament, command: ReleaseNoShows, ctx: Ctx) -> NoShowsReleased:
    rules_of(state)
    if not state.clock.started or registration_open(state, ctx.now):
        raise DomainError("NO_SHOWS_TOO_EARLY")
    missing = tuple(s.id for s in state.signups if s.status == "confirmed" and not s.checked_in)
    if not missing:
        raise DomainError("NO_NO_SHOWS")
    return NoShowsReleased(missing)


@applies(NoShowsReleased)
def _released(state: Tournament, event: NoShowsReleased) -> Tournament:
    signups = state.signups
    for signup_id in event.signup_ids:
        signups = signups.with_status(signup_id, "released")
    return replace(state, signups=signups)
