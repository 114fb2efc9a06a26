"""The dashboard: the night at a glance (players left, average stack, prize pool, warnings)."""

from __future__ import annotations

from tdapp.web.td import bp
from tdapp.web.td.console import render


@bp.get("/t/<int:tid>")
def dashboard(tid: int):
    return render("td/dashboard.html", tid)
