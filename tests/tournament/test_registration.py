"""Entries: register, unregister, late registration and re-entry (TO-03)."""

from __future__ import annotations

from tournament_builders import tournament

from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.chips import SetChips
from tdapp.tournament.hands.commands import StartHand
from tdapp.tournament.players import PlayerStatus
from tdapp.tournament.purchases import Rebuy
from tdapp.tournament.registration import ReEnterPlayer, RegisterPlayer, UnregisterPlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import RebuyRules, ReEntryRules


def test_players_register_from_the_roster_or_by_a_typed_name():
    play = tournament(players=0, buy_in_cents=2500)
    play.do(RegisterPlayer("Anna Rossi", roster_id=17))
    play.do(RegisterPlayer("  Walk-in  "))
    anna, walk_in = play.player(1), play.player(2)
    assert (anna.name, anna.roster_id, anna.status) == ("Anna Rossi", 17, PlayerStatus.REGISTERED)
    assert (walk_in.name, walk_in.roster_id) == ("Walk-in", None)
    assert walk_in.stack == walk_in.starting_stack == 5000
    assert play.state.ledger.buy_in_cents == 5000
    assert play.state.ledger.chips_issued == 10000


def test_a_roster_player_registers_once_and_a_name_is_required():
    play = tournament(players=0)
    play.do(RegisterPlayer("Anna Rossi", roster_id=17))
    play.refused(RegisterPlayer("Anna", roster_id=17), "ALREADY_REGISTERED")
    play.refused(RegisterPlayer("   "), "BAD_PLAYER_NAME")
    play.refused(RegisterPlayer("x" * 81), "BAD_PLAYER_NAME")
    play.refused(RegisterPlayer("Gino", bonus_chips=-1), "BAD_BONUS")


def test_unregistering_before_the_seat_draw_gives_the_buy_in_back():
    play = tournament(players=3, seats_drawn=False)
    play.do(UnregisterPlayer(2))
    assert [p.id for p in play.state.players] == [1, 3]
    assert play.state.ledger.entries == 2
    assert play.state.ledger.buy_in_cents == 2 * play.state.settings.buy_in_cents
    play.refused(UnregisterPlayer(2), "UNKNOWN_PLAYER")
    play.do(RegisterPlayer("Late"))
    assert play.player(4).name == "Late"  # ids are never reused


def test_a_seated_player_cannot_be_unregistered():
    play = tournament(players=3)
    play.refused(UnregisterPlayer(1), "ALREADY_SEATED")


def test_late_registration_closes_at_the_end_of_its_level_TO_03():
    play = tournament(players=4, late_registration_until_level=2).at_level(2)
    late = play.do(RegisterPlayer("Late"))
    assert late.table == 1 and late.seat is not None
    assert play.player(5).status == PlayerStatus.SEATED
    play.at_level(3)
    play.refused(RegisterPlayer("Too late"), "LATE_REGISTRATION_OVER")


def test_without_late_registration_entries_close_when_the_clock_starts():
    play = tournament(players=4).at_level(1)
    play.refused(RegisterPlayer("Late"), "REGISTRATION_CLOSED")


def test_a_late_entry_takes_a_random_open_seat_at_a_shortest_table_TO_03():
    play = tournament(players=10, seats_per_table=6, late_registration_until_level=3)
    play.at_level(1)
    sizes = {t: sum(1 for s in seats if s) for t, seats in play.state.tables.items()}
    assert sizes == {1: 5, 2: 5}
    play.do(BustPlayer(next(p for p in play.state.tables[1] if p is not None)))
    late = play.do(RegisterPlayer("Late"))
    assert late.table == 1


def test_a_late_entry_opens_a_new_table_when_every_seat_is_taken_TO_03():
    play = tournament(players=4, seats_per_table=2, late_registration_until_level=2).at_level(1)
    late = play.do(RegisterPlayer("Late"))
    assert late.table == 3
    assert play.state.tables[3][late.seat - 1] == 5


def test_re_entry_is_a_new_entry_with_a_full_stack_and_a_new_seat_not_a_rebuy_TO_03():
    rules = dict(
        re_entry=ReEntryRules(until_level=3, price_cents=2000),
        rebuy=RebuyRules(until_level=4, chips=5000, price_cents=1000),
    )
    play = tournament(players=6, **rules).at_level(1)
    play.do(Rebuy(1, stack=0))
    play.do(BustPlayer(1))
    assert play.player(1).place == 6
    play.do(ReEnterPlayer(1))
    player = play.player(1)
    assert player.entries == 2 and player.rebuys == 0 and player.place is None
    assert player.stack == player.starting_stack == 5000
    assert player.table is not None and player.status == PlayerStatus.SEATED
    ledger = play.state.ledger
    assert (ledger.re_entries, ledger.re_entry_cents, ledger.rebuys) == (1, 2000, 1)
    assert ledger.entries == 7


def test_re_entry_is_for_a_busted_player_within_its_levels_and_limit_TO_03():
    play = tournament(players=6, re_entry=ReEntryRules(2, 2000, max_entries=2)).at_level(1)
    play.refused(ReEnterPlayer(1), "NOT_BUSTED")
    play.do(BustPlayer(1))
    play.do(ReEnterPlayer(1))
    play.do(BustPlayer(1))
    play.refused(ReEnterPlayer(1), "RE_ENTRY_LIMIT")
    play.do(BustPlayer(2))
    play.at_level(3)
    play.refused(ReEnterPlayer(2), "RE_ENTRY_OVER")


