"""The console's sign-ups (issue 30): sign-ups turned on in the set-up form (times in the room's
zone), the list with the DdT's buttons, the no-shows released, and the check-in at the door,
where a floor member taps a name, renews an ended card and checks a guest in."""

from __future__ import annotations

from datetime import UTC, date, datetime

from tdapp.services import accounts, members, signups, tournaments
from tdapp.tournament.clock.rules import StartClock
from tdapp.tournament.settings import Settings
from tdapp.tournament.signups.model import SignupSettings
from tdapp.tournament.structure import Level, Structure
from tdapp.web.td.setup import form_values
from tests.conftest import console_client


def _evening(cap: int = 3, **rules) -> tuple[int, str]:
    settings = Settings(name="Lunedì", structure=Structure((Level(25, 50, 1200),)),
                        signups=SignupSettings(cap=cap, **rules))
    made = tournaments.create_tournament(settings, "marco")
    return made.id, made.slug


def _join(slug: str, *names: str) -> list[signups.Made]:
    return [signups.sign_up(slug, name, f"{name.split()[0].lower()}@example.com", "10.0.0.1")
            for name in names]


def _post(client, path: str, next_page: str, **fields):
    return client.post(path, data={"csrf_token": client.csrf, "next": next_page, **fields},
                       follow_redirects=True)


def test_the_set_up_form_turns_sign_ups_on_in_the_rooms_time(ddt_client):
    tid, _ = _evening()
    page = ddt_client.get(f"/td/t/{tid}/setup").get_data(as_text=True)
    assert 'name="signups_cap"' in page and 'id="signups-settings"' in page
    form = _setup_form(ddt_client, tid)
    form |= {"signups": "1", "signups_cap": "40", "signups_tables": "5",
             "signups_opens": "2026-12-07T18:00", "signups_closes": "2026-12-07T20:30",
             "signups_waitlist": "1", "signups_members_only": "1", "signups_guest_fee": "5"}
    form.pop("signups_approval", None)
    _post(ddt_client, f"/td/t/{tid}/setup", f"/td/t/{tid}/setup", **form)
    rules = tournaments.current(tid).settings.signups
    # Rome is an hour ahead of UTC in December.
    assert rules == SignupSettings(
        cap=40, opens_at=datetime(2026, 12, 7, 17, 0, tzinfo=UTC),
        closes_at=datetime(2026, 12, 7, 19, 30, tzinfo=UTC), waitlist=True, approval=False,
        members_only=True, guest_fee_cents=500, tables=5)
    shown = ddt_client.get(f"/td/t/{tid}/setup").get_data(as_text=True)
    assert 'value="2026-12-07T18:00"' in shown and 'value="2026-12-07T20:30"' in shown

    form["signups_cap"] = "46"  # five tables of nine seat 45
    refused = _post(ddt_client, f"/td/t/{tid}/setup", f"/td/t/{tid}/setup", **form)
    assert "45" in refused.get_data(as_text=True)
    assert tournaments.current(tid).settings.signups.cap == 40
    form["signups_cap"], form["signups_opens"] = "40", "²"
    _post(ddt_client, f"/td/t/{tid}/setup", f"/td/t/{tid}/setup", **form)
    assert tournaments.current(tid).settings.signups.opens_at.hour == 17

    form.pop("signups")
    _post(ddt_client, f"/td/t/{tid}/setup", f"/td/t/{tid}/setup", **form)
    assert tournaments.current(tid).settings.signups is None


def _setup_form(client, tid: int) -> dict[str, str]:
    """The set-up form's fields as the page fills them."""
    with client.application.test_request_context():
        return form_values(tournaments.current(tid).settings)


def test_the_list_shows_every_sign_up_and_the_ddts_buttons_act(ddt_client):
    tid, slug = _evening(cap=2)
    anna, bruno, carla, dario = _join(slug, "Anna Bianchi", "Bruno Rossi", "Carla Verdi",
                                      "Dario Neri")
    page = ddt_client.get(f"/td/t/{tid}/signups").get_data(as_text=True)
    assert "anna@example.com" in page and 'id="signup-4"' in page
    assert 'id="hc-confirmed">2<' in page and 'id="hc-waitlisted">2<' in page
    assert 'value="promote-4"' in page and 'value="promote-1"' not in page

    done = _post(ddt_client, f"/td/t/{tid}/signups/act", f"/td/t/{tid}/signups",
                 do=f"promote-{dario.id}").get_data(as_text=True)
    assert "Dario Neri" in done
    assert tournaments.current(tid).signups.waitlist == (dario.id, carla.id)
    _post(ddt_client, f"/td/t/{tid}/signups/act", f"/td/t/{tid}/signups", do=f"remove-{anna.id}")
    after = tournaments.current(tid).signups
    assert after.signup(anna.id).status == "removed"
    assert after.signup(dario.id).status == "confirmed"
    unknown = _post(ddt_client, f"/td/t/{tid}/signups/act", f"/td/t/{tid}/signups", do="promote-²")
    assert unknown.status_code == 200 and tournaments.current(tid).signups == after


