"""Standings (LG-04): points, then biggest wins, biggest losses, winning nights, losing nights,
then a draw by lot."""

import random

from tdapp.league.results import Night, NightKind, table_result
from tdapp.league.standings import standings


def night(day, chips, kind=NightKind.REGULAR, posta=500):
    return Night(day, (table_result("A", chips, posta=posta),), kind)


MEMBERS = ["Ada", "Bea", "Cal", "Dan", "Eva"]


def order(lines):
    return [line.player for line in lines]


def test_points_come_first_LG_04():
    lines = standings(MEMBERS, [night(1, {"Ada": 500, "Bea": 1500, "Cal": 500, "Dan": 0,
                                          "Eva": 0})], random.Random(1))
    assert order(lines)[0] == "Bea"
    assert lines[0].points == 4 and lines[0].place == 1


def night_poste(day, chips, poste):
    return Night(day, (table_result("A", chips, poste),))


def test_equal_points_then_more_nights_as_biggest_winner_LG_04():
    # Ada +400 (biggest, 2) then -1000 (-1); Bea +200 (1) then 0 (0): one point each
    n1 = night(1, {"Ada": 900, "Bea": 700, "Cal": 400, "Dan": 250, "Eva": 250})
    n2 = night_poste(2, {"Ada": 0, "Bea": 500, "Cal": 1500, "Dan": 500, "Eva": 500}, {"Ada": 2})
    lines = {line.player: line for line in standings(MEMBERS, [n1, n2], random.Random(1))}
    assert lines["Ada"].points == lines["Bea"].points == 1
    assert (lines["Ada"].biggest_wins, lines["Bea"].biggest_wins) == (1, 0)
    assert (lines["Ada"].wins, lines["Bea"].wins) == (1, 1)
    assert lines["Ada"].place < lines["Bea"].place


def test_then_fewer_nights_as_biggest_loser_LG_04():
    # Dan and Eva both 0 points, no wins; Dan was the biggest loser twice, Eva once
    n1 = night(1, {"Ada": 1300, "Bea": 500, "Cal": 500, "Dan": 100, "Eva": 100})
    n2 = night(2, {"Ada": 1000, "Bea": 500, "Cal": 500, "Dan": 100, "Eva": 400})
    lines = {line.player: line for line in standings(MEMBERS, [n1, n2], random.Random(1))}
    assert (lines["Dan"].points, lines["Eva"].points) == (0, 0)
    assert (lines["Dan"].biggest_losses, lines["Eva"].biggest_losses) == (2, 1)
    assert lines["Eva"].place < lines["Dan"].place


def test_then_more_winning_nights_then_fewer_losing_nights_LG_04():
    # Ada always wins most, Eva always loses most; Bea, Cal and Dan end on one point each:
    # Bea +100, -600, +100 (two wins); Cal +100, 0, 0 (one win, no loss); Dan +100, -100, 0
    n1 = night_poste(1, {"Ada": 1300, "Bea": 600, "Cal": 600, "Dan": 600, "Eva": 400}, {"Eva": 3})
    n2 = night_poste(2, {"Ada": 1900, "Bea": 400, "Cal": 500, "Dan": 400, "Eva": 300},
                     {"Bea": 2, "Eva": 2})
    n3 = night_poste(3, {"Ada": 1300, "Bea": 600, "Cal": 500, "Dan": 500, "Eva": 100}, {"Eva": 2})
    lines = standings(MEMBERS, [n1, n2, n3], random.Random(1))
    middle = [line for line in lines if line.player in ("Bea", "Cal", "Dan")]
    assert {line.points for line in middle} == {1}
    assert {(line.biggest_wins, line.biggest_losses) for line in middle} == {(0, 0)}
    assert [(line.player, line.wins, line.losses) for line in middle] == [
        ("Bea", 2, 1), ("Cal", 1, 0), ("Dan", 1, 1)]
    assert all(line.lot is None for line in middle)


def test_full_tie_is_drawn_by_lot_the_same_for_the_same_seed_LG_04():
    n1 = night(1, {"Ada": 1500, "Bea": 500, "Cal": 500, "Dan": 0, "Eva": 0})
    first = standings(MEMBERS, [n1], random.Random(7))
    again = standings(MEMBERS, [n1], random.Random(7))
    assert order(first) == order(again)
    tied = [line for line in first if line.player in ("Bea", "Cal")]
    assert sorted(line.lot for line in tied) == [1, 2]
    orders = {tuple(order(standings(MEMBERS, [n1], random.Random(seed)))) for seed in range(20)}
    assert len(orders) > 1  # the lot decides, not the entry order


def test_members_who_never_played_still_appear_with_zero():
    lines = standings(MEMBERS + ["Zoe"], [night(1, {p: 500 for p in MEMBERS})], random.Random(1))
    zoe = next(line for line in lines if line.player == "Zoe")
    assert (zoe.points, zoe.nights) == (0, 0)


def test_the_finalina_does_not_count_in_the_standings():
    fin = night(27, {"Ada": 2500, "Bea": 0, "Cal": 0, "Dan": 0, "Eva": 0}, NightKind.FINALINA)
    lines = standings(MEMBERS, [fin], random.Random(1))
    assert all(line.points == 0 for line in lines)


def test_key_2_and_3_can_be_read_as_the_largest_single_win_and_loss_LG_04():
    # two points each: Ada +400 as the table's biggest winner (2), then -500 (0); Bea 0, then
    # +600 behind Cal's +900 (1 + 1 posta). Ada topped a table once; Bea's win was larger
    n1 = night(1, {"Ada": 900, "Bea": 500, "Cal": 500, "Dan": 350, "Eva": 250})
    n2 = night(2, {"Ada": 0, "Bea": 1100, "Cal": 1400, "Dan": 0, "Eva": 0})
    lines = {line.player: line for line in standings(MEMBERS, [n1, n2], random.Random(1))}
    by_amount = {line.player: line
                 for line in standings(MEMBERS, [n1, n2], random.Random(1), by_amount=True)}
    assert lines["Ada"].points == lines["Bea"].points == 2
    assert (lines["Ada"].largest_win, lines["Bea"].largest_win) == (400, 600)
    assert lines["Ada"].place < lines["Bea"].place
    assert by_amount["Bea"].place < by_amount["Ada"].place
