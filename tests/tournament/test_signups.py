"""Sign-ups before the night (issue 30): places up to the cap, the waitlist in order, the DdT's
approve, decline, promote, move-down, remove and no-shows, members and guests, and check-in as a
registration."""

from __future__ import annotations

from datetime import timedelta

import pytest
from tournament_builders import T0, Play, settings

from tdapp.kernel.contacts import contact_key
from tdapp.kernel.refusals import DomainError
from tdapp.tournament.configure import ConfigureTournament, TournamentConfigured
from tdapp.tournament.events import from_record
from tdapp.tournament.journal import describe, render
from tdapp.tournament.registration import PlayerRegistered, RegisterPlayer, UnregisterPlayer
from tdapp.tournament.registry import replay
from tdapp.tournament.seating.opening_draw import DrawSeats
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
from tdapp.tournament.signups.model import SignupSettings
from tdapp.tournament.signups.telling import Moment, moments
from tdapp.tournament.touches import touches


class Night(Play):
    """A tournament taking sign-ups; `join(n)` signs players S1..Sn up."""

    def join(self, count: int, start: int = 1) -> list[int]:
        return [self.do(SignUp(f"S{n}", f"s{n}@example.com")).signup.id
                for n in range(start, start + count)]

    def status(self, signup_id: int) -> str:
        return self.state.signups.signup(signup_id).status

    @property
    def line(self) -> tuple[int, ...]:
        return self.state.signups.waitlist

    def code(self, signup_id: int) -> str:
        return self.state.signups.signup(signup_id).code

    def do(self, command):
        found = super().do(command)
        check_signups(self)
        return found


def check_signups(night: Play) -> None:
    """The line holds exactly the waitlisted sign-ups, once each; a check-in names its player."""
    signups = night.state.signups
    waiting = {s.id for s in signups if s.status == "waitlisted"}
    assert set(signups.waitlist) == waiting and len(signups.waitlist) == len(waiting)
    for signup in signups:
        if signup.player_id is not None:
            assert night.state.player(signup.player_id).name == signup.name


def night(cap: int = 30, **rules) -> Night:
    return Night(settings(signups=SignupSettings(cap=cap, **rules)))


def test_forty_sign_ups_for_a_cap_of_thirty_confirm_thirty_and_waitlist_ten_in_order():
    play = night(cap=30)
    ids = play.join(40)
    assert [play.status(i) for i in ids[:30]] == ["confirmed"] * 30
    assert [play.status(i) for i in ids[30:]] == ["waitlisted"] * 10
    assert [play.state.signups.position(i) for i in ids[30:]] == list(range(1, 11))
    assert play.state.signups.position(ids[0]) is None
    codes = [play.code(i) for i in ids]
    assert all(len(c) == 6 and c.isdigit() for c in codes) and len(set(codes)) > 35


def test_five_cancellations_promote_the_first_five_in_line_in_order():
    play = night(cap=30)
    ids = play.join(40)
    for cancelled in (ids[3], ids[7], ids[11], ids[15], ids[19]):
        ended = play.do(CancelSignup(cancelled, play.code(cancelled)))
        assert ended.status == "cancelled" and len(ended.promoted) == 1
    assert [play.status(i) for i in ids[30:35]] == ["confirmed"] * 5
    assert play.line == tuple(ids[35:])
    assert play.state.signups.confirmed == 30


def test_a_wrong_code_is_refused_exactly_like_an_unknown_sign_up():
    play = night(cap=2)
    first, _ = play.join(2)
    wrong = "000000" if play.code(first) != "000000" else "111111"
    refused = play.refused(CancelSignup(first, wrong), "UNKNOWN_SIGNUP")
    unknown = play.refused(CancelSignup(99, wrong), "UNKNOWN_SIGNUP")
    assert refused.params == {"signup_id": first} and unknown.params == {"signup_id": 99}
    play.refused(CancelSignup(first, ""), "UNKNOWN_SIGNUP")
    spaced = play.code(first)[:3] + " " + play.code(first)[3:]
    assert play.do(CancelSignup(first, spaced)).status == "cancelled"
    play.refused(CancelSignup(first, play.code(first)), "SIGNUP_ENDED")


