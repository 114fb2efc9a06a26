"""What a player is told by e-mail, in words: a `Telling` (the moment of their sign-up and
what it needs) becomes a `Letter`, its subject and sentences in the club's language, laid out
as plain text and as HTML by templates/mail/told.txt and told.html."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask import Flask
from flask_babel import force_locale, gettext

from tdapp.services.outbox import Letter
from tdapp.tournament.signups.telling import Kind


@dataclass(frozen=True)
class Telling:
    """One moment of one sign-up, to tell its player: who and where (`to`, `player`), of which
    tournament and club, the link to their own page, the table and seat when seated, and the
    place in line when on the waitlist."""

    kind: Kind
    to: str
    player: str
    tournament: str
    club: str
    link: str
    table: int | None = None
    seat: int | None = None
    position: int | None = None


def letters(app: Flask, tellings: Sequence[Telling], language: str) -> list[Letter]:
    """The letters of `tellings` in `language` ("it", "en"), whatever the request's own
    language: the DdT who acts may read the console in English while the club's players read
    Italian."""
    with app.app_context(), force_locale(language):
        return [_letter(app, telling, language) for telling in tellings]


def _letter(app: Flask, telling: Telling, language: str) -> Letter:
    subject, news = _words(telling)
    words = {
        "language": language,
        "greeting": gettext("Hello %(name)s,", name=telling.player),
        "news": news,
        "follow": gettext("Your sign-up, as it stands now:"),
        "open": gettext("Open my sign-up"),
        "link": telling.link,
        "club": telling.club,
        "why": gettext("You receive this because you signed up for %(tournament)s with this"
                       " address.", tournament=telling.tournament),
    }
    text = app.jinja_env.get_template("mail/told.txt").render(words)
    html = app.jinja_env.get_template("mail/told.html").render(subject=subject, **words)
    return Letter(telling.to, subject, text, html)


def _words(telling: Telling) -> tuple[str, str]:
    """The subject and the news of the moment."""
    tournament = telling.tournament
    match telling.kind:
        case "promoted":
            return (gettext("A place for you at %(tournament)s", tournament=tournament),
                    gettext("A place has come free at %(tournament)s and it is yours: your"
                            " sign-up is confirmed.", tournament=tournament))
        case "approved":
            return (gettext("Sign-up accepted: %(tournament)s", tournament=tournament),
                    gettext("The tournament director accepted your sign-up for"
                            " %(tournament)s: you are number %(position)s on the waitlist, and"
                            " we will write to you when a place comes free.",
                            tournament=tournament, position=telling.position))
        case "declined":
            return (gettext("Sign-up not accepted: %(tournament)s", tournament=tournament),
                    gettext("The tournament director did not accept your sign-up for"
                            " %(tournament)s.", tournament=tournament))
        case "waitlisted":
            return (gettext("Back on the waitlist: %(tournament)s", tournament=tournament),
                    gettext("The tournament director moved your sign-up for %(tournament)s"
                            " back to the waitlist: your place is no longer confirmed. You are"
                            " number %(position)s in line, and we will write to you when a"
                            " place comes free.", tournament=tournament,
                            position=telling.position))
        case "removed":
            return (gettext("Sign-up removed: %(tournament)s", tournament=tournament),
                    gettext("The tournament director removed your sign-up for"
                            " %(tournament)s.", tournament=tournament))
        case "released":
            return (gettext("Place released: %(tournament)s", tournament=tournament),
                    gettext("Registration for %(tournament)s has closed and you had not"
                            " checked in, so your place was given up.",
                            tournament=tournament))
        case "seated":
            return (gettext("Table %(table)s, seat %(seat)s: %(tournament)s",
                            table=telling.table, seat=telling.seat, tournament=tournament),
                    gettext("Your seat at %(tournament)s: table %(table)s, seat %(seat)s.",
                            tournament=tournament, table=telling.table, seat=telling.seat))
