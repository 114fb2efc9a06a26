"""A night archived (kept, gone from the public pages) or deleted (a tombstone, hidden
everywhere, its log kept with who did it): issue 15."""

from __future__ import annotations

import html

from tdapp.services import journal, tournaments
from tdapp.tournament.settings import Settings
from tests.web.builders import SET_UP


def _new(api, name: str = "Prova del martedì") -> tuple[int, str]:
    created = api.post("/api/v1/tournaments", json={**SET_UP, "name": name}).get_json()
    return created["id"], created["slug"]


def test_an_archived_night_leaves_the_public_pages_and_stays_for_the_ddt(api, client):
    tid, slug = _new(api)
    api.post(f"/api/v1/tournaments/{tid}/players", json={"name": "Anna"})
    assert "Prova del martedì" in client.get("/").get_data(as_text=True)
    answer = api.post(f"/api/v1/tournaments/{tid}/archive", json={})
    assert answer.status_code == 200 and answer.get_json()["archived"] is True
    assert "Prova del martedì" not in client.get("/").get_data(as_text=True)
    assert client.get(f"/t/{slug}").status_code == 404
    assert client.get(f"/t/{slug}/clock").status_code == 404
    # Kept: the DdT still reads and runs it, and finds it on the archived shelf.
    assert api.get(f"/api/v1/tournaments/{tid}").status_code == 200
    assert api.post(f"/api/v1/tournaments/{tid}/players", json={"name": "Bea"}).status_code == 201
    current = api.get("/api/v1/tournaments").get_json()["tournaments"]
    archived = api.get("/api/v1/tournaments?shelf=archived").get_json()["tournaments"]
    assert tid not in [t["id"] for t in current] and [t["id"] for t in archived] == [tid]
    api.post(f"/api/v1/tournaments/{tid}/archive", json={"archived": False})
    assert client.get(f"/t/{slug}").status_code == 200


def test_a_deleted_night_is_hidden_everywhere_and_keeps_who_deleted_it(api, client, ddt):
    tid, slug = _new(api)
    api.post(f"/api/v1/tournaments/{tid}/players", json={"name": "Anna"})
    wrong = api.delete(f"/api/v1/tournaments/{tid}", json={"confirm_name": "Prova"})
    assert wrong.status_code == 422
    assert wrong.get_json()["error"]["code"] == "DELETE_NAME_MISMATCH"
    assert wrong.get_json()["error"]["params"] == {"name": "Prova del martedì"}
    assert client.get(f"/t/{slug}").status_code == 200  # a refusal changes nothing
    done = api.delete(f"/api/v1/tournaments/{tid}", json={"confirm_name": "prova del martedi"})
    assert done.status_code == 200 and done.get_json()["deleted_by"] == ddt.username
    assert client.get(f"/t/{slug}").status_code == 404
    assert api.get(f"/api/v1/tournaments/{tid}").status_code == 404
    refused = api.post(f"/api/v1/tournaments/{tid}/players", json={"name": "Bea"})
    assert refused.get_json()["error"]["code"] == "UNKNOWN_TOURNAMENT"
    assert api.delete(f"/api/v1/tournaments/{tid}",
                      json={"confirm_name": "Prova del martedì"}).status_code == 404
    for shelf in ("current", "archived"):
        listed = api.get(f"/api/v1/tournaments?shelf={shelf}").get_json()["tournaments"]
        assert tid not in [t["id"] for t in listed]
    deleted = api.get("/api/v1/tournaments?shelf=deleted").get_json()["tournaments"]
    assert [(t["id"], t["deleted_by"]) for t in deleted] == [(tid, ddt.username)]
    assert tid not in tournaments.tournament_ids()
    # The events are never deleted: the log of the night is still there.
    assert [e.event for e in journal.entries(tid)] == ["PlayerRegistered", "TournamentConfigured"]
    assert api.get("/api/v1/tournaments?shelf=bin").status_code == 422


def test_the_console_archives_and_deletes_from_the_tournament_list(ddt_client, ddt):
    tid = tournaments.create_tournament(Settings(name="Serata di prova"), actor="test").id

    def post(path: str, **form: str) -> str:
        answer = ddt_client.post(path, data={"csrf_token": ddt_client.csrf, **form},
                                 follow_redirects=True)
        return html.unescape(answer.get_data(as_text=True))
    page = post(f"/td/tournaments/{tid}/archive", next="/td/tournaments")
    assert "Serata di prova è archiviato" in page
    assert "Serata di prova" in ddt_client.get("/td/tournaments?shelf=archived").get_data(
        as_text=True)
    page = post(f"/td/tournaments/{tid}/delete", confirm_name="Serata",
                next="/td/tournaments?shelf=archived")
    assert "Per eliminarlo scrivi il nome del torneo: Serata di prova" in page
    page = post(f"/td/tournaments/{tid}/delete", confirm_name="Serata di prova",
                next="/td/tournaments?shelf=archived")
    assert "Serata di prova è eliminato." in page
    assert ddt_client.get(f"/td/t/{tid}").status_code == 404
    deleted = ddt_client.get("/td/tournaments?shelf=deleted").get_data(as_text=True)
    assert "Serata di prova" in deleted and ddt.username in deleted
