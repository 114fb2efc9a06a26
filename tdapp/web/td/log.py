"""The log: every event in words, newest first and a page at a time, who did it, the DdT's own
undo and redo, and the revert of any one earlier line that nothing later depends on."""

from __future__ import annotations

from collections.abc import Collection

from flask import flash, request, url_for
from flask_babel import gettext

from tdapp.kernel.refusals import DomainError
from tdapp.services import journal, tournaments
from tdapp.web import roles
from tdapp.web.guards import actor
from tdapp.web.paging import page_asked
from tdapp.web.td import bp
from tdapp.web.td.console import back, flash_done, render, said, tell
from tdapp.web.td.forms import whole

LOG_PAGE = 100
"""Lines a page of the log shows: a festival's night logs thousands, and a page of them all took
seconds to render."""


@bp.get("/t/<int:tid>/log")
def log(tid: int):
    """`?page=` pages back in time: the first page is the newest lines."""
    pages = page_asked(journal.count(tid), LOG_PAGE)
    newest = pages.total - (pages.number - 1) * pages.size
    lines = [
        {
            "entry": entry,
            "text": said({"code": entry.code, "params": entry.params}),
            "actor": said({"code": entry.who[0], "params": entry.who[1]}),
        }
        for entry in journal.between(tid, newest - pages.size + 1, newest)
    ]
    return render("td/log.html", tid, lines=lines, pages=pages)


@bp.post("/t/<int:tid>/undo")
def undo(tid: int):
    """The `z` key: the newest action made at the DdT's console or API, never a table's, a
    phone's or the clock's."""
    before = journal.undone_seqs(tid)
    tournaments.undo(tid, actor=actor(), floor=roles.undoes_own_only())
    flash_done(gettext("Undone: %(what)s", what=_line_of(tid, journal.undone_seqs(tid) - before)))
    return back(tid)


@bp.post("/t/<int:tid>/redo")
def redo(tid: int):
    before = journal.undone_seqs(tid)
    tournaments.redo(tid, actor=actor(), floor=roles.undoes_own_only())
    flash_done(gettext("Redone: %(what)s", what=_line_of(tid, before - journal.undone_seqs(tid))))
    return back(tid)


@bp.post("/t/<int:tid>/revert")
def revert(tid: int):
    """One line's button: `seq` names the event. A refusal names the later lines in the way."""
    seq = whole(request.form, "seq", "#", minimum=1)
    try:
        tournaments.revert(tid, seq, actor=actor())
    except DomainError as refused:
        if refused.code != "REVERT_CONFLICT":
            raise
        flash(_in_the_way(tid, refused), "error")
        return back(tid)
    flash_done(gettext("Undone: %(what)s", what=_line_of(tid, {seq})))
    return back(tid)


def _line_of(tid: int, seqs: Collection[int]) -> str:
    """The line of the one event an undo, redo or revert just changed."""
    chosen = journal.lines_of(tid, seqs)[0]
    return said({"code": chosen.code, "params": chosen.params})


def _in_the_way(tid: int, refused: DomainError) -> str:
    """The refusal with each later line in the way in words, and for a bust the way out: bring
    the player back from the players page."""
    wanted = set(refused.params["conflicts"])
    lines = [f"#{entry.seq} {said({'code': entry.code, 'params': entry.params})}"
             for entry in reversed(journal.lines_of(tid, wanted))]
    told = f"{tell(refused)}: {'; '.join(lines)}."
    if refused.params.get("bring_back"):
        told += " " + gettext(
            "To correct a bust that later events depend on, bring the player back on the "
            "players page (%(page)s).", page=url_for("td.players", tid=tid))
    return told
