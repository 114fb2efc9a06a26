"""Sign-ups through the services on SQLite and PostgreSQL (issue 30): the cap and the waitlist,
cancellations promoting in order, refusals that store nothing, the brakes, the check-in as a
registration, undo by owner, and many sign-ups at once never confirming more than the cap."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

import pytest

from tdapp.kernel.refusals import DomainError
from tdapp.services import accounts, brakes, journal, roster, signups, tenancy, tournaments
from tdapp.tournament.clock.rules import StartClock
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.settings import Settings
from tdapp.tournament.signups.model import SignupSettings
from tdapp.tournament.signups.view import headcount
from tdapp.tournament.structure import Level, Structure

GENEROUS_SECONDS = 5


def evening(cap: int = 30, **rules) -> tuple[int, str]:
    """A tournament taking sign-ups for `cap` places: its id and slug."""
    settings = Settings(name="Lunedì", structure=Structure((Level(25, 50, 1200),)),
                        signups=SignupSettings(cap=cap, **rules))
    made = tournaments.create_tournament(settings, "marco")
    return made.id, made.slug


def join(slug: str, count: int, start: int = 1) -> list[signups.Made]:
    return [signups.sign_up(slug, f"Player {n}", f"p{n}@example.com", f"10.0.{n // 50}.{n % 50}")
            for n in range(start, start + count)]


def refused(action, code: str) -> DomainError:
    with pytest.raises(DomainError) as refusal:
        action()
    assert refusal.value.code == code, refusal.value
    return refusal.value


def test_forty_sign_ups_for_a_cap_of_thirty_confirm_thirty_and_waitlist_ten(app):
    tid, slug = evening(cap=30)
    made = join(slug, 40)
    assert [m.status for m in made] == ["confirmed"] * 30 + ["waitlisted"] * 10
    assert [m.position for m in made[30:]] == list(range(1, 11))
    assert all(m.position is None for m in made[:30])
    assert all(len(m.code) == 6 and m.code.isdigit() for m in made)
    assert headcount(tournaments.current(tid)) == {
        "confirmed": 30, "waitlisted": 10, "pending": 0, "checked_in": 0, "seats": 30}


def test_five_cancellations_promote_the_first_five_in_line_in_order(app):
    tid, slug = evening(cap=30)
    made = join(slug, 40)
    for gone in made[:5]:
        state = signups.cancel(slug, gone.id, gone.code)
    assert [state.signups.signup(m.id).status for m in made[30:35]] == ["confirmed"] * 5
    assert state.signups.waitlist == tuple(m.id for m in made[35:])
    owners = [e.owner for e in journal.entries(tid) if e.event == "SignupEnded"]
    assert owners == [f"phone:signup {m.id}" for m in reversed(made[:5])]


def test_each_refusal_is_a_clear_code_and_stores_nothing(app):
    tid, slug = evening(cap=1, waitlist=False)
    join(slug, 1)
    version = tournaments.current(tid).version
    refused(lambda: signups.sign_up(slug, "Other", "p1@example.com", "10.1.0.1"),
            "DUPLICATE_SIGNUP")
    refused(lambda: signups.sign_up(slug, "player  1", "new@example.com", "10.1.0.1"),
            "DUPLICATE_SIGNUP")
    refused(lambda: signups.sign_up(slug, "Other", "new@example.com", "10.1.0.1"),
            "WAITLIST_FULL")
    refused(lambda: signups.sign_up(slug, "Other", "not a contact", "10.1.0.1"), "BAD_CONTACT")
    refused(lambda: signups.sign_up("no-such-night", "Other", "a@example.com", "10.1.0.1"),
            "UNKNOWN_TOURNAMENT")
    tournaments.dispatch(tid, RegisterPlayer("A"), "marco")
    tournaments.dispatch(tid, RegisterPlayer("B"), "marco")
    tournaments.dispatch(tid, StartClock(), "marco")
    version = tournaments.current(tid).version
    refused(lambda: signups.sign_up(slug, "Late", "late@example.com", "10.1.0.1"),
            "SIGNUPS_CLOSED")
    assert tournaments.current(tid).version == version
    assert len(tournaments.current(tid).signups) == 1


def test_a_contact_signing_up_again_and_again_is_braked(app):
    _, slug = evening(cap=30)
    first = signups.sign_up(slug, "Anna", "anna@example.com", "10.2.0.1")
    for _ in range(2):
        signups.cancel(slug, first.id, first.code)
        first = signups.sign_up(slug, "Anna", "ANNA@example.com", "10.2.0.1")
    for _ in range(signups.CONTACT_BRAKE.threshold - 3):
        refused(lambda: signups.sign_up(slug, "Anna", "anna@example.com", "10.2.0.1"),
                "DUPLICATE_SIGNUP")
    wait = refused(lambda: signups.sign_up(slug, "Anna", "anna@example.com", "10.2.0.2"),
                   "SIGNUP_WAIT")
    assert wait.params["seconds"] > 0
    # Another player from the same address is not held up.
    assert signups.sign_up(slug, "Bruno", "bruno@example.com", "10.2.0.1").status == "confirmed"


def test_a_wrong_code_answers_like_an_unknown_sign_up_behind_the_phone_codes_brake(app):
    _, slug = evening(cap=30)
    (made,) = join(slug, 1)
    wrong = "000000" if made.code != "000000" else "111111"
    unknown = refused(lambda: signups.own_signup(slug, 99, made.code), "UNKNOWN_SIGNUP")
    bad = refused(lambda: signups.own_signup(slug, made.id, wrong), "UNKNOWN_SIGNUP")
    assert (unknown.params, bad.params) == ({"signup_id": 99}, {"signup_id": made.id})
    for _ in range(accounts.MAX_FAILURES - 1):
        refused(lambda: signups.cancel(slug, made.id, wrong), "UNKNOWN_SIGNUP")
    refused(lambda: signups.own_signup(slug, made.id, made.code), "SIGNUP_CODE_WAIT")
    brakes.clear()
    assert signups.own_signup(slug, made.id, made.code)[2].status == "confirmed"


def test_the_ddts_changes_each_make_an_event_owned_by_the_ddt(app):
    tid, slug = evening(cap=2, approval=True)
    made = join(slug, 4)
    assert {m.status for m in made} == {"pending"}
    signups.approve(tid, made[0].id, "marco")
    signups.promote(tid, made[1].id, "marco")
    signups.approve(tid, made[2].id, "marco")
    signups.decline(tid, made[3].id, "marco")
    state = signups.move_down(tid, made[0].id, "marco")
    assert state.signups.signup(made[2].id).status == "confirmed"
    assert state.signups.waitlist == (made[0].id,)
    state = signups.remove(tid, made[1].id, "marco")
    assert state.signups.signup(made[0].id).status == "confirmed"
    entries = journal.entries(tid)[:6]
    assert {e.owner for e in entries} == {"ddt"}


def test_check_in_registers_through_the_roster_in_one_event(app):
    tid, slug = evening(cap=3)
    roster.add_member("Player 2")
    made = join(slug, 3)
    before = tournaments.current(tid).version
    state = signups.check_in(tid, made[0].id, "marco")
    state = signups.check_in(tid, made[1].id, "marco")
    assert state.version == before + 2
    first, second = (state.signups.signup(m.id) for m in made[:2])
    assert state.player(first.player_id).name == "Player 1"
    by_name = {m.name: m.id for m in roster.members()}
    assert state.player(first.player_id).roster_id == by_name["Player 1"]
    assert state.player(second.player_id).roster_id == by_name["Player 2"]
    refused(lambda: signups.check_in(tid, made[0].id, "marco"), "SIGNUP_CHECKED_IN")
    assert [e.event for e in journal.entries(tid)[:2]] == ["PlayerRegistered"] * 2


def test_a_refused_check_in_adds_nobody_to_the_roster(app):
    tid, slug = evening(cap=3)
    made = join(slug, 1)
    tournaments.dispatch(tid, RegisterPlayer("Player 1"), "marco")
    refused(lambda: signups.check_in(tid, made[0].id, "marco"), "DUPLICATE_PLAYER")
    assert roster.members() == []
    state = signups.check_in(tid, made[0].id, "marco", same_name_ok=True)
    assert state.signups.signup(made[0].id).checked_in


def test_undo_by_owner_takes_back_a_check_in_and_a_cancellation(app):
    tid, slug = evening(cap=1)
    first, second = join(slug, 2)
    signups.cancel(slug, first.id, first.code)
    signups.check_in(tid, second.id, "marco")
    state = tournaments.undo(tid, "marco")
    assert not state.signups.signup(second.id).checked_in and len(state.players) == 0
    # The DdT's undo never takes back the player's own cancellation; the player's page can.
    refused(lambda: tournaments.undo(tid, "marco"), "NOTHING_TO_UNDO")
    state = tournaments.undo(tid, "Player 1", owner=signups.signup_owner(first.id))
    assert state.signups.signup(first.id).status == "confirmed"
    assert state.signups.signup(second.id).status == "waitlisted"


def test_check_in_of_thirty_in_a_row(app):
    """The issue asks for less than a second each: bench/signups.py measures it (some 6 ms on
    SQLite, 28 ms on PostgreSQL); here only a bound no loaded machine should reach."""
    tid, slug = evening(cap=30)
    made = join(slug, 30)
    for one in made:
        started = time.perf_counter()
        signups.check_in(tid, one.id, "marco")
        assert time.perf_counter() - started < GENEROUS_SECONDS
    state = tournaments.current(tid)
    assert len(state.players) == 30
    assert headcount(state)["checked_in"] == 30
    assert len(roster.members()) == 30


def test_three_hundred_sign_ups_from_ten_threads_never_confirm_more_than_the_cap(app):
    tid, slug = evening(cap=30)
    club = tenancy.current()
    failures: list[BaseException] = []

    def sign_up_many(thread: int) -> None:
        try:
            with app.app_context(), tenancy.in_club(club):
                for n in range(30):
                    number = thread * 30 + n
                    signups.sign_up(slug, f"Player {number}", f"p{number}@example.com",
                                    f"10.{thread}.0.{n}")
        except BaseException as failure:  # noqa: BLE001 - the test reports it below
            failures.append(failure)

    threads = [threading.Thread(target=sign_up_many, args=(t,)) for t in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    state = tournaments.current(tid)
    statuses = [s.status for s in state.signups]
    assert len(statuses) == 300
    assert statuses.count("confirmed") == 30
    assert statuses.count("waitlisted") == 270
    assert sorted(state.signups.waitlist) == [s.id for s in state.signups if s.status == "waitlisted"]


def test_raising_the_cap_in_the_settings_confirms_the_first_in_line(app):
    tid, slug = evening(cap=2)
    made = join(slug, 5)
    settings = tournaments.current(tid).settings
    rules = replace(settings.signups, cap=4)
    state = tournaments.dispatch(tid, ConfigureTournament(replace(settings, signups=rules)),
                                 "marco")
    assert [state.signups.signup(m.id).status for m in made] == (
        ["confirmed"] * 4 + ["waitlisted"])


@pytest.mark.parametrize("action", ["approve", "decline", "promote", "move_down", "remove",
                                    "check_in", "release_no_shows"])
def test_the_ddts_undo_takes_back_each_of_its_sign_up_actions(app, action):
    tid, slug = evening(cap=2, approval=True)
    made = join(slug, 4)
    signups.approve(tid, made[0].id, "marco")
    signups.approve(tid, made[1].id, "marco")
    signups.approve(tid, made[2].id, "marco")
    target = {"approve": made[3], "promote": made[3], "decline": made[0], "move_down": made[0],
              "remove": made[1], "check_in": made[0]}.get(action)
    if action == "release_no_shows":
        tournaments.dispatch(tid, RegisterPlayer("Walk-in"), "marco")
        signups.check_in(tid, made[0].id, "marco")
        tournaments.dispatch(tid, StartClock(), "marco")
    before = tournaments.current(tid).signups
    if target is None:
        signups.release_no_shows(tid, "marco")
    else:
        getattr(signups, action)(tid, target.id, "marco")
    assert tournaments.current(tid).signups != before
    assert tournaments.undo(tid, "marco").signups == before
