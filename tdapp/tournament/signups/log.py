"""How the sign-ups' events stand in the log: what each touches (touches.py), so that undo and
revert know what depends on what, and the line the log reads (journal.py).

A status is given from the places taken and the line (`SIGNUPS`): every event that takes or
frees a place, or changes the line, changes it, and a sign-up reads it. So the DdT's undo of a
promotion is refused once a later sign-up was given its status with that place taken.
"""

from __future__ import annotations

from tdapp.kernel.refusals import Plural, register_messages
from tdapp.tournament.journal import Line, describes, promoting
from tdapp.tournament.signups.events import (
    NoShowsReleased,
    SignedUp,
    SignupApproved,
    SignupEnded,
    SignupMovedDown,
    SignupPromoted,
)
from tdapp.tournament.state import Tournament
from tdapp.tournament.touches import (
    IDS,
    SETTINGS,
    SIGNUPS,
    Thing,
    Touches,
    declares,
    signups_of,
)

register_messages(
    {
        "LOG_SIGNED_UP_CONFIRMED": "%(player)s signed up and has a place",
        "LOG_SIGNED_UP_WAITLISTED": "%(player)s signed up: waitlisted, number %(position)s",
        "LOG_SIGNED_UP_PENDING": "%(player)s signed up, waiting for approval",
        "LOG_SIGNUP_CANCELLED": "%(player)s cancelled the sign-up",
        "LOG_SIGNUP_DECLINED": "%(player)s's sign-up declined",
        "LOG_SIGNUP_REMOVED": "%(player)s's sign-up removed",
        "LOG_SIGNUP_APPROVED": "%(player)s's sign-up approved: a place",
        "LOG_SIGNUP_APPROVED_WAITLISTED": (
            "%(player)s's sign-up approved: waitlisted, number %(position)s"
        ),
        "LOG_SIGNUP_PROMOTED": "%(player)s confirmed from the waitlist",
        "LOG_SIGNUP_FIRST_IN_LINE": "%(player)s moved to the head of the waitlist",
        "LOG_SIGNUP_MOVED_DOWN": "%(player)s moved to the bottom of the waitlist",
        "LOG_NO_SHOWS": Plural("No-show released: %(players)s", "No-shows released: %(players)s",
                               "players"),
    }
)


def _touches(changes: list[Thing], reads: tuple[Thing, ...] | list[Thing] = ()) -> Touches:
    return Touches(frozenset(changes), frozenset(), frozenset(reads))


@declares(SignedUp)
def _signed_up(event: SignedUp, before: Tournament) -> Touches:
    # The next sign-up's id counts this one, like a player's.
    return _touches([("signup", event.signup.id), IDS, SIGNUPS], reads=[SIGNUPS, SETTINGS])


@declares(SignupEnded, SignupMovedDown)
def _ended(event: SignupEnded | SignupMovedDown, before: Tournament) -> Touches:
    changed = signups_of((event.signup_id, *event.promoted))
    return _touches([*changed, SIGNUPS], reads=[SETTINGS])


@declares(SignupApproved, SignupPromoted)
def _placed(event: SignupApproved | SignupPromoted, before: Tournament) -> Touches:
    return _touches([("signup", event.signup_id), SIGNUPS], reads=[SIGNUPS, SETTINGS])


@declares(NoShowsReleased)
def _released(event: NoShowsReleased, before: Tournament) -> Touches:
    return _touches([*signups_of(event.signup_ids), SIGNUPS])


def _name(before: Tournament, signup_id: int) -> str:
    return before.signups.signup(signup_id).name


@describes(SignedUp)
def _signed_up_line(event: SignedUp, before: Tournament) -> Line:
    signup = event.signup
    if signup.status == "waitlisted":
        position = len(before.signups.waitlist) + 1
        return "LOG_SIGNED_UP_WAITLISTED", {"player": signup.name, "position": position}
    code = "LOG_SIGNED_UP_PENDING" if signup.status == "pending" else "LOG_SIGNED_UP_CONFIRMED"
    return code, {"player": signup.name}


_ENDED = {
    "cancelled": "LOG_SIGNUP_CANCELLED",
    "declined": "LOG_SIGNUP_DECLINED",
    "removed": "LOG_SIGNUP_REMOVED",
}


@describes(SignupEnded)
def _ended_line(event: SignupEnded, before: Tournament) -> Line:
    line = _ENDED[event.status], {"player": _name(before, event.signup_id)}
    return promoting(line, before, event.promoted)


@describes(SignupApproved)
def _approved_line(event: SignupApproved, before: Tournament) -> Line:
    player = _name(before, event.signup_id)
    if event.status == "waitlisted":
        position = len(before.signups.waitlist) + 1
        return "LOG_SIGNUP_APPROVED_WAITLISTED", {"player": player, "position": position}
    return "LOG_SIGNUP_APPROVED", {"player": player}


@describes(SignupPromoted)
def _promoted_line(event: SignupPromoted, before: Tournament) -> Line:
    code = "LOG_SIGNUP_PROMOTED" if event.confirmed else "LOG_SIGNUP_FIRST_IN_LINE"
    return code, {"player": _name(before, event.signup_id)}


@describes(SignupMovedDown)
def _moved_down_line(event: SignupMovedDown, before: Tournament) -> Line:
    line = "LOG_SIGNUP_MOVED_DOWN", {"player": _name(before, event.signup_id)}
    return promoting(line, before, event.promoted)


@describes(NoShowsReleased)
def _released_line(event: NoShowsReleased, before: Tournament) -> Line:
    return "LOG_NO_SHOWS", {"players": [_name(before, i) for i in event.signup_ids]}
