"""Static files under addresses that name their content (tdapp/web/static_files.py): kept by
browsers for a year, and never a stale copy after an upgrade."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from tdapp.web.static_files import StaticVersions

STATIC = Path(__file__).resolve().parents[2] / "static"
LINK = re.compile(r'(?:src|href)="(/static/[^"?]+)\?v=([0-9a-f]+)"')
UNVERSIONED = re.compile(r'(?:src|href)="/static/[^"?]+"')


def links(page: str) -> list[tuple[str, str]]:
    return LINK.findall(page)


def test_every_static_link_of_a_page_names_its_files_content(client, ddt_client):
    pages = [client.get("/login").text, client.get("/").text,
             ddt_client.get("/td/tournaments").text]
    found = [link for page in pages for link in links(page)]
    assert len(found) >= 4, found
    for page in pages:
        assert not UNVERSIONED.search(page), UNVERSIONED.findall(page)
    for path, version in found:
        content = (STATIC / path.removeprefix("/static/")).read_bytes()
        assert version == hashlib.sha256(content).hexdigest()[:12], path


def test_a_versioned_file_is_kept_a_year_and_an_old_or_bare_address_is_asked_again(client, ddt):
    path, version = links(client.get("/login").text)[-1]
    kept = client.get(f"{path}?v={version}")
    assert kept.status_code == 200
    assert kept.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    again = client.get(f"{path}?v={version}", headers={"If-None-Match": kept.headers["ETag"]})
    assert again.status_code == 304
    assert "max-age=31536000" in again.headers["Cache-Control"]
    # A page from before an upgrade links the old version: the file is today's, asked again
    # each time, so that the browser does not keep today's content under the old address.
    for address in (path, f"{path}?v=000000000000", f"{path}?v="):
        answer = client.get(address)
        assert answer.status_code == 200
        assert answer.data == kept.data
        assert answer.headers["Cache-Control"] == "no-cache", address


def test_a_missing_file_is_linked_without_a_version_and_not_found(app, client):
    with app.test_request_context():
        from flask import url_for

        assert url_for("static", filename="td/no-such-file.js") == "/static/td/no-such-file.js"
        assert url_for("static", filename="../pyproject.toml") == "/static/../pyproject.toml"
    assert client.get("/static/td/no-such-file.js?v=000000000000").status_code == 404


def test_an_edited_file_gets_a_new_version(tmp_path):
    script = tmp_path / "clock.js"
    script.write_text("let level = 1;")
    versions = StaticVersions(str(tmp_path))
    first = versions.of("clock.js")
    assert first == hashlib.sha256(b"let level = 1;").hexdigest()[:12]
    assert versions.of("clock.js") == first
    script.write_text("let level = 2;")
    # The same size: the time of change tells the edit apart, as it would on a developer's disk.
    stat = script.stat()
    os.utime(script, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert versions.of("clock.js") == hashlib.sha256(b"let level = 2;").hexdigest()[:12]
    assert versions.of("gone.js") is None
    assert versions.of("../clock.js") is None
