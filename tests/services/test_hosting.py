"""The hoster (issue 29, item 2): a hoster account belongs to no club; it makes clubs, each with
its slug, name, language, time zone and currency checked, and with its first owner (a new
account, or an existing one who gives its password); a refusal makes nothing. A club's owner
changes its settings later; a club that never chose a time zone keeps the server's."""

from __future__ import annotations

import pytest

from tdapp.kernel.refusals import DomainError
from tdapp.services import accounts, club_settings, clubs, hosting

PASSWORD = "una password lunga"


def _slugs() -> list[str]:
    return [club.slug for club in clubs.clubs()]


def test_a_hoster_account_belongs_to_no_club(app):
    hoster = hosting.create_hoster("host", PASSWORD)
    assert hoster.is_hoster
    assert clubs.memberships_of(hoster.id) == []
    assert accounts.authenticate("host", PASSWORD).is_hoster


def test_a_hoster_signing_in_without_a_club_signs_in_as_the_hoster(app):
    hosting.create_hoster("host", PASSWORD)
    signed = accounts.sign_in("host", PASSWORD)
    assert isinstance(signed, accounts.Account) and signed.is_hoster


def test_a_hoster_who_is_also_a_member_signs_in_to_that_club_by_naming_it(app):
    hoster = hosting.create_hoster("host", PASSWORD)
    hosting.create_club("roma", "Circolo Roma", owner=("host", PASSWORD))
    signed = accounts.sign_in("host", PASSWORD, club="roma")
    assert isinstance(signed, clubs.Staff)
    assert (signed.user_id, signed.club_slug, signed.role) == (hoster.id, "roma", "owner")
    assert isinstance(accounts.sign_in("host", PASSWORD), accounts.Account)


def test_a_club_is_made_with_its_settings_and_a_new_owner(app):
    made = hosting.create_club("circolo-roma", " Circolo  Roma ", "en", "Europe/London", "GBP",
                               owner=("giulia", PASSWORD))
    assert (made.slug, made.name, made.language, made.timezone, made.currency, made.members) == (
        "circolo-roma", "Circolo Roma", "en", "Europe/London", "GBP", 1)
    (staff,) = clubs.memberships_of(accounts.authenticate("giulia", PASSWORD).id)
    assert (staff.club_slug, staff.role) == ("circolo-roma", "owner")


def test_an_existing_account_with_its_password_becomes_the_owner(app):
    existing = accounts.create_user("giulia", PASSWORD)
    hosting.create_club("milano", "Milano", owner=("giulia", PASSWORD))
    assert [(m.club_slug, m.role) for m in clubs.memberships_of(existing.id)] == [
        ("club", "owner"), ("milano", "owner")]


def test_an_existing_account_with_a_wrong_password_makes_no_club(app):
    accounts.create_user("giulia", PASSWORD)
    assert hosting.create_club("milano", "Milano", owner=("giulia", "sbagliata")) is None
    assert _slugs() == ["club"]


@pytest.mark.parametrize(
    ("slug", "name", "language", "timezone", "currency", "code"),
    [
        ("Circolo Roma", "Roma", "it", None, "EUR", "BAD_SLUG"),
        ("roma_1", "Roma", "it", None, "EUR", "BAD_SLUG"),
        ("-roma", "Roma", "it", None, "EUR", "BAD_SLUG"),
        ("r" * 41, "Roma", "it", None, "EUR", "BAD_SLUG"),
        ("club", "Roma", "it", None, "EUR", "SLUG_TAKEN"),
        ("roma", "  ", "it", None, "EUR", "CLUB_NAME_REQUIRED"),
        ("roma", "R" * 121, "it", None, "EUR", "CLUB_NAME_TOO_LONG"),
        ("roma", "Roma", "fr", None, "EUR", "BAD_LANGUAGE"),
        ("roma", "Roma", "it", "Europe/Atlantide", "EUR", "BAD_TIMEZONE"),
        ("roma", "Roma", "it", "../../etc/passwd", "EUR", "BAD_TIMEZONE"),
        ("roma", "Roma", "it", None, "EURO DOLLARI", "BAD_CURRENCY"),
        ("roma", "Roma", "it", None, "", "BAD_CURRENCY"),
    ],
)
def test_a_bad_club_is_refused_with_its_code_and_nothing_is_made(
    app, slug, name, language, timezone, currency, code
):
    accounts.create_user("ddt", PASSWORD)
    with pytest.raises(DomainError) as refused:
        hosting.create_club(slug, name, language, timezone, currency, owner=("nuovo", PASSWORD))
    assert refused.value.code == code
    assert _slugs() == ["club"] and not accounts.exists("nuovo")


def test_a_new_owner_with_a_short_password_makes_no_club(app):
    with pytest.raises(DomainError) as refused:
        hosting.create_club("roma", "Roma", owner=("nuovo", "corta"))
    assert refused.value.code == "PASSWORD_TOO_SHORT"
    # The test database has the server's club, which the tests act in (tdapp/testing.py).
    assert _slugs() == ["club"] and not accounts.exists("nuovo")


def test_a_club_that_never_chose_a_zone_keeps_the_servers(app, monkeypatch):
    made = hosting.create_club("roma", "Roma")
    assert made.timezone == "Europe/Rome"
    monkeypatch.setenv("TDAPP_TIMEZONE", "America/New_York")
    assert club_settings.settings(made.id).timezone == "America/New_York"
    chosen = club_settings.change(made.id, timezone="Asia/Tokyo")
    assert club_settings.settings(made.id).timezone == chosen.timezone == "Asia/Tokyo"
    assert club_settings.change(made.id, timezone="").timezone == "America/New_York"


def test_the_owner_changes_some_settings_and_the_others_stay(app):
    made = hosting.create_club("roma", "Roma", "it", "Europe/Rome", "EUR")
    changed = club_settings.change(made.id, name="Circolo di Roma", currency="CHF")
    assert (changed.name, changed.language, changed.timezone, changed.currency) == (
        "Circolo di Roma", "it", "Europe/Rome", "CHF")


def test_a_bad_setting_changes_nothing(app):
    made = hosting.create_club("roma", "Roma")
    with pytest.raises(DomainError) as refused:
        club_settings.change(made.id, name="Altro", timezone="Europe/Atlantide")
    assert refused.value.code == "BAD_TIMEZONE"
    assert club_settings.settings(made.id).name == "Roma"


def test_a_hoster_token_is_known_as_the_hosters_until_revoked(app):
    hoster = hosting.create_hoster("host", PASSWORD)
    issued = hosting.issue_token(hoster, label="script")
    assert hosting.hoster_for_token(issued.token) == hoster
    # It opens no club: the clubs' token lookups do not know it.
    assert accounts.staff_for_token(issued.token) is None
    assert accounts.user_for_token(issued.token) is None
    assert accounts.tokens() == []
    assert hosting.revoke_bearer(issued.token)
    assert hosting.hoster_for_token(issued.token) is None


def test_a_club_members_token_is_no_hosters_token(app):
    member = accounts.create_user("giulia", PASSWORD)
    assert hosting.hoster_for_token(accounts.issue_token(member)) is None
