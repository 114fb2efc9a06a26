"""Sign-ups as use cases: the player's own (sign up, look at it with its code, cancel) and the
DdT's (the list, approve, decline, promote, move down, remove, check in, release the no-shows).

Every change is one event through the tournament's log (tournaments.dispatch): the log's write
lock takes the sign-ups one at a time, so however many arrive at once no more are confirmed than
the cap. The player's events are owned by `phone:signup <id>`, the DdT's by the DdT.

What the rules cannot know is added here, in the database like every brake:
- sign-ups per client address and per contact, so that a script cannot fill the list;
- a sign-up's code typed wrong counts on the phone codes' brake (phones.BRAKE), per sign-up,
  and a wrong code is answered exactly as an unknown sign-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlmodel import Session

from tdapp.kernel.contacts import contact_key
from tdapp.kernel.refusals import DomainError, Plural, register_messages
from tdapp.services import brakes, phones, roster, tournaments
from tdapp.services.membership import membership_of
from tdapp.tournament.journal import SIGNUP_OWNER
from tdapp.tournament.registration import RegisterPlayer
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
from tdapp.tournament.signups.model import Signup
from tdapp.tournament.signups.rules import code_matches
from tdapp.tournament.state import Tournament
from tdapp.wallclock import utcnow

WINDOW = timedelta(minutes=15)
# A club's Wi-Fi puts every player in the room behind one address: generous per address, tight
# per contact (one player signs up once, and may cancel and come back a few times).
ADDRESS_BRAKE = brakes.Brake(threshold=60, window=WINDOW, lockout=WINDOW, of_club=True)
CONTACT_BRAKE = brakes.Brake(threshold=5, window=WINDOW, lockout=WINDOW, of_club=True)

register_messages(
    {
        "SIGNUP_WAIT": Plural(
            "Too many sign-ups from here: try again in %(seconds)s second",
            "Too many sign-ups from here: try again in %(seconds)s seconds",
            "seconds"),
        "SIGNUP_CODE_WAIT": Plural(
            "Too many wrong codes for this sign-up: try again in %(seconds)s second",
            "Too many wrong codes for this sign-up: try again in %(seconds)s seconds",
            "seconds"),
    }
)


def signup_owner(signup_id: int) -> str:
    """The owner of a sign-up's own events in the log: its page, like a player's phone."""
    return f"{phones.ACTOR_PREFIX}{SIGNUP_OWNER}{signup_id}"


@dataclass(frozen=True)
class Made:
    """A sign-up just made: what its player is told once (the code is never shown again)."""

    tournament_id: int
    id: int
    status: str
    position: int | None
    code: str


def sign_up(slug: str, name: object, contact: object, address: str) -> Made:
    """The player's sign-up on the tournament's public page. Refused (SIGNUPS_CLOSED,
    DUPLICATE_SIGNUP, NOT_A_MEMBER, WAITLIST_FULL, BAD_CONTACT, ...) with nothing stored."""
    tournament_id = tournaments.tournament_id_for_slug(slug)
    key = contact_key(contact)
    now = utcnow()
    by_address, by_contact = ("signup-address", address), ("signup-contact", key)
    wait = max(ADDRESS_BRAKE.wait_seconds(by_address, now),
               CONTACT_BRAKE.wait_seconds(by_contact, now))
    if wait:
        raise DomainError("SIGNUP_WAIT", seconds=wait)
    # Every attempt counts, refused or not: so many per window from one address or contact.
    ADDRESS_BRAKE.failed(by_address, now)
    CONTACT_BRAKE.failed(by_contact, now)
    settings = tournaments.current(tournament_id).settings
    membership = membership_of(settings, name) if isinstance(name, str) else None
    command = SignUp(name, contact, membership)  # type: ignore[arg-type]
    state = tournaments.dispatch_prepared(
        tournament_id, lambda session, before: command, actor=_player(name),
        owner=lambda event: signup_owner(event.signup.id))
    # The one standing sign-up with this contact: a second is refused as a duplicate.
    signup = next(s for s in state.signups if s.active and s.contact_key == key)
    return Made(tournament_id, signup.id, signup.status, state.signups.position(signup.id),
                signup.code)


def _player(name: object) -> str:
    return name.strip()[:120] if isinstance(name, str) else ""


def own_signup(slug: str, signup_id: int, code: object) -> tuple[int, Tournament, Signup]:
    """The sign-up its code opens, with its tournament: a wrong code is refused exactly as an
    unknown sign-up (UNKNOWN_SIGNUP), and counts on the phone codes' brake."""
    tournament_id = tournaments.tournament_id_for_slug(slug)
    guesses = ("signup-code", f"{tournament_id}:{signup_id}")
    now = utcnow()
    wait = phones.BRAKE.wait_seconds(guesses, now)
    if wait:
        raise DomainError("SIGNUP_CODE_WAIT", seconds=wait)
    state = tournaments.current(tournament_id)
    signup = state.signups.get(signup_id)
    if signup is None or not code_matches(signup, code):
        phones.BRAKE.failed(guesses, now)
        raise DomainError("UNKNOWN_SIGNUP", signup_id=signup_id)
    return tournament_id, state, signup