def test_a_sign_up_needs_a_name_and_a_contact_of_the_right_shape():
    play = night()
    play.refused(SignUp("", "a@example.com"), "BAD_PLAYER_NAME")
    for contact in ("", "marco", "a@b", "@example.com", "12", "+39 abc", "x" * 200 + "@a.it",
                    "٣٣٣ ١٢٣ ٤٥٦٧", "333²1234567"):
        play.refused(SignUp("Anna", contact), "BAD_CONTACT")
    assert play.do(SignUp("  Anna   Rossi ", " +39 333 123 4567 ")).signup.name == "Anna Rossi"
    assert play.state.signups.signup(1).contact == "+39 333 123 4567"
    assert play.state.signups.signup(1).contact_key == "393331234567"


def test_the_same_contact_or_the_same_name_cannot_sign_up_twice():
    play = night()
    play.do(SignUp("Anna Rossi", "Anna@Example.com"))
    play.do(SignUp("Bruno", "333 1234567"))
    play.refused(SignUp("Other", "anna@example.com"), "DUPLICATE_SIGNUP")
    play.refused(SignUp("Other", "+39 333-123-4567"), "DUPLICATE_SIGNUP")
    refused = play.refused(SignUp("anna  ROSSI", "new@example.com"), "DUPLICATE_SIGNUP")
    assert refused.params == {"name": "Anna Rossi"}
    # Once cancelled, the same player may sign up again.
    play.do(CancelSignup(1, play.code(1)))
    assert play.do(SignUp("Anna Rossi", "anna@example.com")).signup.status == "confirmed"


def test_contacts_compare_as_one_whatever_the_spelling():
    assert contact_key("0039 333 1234567") == contact_key("+39 (333) 123-4567") == "393331234567"
    assert contact_key("333.1234567") == "393331234567"
    assert contact_key("ANNA@Example.IT") == "anna@example.it"


def test_sign_ups_are_open_only_in_their_window_and_before_the_start():
    play = night(opens_at=T0 + timedelta(hours=1), closes_at=T0 + timedelta(hours=3))
    play.refused(SignUp("Anna", "a@example.com"), "SIGNUPS_CLOSED")
    play.minutes_later(60)
    assert play.do(SignUp("Anna", "a@example.com")).signup.status == "confirmed"
    play.minutes_later(120)
    play.refused(SignUp("Bruno", "b@example.com"), "SIGNUPS_CLOSED")
    started = night()
    started.do(RegisterPlayer("P1"))
    started.do(RegisterPlayer("P2"))
    started.at_level(1)
    started.refused(SignUp("Carla", "c@example.com"), "SIGNUPS_CLOSED")
    off = Night(settings())
    off.refused(SignUp("Carla", "c@example.com"), "SIGNUPS_OFF")


def test_without_a_waitlist_a_full_tournament_refuses_sign_ups():
    play = night(cap=2, waitlist=False)
    play.join(2)
    play.refused(SignUp("S3", "s3@example.com"), "WAITLIST_FULL")


def test_with_approval_every_sign_up_waits_for_the_ddt_who_confirms_or_waitlists_it():
    play = night(cap=1, approval=True)
    first, second, third = play.join(3)
    assert [play.status(i) for i in (first, second, third)] == ["pending"] * 3
    assert play.do(ApproveSignup(first)).status == "confirmed"
    assert play.do(ApproveSignup(second)).status == "waitlisted"
    play.refused(ApproveSignup(second), "SIGNUP_NOT_PENDING")
    assert play.do(DeclineSignup(third)).promoted == ()
    assert play.status(third) == "declined"
    # Declining a confirmed one frees its place for the first in line.
    assert play.do(DeclineSignup(first)).promoted == (second,)
    assert play.status(second) == "confirmed"


