"""The players' mail goes out through a real SMTP server (issue 30, item 8): a letter queued in
the club's outbox is sent by the scheduler's job in the club's language, as plain text and
HTML; a server that is down delays it and it goes when the server is back, tried again after
growing waits and given up after the last; two senders racing send each letter once; and with
no TDAPP_SMTP_URL nothing is queued at all."""

from __future__ import annotations

import re
import threading
from datetime import timedelta

import pytest
from sqlmodel import select

from tdapp import mail
from tdapp.mail import Telling, sender
from tdapp.services import club_settings, outbox, tenancy
from tdapp.storage.database import session_scope
from tdapp.storage.outbox import OutboxMail
from tests.mail.conftest import REFUSED
from tests.web.builders import second_club

LINK = "https://tdapp.club.test/t/lunedi/signup/7?code=123456"


def promoted(to: str = "anna@example.org", tournament: str = "Lunedì Deepstack") -> Telling:
    return Telling("promoted", to=to, player="Anna", tournament=tournament,
                   club="Circolo Test", link=LINK)


def rows() -> list[OutboxMail]:
    with tenancy.across_clubs(), session_scope() as db:
        return list(db.exec(select(OutboxMail).order_by(OutboxMail.id)).all())


def test_the_promotion_arrives_in_italian_with_the_tournament_and_the_link(mail_server, clock):
    assert len(mail.queue([promoted()])) == 1
    assert mail_server.inbox.received == []  # queued, not sent by the one who queued it
    assert sender.send_due() == 1
    [message] = mail_server.inbox.received
    assert message["To"] == "anna@example.org"
    assert message["From"] == "Circolo Test <tdapp@club.test>"
    assert message["Auto-Submitted"] == "auto-generated"
    assert message["Subject"] == "Un posto per te a Lunedì Deepstack"
    assert message.get_content_type() == "multipart/alternative"
    text = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    assert "Ciao Anna," in text
    assert "Si è liberato un posto a Lunedì Deepstack ed è tuo" in text
    assert LINK in text
    assert 'lang="it"' in html and "Lunedì Deepstack" in html
    assert f'href="{LINK}"' in html.replace("&amp;", "&")
    [row] = rows()
    assert (row.sent_at, row.attempts, row.next_attempt_at) == (clock.now, 1, None)
    assert sender.send_due() == 0  # sent once


@pytest.mark.parametrize(("telling", "subject", "news"), [
    (Telling("approved", "a@example.org", "Anna", "Lunedì", "Circolo", LINK, position=3),
     "Iscrizione accettata: Lunedì",
     "ha accettato la tua iscrizione a Lunedì: sei il numero 3 in lista d'attesa"),
    (Telling("declined", "a@example.org", "Anna", "Lunedì", "Circolo", LINK),
     "Iscrizione non accettata: Lunedì",
     "Il direttore del torneo non ha accettato la tua iscrizione a Lunedì."),
    (Telling("seated", "a@example.org", "Anna", "Lunedì", "Circolo", LINK, table=3, seat=9),
     "Tavolo 3, posto 9: Lunedì", "Il tuo posto a Lunedì: tavolo 3, posto 9."),
])
def test_each_moment_is_told_in_its_own_italian_words(mail_server, clock, telling, subject, news):
    mail.queue([telling])
    sender.send_due()
    [message] = mail_server.inbox.received
    assert message["Subject"] == subject
    assert news in message.get_body(("plain",)).get_content()
    assert news.replace("'", "&#39;") in message.get_body(("html",)).get_content()


def test_a_club_that_speaks_english_writes_in_english(app, mail_server, clock):
    club = tenancy.acting_club()
    info = club_settings.settings(club)
    club_settings.change(club, language="en", name=info.name)
    mail.queue([Telling("seated", to="bo@example.org", player="Bo", tournament="Friday <Turbo>",
                        club="Circolo Test", link=LINK, table=2, seat=7)])
    sender.send_due()
    [message] = mail_server.inbox.received
    assert message["Subject"] == "Table 2, seat 7: Friday <Turbo>"
    assert "Your seat at Friday <Turbo>: table 2, seat 7." in message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    assert "Friday &lt;Turbo&gt;" in html and "Friday <Turbo>" not in html


def test_with_the_server_down_the_letter_waits_and_goes_when_it_is_back(mail_server, clock):
    mail_server.stop()
    mail.queue([promoted()])
    assert sender.send_due() == 0
    [row] = rows()
    assert row.sent_at is None and row.attempts == 1
    assert row.next_attempt_at == clock.now + timedelta(minutes=1)
    assert "ConnectionRefusedError" in row.last_error
    mail_server.start()
    assert sender.send_due() == 0  # not due again before its wait is over
    clock.advance(minutes=1)
    assert sender.send_due() == 1
    [message] = mail_server.inbox.received
    assert message["To"] == "anna@example.org"
    [row] = rows()
    assert (row.sent_at, row.attempts) == (clock.now, 2)


def test_each_wait_is_longer_and_after_the_last_the_letter_is_given_up(mail_server, clock, caplog):
    mail_server.stop()
    mail.queue([promoted()])
    waits = []
    for _ in range(len(outbox.RETRY_MINUTES) + 1):
        sender.send_due()
        [row] = rows()
        if row.next_attempt_at is None:
            break
        waits.append(round((row.next_attempt_at - clock.now).total_seconds() / 60))
        clock.now = row.next_attempt_at
    assert waits == [1, 2, 5, 10, 30, 60]
    [row] = rows()
    assert (row.attempts, row.sent_at, row.next_attempt_at) == (7, None, None)
    assert "given up after 7 attempts" in caplog.text
    mail_server.start()
    clock.advance(days=1)
    assert sender.send_due() == 0