def cancel(slug: str, signup_id: int, code: object) -> Tournament:
    """The player's "I can't come": the place goes to the first in line at once."""
    tournament_id, _, signup = own_signup(slug, signup_id, code)
    owner = signup_owner(signup.id)
    return tournaments.dispatch(tournament_id, CancelSignup(signup.id, signup.code),
                                actor=signup.name, owner=owner)


# --- the DdT's side --------------------------------------------------------------------------


def signups(tournament_id: int) -> tuple[Tournament, list[Signup]]:
    """Every sign-up of the tournament, in the order made."""
    state = tournaments.current(tournament_id)
    return state, list(state.signups)


def approve(tournament_id: int, signup_id: int, actor: str) -> Tournament:
    return tournaments.dispatch(tournament_id, ApproveSignup(signup_id), actor)


def decline(tournament_id: int, signup_id: int, actor: str) -> Tournament:
    return tournaments.dispatch(tournament_id, DeclineSignup(signup_id), actor)


def promote(tournament_id: int, signup_id: int, actor: str) -> Tournament:
    return tournaments.dispatch(tournament_id, PromoteSignup(signup_id), actor)


def move_down(tournament_id: int, signup_id: int, actor: str) -> Tournament:
    return tournaments.dispatch(tournament_id, MoveDownSignup(signup_id), actor)


def remove(tournament_id: int, signup_id: int, actor: str) -> Tournament:
    return tournaments.dispatch(tournament_id, RemoveSignup(signup_id), actor)


def release_no_shows(tournament_id: int, actor: str) -> Tournament:
    return tournaments.dispatch(tournament_id, ReleaseNoShows(), actor)


def check_in(tournament_id: int, signup_id: int, actor: str, *, same_name_ok: bool = False,
             as_guest: bool = False) -> Tournament:
    """Registers the sign-up's player, as POST .../players does, in one transaction and one
    event: matched to the roster by name, or added to it (the duplicate rule of registration
    applies); the roster player keeps the sign-up's contact for their history. The member list
    is read afresh: a card renewed at the door counts at once."""

    def prepare(session: Session, state: Tournament) -> RegisterPlayer:
        signup = state.signups.to_check_in(signup_id)
        member = roster.named_or_added(session, signup.name)
        roster.keep_contact(session, member.id, signup.contact_key)
        return RegisterPlayer(member.name, roster_id=member.id, same_name_ok=same_name_ok,
                              gender=member.gender, signup_id=signup.id,
                              membership=membership_of(state.settings, signup.name, member.id),
                              as_guest=as_guest)

    return tournaments.dispatch_prepared(tournament_id, prepare, actor)
