"""The owner's page of the club's settings: its name, language, time zone and currency label.
The language is the console's for the club's staff until one of them picks another; the time
zone is the one every time of the club's pages is read in (tdapp/i18n.py)."""

from __future__ import annotations

from flask import redirect, render_template, request, url_for
from flask_babel import gettext

from tdapp.i18n import LANGUAGES
from tdapp.services import club_settings
from tdapp.web import roles
from tdapp.web.td import bp
from tdapp.web.td.console import flash_done


def _club_id() -> int:
    staff = roles.current_staff()
    assert staff is not None  # the console's guard and the role check let only staff in
    return staff.club_id


@bp.get("/club")
def club_settings_page():
    return render_template(
        "td/club.html",
        club=club_settings.settings(_club_id()),
        languages=LANGUAGES,
        time_zones=sorted(club_settings.time_zones()),
    )


@bp.post("/club")
def save_club_settings():
    form = request.form
    club_settings.change(_club_id(), form.get("name", ""), form.get("language", ""),
                         form.get("timezone", ""), form.get("currency", ""))
    flash_done(gettext("The club's settings are saved."))
    return redirect(url_for("td.club_settings_page"), code=303)