def test_promote_confirms_when_a_place_is_free_else_puts_the_sign_up_first_in_line():
    play = night(cap=2)
    ids = play.join(5)
    play.refused(PromoteSignup(ids[0]), "SIGNUP_NOT_WAITING")
    assert play.do(PromoteSignup(ids[4])).confirmed is False
    assert play.line == (ids[4], ids[2], ids[3])
    play.refused(PromoteSignup(ids[4]), "SIGNUP_ALREADY_FIRST")
    play.do(ConfigureTournament(settings(signups=SignupSettings(cap=3))))
    assert play.status(ids[4]) == "confirmed"
    assert play.line == (ids[2], ids[3])
    # A pending sign-up takes a free place at once.
    waiting = night(cap=1, approval=True)
    first, second = waiting.join(2)
    assert waiting.do(PromoteSignup(second)).confirmed is True
    assert waiting.do(PromoteSignup(first)).confirmed is False
    assert waiting.line == (first,)


def test_move_down_sends_a_called_player_to_the_bottom_and_confirms_the_first_in_place():
    play = night(cap=2)
    ids = play.join(5)
    moved = play.do(MoveDownSignup(ids[0]))
    assert moved.promoted == (ids[2],)
    assert play.status(ids[2]) == "confirmed"
    assert play.line == (ids[3], ids[4], ids[0])
    play.do(MoveDownSignup(ids[3]))
    assert play.line == (ids[4], ids[0], ids[3])
    play.refused(MoveDownSignup(ids[3]), "SIGNUP_ALREADY_LAST")
    alone = night(cap=1)
    (only,) = alone.join(1)
    alone.refused(MoveDownSignup(only), "NOBODY_WAITING")


def test_a_removed_sign_up_frees_its_place_for_the_first_in_line():
    play = night(cap=1)
    first, second, third = play.join(3)
    assert play.do(RemoveSignup(first)).promoted == (second,)
    assert play.status(first) == "removed" and play.line == (third,)
    play.refused(RemoveSignup(first), "SIGNUP_ENDED")
    assert play.do(RemoveSignup(third)).promoted == ()


def test_raising_the_cap_confirms_the_first_in_line_in_order():
    play = night(cap=2)
    ids = play.join(6)
    configured = play.do(ConfigureTournament(settings(signups=SignupSettings(cap=5))))
    assert configured.signups_promoted == (ids[2], ids[3], ids[4])
    assert play.line == (ids[5],)
    # Lowering it takes no place back.
    play.do(ConfigureTournament(settings(signups=SignupSettings(cap=1))))
    assert play.state.signups.confirmed == 5


def test_check_in_registers_the_player_and_undoing_it_takes_the_check_in_back():
    play = night(cap=2)
    first, second, third = play.join(3)
    registered = play.do(RegisterPlayer("S1", signup_id=first))
    assert registered.signup_id == first
    assert play.state.signups.signup(first).player_id == registered.player_id
    play.refused(RegisterPlayer("S1 again", signup_id=first), "SIGNUP_CHECKED_IN")
    play.refused(RegisterPlayer("S3", signup_id=third), "SIGNUP_NOT_CONFIRMED")
    play.refused(RegisterPlayer("S3", signup_id=42), "UNKNOWN_SIGNUP")
    # The duplicate rule of registration applies to a check-in too.
    play.refused(RegisterPlayer("s1", signup_id=second), "DUPLICATE_PLAYER")
    play.refused(CancelSignup(first, play.code(first)), "SIGNUP_CHECKED_IN")
    assert replay(play.log[:-1]).signups.signup(first).player_id is None
    play.do(UnregisterPlayer(registered.player_id))
    assert play.state.signups.signup(first).player_id is None
    assert play.state.signups.signup(first).status == "confirmed"


def test_no_shows_are_released_once_registration_closes_promoting_nobody():
    play = night(cap=2)
    first, second, third = play.join(3)
    play.do(RegisterPlayer("S1", signup_id=first))
    play.do(RegisterPlayer("Walk-in"))
    play.refused(ReleaseNoShows(), "NO_SHOWS_TOO_EARLY")
    play.at_level(1)
    released = play.do(ReleaseNoShows())
    assert released.signup_ids == (second,)
    assert play.status(second) == "released" and play.status(third) == "waitlisted"
    play.refused(ReleaseNoShows(), "NO_NO_SHOWS")


