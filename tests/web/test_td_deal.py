"""The deal page: ICM and the chip-chop side by side in euros, and accepting one as the payouts;
a stale or bad form changes nothing."""

from __future__ import annotations

import re

from tdapp.services import tournaments
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.chips import ChipCount, CountChips
from tdapp.tournament.payouts import place_amounts
from tdapp.tournament.seating.opening_draw import DrawSeats
from tests.web.test_td_pages import flashes, post, tournament


def final_three() -> int:
    """Ten players at 20 euros, seven out, the three left with 10,000 / 25,000 / 15,000."""
    tid = tournament(players=10, buy_in_cents=2000)
    tournaments.dispatch(tid, DrawSeats(), actor="test")
    for pid in range(10, 3, -1):
        tournaments.dispatch(tid, BustPlayer(pid), actor="test")
    counts = (ChipCount(1, 10000), ChipCount(2, 25000), ChipCount(3, 15000))
    tournaments.dispatch(tid, CountChips(counts), actor="test")
    return tid


def test_the_deal_page_shows_both_methods_in_euros_and_accepts_one_as_the_payouts(ddt_client):
    tid = final_three()
    page = ddt_client.get(f"/td/t/{tid}/deal").get_data(as_text=True)
    # Chip-chop: 40 euros each, the 80 left by chips: 80 / 64 / 56 euros.
    for amount in ("€\u00a080<", "€\u00a064<", "€\u00a056<"):
        assert f'data-method="chip_chop">{amount}' in page
    # ICM: 76.79 / 65.50 / 57.71 euros.
    assert 'data-method="icm">€\u00a076,79<' in page
    assert page.count('name="method"') == 2
    version = tournaments.current(tid).version
    post(ddt_client, f"/td/t/{tid}/deal/accept", method="chip_chop", version=str(version), keep="")
    assert place_amounts(tournaments.current(tid)) == (8000, 6400, 5600)


def test_a_deal_shown_before_a_change_is_not_accepted(ddt_client):
    tid = final_three()
    stale = tournaments.current(tid).version
    tournaments.dispatch(tid, CountChips((ChipCount(1, 9000),)), actor="test")
    before = tournaments.current(tid)
    _, shown = post(ddt_client, f"/td/t/{tid}/deal/accept", method="icm", version=str(stale), keep="")
    assert flashes(shown)
    assert tournaments.current(tid) == before


def test_more_left_to_play_for_than_the_gap_shows_why_for_each_method(ddt_client):
    tid = final_three()
    page = ddt_client.get(f"/td/t/{tid}/deal?keep=41").get_data(as_text=True)
    assert page.count('class="refused"') == 2
    assert 'name="method"' not in page


def test_the_places_that_pay_nothing_are_shown_as_one_range(ddt_client):
    """Five left of ten, three places paid: the prizes still to play for read 1., 2., 3., then
    "4.–5. € 0", not a line of zeros (the demo's thirty-five left listed thirty)."""
    tid = tournament(players=10, buy_in_cents=2000)
    tournaments.dispatch(tid, DrawSeats(), actor="test")
    for pid in range(10, 5, -1):
        tournaments.dispatch(tid, BustPlayer(pid), actor="test")
    amounts = place_amounts(tournaments.current(tid))
    paid = [amount for amount in amounts if amount]
    assert len(paid) == 3  # the club's payouts for ten entries
    page = ddt_client.get(f"/td/t/{tid}/deal").get_data(as_text=True)
    shown = re.findall(r'<span class="prize">([^<]*)</span>', page)
    assert [text.split(".")[0] for text in shown[:-1]] == [str(n) for n in range(1, len(paid) + 1)]
    assert shown[-1] == "4.–5. €\u00a00"
