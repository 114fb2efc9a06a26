"""The moments of a sign-up reach its player by e-mail (issue 30, item 8 and "What it must
show"): promoted, approved, declined, a place taken back, a removal, and the table and seat
after the draw, each told once to a sign-up whose contact is an e-mail address, in the club's
language, with the tournament's name and the link to the player's own page; the action that
caused it answers the same whether the mail server is up, down or not set, and the mail goes
when the server is back."""

from __future__ import annotations

from sqlmodel import select

from tdapp.mail import sender
from tdapp.services import club_settings, signups, tenancy, tournaments
from tdapp.storage.database import session_scope
from tdapp.storage.outbox import OutboxMail
from tdapp.tournament.seating.opening_draw import DrawSeats
from tdapp.tournament.settings import Settings
from tdapp.tournament.signups.model import SignupSettings
from tdapp.tournament.structure import Level, Structure

NAME = "Lunedì Deepstack"


def evening(cap: int, **rules) -> tuple[int, str]:
    settings = Settings(name=NAME, structure=Structure((Level(25, 50, 1200),)),
                        signups=SignupSettings(cap=cap, **rules))
    made = tournaments.create_tournament(settings, "marco")
    return made.id, made.slug


def sign_up(slug: str, name: str, contact: str) -> signups.Made:
    return signups.sign_up(slug, name, contact, "10.0.0.1")


def queued() -> list[OutboxMail]:
    with tenancy.across_clubs(), session_scope() as db:
        return list(db.exec(select(OutboxMail).order_by(OutboxMail.id)).all())


def test_the_promotion_arrives_in_italian_with_the_tournament_and_the_link(mail_server, clock):
    _, slug = evening(cap=1)
    anna = sign_up(slug, "Anna", "anna@example.org")
    bea = sign_up(slug, "Bea", "Bea@Example.org")
    assert (bea.status, bea.position) == ("waitlisted", 1)
    assert queued() == []  # a new sign-up is told on its own page, not by mail
    signups.cancel(slug, anna.id, anna.code)
    assert sender.send_due() == 1
    [message] = mail_server.inbox.received
    link = f"https://tdapp.club.test/t/{slug}/signup/{bea.id}?code={bea.code}"
    assert message["To"] == "Bea@Example.org"
    assert message["Subject"] == f"Un posto per te a {NAME}"
    assert message.get_content_type() == "multipart/alternative"
    text = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    assert "Ciao Bea," in text and f"Si è liberato un posto a {NAME} ed è tuo" in text
    assert link in text
    assert f'href="{link}"' in html.replace("&amp;", "&") and NAME in html


def test_approval_decline_and_the_seat_draw_are_each_told_once(mail_server, clock):
    tid, slug = evening(cap=2, approval=True)
    made = {name: sign_up(slug, name, f"{name.lower()}@example.org")
            for name in ("Anna", "Bea", "Carla", "Dora")}
    assert {m.status for m in made.values()} == {"pending"}
    signups.approve(tid, made["Anna"].id, "marco")  # a place free: confirmed, "promoted"
    signups.approve(tid, made["Bea"].id, "marco")
    signups.approve(tid, made["Carla"].id, "marco")  # the cap reached: waitlisted, "approved"
    signups.decline(tid, made["Dora"].id, "marco")
    for name in ("Anna", "Bea"):
        signups.check_in(tid, made[name].id, "marco")
    state = tournaments.dispatch(tid, DrawSeats(), "marco")
    sender.send_due()
    subjects = sorted((m["To"], m["Subject"]) for m in mail_server.inbox.received)
    seats = {p.name: (p.table, p.seat) for p in state.players}
    assert subjects == sorted([
        ("anna@example.org", f"Un posto per te a {NAME}"),
        ("bea@example.org", f"Un posto per te a {NAME}"),
        ("carla@example.org", f"Iscrizione accettata: {NAME}"),
        ("dora@example.org", f"Iscrizione non accettata: {NAME}"),
        ("anna@example.org", "Tavolo {}, posto {}: {}".format(*seats["Anna"], NAME)),
        ("bea@example.org", "Tavolo {}, posto {}: {}".format(*seats["Bea"], NAME)),
    ])
    [carla] = mail_server.inbox.to("carla@example.org")
    assert "sei il numero 1 in lista d'attesa" in carla.get_body(("plain",)).get_content()


def test_a_sign_up_with_a_phone_number_gets_no_mail(mail_server, clock):
    _, slug = evening(cap=1)
    anna = sign_up(slug, "Anna", "anna@example.org")
    sign_up(slug, "Bea", "+39 333 123 4567")
    signups.cancel(slug, anna.id, anna.code)
    assert queued() == []


