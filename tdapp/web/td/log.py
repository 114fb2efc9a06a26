"""The log: every event in words, newest first, with undo and redo as a cursor over it."""

from __future__ import annotations

from flask_babel import gettext

from tdapp.services import journal, tournaments
from tdapp.web.td import bp
from tdapp.web.td.console import actor, back, flash_done, render, said


@bp.get("/t/<int:tid>/log")
def log(tid: int):
    lines = [
        {
            "entry": entry,
            "text": said({"code": entry.code, "params": entry.params}),
            "actor": said({"code": entry.who[0], "params": entry.who[1]}),
        }
        for entry in journal.entries(tid)
    ]
    return render("td/log.html", tid, lines=lines)


@bp.post("/t/<int:tid>/undo")
def undo(tid: int):
    tournaments.undo(tid, actor=actor())
    flash_done(gettext("Undone: %(what)s", what=_last_text(tid, undone=True)))
    return back(tid)


@bp.post("/t/<int:tid>/redo")
def redo(tid: int):
    tournaments.redo(tid, actor=actor())
    flash_done(gettext("Redone: %(what)s", what=_last_text(tid, undone=False)))
    return back(tid)


def _last_text(tid: int, undone: bool) -> str:
    """The line just undone (the oldest undone entry) or just redone (the newest active one)."""
    entries = journal.entries(tid)
    if undone:
        chosen = next(e for e in reversed(entries) if e.undone)
    else:
        chosen = next(e for e in entries if not e.undone)
    return said({"code": chosen.code, "params": chosen.params})
