"""The night's schedule (LG-07) and its telesina rounds (TS-08), at fixed times."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from tdapp.league.results import NightKind
from tdapp.league.schedule import (
    Hand,
    Mark,
    Phase,
    Recorded,
    TableHands,
    TelesinaPlayed,
    night_times,
    schedule,
)

ROME = ZoneInfo("Europe/Rome")
MONDAY = datetime(2026, 11, 30, 19, 40, tzinfo=ROME)  # the tables open before 20:00


def at(hh: int, mm: int) -> datetime:
    return MONDAY.replace(hour=hh, minute=mm)


def hand(minute: datetime, dealer: int, *, opened: bool = True, giri: bool = False,
         over: bool = True, passed: bool = True, vestito: bool = False) -> Hand:
    return Hand(minute, dealer, giri, over, opened, passed, vestito)


def table(hands: list[Hand], *, seats: tuple[int, ...] = (1, 2, 3, 4, 5), next_dealer: int = 1,
          pot_live: bool = False, rounds: tuple[TelesinaPlayed, ...] = ()) -> TableHands:
    return TableHands("A", seats, next_dealer, pot_live, tuple(hands), rounds)


def telesina(minute: datetime, dealer: int, *, giri: bool = False, played: int = 5,
             over: bool = True) -> TelesinaPlayed:
    """A round of secca played at the table's console, five hands when over."""
    return TelesinaPlayed(minute, giri, "secca", dealer, played, 5, over)


def one(hands: list[Hand], now: datetime, recorded: tuple[Recorded, ...] = (), *,
        kind: NightKind = NightKind.REGULAR, **kw):
    times = night_times(MONDAY, kind, ROME)
    return schedule(times, kind, [table(hands, **kw)], recorded, now).tables[0]


def test_the_night_starts_at_20_and_the_giri_are_due_at_23_LG_07():
    times = night_times(MONDAY, NightKind.REGULAR, ROME)
    assert times.start == at(20, 0) and times.giri_at == at(23, 0) and not times.late


def test_a_start_at_20_10_moves_the_giri_to_23_10_LG_07():
    times = night_times(at(20, 10), NightKind.REGULAR, ROME)
    assert times.giri_at == at(23, 10) and not times.late


def test_a_late_start_keeps_the_giri_at_23_15_at_the_latest_LG_07():
    times = night_times(at(20, 40).astimezone(UTC), NightKind.REGULAR, ROME)
    assert times.late
    assert times.giri_at == at(23, 15)


def test_the_final_starts_at_18_and_plays_four_hours_LG_06():
    times = night_times(at(17, 50), NightKind.FINAL, ROME)
    assert times.start == at(18, 0) and times.giri_at == at(22, 0)


def test_before_the_start_and_during_play_no_round_is_on():
    assert one([], at(19, 50)).phase is Phase.BEFORE_START
    played = one([hand(at(20, 5), 1)], at(21, 0))
    assert played.phase is Phase.PLAY and played.round_on is None and played.hands == 1


def test_the_giri_wait_for_the_live_pot_to_end_Lodo_Marcone_LG_07():
    waiting = one([hand(at(22, 55), 1, over=False)], at(23, 1), next_dealer=1, pot_live=True)
    assert waiting.phase is Phase.GIRI_WAITING
    due = one([hand(at(22, 55), 1)], at(23, 4), next_dealer=2)
    assert due.phase is Phase.GIRI_DUE and due.round_on == "telesina"
    assert due.tappo == 1  # the giri start with seat 2's deal: seat 1 deals the last hand


def test_giri_are_a_telesina_round_then_two_fixed_rounds_and_the_tappo_deals_last_LG_07():
    giri_start = [Recorded("A", Mark.GIRI_TELESINA, at(23, 5))]
    dealers = [3, 4, 5, 1, 2, 3, 4, 5, 1]  # nine of the ten hands of two rounds
    hands = [hand(at(23, 10) + timedelta(minutes=i), d, giri=True)
             for i, d in enumerate(dealers)]
    on = one(hands, at(23, 59), tuple(giri_start), next_dealer=2)
    assert on.phase is Phase.GIRI and on.round_on == "fixed"
    assert on.fixed_round == 2 and on.giri_hands_left == 1
    assert on.tappo == 2  # the giri's first deal was seat 3's
    last = hands + [hand(at(23, 59), 2, giri=True)]
    assert one(last, at(23, 59), tuple(giri_start)).phase is Phase.OVER


