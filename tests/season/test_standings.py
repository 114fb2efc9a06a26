"""A season's standings from worked examples: one person across tournaments (roster id, or a
name folded), only finishes counting, the order and shared places."""

from __future__ import annotations

from tdapp.kernel.results import ResultRow
from tdapp.season.points import parse
from tdapp.season.standings import Played, identity, standings

ROSTER = {1: "Anna Rossi", 2: "Nicolò Bianchi"}


def row(place: int | None, name: str, roster_id: int | None = None, tied: int = 1,
        prize: int = 0, paid: int = 2000) -> ResultRow:
    return ResultRow(place=place, tied=tied, name=name, entries=1, rebuys=0, add_ons=0, fees_cents=0,
                     prize_cents=prize, paid_cents=paid, player_id=0, roster_id=roster_id)


def played(tournament_id: int, *rows: ResultRow, buy_in: int = 2000) -> Played:
    return Played(tournament_id, f"Night {tournament_id}", buy_in, rows)


def test_a_roster_id_names_the_person_and_a_typed_roster_name_folds_to_it():
    by_name = {"annarossi": 1, "nicolobianchi": 2}
    assert identity(row(1, "Whoever", roster_id=1), by_name) == ("roster:1", 1)
    assert identity(row(1, "  NICOLO   bianchi"), by_name) == ("roster:2", 2)
    assert identity(row(1, "Bruno  Verdi"), by_name) == ("name:brunoverdi", None)


def test_linear_season_adds_up_each_persons_finishes():
    season = [
        # 4 players, linear: 4, 3, 2, 1 points
        played(1, row(1, "Anna Rossi", roster_id=1, prize=6000), row(2, "Bruno Verdi"),
               row(3, "Carla"), row(4, "Dario")),
        # 3 players, typed names: "anna rossi" is the roster's Anna, "bruno  verdi" is Bruno
        played(2, row(1, "anna rossi", prize=4000), row(2, "bruno  verdi"),
               row(3, "Nicolo Bianchi")),
        # a tournament still running: Carla is in play, no points from it
        played(3, row(None, "Carla"), row(2, "Dario")),
    ]
    lines = standings(season, parse("linear"), ROSTER)
    assert [(line.place, line.name, line.points, line.tournaments, line.wins, line.best, line.prize_cents)
            for line in lines] == [
        (1, "Anna Rossi", 700, 2, 2, 1, 10000),
        (2, "Bruno Verdi", 500, 2, 0, 2, 0),
        # Dario: 1 point in night 1 (4th of 4) and 1 in night 3 (2nd of 2), best place 2;
        # Carla has as many points but a worse best place
        (3, "Dario", 200, 2, 0, 2, 0),
        (4, "Carla", 200, 1, 0, 3, 0),
        # "Nicolo Bianchi" typed is the roster's Nicolò, shown by the roster's name
        (5, "Nicolò Bianchi", 100, 1, 0, 3, 0),
    ]
    assert lines[0].key == "roster:1" and lines[4].key == "roster:2"
    assert lines[1].key == "name:brunoverdi" and lines[1].roster_id is None


def test_players_equal_on_points_wins_and_best_place_share_a_place():
    season = [played(1, row(1, "Anna"), row(2, "Bruno"), row(3, "Carla")),
              played(2, row(1, "Bruno"), row(2, "Anna"), row(3, "Carla"))]
    lines = standings(season, parse("linear"), {})
    assert [(line.place, line.name, line.points) for line in lines] == [
        (1, "Anna", 500), (1, "Bruno", 500), (3, "Carla", 200)]


def test_td3_counts_what_each_paid():
    # 10 players at 20 euros: the winner paid 30 (one rebuy): 5.77; second paid 20: 4.71
    rows = [row(1, "Anna", paid=3000), row(2, "Bruno")] + [
        row(place, f"P{place}") for place in range(3, 11)]
    lines = standings([played(1, *rows)], parse("td3"), {})
    assert [(line.name, line.points) for line in lines[:2]] == [("Anna", 577), ("Bruno", 471)]


def test_a_name_typed_twice_in_one_tournament_counts_once_at_its_best():
    lines = standings([played(1, row(1, "Anna"), row(2, "anna"))], parse("linear"), {})
    assert [(line.key, line.points, line.tournaments) for line in lines] == [("name:anna", 200, 1)]
