"""The API's version 1: the prefix of its paths, and the blueprint that the resources without one
of their own add their endpoints to (auth, chips, library, players, results, tools, tournaments),
so their endpoint names (`api.log_csv`) stay as pages and docs know them."""

from __future__ import annotations

from flask import Blueprint

URL_PREFIX = "/api/v1"
bp = Blueprint("api", __name__, url_prefix=URL_PREFIX)
