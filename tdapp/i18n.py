"""Languages: Italian by default, English on request, the choice kept in the session.

Source strings are English; `tdapp/translations/it` holds the Italian catalogue. The compiled
`.mo` files are build output (gitignored): `compile_catalogues` builds any that is missing or older
than its `.po`, so a fresh clone speaks Italian on its first start.
"""

from __future__ import annotations

import os
from datetime import date, datetime
from decimal import Decimal, localcontext
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import (
    Blueprint,
    Flask,
    current_app,
    g,
    has_request_context,
    redirect,
    request,
    session,
    url_for,
)
from flask_babel import Babel, format_decimal, get_locale, get_timezone, gettext, ngettext, refresh

from tdapp.engine.errors import REASONS, WORD_PARAMS, WORDS, reason_text
from tdapp.kernel.refusals import message_for, message_plural, message_template
from tdapp.services import club_settings, tenancy

LANGUAGES: dict[str, str] = {"it": "Italiano", "en": "English"}
DEFAULT_LANGUAGE = "it"
TRANSLATIONS = Path(__file__).parent / "translations"

bp = Blueprint("i18n", __name__)

# A club's staff roles as people read them; a refusal's `role` and `needs` parameters hold the
# role's code ("floor") and are said with these words ("Personale di sala").
ROLE_WORDS: dict[str, str] = {"owner": "Owner", "director": "Director", "floor": "Floor staff"}
ROLE_PARAMS = frozenset({"role", "needs"})


def club_zone() -> ZoneInfo:
    """The room's time zone as a `zoneinfo` zone, for arithmetic on local times: Flask-Babel's
    pytz zone would give `datetime.combine` its old local mean time (+0:50 in Rome)."""
    return ZoneInfo(str(get_timezone()))


def club_today() -> date:
    """The day it is in the room: a card valid until today is valid until midnight there."""
    return datetime.now(club_zone()).date()


def _club_locale() -> tuple[str, str]:
    """The language and chosen time zone ("": none) of the club this request acts in (its
    staff member's, or the club of the tournament or league a public page names): from the
    membership when it is that club's, else read (Flask-Babel asks once per request)."""
    club = tenancy.current()
    staff = g.get("staff")
    if club is None:
        return DEFAULT_LANGUAGE, ""
    if staff is not None and staff.club_id == club:
        return staff.club_language, staff.club_timezone
    return club_settings.locale_of(club)


def select_language() -> str:
    """The session's choice, else the language of the club the request acts in, else Italian:
    the club's room speaks Italian first."""
    chosen = session.get("lang")
    if chosen in LANGUAGES:
        return chosen
    language = _club_locale()[0]
    return language if language in LANGUAGES else DEFAULT_LANGUAGE


def select_zone() -> str:
    """The room's time zone: that of the club the request acts in, else the server's
    (TDAPP_TIMEZONE, else Europe/Rome), as for a club that never chose one."""
    return _club_locale()[1] or current_app.config.get("TIMEZONE", "Europe/Rome")


def compile_catalogues(folder: Path = TRANSLATIONS) -> list[Path]:
    """Build each stale `.mo` beside its `.po`; returns the files it wrote."""
    written = []
    for po_path in folder.glob("*/LC_MESSAGES/*.po"):
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as po_file:
            catalogue = read_po(po_file, locale=po_path.parent.parent.name)
        # Written aside and renamed: another process starting now never reads half a file.
        partial = mo_path.with_name(f".{mo_path.name}.{os.getpid()}")
        with partial.open("wb") as mo_file:
            write_mo(mo_file, catalogue)
        os.replace(partial, mo_path)
        written.append(mo_path)
    return written


