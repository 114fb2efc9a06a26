"""Short nights the service tests of undo and of the log build on."""

from __future__ import annotations

from dataclasses import replace

from tdapp.services import tournaments
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.clock.rules import PauseClock, StartClock
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import Settings
from tdapp.tournament.structure import Level, Structure


def night(players: int, seats_per_table: int = 9) -> int:
    """A tournament at 25/50 with `players` registered and seated."""
    settings = replace(Settings(name="Lunedì", structure=Structure((Level(25, 50, 1200),))),
                       seats_per_table=seats_per_table)
    tid = tournaments.create_tournament(settings, "marco").id
    for number in range(1, players + 1):
        tournaments.dispatch(tid, RegisterPlayer(f"P{number}"), "marco")
    tournaments.dispatch(tid, DrawSeats(), "marco")
    return tid


def a_bust_and_ten_steps_after(tid: int) -> None:
    """Player 1 busted, then ten steps that do not depend on it (five away, three back, the clock
    started and paused): the wrong bust a DdT finds out about later."""
    tournaments.dispatch(tid, BustPlayer(1), "marco")
    for away in (2, 3, 4, 5, 6):
        tournaments.dispatch(tid, SetAbsent(away, True), "marco")
    for back in (2, 3, 4):
        tournaments.dispatch(tid, SetAbsent(back, False), "marco")
    tournaments.dispatch(tid, StartClock(), "marco")
    tournaments.dispatch(tid, PauseClock(), "marco")