def test_a_club_that_speaks_english_tells_its_players_in_english(mail_server, clock):
    club = tenancy.acting_club()
    club_settings.change(club, language="en", name=club_settings.settings(club).name)
    _, slug = evening(cap=1)
    anna = sign_up(slug, "Anna", "anna@example.org")
    sign_up(slug, "Bea", "bea@example.org")
    signups.cancel(slug, anna.id, anna.code)
    sender.send_due()
    [message] = mail_server.inbox.received
    assert message["Subject"] == f"A place for you at {NAME}"


def test_with_the_server_down_the_answer_is_unchanged_and_the_mail_goes_later(
        app, client, mail_server, clock):
    """The player's "I can't come" (DELETE on the public API) promotes the first in line: its
    answer is the same with the mail server up, down or not set at all; the letter written
    while the server was down goes once it is back."""

    def promotion() -> tuple[int, dict]:
        _, slug = evening(cap=1)
        base = f"/api/v1/public/tournaments/{slug}/signups"
        anna = client.post(base, json={"name": "Anna", "contact": "anna@example.org"}).get_json()
        client.post(base, json={"name": "Bea", "contact": "bea@example.org"})
        answer = client.delete(f"{base}/{anna['id']}", headers={"X-Signup-Code": anna["code"]})
        return answer.status_code, answer.get_json()

    app.config["TDAPP_SMTP_URL"] = ""
    unset = promotion()
    app.config["TDAPP_SMTP_URL"] = mail_server.url
    up = promotion()
    assert sender.send_due() == 1
    mail_server.stop()
    down = promotion()
    assert unset == up == down and unset[0] == 200
    assert sender.send_due() == 0  # the server is down: the letter waits
    [sent, waiting] = queued()
    assert sent.sent_at is not None and (waiting.sent_at, waiting.attempts) == (None, 1)
    mail_server.start()
    clock.advance(minutes=1)
    assert sender.send_due() == 1
    assert [m["To"] for m in mail_server.inbox.received] == ["bea@example.org"] * 2
    assert {m["Subject"] for m in mail_server.inbox.received} == {f"Un posto per te a {NAME}"}


def test_the_seat_draw_asked_in_english_at_the_console_is_told_in_the_clubs_italian_with_its_address(
        app, ddt_client, mail_server, clock):
    """Through the API: the letter links to the address the DdT's console reached (no
    TDAPP_PUBLIC_URL), and is written in the club's language, not the console's."""
    app.config["TDAPP_PUBLIC_URL"] = ""
    tid, slug = evening(cap=2)
    anna = sign_up(slug, "Anna", "anna@example.org")
    signups.check_in(tid, anna.id, "marco")
    ddt_client.get("/lang/en")
    answer = ddt_client.post(f"/api/v1/tournaments/{tid}/seats/draw", json={},
                             headers={"X-CSRF-Token": ddt_client.csrf})
    assert answer.status_code == 200
    sender.send_due()
    [message] = mail_server.inbox.received
    [player] = tournaments.current(tid).players
    assert message["Subject"] == f"Tavolo {player.table}, posto {player.seat}: {NAME}"
    link = f"http://localhost/t/{slug}/signup/{anna.id}?code={anna.code}"
    assert link in message.get_body(("plain",)).get_content()


def test_a_place_taken_back_is_told_with_the_place_in_line_and_an_undo_tells_both_players(
        mail_server, clock):
    """The sign-up form promises an e-mail when the place changes: a confirmed player the DdT
    moves down the waitlist is told so with their number in line; undoing the promotion that
    gave Carla Anna's place tells Carla the place went back, and Anna that it is hers again."""
    tid, slug = evening(cap=1)
    made = {name: sign_up(slug, name, f"{name.lower()}@example.org")
            for name in ("Anna", "Bea", "Carla")}
    signups.move_down(tid, made["Anna"].id, "marco")  # Bea takes the place, Anna second in line
    sender.send_due()
    told = {m["To"]: m for m in mail_server.inbox.received}
    assert sorted(told) == ["anna@example.org", "bea@example.org"]
    assert told["bea@example.org"]["Subject"] == f"Un posto per te a {NAME}"
    anna = told["anna@example.org"]
    assert anna["Subject"] == f"Di nuovo in lista d'attesa: {NAME}"
    assert "Sei il numero 2 in lista" in anna.get_body(("plain",)).get_content()

    tournaments.undo(tid, "marco")
    sender.send_due()
    again = [(m["To"], m["Subject"]) for m in mail_server.inbox.received[2:]]
    assert sorted(again) == [("anna@example.org", f"Un posto per te a {NAME}"),
                             ("bea@example.org", f"Di nuovo in lista d'attesa: {NAME}")]
    signups.remove(tid, made["Carla"].id, "marco")
    sender.send_due()
    [removed] = mail_server.inbox.received[4:]
    assert (removed["To"], removed["Subject"]) == ("carla@example.org", f"Iscrizione tolta: {NAME}")