def translate(code: str, params: dict[str, Any]) -> str:
    """The registered message of `code` in the request's language, filled with `params`; the
    English one if the translation does not fit them, or with no request to take a language
    from (a change published by a service called from a shell or a job)."""
    template = message_template(code)
    if template is None or not has_request_context():
        return message_for(code, params)
    # Money travels in cents (`*_cents`); a person reads it in euros.
    params = {key: _shown(key, value) for key, value in params.items()}
    inside, inside_params = params.get("reason_code"), params.get("reason_params")
    if isinstance(inside, str) and isinstance(inside_params, dict):
        # The reason inside the refusal, said too: the engine's ("it is seat 3's turn..."), or
        # another refusal of the app's (a file's bad line: "... is not a day").
        params["reason"] = (engine_reason(inside, inside_params) if inside in REASONS
                            else translate(inside, inside_params))
    plural = message_plural(code)
    try:
        if plural is not None:  # the form the language uses for this count ("1 minuto")
            return ngettext(plural.singular, plural.plural, plural.number(params), **params)
        return gettext(template) % params if params else gettext(template)
    except (KeyError, TypeError, ValueError):
        return message_for(code, params)


def _shown(key: str, value: Any) -> Any:
    """A refusal's parameter as the reader sees it: money in euros, a role by its name."""
    if key.endswith("_cents") and isinstance(value, int):
        return money(value)
    if key in ROLE_PARAMS and isinstance(value, str) and value in ROLE_WORDS:
        return gettext(ROLE_WORDS[value])
    return value


def engine_reason(code: str, params: dict[str, Any]) -> str:
    """An engine refusal's reason (tdapp/engine/errors.py) in the request's language: its words
    (an action, a street) translated, a reason inside it said the same way, lists of seats as
    "2, 3" and large chip counts grouped as the language groups them."""
    template = REASONS.get(code)
    if template is None:
        return reason_text(code, params)
    shown: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, dict) and isinstance(value.get("code"), str):
            shown[key] = engine_reason(value["code"], value.get("params") or {})
        elif key in WORD_PARAMS and isinstance(value, str):
            shown[key] = gettext(WORDS.get(value, value))
        elif isinstance(value, list):
            shown[key] = ", ".join(map(str, value))
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1000:
            shown[key] = grouped(Decimal(value), "#,##0")
        else:
            shown[key] = value
    try:
        return gettext(template) % shown
    except (KeyError, TypeError, ValueError):
        return reason_text(code, params)


def money(cents: int | None) -> str:
    """Euros, with cents only when there are some: "€ 20", "€ 20,50"."""
    if cents is None:
        return ""
    pattern = "#,##0" if cents % 100 == 0 else "#,##0.00"
    return "€\u00a0" + grouped(Decimal(cents).scaleb(-2), pattern)


def grouped(value: Decimal, pattern: str) -> str:
    """`value` with the language's separators, however many digits it has: Babel rounds in the
    decimal context, whose default 28 digits would make a refusal about a huge typed number fail
    while it is being written."""
    with localcontext() as context:
        context.prec = max(context.prec, len(value.as_tuple().digits) + 8)
        return format_decimal(value, format=pattern)


def is_local_path(target: str | None) -> bool:
    """Only a path on this site may be a redirect's target: an outside URL would make it an open
    redirect. Browsers read a backslash as a slash, so "/\\host" is an outside URL too."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return False
    parts = urlsplit(target)
    return not (parts.scheme or parts.netloc)


def _safe_next(target: str | None) -> str:
    return target if target and is_local_path(target) else url_for("home.index")


@bp.get("/lang/<code>")
def switch(code: str):
    """Keep the chosen language for the rest of the visit, then go back where the user was."""
    if code in LANGUAGES:
        session["lang"] = code
        refresh()  # a locale cached earlier in this app context must not outlive the choice
    return redirect(_safe_next(request.args.get("next")))


def _template_globals() -> dict[str, Any]:
    return {"languages": LANGUAGES, "current_language": str(get_locale() or DEFAULT_LANGUAGE)}


def init_app(app: Flask) -> None:
    """Install Babel with the session's language and the switch route."""
    compile_catalogues()
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    # The club plays in Italy: times on the console are the room's local times.
    Babel(
        app,
        default_locale=DEFAULT_LANGUAGE,
        default_timezone=app.config.get("TIMEZONE", "Europe/Rome"),
        locale_selector=select_language,
        timezone_selector=select_zone,
    )
    app.register_blueprint(bp)
    app.context_processor(_template_globals)
