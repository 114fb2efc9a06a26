"""The DdT's console: every page under /td/ needs a DdT session, and every form its CSRF token.

Each module adds its pages to `bp`. A refusal (a rule's `DomainError` or a form's `FormError`)
becomes a flashed message on the page the DdT came from, and nothing changes.
"""

from __future__ import annotations

from flask import Blueprint, Flask

from tdapp.web.csrf import protect
from tdapp.web.guards import ddt_page_refusal

bp = Blueprint("td", __name__, url_prefix="/td")
protect(bp)
bp.before_request(ddt_page_refusal)


def register(app: Flask) -> None:
    """Import every page module of the console, then register the blueprint once."""
    from tdapp.web.td import (  # noqa: F401  (they add routes to `bp`)
        account,
        club,
        colour_up,
        console,
        dashboard,
        deals,
        formats,
        log,
        members,
        membership,
        payouts,
        players,
        printing,
        roster,
        seasons,
        setup,
        signups,
        structures,
        tables,
        tournaments,
    )

    formats.init_app(app)
    app.register_blueprint(bp)