def test_late_registration_keeps_the_no_shows_until_it_ends():
    play = Night(settings(late_registration_until_level=1, signups=SignupSettings(cap=2)))
    play.join(2)
    play.do(RegisterPlayer("S1", signup_id=1))
    play.do(RegisterPlayer("Walk-in"))
    play.at_level(1)
    play.refused(ReleaseNoShows(), "NO_SHOWS_TOO_EARLY")
    play.at_level(2)
    assert play.do(ReleaseNoShows()).signup_ids == (2,)


def test_a_night_for_members_only_refuses_strangers_unless_a_guest_fee_lets_them_in():
    play = night(members_only=True)
    play.refused(SignUp("Stranger", "x@example.com", membership="guest"), "NOT_A_MEMBER")
    play.refused(SignUp("Stranger", "x@example.com"), "NOT_A_MEMBER")
    assert play.do(SignUp("Anna", "a@example.com", membership="member")).signup.membership == "member"
    assert play.do(SignUp("Bruno", "b@example.com", membership="expired")).signup.membership == "expired"
    play.refused(RegisterPlayer("Stranger", membership="guest"), "NOT_A_MEMBER")
    play.refused(RegisterPlayer("Bruno", signup_id=2, membership="expired"), "MEMBERSHIP_EXPIRED")
    play.refused(RegisterPlayer("Bruno", signup_id=2, membership="expired", as_guest=True),
                 "MEMBERSHIP_EXPIRED")
    assert play.do(RegisterPlayer("Anna", signup_id=1, membership="member")).guest_fee_cents == 0
    # Renewed at the door: the sign-up is a member's from the check-in on.
    play.do(RegisterPlayer("Bruno", signup_id=2, membership="member"))
    assert play.state.signups.signup(2).membership == "member"


def test_a_guest_pays_the_guest_fee_to_the_house_outside_the_prize_pool():
    play = night(members_only=True, guest_fee_cents=500)
    assert play.do(SignUp("Guest", "g@example.com")).signup.membership == "guest"
    play.do(SignUp("Late member", "l@example.com", membership="expired"))
    play.refused(RegisterPlayer("Late member", signup_id=2, membership="expired"),
                 "MEMBERSHIP_EXPIRED_OR_GUEST")
    pool = play.state.ledger.money_in_cents
    guest = play.do(RegisterPlayer("Guest", signup_id=1, membership="guest"))
    assert guest.guest_fee_cents == 500
    assert play.state.ledger.fees_cents == 500
    assert play.state.ledger.money_in_cents == pool + guest.buy_in_cents
    renewed_late = play.do(RegisterPlayer("Late member", signup_id=2, membership="expired",
                                          as_guest=True))
    assert renewed_late.guest_fee_cents == 500
    play.do(UnregisterPlayer(guest.player_id))
    assert play.state.ledger.fees_cents == 500
    # On a night open to all, nobody pays a guest fee.
    open_night = night(guest_fee_cents=500)
    assert open_night.do(RegisterPlayer("Anyone", membership="guest")).guest_fee_cents == 0
    assert open_night.do(SignUp("Anyone", "a@example.com")).signup.membership is None


def test_sign_up_settings_are_checked():
    bad = (
        (SignupSettings(cap=0), "BAD_AMOUNT"),
        (SignupSettings(cap=10, guest_fee_cents=-1), "BAD_AMOUNT"),
        (SignupSettings(cap=10, opens_at=T0, closes_at=T0), "SIGNUPS_CLOSE_BEFORE_OPEN"),
        (SignupSettings(cap=10, opens_at=T0.replace(tzinfo=None)), "BAD_SETTING"),
        (SignupSettings(cap=19, tables=2), "CAP_ABOVE_SEATS"),
        (SignupSettings(cap=10, waitlist="yes"), "BAD_SETTING"),  # type: ignore[arg-type]
    )
    for rules, code in bad:
        with pytest.raises(DomainError) as refused:
            Night(settings(signups=rules))
        assert refused.value.code == code
    assert Night(settings(signups=SignupSettings(cap=18, tables=2))).state.settings.signups


