"""The chip set (a panel of the set-up page), and the chips page: how many chips of each colour
the night needs, the colour-ups the structure plans, and the chip race at a break (TO-16)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from flask import request
from flask_babel import gettext

from tdapp.services import tournaments
from tdapp.tournament.colour_up.chip_set import MAX_COLOURS, ChipColour, night_needs
from tdapp.tournament.colour_up.rules import RaceChips, RaceCount, chips_in_play
from tdapp.tournament.configure import ConfigureTournament
from tdapp.web.td import bp
from tdapp.web.td.console import act, render
from tdapp.web.td.forms import FormError, optional_whole, text, whole

# Blank rows the chip set form offers for new colours at most (six for a first set, then two).
SPARE_COLOURS = 6


@bp.post("/t/<int:tid>/setup/chip-set")
def save_chip_set(tid: int):
    """The chip set as rows of value, colour and count; a row left blank is no colour."""
    form = request.form
    rows = optional_whole(form, "chip_rows", "chip_rows", 0, MAX_COLOURS + SPARE_COLOURS) or 0
    chips = []
    for index in range(rows):
        label = gettext("Chip row %(n)s", n=index + 1)
        colour = text(form, f"chip-colour-{index}")
        if form.get(f"chip-remove-{index}") or not (colour or text(form, f"chip-value-{index}")):
            continue
        if not colour:
            raise FormError(gettext("%(row)s needs a colour.", row=label))
        value = whole(form, f"chip-value-{index}", label + " · " + gettext("value"), 1)
        available = whole(form, f"chip-count-{index}", label + " · " + gettext("chips owned"), 0)
        chips.append(ChipColour(value, colour, available))
    settings = replace(
        tournaments.current(tid).settings, chip_set=tuple(sorted(chips, key=lambda c: c.value))
    )
    return act(tid, ConfigureTournament(settings), gettext("Chip set saved."))


def _planned_counts(form: Mapping[str, str], ledger) -> tuple[int, int, int]:
    """Entries, rebuys and add-ons the DdT plans for; by default those recorded so far."""
    return (
        optional_whole(form, "entries", gettext("Entries"), 0, 10000) or ledger.entries,
        optional_whole(form, "rebuys", gettext("Rebuys"), 0, 10000) or ledger.rebuys,
        optional_whole(form, "add_ons", gettext("Add-ons"), 0, 10000) or ledger.add_ons,
    )


@bp.get("/t/<int:tid>/chips")
def chips_page(tid: int):
    state = tournaments.current(tid)
    settings = state.settings
    entries, rebuys, add_ons = _planned_counts(request.args, state.ledger)
    needs = night_needs(
        settings.chip_set,
        settings.starting_stack,
        entries,
        (rebuys, settings.rebuy.chips if settings.rebuy else 0),
        (add_ons, settings.add_on.chips if settings.add_on else 0),
    )
    in_play = chips_in_play(state)
    return render(
        "td/chips.html",
        tid,
        needs=needs,
        planned=(entries, rebuys, add_ons),
        raced_now=in_play[0] if len(in_play) > 1 else None,
        into=in_play[1] if len(in_play) > 1 else None,
        last_race=state.races[-1] if state.races else None,
    )


@bp.post("/t/<int:tid>/chips/race")
def race_chips(tid: int):
    """Each seated player's chips of the colour raced; a blank field is none."""
    form = request.form
    value = whole(form, "value", gettext("Chip raced"), 1)
    counts = []
    for player in tournaments.current(tid).players:
        if player.in_play and player.table is not None:
            label = gettext("Chips of %(name)s", name=player.name)
            chips = optional_whole(form, f"race-{player.id}", label, 0)
            if chips:
                counts.append(RaceCount(player.id, chips))
    return act(tid, RaceChips(value, tuple(counts)), gettext("Chip race recorded."))
