"""Behind a reverse proxy (nginx in deploy/): the client's address and the scheme it used.

`TDAPP_TRUSTED_PROXIES` (config or environment) is the number of proxies in front of the app.
With 0, the default, `X-Forwarded-*` headers are ignored: anyone can send them, so believing them
without a proxy would let a guesser pick a new address for every try. With N, Werkzeug's ProxyFix
takes the client's address, scheme and host from the last N values the proxies appended.

Cookies are Secure whenever the request came over HTTPS, so a session opened on the hosted site
is never sent back over plain HTTP, while the club's LAN (plain HTTP) keeps working.
"""

from __future__ import annotations

import os

from flask import Flask, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix


def trusted_proxies(app: Flask) -> int:
    """How many proxies stand in front of the app; a setting that is not a whole number >= 0
    stops the start, rather than silently trusting nothing or everything."""
    setting = app.config.get("TDAPP_TRUSTED_PROXIES", os.environ.get("TDAPP_TRUSTED_PROXIES", 0))
    try:
        count = int(setting)
    except (TypeError, ValueError):
        count = -1
    if count < 0:
        raise ValueError(f"TDAPP_TRUSTED_PROXIES must be a whole number >= 0, not {setting!r}")
    return count


class SessionOverHttps(SecureCookieSessionInterface):
    """Flask's signed-cookie session, Secure per request: `SESSION_COOKIE_SECURE` is one value
    for the whole app, but one app answers both the LAN's HTTP and the proxy's HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return super().get_cookie_secure(app) or (has_request_context() and request.is_secure)


def init_app(app: Flask) -> None:
    """Call last in the factory: ProxyFix must wrap every other middleware (Socket.IO's too),
    so that all of them see the client, not the proxy."""
    app.session_interface = SessionOverHttps()
    count = trusted_proxies(app)
    if count:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=count, x_proto=count, x_host=count
        )
