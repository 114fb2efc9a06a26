"""Static files under addresses that name their content, kept by browsers for a year.

Every page links its scripts and styles through `url_for("static", ...)`, which here adds
`?v=` and the first characters of the file's SHA-256. An answer to such an address says it
never changes (`max-age` of a year, `immutable`): a phone moving from the clock to its seat and
back, or a console going from page to page, loads each script once instead of asking the server
again for each one on every page, a round trip per file on a club's Wi-Fi. A new version of a
file has another address, so an upgrade is never served from a browser's old copy. An address
without `v`, or with a `v` that is not the file's (a page from before an upgrade), is answered
as before: `no-cache`, asked again each time.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

from flask import Flask, Response, request
from werkzeug.security import safe_join

YEAR = 365 * 24 * 3600


class StaticVersions:
    """The content version of each file of a static folder, worked out when first linked and
    again only when the file's size or time of change moves (an edit while developing)."""

    def __init__(self, folder: str) -> None:
        self._folder = folder
        self._known: dict[str, tuple[tuple[int, int], str]] = {}

    def of(self, filename: str) -> str | None:
        """The version of `filename` (relative to the folder), or None for no such file."""
        path = safe_join(self._folder, filename)
        if path is None:
            return None
        try:
            stat = os.stat(path)
        except OSError:
            return None
        seen = (stat.st_mtime_ns, stat.st_size)
        known = self._known.get(filename)
        if known is not None and known[0] == seen:
            return known[1]
        with open(path, "rb") as file:
            version = hashlib.file_digest(file, "sha256").hexdigest()[:12]
        self._known[filename] = (seen, version)
        return version


def init_app(app: Flask) -> None:
    assert app.static_folder is not None
    versions = StaticVersions(app.static_folder)

    @app.url_defaults
    def _version_static_links(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "v" not in values and "filename" in values:
            version = versions.of(values["filename"])
            if version is not None:
                values["v"] = version

    @app.after_request
    def _keep_versioned_files(response: Response) -> Response:
        asked = request.args.get("v")
        if (asked and request.endpoint == "static" and response.status_code in (200, 304)
                and request.view_args is not None
                and asked == versions.of(request.view_args["filename"])):
            response.cache_control.no_cache = None
            response.cache_control.public = True
            response.cache_control.max_age = YEAR
            response.cache_control.immutable = True
        return response
