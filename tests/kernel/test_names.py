"""Names as every place that takes one keeps them, and as the room compares them."""

from __future__ import annotations

import doctest

from tdapp.kernel import names
from tdapp.kernel.names import fits, same_name_key, tidied


def test_the_examples_in_its_docstrings_run():
    results = doctest.testmod(names)
    assert results.attempted > 0 and results.failed == 0


def test_a_name_fits_when_it_is_there_and_no_longer_than_the_limit():
    assert [fits(name, 5) for name in ("", "Anna", "Bruno", "Giulia")] == [False, True, True, False]
    assert not fits(tidied("   "), 5)


def test_a_tidied_name_is_still_the_same_person():
    assert same_name_key(tidied(" Nicolò   Rossi ")) == same_name_key("nicolo rossi")