def test_no_shows_are_released_and_nobody_is_promoted(ddt_client):
    tid, slug = _evening(cap=2)
    _join(slug, "Anna Bianchi", "Bruno Rossi", "Carla Verdi")
    signups.check_in(tid, 1, "marco")
    early = ddt_client.get(f"/td/t/{tid}/signups").get_data(as_text=True)
    assert 'id="no-shows"' not in early and 'id="no-shows-later"' in early
    tournaments.dispatch(tid, StartClock(), "marco")
    _post(ddt_client, f"/td/t/{tid}/signups/no-shows", f"/td/t/{tid}/signups")
    state = tournaments.current(tid).signups
    assert [s.status for s in state] == ["confirmed", "released", "waitlisted"]


def test_the_door_checks_in_with_one_tap_and_searches(app, ddt_client):
    tid, slug = _evening(cap=3)
    _join(slug, "Anna Bianchi", "Bruno Rossi", "Carla Verdi")
    page = ddt_client.get(f"/td/t/{tid}/check-in?q=bru").get_data(as_text=True)
    assert "Bruno Rossi" in page and "Anna Bianchi" not in page
    done = _post(ddt_client, f"/td/t/{tid}/check-in", f"/td/t/{tid}/check-in", signup="2")
    assert "Bruno Rossi" in done.get_data(as_text=True)
    state = tournaments.current(tid)
    bruno = state.signups.signup(2)
    assert bruno.checked_in and state.player(bruno.player_id).name == "Bruno Rossi"
    again = _post(ddt_client, f"/td/t/{tid}/check-in", f"/td/t/{tid}/check-in", signup="2")
    assert "Bruno Rossi" in again.get_data(as_text=True)
    assert len(tournaments.current(tid).players) == 1


def test_an_ended_card_is_shown_at_the_door_and_renewed_there(ddt_client):
    tid, slug = _evening(cap=3, members_only=True, guest_fee_cents=500)
    card = members.create_member("Anna Bianchi", "12", date(2020, 6, 30))
    _join(slug, "Anna Bianchi", "Bruno Rossi")
    page = ddt_client.get(f"/td/t/{tid}/check-in").get_data(as_text=True)
    assert 'id="card-1"' in page and f"/check-in/renew/{card.id}" in page
    _post(ddt_client, f"/td/t/{tid}/check-in/renew/{card.id}", f"/td/t/{tid}/check-in")
    assert members.member(card.id).valid_until > date.today()
    _post(ddt_client, f"/td/t/{tid}/check-in", f"/td/t/{tid}/check-in", signup="1")
    _post(ddt_client, f"/td/t/{tid}/check-in", f"/td/t/{tid}/check-in", signup="2")
    state = tournaments.current(tid)
    assert state.signups.signup(1).checked_in and state.signups.signup(2).checked_in
    # The member paid no guest fee; the guest paid the house's five euros.
    assert state.ledger.fees_cents == 500


def test_the_floor_checks_in_but_does_not_manage_the_list(app, ddt_client):
    tid, slug = _evening(cap=3)
    _join(slug, "Anna Bianchi")
    marta = accounts.create_user("marta", "una password lunga", role="floor")
    floor = console_client(app, marta.id, marta.username)
    assert floor.get(f"/td/t/{tid}/check-in").status_code == 200
    assert floor.get(f"/td/t/{tid}/signups").status_code == 200
    _post(floor, f"/td/t/{tid}/check-in", f"/td/t/{tid}/check-in", signup="1")
    assert tournaments.current(tid).signups.signup(1).checked_in
    refused = floor.post(f"/td/t/{tid}/signups/act",
                         data={"csrf_token": floor.csrf, "do": "remove-1"})
    assert refused.status_code in (302, 303, 403)
    assert tournaments.current(tid).signups.signup(1).status == "confirmed"


def test_the_dashboard_counts_the_sign_ups_until_the_start(ddt_client):
    tid, slug = _evening(cap=2)
    _join(slug, "Anna Bianchi", "Bruno Rossi", "Carla Verdi")
    signups.check_in(tid, 1, "marco")
    page = ddt_client.get(f"/td/t/{tid}").get_data(as_text=True)
    assert 'id="signups-panel"' in page
    for shown in ('id="hc-confirmed">2<', 'id="hc-waitlisted">1<', 'id="hc-checked-in">1<'):
        assert shown in page
    assert f'href="/td/t/{tid}/check-in"' in page
    tournaments.dispatch(tid, StartClock(), "marco")
    assert 'id="signups-panel"' not in ddt_client.get(f"/td/t/{tid}").get_data(as_text=True)


def test_an_ended_card_enters_as_guest_from_the_players_form(ddt_client):
    tid, _ = _evening(cap=3, members_only=True, guest_fee_cents=500)
    members.create_member("Anna Bianchi", "12", date(2020, 6, 30))
    page = ddt_client.get(f"/td/t/{tid}/players").get_data(as_text=True)
    assert 'name="as_guest"' in page
    _post(ddt_client, f"/td/t/{tid}/players", f"/td/t/{tid}/players", name="Anna Bianchi")
    assert len(tournaments.current(tid).players) == 0
    _post(ddt_client, f"/td/t/{tid}/players", f"/td/t/{tid}/players", name="Anna Bianchi",
          as_guest="1")
    state = tournaments.current(tid)
    assert len(state.players) == 1 and state.ledger.fees_cents == 500
