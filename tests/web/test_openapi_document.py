"""`GET /api/v1/openapi.json` is a valid OpenAPI 3.1 document, public. Validated on one backend:
the document is built from the routes and the bodies, which no database changes, and the
validator's crawl of its references costs some 11 s of CPU a run (openapi-spec-validator 0.6+).
tests/web/test_openapi.py checks what it says against the real answers on both."""

from __future__ import annotations

import pytest
from openapi_spec_validator import validate


@pytest.fixture
def database_url(sqlite_url: str) -> str:
    return sqlite_url


def test_the_document_is_valid_openapi_3_1_and_public(client):
    answer = client.get("/api/v1/openapi.json")  # no login, no token
    assert answer.status_code == 200
    doc = answer.get_json()
    assert doc["openapi"].startswith("3.1")
    validate(doc)
    assert doc["paths"]["/api/v1/openapi.json"]["get"]["security"] == []
