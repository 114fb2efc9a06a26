"""A player who signs up again with the same contact finds their history (issue 30, item 7):
the nights, places, prizes and season points of the player who checked in with it before, on
SQLite and PostgreSQL."""

from __future__ import annotations

from tdapp.services import seasons, signup_history, signups, tournaments
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.clock.rules import StartClock
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import Settings
from tdapp.tournament.signups.model import SignupSettings
from tdapp.tournament.structure import Level, Structure


def evening(name: str) -> tuple[int, str]:
    settings = Settings(name=name, structure=Structure((Level(25, 50, 1200),)),
                        signups=SignupSettings(cap=10))
    made = tournaments.create_tournament(settings, "marco")
    return made.id, made.slug


def test_a_second_sign_up_with_the_same_contact_finds_the_first_nights_place_prize_and_points(app):
    tid, slug = evening("Lunedì")
    anna = signups.sign_up(slug, "Anna Rossi", "+39 333 123 4567", "10.0.0.1")
    bruno = signups.sign_up(slug, "Bruno", "bruno@example.com", "10.0.0.2")
    state = signups.check_in(tid, anna.id, "marco")
    state = signups.check_in(tid, bruno.id, "marco")
    bruno_player = state.signups.signup(bruno.id).player_id
    tournaments.dispatch(tid, DrawSeats(), "marco")
    tournaments.dispatch(tid, StartClock(), "marco")
    tournaments.dispatch(tid, BustPlayer(bruno_player), "marco")
    season = seasons.create_season("Inverno", [tid], "fixed:10,6")

    before = signup_history.history_for_contact("393331234567")
    (night,) = before.nights
    # Two entries of €20: the winner takes 70 % of the pool (DEFAULT_PAYOUTS).
    assert (night.tournament_id, night.place, night.prize_cents) == (tid, 1, 2800)
    assert [(s.season_id, s.place, s.points_hundredths) for s in before.seasons] == [
        (season.id, 1, 1000)]

    _, next_slug = evening("Lunedì dopo")
    again = signups.sign_up(next_slug, "Anna R.", "0039 333-1234567", "10.0.0.1")
    _, _, signup = signups.own_signup(next_slug, again.id, again.code)
    assert signup_history.history_for_contact(signup.contact_key) == before
    as_json = signup_history.as_json(before)
    assert as_json["nights"][0]["prize"] == 2800 and as_json["seasons"][0]["points"] == 10


def test_a_contact_never_checked_in_has_no_history(app):
    tid, slug = evening("Lunedì")
    signups.sign_up(slug, "Carla", "carla@example.com", "10.0.0.3")
    assert signup_history.history_for_contact("carla@example.com") == signup_history.History()
