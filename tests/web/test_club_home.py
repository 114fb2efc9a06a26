"""The clubs' public homes (issue 29, item 6): a server of several clubs lists them at `/`, each
club's home is `/c/<club>` with its own tournaments, leagues and seasons, and a season's
standings are public beside it; another club's season is not found under a club's address."""

from __future__ import annotations

import html

from tdapp.services import accounts
from tests.web.builders import second_club

PASSWORD = "una password lunga"
MEMBERS = [f"Socio {n}" for n in range(1, 9)]


def _text(client, path: str, status: int = 200) -> str:
    answer = client.get(path)
    assert answer.status_code == status, (path, answer.status_code)
    return html.unescape(answer.get_data(as_text=True))


def _club_with_a_night(app, slug: str, owner: str, name: str) -> dict[str, int]:
    """A club with a tournament `name`, a league and a season of that tournament."""
    club_id = second_club(slug)
    account = accounts.create_user(owner, PASSWORD, club=slug)
    api = app.test_client()
    api.environ_base["HTTP_AUTHORIZATION"] = (
        f"Bearer {accounts.issue(account, club_id=club_id).token}")
    tid = api.post("/api/v1/tournaments", json={"name": name}).get_json()["id"]
    league = api.post("/api/v1/leagues", json={"name": f"Lega {slug}", "members": MEMBERS})
    season = api.post("/api/v1/seasons", json={"name": f"Stagione {slug}", "tournaments": [tid]})
    assert (league.status_code, season.status_code) == (201, 201)
    return {"tournament": tid, "league": league.get_json()["id"],
            "season": season.get_json()["id"]}


def test_a_server_of_several_clubs_lists_them_and_each_home_shows_its_own(app, client, ddt):
    _club_with_a_night(app, "rossi", "rita", "Martedì dei Rossi")
    _club_with_a_night(app, "bianchi", "bruno", "Giovedì dei Bianchi")
    front = _text(client, "/")
    for slug, name in (("club", "Club"), ("rossi", "Rossi"), ("bianchi", "Bianchi")):
        assert f'href="/c/{slug}"' in front and name in front
    rossi = _text(client, "/c/rossi")
    assert "Martedì dei Rossi" in rossi and "Lega rossi" in rossi and "Stagione rossi" in rossi
    assert "Bianchi" not in rossi
    bianchi = _text(client, "/c/bianchi")
    assert "Giovedì dei Bianchi" in bianchi and "Martedì" not in bianchi
    assert "No such club" not in _text(client, "/c/nessuno", 404)


def test_a_season_s_standings_are_public_under_its_own_club_only(app, client, ddt):
    rossi = _club_with_a_night(app, "rossi", "rita", "Martedì dei Rossi")
    _club_with_a_night(app, "bianchi", "bruno", "Giovedì dei Bianchi")
    home = _text(client, "/c/rossi")
    link = f'/c/rossi/seasons/{rossi["season"]}'
    assert f'href="{link}"' in home
    standings = _text(client, link)
    assert "Stagione rossi" in standings and 'id="standings"' in standings
    assert "/td/" not in standings  # nothing of the console on a public page
    _text(client, f'/c/bianchi/seasons/{rossi["season"]}', 404)
    _text(client, f'/c/nessuno/seasons/{rossi["season"]}', 404)


def test_a_one_club_server_keeps_its_home_at_the_root(client, ddt):
    front = _text(client, "/")
    assert 'id="clubs"' not in front and 'id="director"' in front
    assert 'id="club-home"' in _text(client, "/c/club")
