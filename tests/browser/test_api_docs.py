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

    blocks = page.locator(".opblock")
    playwright.expect(blocks).to_have_count(operations, timeout=30_000)
    page.screenshot(path=str(_shot("api-docs.png")))

    path = "/api/v1/tournaments/{tid}/tables/{table}/hand/actions"
    action = page.locator(".opblock", has=page.locator(f'[data-path="{path}"]'))
    action.locator(".opblock-summary").click()
    body = action.locator(".opblock-section-request-body")
    playwright.expect(body).to_contain_text("seat")
    playwright.expect(body).to_contain_text("amount")
    assert hosts == {"127.0.0.1"}
    context.close()


def _shot(name: str) -> Path:
    SHOTS.mkdir(exist_ok=True)
    return SHOTS / name
