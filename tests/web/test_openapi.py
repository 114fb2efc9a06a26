"""`GET /api/v1/openapi.json` (valid OpenAPI 3.1: test_openapi_document.py) has every route
under /api/v1 and the public JSON at a tournament's address, its bodies the pydantic models the
routes parse, public like the API page that draws it."""

from __future__ import annotations

import re

import jsonschema
from flask import Blueprint, Flask, jsonify, request

from tdapp.web.api.bodies import ApiBody, parse_json
from tdapp.web.api.openapi import build_document

WRITES = {"post", "put", "patch", "delete"}


def document(client) -> dict:
    answer = client.get("/api/v1/openapi.json")
    assert answer.status_code == 200
    return answer.get_json()


def schema_of(doc: dict, ref: dict) -> dict:
    name = ref["$ref"].removeprefix("#/components/schemas/")
    return doc["components"]["schemas"][name]


def body_schema(doc: dict, path: str, method: str = "post") -> dict:
    body = doc["paths"][path][method]["requestBody"]
    return schema_of(doc, body["content"]["application/json"]["schema"])


PUBLIC_JSON = {("/t/{slug}/seating", "get"), ("/t/{slug}/players", "get"),
               ("/t/{slug}/names", "get")}


def test_every_route_under_api_v1_and_the_public_json_is_one_operation_and_nothing_else(
        app, client):
    wanted = {
        (re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule), method.lower())
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/v1/")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    documented = {
        (path, method) for path, item in document(client)["paths"].items() for method in item
    }
    assert documented == wanted | PUBLIC_JSON
    assert ("/api/v1/tournaments/{tid}/tables/{table}/hand/actions", "post") in documented


def test_the_public_json_is_documented_without_login_with_its_query(client):
    paths = document(client)["paths"]
    for path, method in PUBLIC_JSON:
        assert paths[path][method]["security"] == []
        assert paths[path][method]["tags"] == ["public"]
    assert {p["name"] for p in paths["/t/{slug}/seating"]["get"]["parameters"]} == {
        "slug", "page", "size"}
    assert [p["name"] for p in paths["/t/{slug}/players"]["get"]["parameters"]
            if p["in"] == "query"] == ["q"]


def test_path_parameters_come_from_the_rules_converters(client):
    operation = document(client)["paths"]["/api/v1/tournaments/{tid}/players/{pid}/bust"]["post"]
    parameters = {p["name"]: p for p in operation["parameters"] if p["in"] == "path"}
    assert set(parameters) == {"tid", "pid"}
    assert parameters["tid"]["in"] == "path" and parameters["tid"]["required"]
    assert parameters["pid"]["schema"]["type"] == "integer"
    screen = document(client)["paths"]["/api/v1/tournaments/{tid}/displays/{screen}"]["post"]
    assert {p["name"]: p["schema"]["type"] for p in screen["parameters"] if p["in"] == "path"} == {
        "tid": "integer", "screen": "string"}


def test_bodies_are_the_pydantic_models_the_routes_parse(client):
    doc = document(client)
    action = body_schema(doc, "/api/v1/tournaments/{tid}/tables/{table}/hand/actions")
    assert set(action["properties"]) == {"seat", "action", "amount", "pushed", "pieces", "smallest"}
    assert set(action["required"]) == {"seat", "action"}
    assert action["additionalProperties"] is False  # ApiBody forbids unknown fields
    assert {"raise", "chips"} <= set(action["properties"]["action"]["enum"])  # chips: HE-14
    early = body_schema(doc, "/api/v1/tournaments/{tid}/tables/{table}/hand/out-of-turn")
    assert "chips" not in early["properties"]["action"]["enum"] and "pushed" not in early["properties"]
    token = doc["paths"]["/api/v1/auth/token"]["post"]["requestBody"]
    assert token["required"] is True
    counts = body_schema(doc, "/api/v1/tournaments/{tid}/chips")
    nested = schema_of(doc, counts["properties"]["counts"]["items"])
    assert set(nested["required"]) == {"player", "stack"}