def test_the_player_is_told_of_a_promotion_an_approval_a_refusal_and_the_seat_drawn():
    play = night(cap=1, approval=True)
    first, second, third = play.join(3)

    def told(command) -> tuple[Moment, ...]:
        before = play.state
        play.do(command)
        return moments(before, play.state)

    assert told(ApproveSignup(first)) == (Moment(first, "promoted"),)
    assert told(ApproveSignup(second)) == (Moment(second, "approved"),)
    assert told(DeclineSignup(third)) == (Moment(third, "declined"),)
    assert told(RemoveSignup(first)) == (Moment(first, "removed"), Moment(second, "promoted"))
    player = play.do(RegisterPlayer("S2", signup_id=second)).player_id
    assert told(RegisterPlayer("Other")) == ()
    drawn = told(DrawSeats())
    seat = play.state.player(player)
    assert drawn == (Moment(second, "seated", seat.table, seat.seat),)


def test_a_place_taken_back_a_removal_and_a_release_are_told_to_the_player_they_befall():
    """The contact hint promises an e-mail "when your place changes": losing a confirmed place
    is such a change, whether the DdT moved the sign-up down or undid its promotion."""
    play = night(cap=2)
    first, second, third, fourth = play.join(4)

    def told(command) -> tuple[Moment, ...]:
        before = play.state
        play.do(command)
        return moments(before, play.state)

    assert told(MoveDownSignup(first)) == (Moment(first, "waitlisted"), Moment(third, "promoted"))
    assert told(MoveDownSignup(fourth)) == ()  # a place in line moved: the page shows it
    assert play.line == (first, fourth)
    promoted = play.state
    assert told(CancelSignup(second, play.code(second))) == (Moment(first, "promoted"),)
    # The DdT's undo replays the log without the cancellation: the place goes back.
    undone = replay(play.log[:-1])
    assert undone.signups == promoted.signups
    assert moments(play.state, undone) == (Moment(first, "waitlisted"), Moment(second, "promoted"))
    assert told(RemoveSignup(first)) == (Moment(first, "removed"), Moment(fourth, "promoted"))
    play.do(RegisterPlayer("S3", signup_id=third))
    play.at_level(1)
    assert told(ReleaseNoShows()) == (Moment(fourth, "released"),)


def test_every_sign_up_event_reads_in_the_log_and_declares_what_it_touches():
    play = night(cap=1)
    first, second, _, fourth = play.join(4)
    before = play.state
    event = play.do(CancelSignup(first, play.code(first)))
    code, params = describe(event, before)
    assert render(code, params) == "S1 cancelled the sign-up; confirmed from the waitlist: S2"
    assert ("signup", second) in touches(event, before).changes
    before = play.state
    event = play.do(PromoteSignup(fourth))
    assert render(*describe(event, before)) == "S4 moved to the head of the waitlist"


def test_older_registrations_and_set_ups_replay_without_sign_ups():
    old = {"name": "PlayerRegistered", "version": 4, "payload": {
        "player_id": 1, "name": "Anna", "roster_id": None, "starting_stack": 5000,
        "bonus_chips": 0, "buy_in_cents": 2000, "table": None, "seat": None,
        "phone_code": "123456", "fee_cents": 0, "bounty_cents": 0, "gender": None}}
    upgraded = from_record(old)
    assert isinstance(upgraded, PlayerRegistered)
    assert upgraded.signup_id is None and upgraded.guest_fee_cents == 0
    assert upgraded.membership is None
    configured = from_record({"name": "TournamentConfigured", "version": 1,
                              "payload": {"settings": {"name": "Old"}}})
    assert isinstance(configured, TournamentConfigured)
    assert configured.signups_promoted == () and configured.settings.signups is None
