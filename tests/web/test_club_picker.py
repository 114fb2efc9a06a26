"""The console after login (issue 29, item 4): an account of several clubs is asked which club,
on a page listing its clubs with its role in each; choosing one makes the session act in it, the
club's name is on every page and "Change club" switches later. An account of one club goes
straight on; a hoster in no club reads that it has none, and no console page opens for it."""

from __future__ import annotations

import re

from tdapp.services import accounts, hosting
from tests.web.builders import second_club

PASSWORD = "una password lunga"


def _csrf(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def _login(client, username, password=PASSWORD, next_page=None):
    page = client.get("/login").get_data(as_text=True)
    return client.post("/login" + (f"?next={next_page}" if next_page else ""),
                       data={"csrf_token": _csrf(page), "username": username,
                             "password": password})


def _choices(page: str) -> dict[str, str]:
    """The picker's clubs: the club's name and role of each button, by its membership id."""
    return {value: " ".join(re.sub(r"<[^>]+>", " ", text).split())
            for value, text in re.findall(
                r'name="membership" value="(\d+)"[^>]*>(.*?)</button>', page, re.S)}


def test_an_account_of_one_club_goes_straight_to_the_tournaments(client, ddt):
    answer = _login(client, ddt.username, ddt.password)
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/td/tournaments")
    page = client.get("/td/tournaments").get_data(as_text=True)
    assert 'id="club-name">Club<' in page and 'id="switch-club"' not in page


def test_an_account_of_several_clubs_is_asked_which_club(client, ddt):
    second_club("altro", member=ddt.id, role="floor")
    answer = _login(client, ddt.username, ddt.password, next_page="/td/roster")
    assert answer.status_code == 302 and "/login/club" in answer.headers["Location"]
    picker = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert sorted(_choices(picker).values()) == ["Altro Personale di sala", "Club Titolare"]
    # Until a club is chosen, every console page and the session's API send it back.
    refused = client.get("/td/tournaments")
    assert refused.status_code == 302 and "/login/club" in refused.headers["Location"]
    assert client.get("/api/v1/tournaments").status_code == 401


def test_choosing_a_club_acts_in_it_with_the_role_there_and_names_it_on_every_page(client, ddt):
    second_club("altro", member=ddt.id, role="floor")
    _login(client, ddt.username, ddt.password, next_page="/td/roster")
    picker = client.get("/login/club?next=/td/roster").get_data(as_text=True)
    altro = next(v for v, text in _choices(picker).items() if text.startswith("Altro"))
    chosen = client.post("/login/club", data={"csrf_token": _csrf(picker), "membership": altro,
                                              "next": "/td/roster"})
    assert chosen.status_code == 302 and chosen.headers["Location"].endswith("/td/roster")
    for path in ("/td/roster", "/td/tournaments", "/td/seasons"):
        page = client.get(path).get_data(as_text=True)
        assert 'id="club-name">Altro<' in page and 'id="switch-club"' in page
    # The floor role of that club: no new tournament, no members page.
    assert client.get("/td/members").status_code == 403


def test_change_club_switches_to_the_other_club(client, ddt):
    second_club("altro", member=ddt.id, role="floor")
    _login(client, ddt.username, ddt.password)
    picker = client.get("/login/club").get_data(as_text=True)
    by_name = {text.split()[0]: value for value, text in _choices(picker).items()}
    client.post("/login/club", data={"csrf_token": _csrf(picker), "membership": by_name["Altro"]})
    again = client.get("/login/club").get_data(as_text=True)
    assert "aria-current" in again and "· ora" in _choices(again)[by_name["Altro"]]
    client.post("/login/club", data={"csrf_token": _csrf(again), "membership": by_name["Club"]})
    page = client.get("/td/members").get_data(as_text=True)
    assert 'id="club-name">Club<' in page


def test_a_club_the_account_is_not_in_cannot_be_chosen(client, ddt):
    second_club("altro", member=ddt.id, role="floor")
    other = second_club("terzo")
    _login(client, ddt.username, ddt.password)
    picker = client.get("/login/club").get_data(as_text=True)
    answer = client.post("/login/club", data={"csrf_token": _csrf(picker), "membership": other})
    assert answer.status_code == 400
    assert client.get("/td/tournaments").status_code == 302


def test_the_picker_asks_for_a_login_first(client):
    answer = client.get("/login/club")
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/login")


def test_a_hoster_in_no_club_reads_that_it_has_none_and_opens_no_console_page(client, ddt):
    hosting.create_hoster("host", PASSWORD)
    answer = _login(client, "host")
    assert "/login/club" in answer.headers["Location"]
    picker = client.get("/login/club").get_data(as_text=True)
    assert 'id="no-club"' in picker and _choices(picker) == {}
    assert client.get("/td/tournaments").status_code == 302
    assert client.get("/api/v1/tournaments").status_code == 401


def test_logging_out_ends_the_choice_too(client, ddt):
    second_club("altro", member=ddt.id)
    _login(client, ddt.username, ddt.password)
    picker = client.get("/login/club").get_data(as_text=True)
    client.post("/logout", data={"csrf_token": _csrf(picker)})
    assert client.get("/login/club").headers["Location"].endswith("/login")
    assert accounts.exists(ddt.username)
