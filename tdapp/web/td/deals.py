"""The deal page: the players left with their stacks, what each takes by ICM and by the
chip-chop side by side, and a button that makes one of them the payout table."""

from __future__ import annotations

from flask import request
from flask_babel import gettext

from tdapp.kernel.refusals import DomainError
from tdapp.services import tournaments
from tdapp.tournament.deal_proposal import DealProposal, players_left, propose_deal
from tdapp.tournament.payouts import AdjustPayouts
from tdapp.tournament.state import Tournament
from tdapp.web.td import bp
from tdapp.web.td.console import act, render, tell
from tdapp.web.td.forms import FormError, cents, optional_whole, text

METHODS = ("icm", "chip_chop")


def _kept(form) -> int:
    """What is left to play for, in cents (nothing when the field is empty)."""
    if not text(form, "keep"):
        return 0
    return cents(form, "keep", gettext("Left to play for"))


def _proposals(state: Tournament, keep: int) -> dict[str, DealProposal | str]:
    """Each method's deal, or the reason it cannot be made, in the DdT's language."""
    found: dict[str, DealProposal | str] = {}
    for method in METHODS:
        try:
            found[method] = propose_deal(state, method, keep)
        except DomainError as refusal:
            found[method] = tell(refusal)
    return found


@bp.get("/t/<int:tid>/deal")
def deal(tid: int):
    keep = _kept(request.args)
    state = tournaments.current(tid)
    return render(
        "td/deal.html",
        tid,
        keep=keep,
        left=players_left(state),
        proposals=_proposals(state, keep),
    )


@bp.post("/t/<int:tid>/deal/accept")
def accept_deal(tid: int):
    """The deal shown becomes the payout table, provided nothing changed since it was shown."""
    method = request.form.get("method", "")
    if method not in METHODS:
        raise FormError(gettext("Choose ICM or the chip-chop."))
    shown = optional_whole(request.form, "version", "version", 0)
    state = tournaments.current(tid)
    if shown != state.version:
        raise FormError(gettext("The tournament changed since the deal was shown: look at it again."))
    proposal = propose_deal(state, method, _kept(request.form))
    return act(tid, AdjustPayouts(proposal.payouts_cents), gettext("Deal accepted as the payouts."))
