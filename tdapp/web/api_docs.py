"""The API described: its OpenAPI document for machines and, at `/api/docs`, a page for people.

The page is Swagger UI from npm, served by the app itself like every front-end library here (the
club's room often has no internet). It sits beside `/api/v1`, not in it, since it is no API call.
"""

from __future__ import annotations

from flask import Blueprint, Flask, render_template, url_for

from tdapp.web.api import openapi

bp = Blueprint("api_docs", __name__)


@bp.get("/api/docs")
def page():
    return render_template("api/docs.html", document_url=url_for("api_openapi.document"))


def init_app(app: Flask) -> None:
    app.register_blueprint(openapi.bp)
    app.register_blueprint(bp)
