"""`GET /healthz` (this process answers) and `GET /readyz` (it can serve the room), JSON with 200
or 503, for nginx, a monitor and an upgrade script. No login: they name no tournament, no
account and no setting."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from tdapp.realtime.server import message_queue
from tdapp.services import health

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    return jsonify({"ok": True})


@bp.get("/readyz")
def readyz():
    report = health.readiness(message_queue(current_app))
    return jsonify(report), 200 if report["ready"] else 503
