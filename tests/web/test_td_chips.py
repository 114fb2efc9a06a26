"""The chip set on the set-up page, the chips page (the night's needs, the colour-ups planned) and
the chip race at a break, through the console's forms."""

from __future__ import annotations

from tdapp.services import tournaments
from tdapp.tournament.seating.opening_draw import DrawSeats
from tests.web.test_td_pages import flashes, post, tournament


def chip_rows(*rows: tuple[str, str, str]) -> dict[str, str]:
    form = {"chip_rows": str(len(rows))}
    for index, (colour, value, count) in enumerate(rows):
        form |= {f"chip-colour-{index}": colour, f"chip-value-{index}": value, f"chip-count-{index}": count}
    return form


def test_the_chip_set_is_saved_from_the_set_up_page_smallest_first(ddt_client):
    tid = tournament(players=2)
    post(ddt_client, f"/td/t/{tid}/setup/chip-set", **chip_rows(("nero", "100", "400"), ("verde", "25", "300"), ("", "", "")))
    chip_set = tournaments.current(tid).settings.chip_set
    assert [(c.colour, c.value, c.available) for c in chip_set] == [("verde", 25, 300), ("nero", 100, 400)]
    page = ddt_client.get(f"/td/t/{tid}/setup").get_data(as_text=True)
    assert 'value="verde"' in page and 'id="chip-set-form"' in page


def test_a_bad_chip_set_shows_why_and_changes_nothing(ddt_client):
    tid = tournament(players=2)
    before = tournaments.current(tid)
    _, shown = post(ddt_client, f"/td/t/{tid}/setup/chip-set", **chip_rows(("verde", "25", "300"), ("rosso", "60", "10")))
    assert flashes(shown)
    _, shown = post(ddt_client, f"/td/t/{tid}/setup/chip-set", **chip_rows(("", "25", "300")))
    assert flashes(shown)
    assert tournaments.current(tid) == before


def test_the_chips_page_counts_the_night_and_runs_the_race(ddt_client):
    tid = tournament(players=3)
    tournaments.dispatch(tid, DrawSeats(), actor="test")
    post(ddt_client, f"/td/t/{tid}/setup/chip-set", **chip_rows(("verde", "25", "10"), ("nero", "100", "900"), ("viola", "500", "300")))
    page = ddt_client.get(f"/td/t/{tid}/chips?entries=30&rebuys=0&add_ons=0").get_data(as_text=True)
    assert 'id="needs-table"' in page
    assert "240" in page  # 30 stacks of 8 greens: 230 short of the 10 owned
    ids = [p.id for p in tournaments.current(tid).players]
    post(ddt_client, f"/td/t/{tid}/chips/race", value="25", **{f"race-{ids[0]}": "6", f"race-{ids[1]}": ""})
    state = tournaments.current(tid)
    assert [r.value for r in state.races] == [25]
    page = ddt_client.get(f"/td/t/{tid}/chips").get_data(as_text=True)
    assert 'id="last-race-' in page
    before = tournaments.current(tid)
    _, shown = post(ddt_client, f"/td/t/{tid}/chips/race", value="25", **{f"race-{ids[0]}": "1"})
    assert flashes(shown)
    assert tournaments.current(tid) == before