def test_two_models_of_one_name_keep_their_own_schemas(client):
    doc = document(client)
    hold_em = body_schema(doc, "/api/v1/tournaments/{tid}/tables/{table}/hand/showdown")
    draw_game = body_schema(doc, "/api/v1/draw-tables/{table_id}/showdown")
    assert "board" in hold_em["properties"] and "board" not in draw_game["properties"]


def test_every_write_has_a_body_schema_or_is_declared_bodiless(client):
    """Views read bodies only through parse_json, so that this document sees each of them."""
    for path, item in document(client)["paths"].items():
        for method, operation in item.items():
            if method in WRITES:
                has_body = "requestBody" in operation
                assert has_body != operation.get("x-bodiless", False), (method, path)
    undo = document(client)["paths"]["/api/v1/tournaments/{tid}/undo"]["post"]
    assert undo["x-bodiless"] is True


def test_a_view_reading_its_body_behind_parse_json_is_neither_bodied_nor_bodiless():
    app = Flask(__name__)
    bp = Blueprint("probe", __name__, url_prefix="/api/v1")

    class NoteBody(ApiBody):
        text: str

    @bp.post("/raw")
    def raw():
        return jsonify(request.get_json())

    @bp.post("/parsed")
    def parsed():
        return jsonify(text=parse_json(NoteBody).text), 201

    app.register_blueprint(bp)
    paths = build_document(app)["paths"]
    assert "requestBody" not in paths["/api/v1/raw"]["post"]
    assert "x-bodiless" not in paths["/api/v1/raw"]["post"]
    assert "201" in paths["/api/v1/parsed"]["post"]["responses"]


def test_statuses_query_and_security_read_from_the_views(client):
    paths = document(client)["paths"]
    assert "201" in paths["/api/v1/tournaments"]["post"]["responses"]
    assert "200" not in paths["/api/v1/tournaments"]["post"]["responses"]
    token = paths["/api/v1/auth/token"]["post"]
    assert {"401", "429"} <= set(token["responses"]) and token["security"] == []
    assert [p["name"] for p in paths["/api/v1/roster"]["get"]["parameters"]] == ["q"]
    write = paths["/api/v1/tournaments/{tid}/undo"]["post"]["security"]
    assert {"bearerToken": []} in write
    assert {"consoleSession": [], "csrfToken": []} in write
    read = paths["/api/v1/tournaments"]["get"]["security"]
    assert read == [{"bearerToken": []}, {"consoleSession": []}]  # no CSRF header to read


def test_real_answers_match_the_documented_statuses_and_refusal_shape(client, api):
    doc = document(client)
    refusal = doc["components"]["schemas"]["Refusal"]
    created = api.post("/api/v1/roster", json={"name": "Ada"})
    assert str(created.status_code) in doc["paths"]["/api/v1/roster"]["post"]["responses"]
    wrong = api.post("/api/v1/roster", json={"name": 5})
    assert str(wrong.status_code) in doc["paths"]["/api/v1/roster"]["post"]["responses"]
    jsonschema.validate(wrong.get_json(), refusal)
    anonymous = client.get("/api/v1/tournaments")
    assert str(anonymous.status_code) in doc["paths"]["/api/v1/tournaments"]["get"]["responses"]
    jsonschema.validate(anonymous.get_json(), refusal)


def test_the_api_page_is_public_and_loads_the_document_and_swagger_ui_from_this_server(client):
    page = client.get("/api/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'data-document="/api/v1/openapi.json"' in html
    assert "/static/vendor/swagger-ui/swagger-ui-bundle.js" in html
    assert "http://" not in html and "https://" not in html


def test_each_staff_operation_names_its_least_role_and_its_403(client):
    paths = document(client)["paths"]
    clock = paths["/api/v1/tournaments/{tid}/clock"]["post"]
    bust = paths["/api/v1/tournaments/{tid}/players/{pid}/bust"]["post"]
    members = paths["/api/v1/club/members"]["get"]
    assert (clock["x-role"], bust["x-role"], members["x-role"]) == ("director", "floor", "owner")
    assert "403" in members["responses"]
    assert "x-role" not in paths["/api/v1/club/invitations/{code}/accept"]["post"]
    assert "x-role" not in paths["/api/v1/auth/token"]["post"]