def test_an_address_the_server_refuses_is_given_up_at_once_and_the_next_goes(mail_server, clock):
    mail.queue([promoted(to=REFUSED)])
    mail.queue([promoted(to="carla@example.org")])
    assert sender.send_due() == 1
    refused, delivered = rows()
    assert (refused.attempts, refused.next_attempt_at, refused.sent_at) == (1, None, None)
    assert "550" in refused.last_error
    assert delivered.sent_at == clock.now
    assert [m["To"] for m in mail_server.inbox.received] == ["carla@example.org"]


def test_two_senders_racing_send_each_letter_once(mail_server, clock):
    addresses = [f"player{n}@example.org" for n in range(30)]
    mail.queue([promoted(to=address) for address in addresses])
    start = threading.Barrier(4)
    counts: list[int] = []

    def send() -> None:
        start.wait()
        counts.append(sender.send_due())

    senders = [threading.Thread(target=send) for _ in range(4)]
    for thread in senders:
        thread.start()
    for thread in senders:
        thread.join()
    received = sorted(message["To"] for message in mail_server.inbox.received)
    assert received == sorted(addresses)
    assert sum(counts) == 30
    assert all(row.sent_at is not None and row.attempts == 1 for row in rows())


def _claimed_by_two_at_once(now) -> list[outbox.Claimed]:
    """What two senders claim, started at the same instant."""
    start = threading.Barrier(2)
    got: list[outbox.Claimed | None] = []

    def claim() -> None:
        start.wait()
        got.append(outbox.claim_next(now))

    racers = [threading.Thread(target=claim) for _ in range(2)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    return [claimed for claimed in got if claimed is not None]


def test_of_two_senders_claiming_the_same_letter_at_once_one_gets_it(mail_server, clock):
    for _ in range(10):
        mail.queue([promoted()])
        [winner] = _claimed_by_two_at_once(clock.now)
        outbox.sent(winner, clock.now)
    assert all(row.attempts == 1 and row.sent_at is not None for row in rows())


def test_a_claim_is_one_senders_alone_until_its_lease_ends(mail_server, clock):
    """The claim itself, raced: of two senders claiming the same due letter only one gets it;
    a sender that died holding it lets it go at the lease's end, and its late word is ignored."""
    mail.queue([promoted()])
    first = outbox.claim_next(clock.now)
    assert first is not None and outbox.claim_next(clock.now) is None
    clock.advance(seconds=outbox.LEASE.total_seconds())
    second = outbox.claim_next(clock.now)
    assert second is not None and second.attempt == 2
    outbox.sent(first, clock.now)  # the first sender, back from the dead: too late
    [row] = rows()
    assert row.sent_at is None and row.claim == second.claim
    outbox.sent(second, clock.now)
    assert rows()[0].sent_at == clock.now


class Killed(BaseException):
    """The sender's process ended where it stood (no `except Exception` stops it)."""


def test_a_letter_sent_again_after_its_sender_died_names_the_same_message(mail_server, clock,
                                                                         monkeypatch):
    """The mail server took the letter, then the sender died before it could record so: at the
    lease's end the letter goes again (never lost), as the same message, which a mailbox that
    keeps one copy of a Message-ID shows once. Another letter is another message."""
    mail.queue([promoted(), promoted(to="bruno@example.org")])

    def died(claimed, now):
        raise Killed

    with monkeypatch.context() as patched:
        patched.setattr(sender.outbox, "sent", died)
        with pytest.raises(Killed):
            sender.send_due()
    [first] = mail_server.inbox.received
    assert sender.send_due() == 1  # the next letter; the first is still the dead sender's
    clock.advance(seconds=outbox.LEASE.total_seconds())
    assert sender.send_due() == 1
    anna = [m for m in mail_server.inbox.received if m["To"] == "anna@example.org"]
    [bruno] = [m for m in mail_server.inbox.received if m["To"] == "bruno@example.org"]
    assert len(anna) == 2 and anna[0] is first
    assert anna[0]["Message-ID"] == anna[1]["Message-ID"] != bruno["Message-ID"]
    assert re.fullmatch(r"<tdapp\.\d+\.\d+\.\d{20}@club\.test>", first["Message-ID"])
    assert all(row.sent_at is not None for row in rows())


def test_without_a_mail_server_nothing_is_queued_or_sent(app, clock):
    assert mail.server() is None
    assert mail.queue([promoted()]) == []
    assert rows() == []
    assert sender.send_due() == 0


def test_the_scheduler_sends_the_mail_only_where_a_server_is_set(app, mail_server):
    from tdapp import scheduler

    scheduler.start()
    try:
        assert scheduler._scheduler.get_job(sender.JOB) is not None
    finally:
        scheduler.shutdown()
    app.config["TDAPP_SMTP_URL"] = ""
    scheduler.start()
    try:
        assert scheduler._scheduler.get_job(sender.JOB) is None
    finally:
        scheduler.shutdown()


def test_one_sender_sends_every_clubs_letters_in_each_clubs_language(app, mail_server, clock):
    here = tenancy.acting_club()
    other = second_club("bianchi")
    club_settings.change(other, language="en", name="Bianchi")
    with tenancy.in_club(other):
        mail.queue([promoted(to="bruno@example.org")])
    mail.queue([promoted()])
    assert sender.send_due() == 2
    subjects = {m["To"]: m["Subject"] for m in mail_server.inbox.received}
    assert subjects == {"bruno@example.org": "A place for you at Lunedì Deepstack",
                        "anna@example.org": "Un posto per te a Lunedì Deepstack"}
    assert sorted(row.club_id for row in rows()) == sorted([here, other])
