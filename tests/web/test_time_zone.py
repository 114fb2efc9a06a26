"""The room's time zone (TDAPP_TIMEZONE, Europe/Rome by default): a name the tz database does not
know stops the server at once with one clear line, before it opens its database, rather than
show every time of the night in the wrong hour. A zone it knows is used by the league night's
browser test (tests/browser/test_league_night.py), which runs its night in the evening of a zone
chosen for the hour of the run."""

from __future__ import annotations

import pytest

from tdapp import create_app


def test_a_time_zone_that_does_not_exist_stops_the_server_with_one_line(monkeypatch):
    monkeypatch.setenv("TDAPP_TIMEZONE", "Europe/Atlantide")
    with pytest.raises(SystemExit) as stopped:
        create_app({"DATABASE_URL": "sqlite:///:memory:"})
    assert str(stopped.value) == (
        "TDAPP_TIMEZONE='Europe/Atlantide' is not a time zone (like Europe/Rome)")
