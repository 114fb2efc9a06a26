"""Payouts: the percentage table by number of entries, the rounding unit, and a deal's amounts."""

from __future__ import annotations

from dataclasses import replace

from flask import request
from flask_babel import gettext

from tdapp.services import tournaments
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.payouts import AdjustPayouts
from tdapp.tournament.settings import PayoutBracket
from tdapp.web.td import bp
from tdapp.web.td.console import act, render
from tdapp.web.td.forms import FormError, basis_points, cents, optional_whole, text

SPARE_BRACKETS = 2


@bp.get("/t/<int:tid>/payouts")
def payouts(tid: int):
    return render("td/payouts.html", tid, spare=SPARE_BRACKETS)


@bp.post("/t/<int:tid>/payouts/table")
def save_payout_table(tid: int):
    """Brackets as rows: up to N entries, the places' percentages separated by spaces."""
    form = request.form
    brackets = []
    for index in range(optional_whole(form, "brackets", "brackets", 0, 200) or 0):
        if form.get(f"remove-{index}"):
            continue
        label = gettext("Payout row %(n)s", n=index + 1)
        limit = optional_whole(form, f"entries-{index}", label + " · " + gettext("entries"), 1)
        shares = text(form, f"shares-{index}").replace(";", " ").split()
        if limit is None and not shares:
            continue
        if limit is None or not shares:
            raise FormError(gettext("%(row)s needs both the entries and the percentages.", row=label))
        brackets.append(PayoutBracket(limit, tuple(basis_points(s, label) for s in shares)))
    settings = tournaments.current(tid).settings
    settings = replace(
        settings,
        payouts=tuple(brackets),
        rounding_cents=cents(form, "rounding", gettext("Rounding unit")),
    )
    return act(tid, ConfigureTournament(settings), gettext("Payout table saved."))


@bp.post("/t/<int:tid>/payouts/adjust")
def adjust_payouts(tid: int):
    """A deal: the DdT's amount for each place; they must add up to the prize pool."""
    if request.form.get("restore"):
        return act(tid, AdjustPayouts(()), gettext("Prizes follow the payout table again."))
    count = optional_whole(request.form, "places", "places", 0, 1000) or 0
    amounts = tuple(
        cents(request.form, f"amount-{place}", gettext("Prize for place %(n)s", n=place))
        for place in range(1, count + 1)
    )
    return act(tid, AdjustPayouts(amounts), gettext("Prizes adjusted."))
