"""What every console page shares: loading a tournament, acting on it, showing refusals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import flash, g, redirect, render_template, request, session, url_for
from flask_babel import gettext

from tdapp.kernel.refusals import DomainError, message_template
from tdapp.realtime import held_view
from tdapp.services import tournaments
from tdapp.tournament.journal import render as render_line
from tdapp.tournament.state import Tournament
from tdapp.web.errors import message_of
from tdapp.web.guards import actor
from tdapp.web.td import bp
from tdapp.web.td.formats import chips, money
from tdapp.web.td.forms import FormError


@dataclass(frozen=True)
class Page:
    """A tournament as a console page shows it: its identity, state and the TD view of now."""

    id: int
    slug: str
    name: str
    state: Tournament
    view: dict[str, Any]
    can_undo: bool
    can_redo: bool


def load(tid: int) -> Page:
    summary = tournaments.summary(tid)
    state = tournaments.current(tid)
    # The view the console's room was last sent, when of this version: built once per change.
    shown = held_view(tid, "td", state)
    return Page(
        id=summary.id,
        slug=summary.slug,
        name=summary.name,
        state=state,
        view=shown,
        can_undo=shown["can_undo"],
        can_redo=shown["can_redo"],
    )


def render(template: str, tid: int, status: int = 200, **context: Any):
    """A tournament page: `tournament` drives the nav, undo and redo of the base layout."""
    page = load(tid)
    return render_template(
        template,
        tournament=page,
        state=page.state,
        view=page.view,
        can_undo=page.can_undo,
        can_redo=page.can_redo,
        said=said,
        **context,
    ), status


def said(notice: dict[str, Any]) -> str:
    """A view's warning or a log line in the DdT's language (they use the same templates as
    refusals), with chip counts written as the language writes them ("16.025", "16,025"), money
    in euros and the lines inside a line (a hand's actions) translated too."""
    return render_line(notice["code"], notice.get("params", {}), _told, money)


def _told(code: str, params: dict[str, Any]) -> str:
    return tell(DomainError(code, **params))


def tell(error: DomainError) -> str:
    """A refusal in the DdT's language, its large numbers with thousands separators."""
    template = message_template(error.code) or ""
    return message_of(DomainError(error.code, **{
        key: _readable(key, value, template) for key, value in error.params.items()
    }))


def _readable(key: str, value: Any, template: str) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and not key.endswith("_cents"):
        return chips(value) if abs(value) >= 1000 and f"%({key})s" in template else value
    if key == "reason" and isinstance(value, str):
        # Some refusals pass an English clause as `reason` ("Level 3: <reason>"): the catalogue
        # holds those of the set-up, and any other stays as it is.
        return gettext(value)
    return value


def back(tid: int | None = None):
    """Where a form returns: the page it was posted from (only a console page), else the dashboard."""
    target = request.form.get("next") or ""
    if target.startswith("/td/") and not target.startswith("//"):
        return redirect(target, code=303)
    if tid is None:
        return redirect(url_for("td.tournaments"), code=303)
    return redirect(url_for("td.dashboard", tid=tid), code=303)


def act(tid: int, command: Any, done: str | None = None):
    """Dispatch one command as this DdT and go back to the page; a refusal raises and is shown."""
    tournaments.dispatch(tid, command, actor=actor())
    if done:
        flash_done(done)
    return back(tid)


def flash_done(message: str) -> None:
    flash(message, "success")


UNDOABLE = "undo"
"""The flash category of an action told in a toast with its undo button (td/base.html)."""


# A refused form's fields as typed, for the page the DdT goes back to: its inputs show them again
# (`typed`), so that a refusal never wipes a name or a count. Secrets and routing are not kept.
_KEPT = "kept_form"
_NOT_KEPT = frozenset({"csrf_token", "next", "do", "password", "confirm", "new_password"})


def _keep_typed() -> None:
    session[_KEPT] = {name: value for name, value in request.form.items()
                      if name not in _NOT_KEPT}


@bp.before_request
def _take_typed() -> None:
    """The next page shown after a refusal takes the fields kept for it, once."""
    if request.method == "GET":
        g.kept_form = session.pop(_KEPT, None) or {}


@bp.app_template_global()
def typed(name: str, default: Any = "") -> Any:
    """What the DdT had typed in the field `name` of a form just refused, else `default`."""
    return g.get("kept_form", {}).get(name, default)


@bp.errorhandler(DomainError)
def _refused(error: DomainError):
    """A rule said no: say why on the page the DdT came from. Nothing was changed."""
    if request.method == "GET":
        return render_template("td/missing.html", message=tell(error)), 404
    flash(tell(error), "error")
    _keep_typed()
    return back(request.view_args.get("tid") if request.view_args else None)


@bp.errorhandler(FormError)
def _bad_form(error: FormError):
    flash(error.message, "error")
    _keep_typed()
    return back(request.view_args.get("tid") if request.view_args else None)
