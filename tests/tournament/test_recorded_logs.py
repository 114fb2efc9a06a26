"""A club night recorded as version-1 event records replays to the same outcome, forever.

`logs/club_night_v1.json`: 12 entries at two tables of six, one unregistration, a late entry, a
rebuy, two add-ons, a re-entry, an absent player, a tie in one hand (TO-14) and a triple bust.
If an event's shape changes, this file must still replay: bump the event's version and register
an upgrade instead of editing the file.
"""

from __future__ import annotations

import json
from pathlib import Path

from tournament_builders import check_invariants

from tdapp.tournament.events import from_record
from tdapp.tournament.registry import apply
from tdapp.tournament.state import Tournament

LOG = Path(__file__).parent / "logs" / "club_night_v1.json"


def replayed() -> Tournament:
    state, log = Tournament(), []
    for record in json.loads(LOG.read_text(encoding="utf-8")):
        found = from_record(record)
        state = apply(state, found)
        log.append(found)
        check_invariants(state, log)
    return state


def test_recorded_night_replays_with_the_invariants_after_every_event():
    state = replayed()
    places = {p.name: (p.place, p.tied) for p in state.players if p.busted}
    assert places == {
        "Giocatore 5": (11, 2),
        "Giocatore 6": (11, 2),
        "Giocatore 8": (10, 1),
        "Giocatore 9": (9, 1),
        "Giocatore 7": (8, 1),
        "Giocatore 10": (7, 1),
    }
    assert state.players_left == 6


def test_recorded_night_keeps_its_money_and_chips():
    ledger = replayed().ledger
    assert (ledger.buy_ins, ledger.re_entries, ledger.rebuys, ledger.add_ons) == (12, 1, 1, 2)
    assert ledger.money_in_cents == 12 * 2000 + 2000 + 1000 + 2 * 1500
    assert ledger.chips_issued == 13 * 5000 + 5000 + 2 * 6000


def test_re_entered_player_plays_a_second_entry_TO_03():
    state = replayed()
    again = next(p for p in state.players if p.name == "Giocatore 4")
    assert (again.entries, again.place, again.stack) == (2, None, 5000)
    assert again.table is not None


def test_recorded_night_from_before_fees_and_bounties_replays_with_none():
    """Issue 16: an entry, purchase or bust recorded before fees and bounties existed means a
    fee of 0, no bounty and no eliminator; the prize pool is what it was."""
    state = replayed()
    ledger = state.ledger
    assert (ledger.fees_cents, ledger.bounty_cents, ledger.forfeited_chips) == (0, 0, 0)
    assert (ledger.bounties_paid_cents, ledger.bounties_unclaimed_cents) == (0, 0)
    assert state.settings.fee_cents == 0 and state.settings.bounty is None
    assert all(p.bounty_cents == 0 and p.bounties_won_cents == 0 for p in state.players)
    records = json.loads(LOG.read_text(encoding="utf-8"))
    busts = [from_record(r) for r in records if r["name"] == "PlayersBusted"]
    assert busts and all(f.knockouts == () and f.eliminated_by == () for b in busts for f in b.finishes)
