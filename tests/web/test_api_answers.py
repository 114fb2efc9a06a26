"""An action's answer: the DdT's whole view for a club's field, what the action changed for a
festival's (`?view=full` and `?view=changes` choose), the change being the one the console's
room is pushed (docs/api.md, docs/realtime.md)."""

from __future__ import annotations

import pytest

from tdapp.realtime.protocol import apply, settled
from tdapp.web.api import tournaments as tournament_api
from tests.web.builders import seated


def whole(api, tid: int) -> dict:
    return api.get(f"/api/v1/tournaments/{tid}").get_json()


def test_a_change_answered_rebuilds_the_whole_view_from_the_one_before(api):
    tid, table, ids = seated(api, players=12)
    before = whole(api, tid)
    told = api.post(f"/api/v1/tournaments/{tid}/players/{ids[0]}/bust?view=changes").get_json()
    after = whole(api, tid)
    assert (told["protocol"], told["base"], told["version"]) == (2, before["version"],
                                                                 after["version"])
    assert (told["id"], told["slug"], told["can_undo"]) == (tid, after["slug"], True)
    assert "players" not in told
    assert settled(apply(before, told)) == settled(after)


def test_undo_and_a_move_answer_their_change_too(api):
    tid, table, ids = seated(api, players=12)
    api.post(f"/api/v1/tournaments/{tid}/players/{ids[0]}/bust")
    before = whole(api, tid)
    told = api.post(f"/api/v1/tournaments/{tid}/undo?view=changes").get_json()
    assert settled(apply(before, told)) == settled(whole(api, tid))
    assert told["can_redo"] is True
    before = whole(api, tid)
    mover = next(p for p in before["players"] if p["table"] == table)
    to = next(t for t in before["tables"] if t["number"] != table)
    seat = next(s["seat"] for s in to["seats"] if s["player_id"] is None)
    told = api.post(f"/api/v1/tournaments/{tid}/moves?view=changes",
                    json={"player": mover["id"], "table": to["number"], "seat": seat}).get_json()
    assert told["version"] == before["version"] + 1
    assert settled(apply(before, told)) == settled(whole(api, tid))


def test_a_big_field_answers_its_changes_unless_asked_for_the_whole_view(api, monkeypatch):
    tid, table, ids = seated(api, players=12)
    assert "players" in api.post(f"/api/v1/tournaments/{tid}/players/{ids[0]}/chips",
                                 json={"stack": 4000}).get_json()
    monkeypatch.setattr(tournament_api, "WHOLE_VIEW_UP_TO", 11)
    told = api.post(f"/api/v1/tournaments/{tid}/players/{ids[0]}/chips", json={"stack": 4500})
    assert "ops" in told.get_json() and "players" not in told.get_json()
    full = api.post(f"/api/v1/tournaments/{tid}/players/{ids[0]}/chips?view=full",
                    json={"stack": 4600}).get_json()
    assert [p["stack"] for p in full["players"] if p["id"] == ids[0]] == [4600]


@pytest.mark.parametrize("shape", ["whole", ""])
def test_an_unknown_answer_shape_is_refused_before_anything_changes(api, shape):
    tid, table, ids = seated(api, players=3)
    version = whole(api, tid)["version"]
    refused = api.post(f"/api/v1/tournaments/{tid}/players/{ids[0]}/bust?view={shape}")
    assert refused.status_code == 422
    assert refused.get_json()["error"]["fields"] == ["view"]
    assert whole(api, tid)["version"] == version


def test_the_document_lists_the_answer_shape_of_actions_and_the_part_of_the_view(api):
    paths = api.get("/api/v1/openapi.json").get_json()["paths"]
    bust = paths["/api/v1/tournaments/{tid}/players/{pid}/bust"]["post"]
    assert [p["schema"]["enum"] for p in bust["parameters"] if p["name"] == "view"] == [
        ["full", "changes"]]
    # The view itself: the whole, or at a festival's size the console's part (issue 27).
    shown = paths["/api/v1/tournaments/{tid}"]["get"]
    assert [p["schema"]["enum"] for p in shown["parameters"] if p["name"] == "view"] == [
        ["full", "dashboard"]]
    settings = paths["/api/v1/tournaments/{tid}/settings"]["get"]
    assert all(p["name"] != "view" for p in settings.get("parameters", []))
