"""A player's phone speaks for the player only with the player's own code (issue 12, HE-25)."""

from __future__ import annotations

import json

import pytest
from test_recorded_logs import replayed
from tournament_builders import T0, tournament

from tdapp.kernel.refusals import DomainError
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.ctx import Ctx
from tdapp.tournament.events import from_record
from tdapp.tournament.phone_codes import IssuePhoneCode
from tdapp.tournament.players import PlayerStatus
from tdapp.tournament.presence import SetAbsentFromPhone
from tdapp.tournament.registration import PlayerRegistered, RegisterPlayer
from tdapp.tournament.registry import apply, decide, replay, view


def test_registration_gives_each_player_a_six_digit_code_recorded_in_the_event():
    play = tournament(players=4)
    codes = [play.player(n).phone_code for n in range(1, 5)]
    assert all(len(code) == 6 and code.isdigit() for code in codes)
    assert len(set(codes)) == 4
    registered = [e for e in play.log if isinstance(e, PlayerRegistered)]
    assert [e.phone_code for e in registered] == codes
    assert [p.phone_code for p in replay(play.log).players] == codes


def test_a_late_entry_keeps_its_seat_draw_and_gets_a_code_TO_03():
    play = tournament(players=4, late_registration_until_level=2).at_level(1)
    found = play.do(RegisterPlayer("Late"))
    assert found.table is not None and found.phone_code is not None
    assert play.player(found.player_id).phone_code == found.phone_code


def test_a_registration_logged_before_codes_replays_without_a_code_until_the_ddt_issues_one():
    old = {
        "name": "PlayerRegistered",
        "version": 1,
        "payload": {
            "player_id": 1, "name": "Anna", "roster_id": None, "starting_stack": 5000,
            "bonus_chips": 0, "buy_in_cents": 2000, "table": None, "seat": None,
        },
    }
    assert from_record(old).phone_code is None
    state = replayed()
    assert all(p.phone_code is None for p in state.players)
    seated = next(p for p in state.players if p.status == PlayerStatus.SEATED)
    ctx = Ctx(T0, seed=7)
    with pytest.raises(DomainError) as refusal:
        decide(state, SetAbsentFromPhone(seated.id, True, "000000"), ctx)
    assert refusal.value.code == "PLAYER_CODE_WRONG"
    state = apply(state, decide(state, IssuePhoneCode(seated.id), ctx))
    code = state.player(seated.id).phone_code
    state = apply(state, decide(state, SetAbsentFromPhone(seated.id, True, code), ctx))
    assert state.player(seated.id).absent


def test_the_ddt_issues_a_code_to_a_player_who_has_none_and_renews_a_leaked_one():
    play = tournament(players=2)
    before = play.player(1).phone_code
    issued = play.do(IssuePhoneCode(1))
    assert issued.code != before and play.player(1).phone_code == issued.code
    play.refused(SetAbsentFromPhone(1, True, before), "PLAYER_CODE_WRONG")
    play.do(SetAbsentFromPhone(1, True, issued.code))
    assert play.player(1).status == PlayerStatus.ABSENT
    play.refused(IssuePhoneCode(9), "UNKNOWN_PLAYER")


def test_the_phone_needs_the_right_code_and_a_refusal_changes_nothing_HE_25():
    play = tournament(players=3)
    code = play.player(2).phone_code
    play.refused(SetAbsentFromPhone(2, True, ""), "PLAYER_CODE_REQUIRED")
    play.refused(SetAbsentFromPhone(2, True, "  "), "PLAYER_CODE_REQUIRED")
    play.refused(SetAbsentFromPhone(2, True, play.player(1).phone_code), "PLAYER_CODE_WRONG")
    play.do(SetAbsentFromPhone(2, True, f" {code[:3]} {code[3:]} "))  # spaces as typed
    assert play.player(2).status == PlayerStatus.ABSENT
    play.refused(SetAbsentFromPhone(2, True, code), "ALREADY_ABSENT")
    play.do(SetAbsentFromPhone(2, False, code))
    play.do(BustPlayer(2))
    play.refused(SetAbsentFromPhone(2, True, code), "ALREADY_OUT")


def test_the_club_can_turn_presence_from_the_phone_off():
    play = tournament(players=2, options={"phone_presence": "off"})
    play.refused(SetAbsentFromPhone(1, True, play.player(1).phone_code), "PHONE_PRESENCE_OFF")


def test_only_the_ddt_view_shows_the_codes():
    play = tournament(players=3)
    codes = {p.id: p.phone_code for p in play.state.players}
    td = view(play.state, play.now, "td")
    assert {row["id"]: row["phone_code"] for row in td["players"]} == codes
    public = json.dumps(view(play.state, play.now, "public"))
    assert "phone_code" not in public
    assert not any(code in public for code in codes.values())
