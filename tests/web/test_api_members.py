"""The club's members over the API (issue 30, item 6): `GET/POST /api/v1/members`,
`PUT/DELETE /api/v1/members/<id>` and the CSV import; every bad input a 4xx JSON refusal that
changes nothing; any staff member reads, directors and owners change. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import date, timedelta
from io import BytesIO

import pytest

from tdapp.services import accounts, members, tenancy
from tests.web.builders import second_club

FLOOR_PASSWORD = "una password lunga"


def _listed(api) -> list[tuple[str, str | None, str | None]]:
    answer = api.get("/api/v1/members?size=500").get_json()
    return [(m["name"], m["number"], m["valid_until"]) for m in answer["members"]]


def _refused(api, method: str, path: str, status: int, code: str, **kwargs) -> dict:
    before = _listed(api)
    answer = api.open(path, method=method, **kwargs)
    assert (answer.status_code, answer.get_json()["error"]["code"]) == (status, code), \
        answer.get_json()
    assert _listed(api) == before
    return answer.get_json()["error"]


def test_a_member_is_added_listed_renewed_and_removed(api):
    roster_id = api.post("/api/v1/roster", json={"name": "Marco Rossi"}).get_json()["id"]
    added = api.post("/api/v1/members", json={"name": " Marco  Rossi ", "number": "12",
                                              "valid_until": "31/12/2020",
                                              "roster_id": roster_id})
    assert added.status_code == 201
    marco = added.get_json()
    assert marco | {"id": 0} == {"id": 0, "name": "Marco Rossi", "number": "12",
                                 "valid_until": "2020-12-31", "roster_id": roster_id,
                                 "valid": False}
    renewed = api.put(f"/api/v1/members/{marco['id']}", json={"valid_until": "2099-12-31"})
    assert renewed.get_json() | {"id": 0} == marco | {"id": 0, "valid_until": "2099-12-31",
                                                     "valid": True}
    assert api.get(f"/api/v1/members/{marco['id']}").get_json() == renewed.get_json()
    cleared = api.put(f"/api/v1/members/{marco['id']}",
                      json={"number": None, "valid_until": None, "roster_id": None})
    assert (cleared.get_json()["number"], cleared.get_json()["valid_until"],
            cleared.get_json()["roster_id"], cleared.get_json()["valid"]) == (None, None, None,
                                                                              True)
    assert api.delete(f"/api/v1/members/{marco['id']}").status_code == 204
    assert _listed(api) == []


def test_the_list_is_searched_and_paged(api):
    for name in ("Anna Bianchi", "Bruno Rossi", "Marco Rossi"):
        api.post("/api/v1/members", json={"name": name})
    page = api.get("/api/v1/members?q=rossi&size=1&page=2").get_json()
    assert (page["page"], page["pages"], page["size"], page["total"]) == (2, 2, 1, 2)
    assert [m["name"] for m in page["members"]] == ["Marco Rossi"]
    assert api.get("/api/v1/members?size=abc").get_json()["size"] == members.PAGE_SIZE


def test_a_card_valid_until_today_is_valid_today(api):
    # A day either side of the server's clock stays on the same side in any club zone.
    yesterday = (date.today() - timedelta(days=2)).isoformat()
    tomorrow = (date.today() + timedelta(days=2)).isoformat()
    for name, until in (("Anna", yesterday), ("Bea", tomorrow)):
        api.post("/api/v1/members", json={"name": name, "valid_until": until})
    found = api.get("/api/v1/members").get_json()["members"]
    assert [(m["name"], m["valid"]) for m in found] == [("Anna", False), ("Bea", True)]


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"name": "Carla", "number": "7"}, 422, "MEMBER_NUMBER_TAKEN"),
    ({"name": "ANNA bianchi"}, 422, "MEMBER_NAME_TAKEN"),
    ({"name": "Carla", "valid_until": "31/02/2026"}, 422, "BAD_MEMBER_DATE"),
    ({"name": "Carla", "valid_until": "domani"}, 422, "BAD_MEMBER_DATE"),
    ({"name": "Carla", "number": "²"}, 422, "BAD_MEMBER_NUMBER"),
    ({"name": "Carla", "number": 7}, 422, "INVALID_REQUEST"),
    ({"name": "Carla", "roster_id": 999_999}, 404, "UNKNOWN_ROSTER_PLAYER"),
    ({"name": "Carla", "roster_id": 0}, 422, "INVALID_REQUEST"),
    ({"name": ""}, 422, "INVALID_REQUEST"),
    ({"name": "   "}, 422, "BAD_MEMBER_NAME"),
    ({"number": "8"}, 422, "INVALID_REQUEST"),
    ({"name": "Carla", "card": "8"}, 422, "INVALID_REQUEST"),
])
def test_a_bad_member_is_refused_with_a_json_error_and_nothing_added(api, body, status, code):
    api.post("/api/v1/members", json={"name": "Anna Bianchi", "number": "7"})
    _refused(api, "POST", "/api/v1/members", status, code, json=body)


def test_a_bad_change_or_a_missing_member_is_refused(api):
    anna = api.post("/api/v1/members", json={"name": "Anna", "number": "7"}).get_json()["id"]
    api.post("/api/v1/members", json={"name": "Bea", "number": "8"})
    _refused(api, "PUT", f"/api/v1/members/{anna}", 422, "MEMBER_NUMBER_TAKEN",
             json={"number": "8"})
    _refused(api, "PUT", f"/api/v1/members/{anna}", 422, "BAD_MEMBER_DATE",
             json={"valid_until": "2026-13-01"})
    _refused(api, "PUT", f"/api/v1/members/{anna}", 400, "MALFORMED_JSON", data="{",
             content_type="application/json")
    for method in ("GET", "PUT", "DELETE"):
        error = _refused(api, method, "/api/v1/members/999999", 404, "UNKNOWN_CARD_HOLDER", json={})
        assert "999999" in error["message"]


def test_another_clubs_member_answers_as_a_missing_one(api):
    with tenancy.in_club(second_club("bianchi")):
        theirs = members.create_member("Bruno Neri").id
    missing = theirs + 100_000
    for method in ("GET", "PUT", "DELETE"):
        seen = api.open(f"/api/v1/members/{theirs}", method=method, json={})
        nowhere = api.open(f"/api/v1/members/{missing}", method=method, json={})
        assert seen.status_code == nowhere.status_code == 404
        assert seen.get_json()["error"]["message"].replace(str(theirs), str(missing)) == \
            nowhere.get_json()["error"]["message"]
    assert _listed(api) == []


CSV_ITALIAN = "Nome;Tessera;Scadenza\nMarco Rossi;12;31/12/2026\nAnna Bianchi;13;\n"


def test_a_csv_file_is_imported_as_a_body_or_as_a_browsers_upload(api):
    answer = api.post("/api/v1/members/import", data=CSV_ITALIAN.encode(),
                      content_type="text/csv")
    assert (answer.status_code, answer.get_json()) == (200, {"added": 2, "updated": 0,
                                                             "unchanged": 0})
    upload = b"name,number,valid until\nMarco Rossi,12,2027-12-31\n"
    answer = api.post("/api/v1/members/import", data={"file": (BytesIO(upload), "soci.csv")},
                      content_type="multipart/form-data")
    assert answer.get_json() == {"added": 0, "updated": 1, "unchanged": 0}
    assert _listed(api) == [("Anna Bianchi", "13", None), ("Marco Rossi", "12", "2027-12-31")]


def test_a_csv_file_with_a_bad_line_names_it_in_the_readers_language_and_imports_nothing(api):
    bad = "nome;tessera;scadenza\nMarco Rossi;12;31/12/2026\nAnna Bianchi;²;\n"
    error = _refused(api, "POST", "/api/v1/members/import", 422, "MEMBERS_FILE_REFUSED",
                     data=bad.encode(), content_type="text/csv")
    assert (error["params"]["line"], error["params"]["reason_code"]) == (3, "BAD_MEMBER_NUMBER")
    assert error["message"].startswith("Riga 3 del file: ")
    assert "²" in error["message"] and "Nulla è stato importato" in error["message"]
    english = api.post("/api/v1/members/import", data=bad.encode(), content_type="text/csv",
                       headers={"Accept-Language": "en"})
    assert english.status_code == 422


@pytest.mark.parametrize(("kwargs", "status", "code"), [
    ({"json": {"csv": "nome\nAnna"}}, 415, "NOT_CSV"),
    ({"data": b"PK\x03\x04zip", "content_type": "text/csv"}, 422, "MEMBERS_FILE_NOT_CSV"),
    ({"data": b"", "content_type": "text/csv"}, 422, "MEMBERS_FILE_EMPTY"),
    ({"data": {"other": "x"}, "content_type": "multipart/form-data"}, 400, "NO_CSV_FILE"),
])
def test_what_is_no_csv_file_is_refused(api, kwargs, status, code):
    _refused(api, "POST", "/api/v1/members/import", status, code, **kwargs)


def test_floor_staff_read_the_members_but_change_nothing(app, api):
    anna = api.post("/api/v1/members", json={"name": "Anna"}).get_json()["id"]
    floor = accounts.create_user("marta", FLOOR_PASSWORD, role="floor")
    client = app.test_client()
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {accounts.issue_token(floor)}"
    assert client.get("/api/v1/members").status_code == 200
    assert client.get(f"/api/v1/members/{anna}").status_code == 200
    for method, path, kwargs in [
        ("POST", "/api/v1/members", {"json": {"name": "Bea"}}),
        ("PUT", f"/api/v1/members/{anna}", {"json": {"valid_until": None}}),
        ("DELETE", f"/api/v1/members/{anna}", {}),
        ("POST", "/api/v1/members/import", {"data": b"nome\nBea\n", "content_type": "text/csv"}),
    ]:
        _refused(client, method, path, 403, "ROLE_FORBIDDEN", **kwargs)
    assert app.test_client().get("/api/v1/members").status_code == 401


def test_the_openapi_document_describes_the_members_and_the_csv_import(api):
    paths = api.get("/api/v1/openapi.json").get_json()["paths"]
    assert set(paths["/api/v1/members"]) == {"get", "post"}
    assert paths["/api/v1/members"]["post"]["x-role"] == "director"
    assert paths["/api/v1/members"]["get"]["x-role"] == "floor"
    assert {p["name"] for p in paths["/api/v1/members"]["get"]["parameters"]} == {
        "q", "page", "size"}
    body = paths["/api/v1/members/import"]["post"]["requestBody"]
    assert set(body["content"]) == {"text/csv", "multipart/form-data"}
    assert {"415", "422"} <= set(paths["/api/v1/members/import"]["post"]["responses"])
