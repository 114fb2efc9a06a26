"""The API page (/api/docs) in a real Chromium against a real server: it draws every operation of
the app's own OpenAPI document, opens one to show its body's fields, and asks nothing of any
host but the server itself (the club's room has no internet).

Screenshot goes to shots/ at the repository root (api-docs.png)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.conftest import screenshot

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "shots"


def test_the_api_page_draws_every_operation_offline(shared_ddt_server, browser):
    server = shared_ddt_server
    with urllib.request.urlopen(server.url + "/api/v1/openapi.json", timeout=30) as answer:
        doc = json.loads(answer.read())
    operations = sum(len(item) for item in doc["paths"].values())

    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    hosts: set[str] = set()
    page.on("request", lambda sent: hosts.add(urlsplit(sent.url).hostname or sent.url))
    page.goto(server.url + "/api/docs")

    # The page lists the resources, each opened on demand: every operation at once (137 and
    # more) is more than Swagger UI draws in one go. Each resource opened in turn draws all of
    # its operations.
    tags = doc_tags(doc)
    sections = page.locator(".opblock-tag-section")
    playwright.expect(sections).to_have_count(len(tags), timeout=30_000)
    screenshot(page, path=str(_shot("api-docs.png")))
    drawn = 0
    for index in range(len(tags)):
        section = sections.nth(index)
        section.locator(".opblock-tag").click()
        playwright.expect(section.locator(".opblock")).to_have_count(tags[index][1])
        drawn += tags[index][1]
        if tags[index][0] != "tournaments":
            section.locator(".opblock-tag").click()
    assert drawn == operations

    path = "/api/v1/tournaments/{tid}/tables/{table}/hand/actions"
    action = page.locator(".opblock", has=page.locator(f'[data-path="{path}"]'))
    action.locator(".opblock-summary").click()
    body = action.locator(".opblock-section-request-body")
    playwright.expect(body).to_contain_text("seat")
    playwright.expect(body).to_contain_text("amount")
    assert hosts == {"127.0.0.1"}
    context.close()


def doc_tags(doc: dict) -> list[tuple[str, int]]:
    """Each resource of the document in the order the page lists them (first seen), with its
    count of operations."""
    counts: dict[str, int] = {}
    for item in doc["paths"].values():
        for operation in item.values():
            tag = operation["tags"][0]
            counts[tag] = counts.get(tag, 0) + 1
    return list(counts.items())


def _shot(name: str) -> Path:
    SHOTS.mkdir(exist_ok=True)
    return SHOTS / name
