"""Members and guests on a night for members only (issue 30, item 6), through the services on
SQLite and PostgreSQL: the member list is read at the sign-up and afresh at the door, so a card
renewed there counts at once; a guest pays the guest fee to the house."""

from __future__ import annotations

from datetime import date

import pytest

from tdapp.kernel.refusals import DomainError
from tdapp.services import members, signups, tournaments
from tdapp.services.membership import membership_of
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.settings import Settings
from tdapp.tournament.signups.model import SignupSettings
from tdapp.tournament.structure import Level, Structure

NIGHT = date(2027, 3, 1)


def members_night(guest_fee_cents: int) -> tuple[int, str]:
    settings = Settings(name="Soci", date=NIGHT, structure=Structure((Level(25, 50, 1200),)),
                        signups=SignupSettings(cap=10, members_only=True,
                                               guest_fee_cents=guest_fee_cents))
    made = tournaments.create_tournament(settings, "marco")
    return made.id, made.slug


def refused(action, code: str) -> None:
    with pytest.raises(DomainError) as refusal:
        action()
    assert refusal.value.code == code, refusal.value


def test_an_expired_card_renewed_at_the_door_checks_in_as_a_member_and_a_guest_pays(app):
    tid, slug = members_night(guest_fee_cents=500)
    anna = members.create_member("Anna Rossi", "1024", valid_until=date(2020, 12, 31))
    members.create_member("Carla", "1025", valid_until=None)
    signed_anna = signups.sign_up(slug, "anna rossi", "anna@example.com", "10.0.0.1")
    signed_bruno = signups.sign_up(slug, "Bruno", "bruno@example.com", "10.0.0.2")
    signed_carla = signups.sign_up(slug, "Carla", "carla@example.com", "10.0.0.3")
    state = tournaments.current(tid)
    assert [state.signups.signup(s.id).membership
            for s in (signed_anna, signed_bruno, signed_carla)] == ["expired", "guest", "member"]

    refused(lambda: signups.check_in(tid, signed_anna.id, "marco"),
            "MEMBERSHIP_EXPIRED_OR_GUEST")
    members.update_member(anna.id, valid_until=date(2027, 12, 31))
    state = signups.check_in(tid, signed_anna.id, "marco")
    assert state.ledger.fees_cents == 0
    assert state.signups.signup(signed_anna.id).membership == "member"
    state = signups.check_in(tid, signed_bruno.id, "marco")
    state = signups.check_in(tid, signed_carla.id, "marco")
    assert state.ledger.fees_cents == 500
    guest = state.player(state.signups.signup(signed_bruno.id).player_id)
    assert guest.guest_fee_cents == 500


def test_without_a_guest_fee_a_stranger_can_neither_sign_up_nor_enter(app):
    tid, slug = members_night(guest_fee_cents=0)
    members.create_member("Anna Rossi", valid_until=NIGHT)
    refused(lambda: signups.sign_up(slug, "Stranger", "x@example.com", "10.0.0.4"),
            "NOT_A_MEMBER")
    assert len(tournaments.current(tid).signups) == 0
    assert signups.sign_up(slug, "Anna Rossi", "a@example.com", "10.0.0.4").status == "confirmed"
    settings = tournaments.current(tid).settings
    refused(lambda: tournaments.dispatch(
        tid, RegisterPlayer("Stranger", membership=membership_of(settings, "Stranger")),
        "marco"), "NOT_A_MEMBER")
