"""The DdT's log page reverts one line, or says which later lines are in the way; the players
page brings back a busted player (issue 12)."""

from __future__ import annotations

import html
import re

from tdapp.services import journal, tables, tournaments
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.clock.rules import PauseClock, StartClock
from tdapp.tournament.presence import SetAbsent
from tdapp.tournament.registration import RegisterPlayer
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import Settings


def seated(players: int) -> int:
    tid = tournaments.create_tournament(Settings(name="Lunedì sera"), actor="marco").id
    for number in range(1, players + 1):
        tournaments.dispatch(tid, RegisterPlayer(f"Giocatore {number}"), actor="marco")
    tournaments.dispatch(tid, DrawSeats(), actor="marco")
    return tid


def flashes(page: str) -> list[str]:
    return [html.unescape(text) for text in
            re.findall(r'class="flash flash-(?:error|success)"[^>]*>([^<]*)<', page)]


def post(client, path: str, **form) -> str:
    answer = client.post(path, data={"csrf_token": client.csrf, **form}, follow_redirects=True)
    return answer.get_data(as_text=True)


def newest_seq(tid: int) -> int:
    return journal.entries(tid, limit=1)[0].seq


def test_a_log_line_is_reverted_alone_and_a_bust_in_the_way_is_named(ddt_client):
    tid = seated(5)
    tournaments.dispatch(tid, BustPlayer(1), actor="marco")
    first_bust = newest_seq(tid)
    tournaments.dispatch(tid, SetAbsent(3, True), actor="marco")
    absent = newest_seq(tid)
    tournaments.dispatch(tid, BustPlayer(2), actor="marco")
    log_page = ddt_client.get(f"/td/t/{tid}/log").get_data(as_text=True)
    assert f'name="seq" value="{absent}"' in log_page and 'name="seq" value="1"' not in log_page

    page = post(ddt_client, f"/td/t/{tid}/revert", seq=str(absent), next=f"/td/t/{tid}/log")
    assert flashes(page) == ["Annullato: Giocatore 3 si è allontanato dal tavolo"]
    assert not tournaments.current(tid).player(3).absent

    page = post(ddt_client, f"/td/t/{tid}/revert", seq=str(first_bust), next=f"/td/t/{tid}/log")
    told = flashes(page)[0]
    assert f"#{newest_seq(tid)} Giocatore 2 esce dal torneo al 4° posto" in told
    assert f"/td/t/{tid}/players" in told  # the way out: bring the player back
    assert tournaments.current(tid).player(1).place == 5


def test_the_players_page_brings_back_a_busted_player_with_the_chips_given(ddt_client):
    tid = seated(5)
    tournaments.dispatch(tid, BustPlayer(1), actor="marco")
    tournaments.dispatch(tid, BustPlayer(2), actor="marco")
    players = ddt_client.get(f"/td/t/{tid}/players").get_data(as_text=True)
    assert 'name="reinstate-1" value="5000"' in players

    page = post(ddt_client, f"/td/t/{tid}/players/act", do="reinstate-1", **{"reinstate-1": "4.000"})

    back = tournaments.current(tid).player(1)
    assert (back.place, back.stack) == (None, 4000)
    assert flashes(page) == [
        f"Giocatore 1 è di nuovo in gioco al tavolo {back.table}, posto {back.seat}."]
    assert tournaments.current(tid).player(2).place == 5


def test_the_ddts_undo_key_leaves_a_tables_hand_alone(ddt_client):
    tid = seated(4)
    table = next(iter(tournaments.current(tid).tables))
    tournaments.dispatch(tid, StartClock(), actor="marco")
    tables.start_hand(tid, table, f"table {table} console")
    tournaments.dispatch(tid, PauseClock(), actor="marco")
    hand = tournaments.current(tid).play.hand(table)
    tables.act(tid, table, hand.engine.to_act, "fold", None, f"table {table} console")
    folded = tournaments.current(tid).play.hand(table)

    page = post(ddt_client, f"/td/t/{tid}/undo")

    assert flashes(page) == ["Annullato: Orologio in pausa"]
    state = tournaments.current(tid)
    assert state.clock.running and state.play.hand(table) == folded
