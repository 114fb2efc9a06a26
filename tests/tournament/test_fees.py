"""The house fee (issue 16): paid on top of every buy-in, rebuy, add-on and re-entry, kept out
of the prize pool. A "€20 + €5" entry puts 20 in the pool and 5 in the house's fees."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tournament_builders import settings, tournament

from tdapp.kernel.refusals import DomainError
from tdapp.tournament.busts import BustPlayer
from tdapp.tournament.configure import ConfigureTournament
from tdapp.tournament.payouts import prize_pool_cents
from tdapp.tournament.purchases import AddOn, Rebuy
from tdapp.tournament.registration import ReEnterPlayer
from tdapp.tournament.registry import view
from tdapp.tournament.settings import AddOnRules, BountyRules, RebuyRules, ReEntryRules, validate

REBUY = RebuyRules(until_level=3, chips=5000, price_cents=1000, fee_cents=200)
ADD_ON = AddOnRules(chips=6000, price_cents=1500, fee_cents=300)
RE_ENTRY = ReEntryRules(until_level=3, price_cents=2000, fee_cents=500)


def test_twenty_plus_five_puts_twenty_in_the_pool_and_five_in_the_fees():
    play = tournament(players=10, buy_in_cents=2000, fee_cents=500)
    assert prize_pool_cents(play.state) == 20_000
    assert play.state.ledger.fees_cents == 5_000


def test_every_purchase_pays_its_own_fee_on_top():
    play = tournament(
        players=4, fee_cents=500, rebuy=REBUY, add_on=ADD_ON, re_entry=RE_ENTRY
    ).at_level(1)
    play.do(Rebuy(1, stack=0))
    play.do(BustPlayer(2))
    play.do(ReEnterPlayer(2))
    play.at_level(3)  # the add-on's window: the last rebuy level, no break follows it
    play.do(AddOn(3))
    ledger = play.state.ledger
    assert ledger.fees_cents == 4 * 500 + 200 + 500 + 300
    assert prize_pool_cents(play.state) == 4 * 2000 + 1000 + 2000 + 1500


def test_the_ledger_shows_the_fees_beside_the_pool_and_the_display_only_the_pool():
    play = tournament(players=3, fee_cents=500, bounty=BountyRules(300))
    ledger = view(play.state, play.now, "td")["ledger"]
    assert (ledger["prize_pool_cents"], ledger["fees_cents"], ledger["bounty_cents"]) == (
        6000,
        1500,
        900,
    )
    display = view(play.state, play.now, "public")["payouts"]
    assert display["prize_pool_cents"] == 6000


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"fee_cents": 2001}, "fee_cents"),
        ({"rebuy": replace(REBUY, fee_cents=1001)}, "rebuy.fee_cents"),
        ({"add_on": replace(ADD_ON, fee_cents=1501)}, "add_on.fee_cents"),
        ({"re_entry": replace(RE_ENTRY, fee_cents=2001)}, "re_entry.fee_cents"),
    ],
)
def test_a_fee_above_its_price_is_refused(changes, field):
    with pytest.raises(DomainError) as refused:
        validate(settings(buy_in_cents=2000, **changes))
    assert (refused.value.code, refused.value.params["field"]) == ("FEE_ABOVE_PRICE", field)


def test_a_negative_fee_is_refused():
    with pytest.raises(DomainError) as refused:
        validate(settings(fee_cents=-1))
    assert refused.value.code == "BAD_AMOUNT"


def test_a_bounty_needs_at_least_a_cent():
    with pytest.raises(DomainError) as refused:
        validate(settings(bounty=BountyRules(0)))
    assert refused.value.params["field"] == "bounty.cents"


def test_the_entry_fee_cannot_change_once_players_have_paid():
    play = tournament(players=2, fee_cents=500)
    play.refused(ConfigureTournament(replace(play.state.settings, fee_cents=600)), "SETTING_LOCKED")
    rebuy_fee = replace(play.state.settings, rebuy=REBUY)
    play.do(ConfigureTournament(rebuy_fee))  # a rebuy's fee is paid when the rebuy is
