"""The results rows the exports, the roster's history and the seasons read."""

from __future__ import annotations

from tournament_builders import tournament

from tdapp.tournament.busts import BustPlayer, BustPlayers
from tdapp.tournament.purchases import Rebuy
from tdapp.tournament.results import COLUMNS, exported, result_rows
from tdapp.tournament.settings import PayoutBracket, RebuyRules


def test_players_in_play_come_first_by_name_then_the_finished_by_place():
    play = tournament(players=4, buy_in_cents=2000)
    play.do(BustPlayer(2))
    rows = result_rows(play.state)
    assert [(row.place, row.name) for row in rows] == [(None, "P1"), (None, "P3"), (None, "P4"),
                                                       (4, "P2")]


def test_the_finished_tournament_lists_places_prizes_and_what_each_paid():
    table = (PayoutBracket(100, (7000, 3000)),)
    play = tournament(players=4, buy_in_cents=2000, payouts=table,
                      rebuy=RebuyRules(4, 5000, 1500))
    play.at_level(1).do(Rebuy(3, stack=0))
    play.do(BustPlayer(2))
    play.do(BustPlayers((1, 4), hand_stacks=(100, 100)))
    rows = result_rows(play.state)
    # Pool 4 x 20 + 15 = 95 euros: 66.50 and 28.50 rounded down to the euro, 28 to the two
    # sharing second place (14 each) and the euro left over to the winner (67).
    assert [(r.place, r.tied, r.name, r.rebuys, r.prize_cents, r.paid_cents) for r in rows] == [
        (1, 1, "P3", 1, 6700, 3500),
        (2, 2, "P1", 0, 1400, 2000),
        (2, 2, "P4", 0, 1400, 2000),
        (4, 1, "P2", 0, 0, 2000),
    ]


def test_the_export_writes_the_columns_in_order():
    row = result_rows(tournament(players=2).state)[0]
    assert list(exported(row)) == list(COLUMNS) == [
        "place", "name", "entries", "rebuys", "add_ons", "fees_cents", "prize_cents"]
    assert exported(row) == {"place": None, "name": "P1", "entries": 1, "rebuys": 0,
                             "add_ons": 0, "fees_cents": 0, "prize_cents": 0}
