"""Post-season (LG-06): days 21-25 for the top 8, the 9-12 game, Final and Finalina."""

import random

from tdapp.league import postseason
from tdapp.league.results import Night, NightKind, table_result
from tdapp.league.standings import Line, standings

PLAYERS = [f"p{i}" for i in range(1, 13)]


def lines():
    return [Line(i, p, 30 - i, 0, 0, 0, 0, 0, 0) for i, p in enumerate(PLAYERS, start=1)]


def test_top_8_go_on_and_9_to_12_play_the_extra_game_LG_06():
    cut = postseason.split(lines())
    assert cut.qualified == tuple(PLAYERS[:8])
    assert cut.playoff == tuple(PLAYERS[8:])


def test_day_21_takes_the_five_best_day_20_results_among_the_qualified_LG_06():
    cut = postseason.split(lines())
    a = table_result("A", {"p8": 1500, "p1": 500, "p9": 500, "p2": 0, "p3": 0})
    b = table_result("B", {"p7": 1000, "p10": 800, "p4": 200, "p11": 500, "p12": 0})
    day_20 = Night(20, (a, b))
    plan = postseason.day_21(cut, day_20, lines()).plan
    # by net: p8 +1000, p7 +500, p1 0, p4 -300, then p2/p3 at -500 by standings: p2
    assert plan.players == ("p8", "p7", "p1", "p4", "p2")
    by_standings = postseason.day_21(cut, day_20, lines(), by="standings").plan
    assert by_standings.players == tuple(PLAYERS[:5])


def test_each_following_day_the_top_two_stay_and_the_three_out_come_in_LG_06():
    cut = postseason.split(lines())
    last = table_result("A", {"p1": 0, "p2": 1200, "p3": 300, "p4": 800, "p5": 200})
    plan = postseason.next_post_season(cut, last, lines()).plan
    assert plan.players == ("p2", "p4", "p6", "p7", "p8")
    assert plan.host == "p2"


def test_the_8th_stands_in_for_a_missing_playoff_player_if_free_LG_06():
    cut = postseason.split(lines())
    plan = postseason.playoff(cut, {"p10"}, ("p1", "p2", "p3", "p4", "p5"))
    assert plan.players == ("p9", "p11", "p12", "p8")
    assert plan.lowest_rank == 7  # four-handed: 7 to A


def test_an_absent_player_on_day_21_gives_the_seat_to_the_next_best_day_20_result_LG_06():
    cut = postseason.split(lines())
    a = table_result("A", {"p8": 1500, "p1": 500, "p9": 500, "p2": 0, "p3": 0})
    b = table_result("B", {"p7": 1000, "p10": 800, "p4": 200, "p11": 500, "p12": 0})
    main = postseason.day_21(cut, Night(20, (a, b)), lines(), unavailable={"p7"})
    # the order is p8 p7 p1 p4 p2 p3 ...: p7 cannot come, p3 is the next
    assert main.plan.players == ("p8", "p1", "p4", "p2", "p3")
    assert [(s.player, s.substitute) for s in main.substitutions] == [("p7", "p3")]


def test_an_absent_player_on_days_22_to_25_gives_the_seat_to_the_third_of_the_last_game():
    cut = postseason.split(lines())
    last = table_result("A", {"p1": 0, "p2": 1200, "p3": 300, "p4": 800, "p5": 200})
    main = postseason.next_post_season(cut, last, lines(), unavailable={"p2", "p7"})
    # p2 and p7 cannot come: p3 (third of the last game) and p5 (fourth) stand in
    assert main.plan.players == ("p4", "p6", "p8", "p3", "p5")
    assert main.plan.host is None  # the host was the absent winner
    assert [(s.player, s.substitute) for s in main.substitutions] == [("p2", "p3"), ("p7", "p5")]


def test_with_only_four_of_the_eight_the_main_table_plays_four_handed():
    cut = postseason.split(lines())
    last = table_result("A", {"p1": 0, "p2": 1200, "p3": 300, "p4": 800, "p5": 200})
    main = postseason.next_post_season(cut, last, lines(), unavailable={"p1", "p3", "p5", "p7"})
    assert main.plan.players == ("p2", "p4", "p6", "p8")
    assert main.plan.lowest_rank == 7


def test_the_playoff_is_left_out_when_the_8th_cannot_make_it_four_LG_06():
    cut = postseason.split(lines())
    # p8 plays the main table: three of places 9-12 cannot be a game
    assert postseason.playoff(cut, {"p10"}, ("p8", "p2", "p3", "p4", "p5")) is None


def test_final_top_5_and_finalina_6_to_10_LG_06():
    finals = postseason.finals(lines())
    assert finals.final == tuple(PLAYERS[:5])
    assert finals.finalina == tuple(PLAYERS[5:10])


def test_roll_of_honour_podium_after_the_final_and_both_winners_LG_06():
    final = Night(26, (table_result("A", {"p1": 1000, "p2": 1000, "p3": 500, "p4": 2500,
                                          "p5": 0}, posta=1000),), NightKind.FINAL)
    finalina = Night(26, (table_result("B", {"p6": 500, "p7": 500, "p8": 900, "p9": 100,
                                             "p10": 500}),), NightKind.FINALINA)
    before = lines()

    after = standings(PLAYERS, [final], random.Random(1))
    honour = postseason.roll_of_honour(after, final, finalina, before)
    assert honour.final_winner == "p4"
    assert honour.finalina_winner == "p8"
    assert honour.podium[0] == "p4"
