"""The DdT's side-pot calculator (tdapp/tournament/side_pots.py)."""

import pytest

from tdapp.kernel.refusals import DomainError
from tdapp.tournament.side_pots import side_pots


def test_side_pot_calculator_pays_each_pot_with_its_odd_chip_HE_33_HE_35():
    found = side_pots({1: 1000, 2: 2500, 3: 2500, 4: 25}, [4], [[1, 3], [3]], button=4)
    assert [p["amount"] for p in found.pots] == [3025, 3000]
    assert found.payouts == {1: 1513, 2: 0, 3: 1512 + 3000, 4: 0}


def test_without_winners_the_calculator_shows_the_pots_alone_HE_33():
    found = side_pots({1: 100, 2: 300}, [])
    assert found.payouts is None
    assert [(p["amount"], p["eligible"]) for p in found.pots][0] == (200, [1, 2])


def test_a_winner_who_cannot_win_the_pot_is_refused_with_the_engines_reason():
    with pytest.raises(DomainError) as refused:
        side_pots({1: 100, 2: 100}, [2], [[2]])
    assert refused.value.code == "BAD_SIDE_POTS" and refused.value.params["reason"]