def test_re_entry_with_chips_forfeits_them_and_they_leave_play_TO_03():
    play = tournament(players=6, re_entry=ReEntryRules(2, 2000)).at_level(1)
    play.do(SetChips(1, 3200))
    issued = play.state.ledger.chips_issued
    entered = play.do(ReEnterPlayer(1, forfeit=True))
    assert entered.forfeited_chips == 3200
    player = play.player(1)
    assert (player.entries, player.stack, player.place) == (2, 5000, None)
    ledger = play.state.ledger
    assert ledger.forfeited_chips == 3200
    assert ledger.chips_issued == issued + 5000 - 3200
    assert ledger.re_entries == 1 and play.state.players_left == 6


def test_re_entry_with_chips_waits_for_the_hand_at_the_table_to_end_TO_03():
    play = tournament(players=3, re_entry=ReEntryRules(2, 2000)).at_level(1)
    table = play.player(1).table
    play.do(StartHand(table))
    play.refused(ReEnterPlayer(1, forfeit=True), "TABLE_IN_HAND")


def test_without_re_entry_a_busted_player_stays_out():
    play = tournament(players=3).at_level(1)
    play.do(BustPlayer(1))
    play.refused(ReEnterPlayer(1), "RE_ENTRY_NOT_OFFERED")


def test_places_of_those_out_still_count_down_after_a_re_entry():
    play = tournament(players=6, re_entry=ReEntryRules(3, 2000)).at_level(1)
    play.do(BustPlayer(1))
    play.do(BustPlayer(2))
    assert (play.player(1).place, play.player(2).place) == (6, 5)
    play.do(ReEnterPlayer(1))
    assert play.player(2).place == 6
    play.do(BustPlayer(3))
    assert play.player(3).place == 5


def test_seat_draw_seats_late_registrations_made_before_it():
    play = tournament(players=3, seats_drawn=False)
    play.do(RegisterPlayer("Fourth"))
    play.do(DrawSeats())
    assert all(p.table is not None for p in play.state.players)


def test_the_same_name_is_refused_ignoring_case_accents_and_spaces():
    play = tournament(players=0)
    play.do(RegisterPlayer("Marco Rossi"))
    play.do(RegisterPlayer("Nicolò Bianchi", roster_id=4))
    for typed in ("Marco Rossi", "marco rossi", "  MARCO   ROSSI ", "MarcoRossi"):
        refusal = play.refused(RegisterPlayer(typed), "DUPLICATE_PLAYER")
        assert refusal.params == {"player_id": 1, "name": "Marco Rossi"}
    refusal = play.refused(RegisterPlayer("nicolo bianchi"), "DUPLICATE_PLAYER")
    assert refusal.params["player_id"] == 2
    assert play.state.ledger.entries == 2


def test_another_person_with_the_same_name_registers_when_the_ddt_says_so():
    play = tournament(players=0)
    play.do(RegisterPlayer("Marco Rossi"))
    play.do(RegisterPlayer("marco rossi", same_name_ok=True))
    assert [p.name for p in play.state.players] == ["Marco Rossi", "marco rossi"]
    play.refused(RegisterPlayer("Marco Rossi", same_name_ok="yes"), "DUPLICATE_PLAYER")


def test_a_busted_player_is_still_in_the_tournament_so_the_name_is_refused_TO_03():
    play = tournament(players=3)
    play.do(BustPlayer(3))
    play.refused(RegisterPlayer("p3"), "DUPLICATE_PLAYER")


def test_an_unregistered_name_can_register_again():
    play = tournament(players=2, seats_drawn=False)
    play.do(UnregisterPlayer(2))
    play.do(RegisterPlayer("P2"))
    assert play.player(3).name == "P2"


def test_the_other_person_with_the_name_keeps_it_when_one_unregisters():
    play = tournament(players=0)
    play.do(RegisterPlayer("Marco Rossi"))
    play.do(RegisterPlayer("marco rossi", same_name_ok=True))
    play.do(UnregisterPlayer(1))
    refusal = play.refused(RegisterPlayer("MARCO ROSSI"), "DUPLICATE_PLAYER")
    assert refusal.params == {"player_id": 2, "name": "marco rossi"}
    play.do(UnregisterPlayer(2))
    play.do(RegisterPlayer("Marco Rossi"))


def test_a_player_registers_with_a_gender_or_none_and_only_f_or_m():
    play = tournament(players=0)
    play.do(RegisterPlayer("Anna Neri", gender="f"))
    play.do(RegisterPlayer("Bruno Ferri", gender="m"))
    play.do(RegisterPlayer("Chris Lee"))
    assert [p.gender for p in play.state.players] == ["f", "m", None]
    for wrong in ("x", "F", "", 1):
        play.refused(RegisterPlayer("Dana Rui", gender=wrong), "BAD_GENDER")
    assert play.state.ledger.entries == 3


def test_a_registration_logged_before_genders_replays_with_none():
    from tdapp.tournament.events import from_record

    old = {"name": "PlayerRegistered", "version": 3, "payload": {
        "player_id": 1, "name": "Anna", "roster_id": None, "starting_stack": 5000,
        "bonus_chips": 0, "buy_in_cents": 2000, "table": None, "seat": None,
        "phone_code": None, "fee_cents": 0, "bounty_cents": 0}}
    assert from_record(old).gender is None