def test_unconcluded_hands_still_count_in_the_giri_but_a_redeal_does_not_LG_07():
    giri_start = (Recorded("A", Mark.GIRI_TELESINA, at(23, 5)),)
    hands = [hand(at(23, 10), 3, giri=True, opened=False),  # nobody opened: it counts
             hand(at(23, 11), 4, giri=True, passed=False)]  # redeal: the deal stays
    assert one(hands, at(23, 12), giri_start).giri_hands_left == 9


def test_the_giri_are_not_over_until_their_telesina_round_is_played_LG_07():
    hands = [hand(at(23, 10) + timedelta(minutes=i), d, giri=True)
             for i, d in enumerate([3, 4, 5, 1, 2] * 2)]
    owed = one(hands, at(23, 59))
    assert owed.phase is Phase.GIRI and owed.round_on == "telesina"
    assert not owed.giri_telesina_played


def test_four_handed_the_giri_have_three_more_fixed_rounds_LG_07():
    on = one([hand(at(23, 10), 1, giri=True)], at(23, 11), seats=(1, 2, 3, 4))
    assert on.fixed_rounds == 5 and on.giri_hands_left == 19


def test_each_full_vestito_shown_calls_a_telesina_round_at_most_three_TS_08():
    hands = [hand(at(20, 10 + i), 1, vestito=True) for i in range(4)]
    before = one(hands, at(21, 0))
    assert before.telesina_called == ("vestito",) * 3
    assert before.telesina_due == ("vestito",) * 3
    played = (Recorded("A", Mark.TELESINA, at(20, 30)),)
    assert one(hands, at(21, 0), played).telesina_due == ("vestito",) * 2


def test_a_vestito_tapped_on_the_night_screen_calls_a_round_too_TS_08():
    marked = (Recorded("A", Mark.VESTITO, at(20, 20)),)
    assert one([hand(at(20, 10), 1)], at(21, 0), marked).telesina_due == ("vestito",)


def test_five_hands_without_an_opening_make_a_round_compulsory_TS_08():
    hands = [hand(at(20, 10 + i), 1, opened=False) for i in range(4)]
    assert one(hands, at(21, 0)).telesina_due == ()
    five = hands + [hand(at(20, 20), 1, opened=False)]
    assert one(five, at(21, 0)).telesina_due == ("no_opening",)
    played = (Recorded("A", Mark.TELESINA, at(20, 25)),)
    after = one(five, at(21, 0), played)
    assert after.telesina_due == () and after.unopened_in_a_row == 0


def test_no_round_is_compulsory_once_the_most_were_called_TS_08():
    hands = [hand(at(20, 10 + i), 1, vestito=True) for i in range(3)]
    hands += [hand(at(20, 20 + i), 1, opened=False) for i in range(5)]
    assert one(hands, at(21, 0)).telesina_called == ("vestito",) * 3


def test_the_final_calls_up_to_four_rounds_and_has_three_fixed_giri_LG_06():
    hands = [hand(at(18, 10 + i), 1, vestito=True) for i in range(5)]
    final = one(hands, at(19, 0), kind=NightKind.FINAL)
    assert len(final.telesina_called) == 4 and final.fixed_rounds == 3


def test_a_round_played_at_the_table_is_the_round_on_and_counts_as_played_TS_08():
    five = [hand(at(20, 10 + i), 1, opened=False) for i in range(5)]
    going = one(five, at(20, 30), rounds=(telesina(at(20, 25), 1, played=2, over=False),))
    assert going.phase is Phase.PLAY and going.round_on == "telesina"
    assert going.telesina_on.played == 2 and going.telesina_due == ()
    done = one(five, at(20, 50), rounds=(telesina(at(20, 25), 1),))
    assert done.round_on is None and done.telesina_played == 1 and done.unopened_in_a_row == 0


def test_the_giri_opened_by_their_round_at_the_table_and_the_tappo_before_its_dealer_LG_07():
    going = one([], at(23, 20), rounds=(telesina(at(23, 16), 3, giri=True, played=1,
                                                 over=False),), next_dealer=4)
    assert going.phase is Phase.GIRI and going.round_on == "telesina"
    assert going.giri_telesina_played and going.tappo == 2  # the round's first dealer was 3
    fixed = [hand(at(23, 40) + timedelta(minutes=i), d, giri=True)
             for i, d in enumerate([3, 4, 5, 1, 2] * 2)]
    rounds = (telesina(at(23, 16), 3, giri=True),)
    assert one(fixed[:4], at(23, 50), rounds=rounds).round_on == "fixed"
    assert one(fixed, at(23, 59), rounds=rounds).phase is Phase.OVER
